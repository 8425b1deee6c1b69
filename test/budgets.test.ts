// Size budgets. Every WebAssembly module a browser may load stays within 4 KiB (so it compiles
// synchronously anywhere, Chrome before 114 included): the core, the SIMD routeMany module, and the
// two that large builds attach (the SIMD build module and the sort module,
// src/engines/wasm/simd.ts). Node's entry alone carries the sixteen-lane SIMD routeMany module
// (src/node.ts), past 4 KiB, within a budget of its own (6 KiB: Node compiles it on first use; it holds a SIMD utf8Spans too). A web page that
// imports RegionRouter from region-router gets the pure engine (the exports map's "browser"
// condition), with no WebAssembly in its bundle; region-router/simd carries all four modules
// (scripts/sizes.mjs measures both; run that file to print the figures). Each budget keeps at
// least 5 % headroom (the last test), so that a change never has to be squeezed in by tricks.
//
// The budgets grew with what the router class a page imports must hold (failover, the byte path,
// the region-index calls, the checks of every input, ghosts); bench/RESULTS.md's decisions hold
// each change of a budget and why.
// Start-up time is a benchmark figure (bench/sections/startup.mjs), never asserted here.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { browserBundle } from "../scripts/sizes.mjs";
import { DIALECTS } from "../src/dialects.js";
import * as generated from "../src/engines/wasm/code.generated.js";
import { RegionRouter as PureRegionRouter } from "../src/pure.js";
import { packedAppRoot } from "./support/packed-app.js";

const WASM_BUDGET = 4 * 1024;
/** Modules only Node's entry carries, and their budget. */
const NODE_ONLY = new Set(["simd16Wasm"]);
const NODE_WASM_BUDGET = 6 * 1024;
const BUNDLE_BUDGET = 13 * 1024;
const SIMD_BUNDLE_BUDGET = 21.5 * 1024;
/** Budgets that do not keep the headroom, and why: none. */
const EXCEPTIONS = new Set<string>([]);
/** The least room each budget keeps free. */
const HEADROOM = 0.05;

const modules = Object.entries(generated as Record<string, string>)
  .filter(([name]) => name.endsWith("Wasm"))
  .map(([name, hex]) => [name, new Uint8Array(Buffer.from(hex, "hex"))] as const);

describe("size budgets", () => {
  it("finds the generated modules, every one that the engine loads", () => {
    expect(modules.map(([name]) => name).sort()).toEqual(["buildWasm", "coreWasm", "simd16Wasm", "simdWasm", "sortWasm"]);
  });

  it.each(modules)(`%s is valid WebAssembly of at most ${WASM_BUDGET} bytes (Node's own, ${NODE_WASM_BUDGET})`, (name, bytes) => {
    expect(WebAssembly.validate(bytes)).toBe(true);
    expect(bytes.length).toBeLessThanOrEqual(NODE_ONLY.has(name) ? NODE_WASM_BUDGET : WASM_BUDGET);
  });

  // Bundled from the packed package, so the exports map and sideEffects are the shipped ones.
  it(`a web page's bundle of RegionRouter from region-router is at most ${BUNDLE_BUDGET} bytes minified + gzipped: the pure engine, every dialect, no WebAssembly`, async () => {
    const { code, gzipped } = await browserBundle("region-router", packedAppRoot());
    for (const [name, bytes] of modules) expect(code, name).not.toContain(Buffer.from(bytes).toString("hex").slice(0, 200));
    expect(code).not.toContain("WebAssembly");
    // Every dialect is reachable: the bundle itself, run, routes each as the pure engine in src/ does.
    const file = join(mkdtempSync(join(tmpdir(), "region-router-bundle-")), "bundle.mjs");
    writeFileSync(file, code);
    const { RegionRouter: Bundled } = await import(/* @vite-ignore */ pathToFileURL(file).href);
    const regions: [string, number][] = [["10.0.0.1:11211", 1], ["10.0.0.2:11211", 2], ["東京", 3]];
    const ids = Array.from({ length: 200 }, (_, i) => `sess-${i}`);
    for (const compatibleWith of DIALECTS) {
      const [bundled, source] = [new Bundled({ compatibleWith }), new PureRegionRouter({ compatibleWith })];
      bundled.addRegions(regions);
      source.addRegions(regions);
      expect(bundled.routeMany(ids), compatibleWith).toEqual(source.routeMany(ids));
      expect(bundled.fingerprint(), compatibleWith).toBe(source.fingerprint());
    }
    expect(gzipped).toBeLessThanOrEqual(BUNDLE_BUDGET);
    // The same bundle as region-router/pure's, so "the pure engine in pages" stays true.
    expect(code).toBe((await browserBundle("region-router/pure", packedAppRoot())).code);
  });

  it(`a browser bundle of region-router/simd is at most ${SIMD_BUNDLE_BUDGET} bytes, every browser module inlined, Node's own not`, async () => {
    const { code, gzipped } = await browserBundle("region-router/simd", packedAppRoot());
    for (const [name] of modules) expect(code.includes(generated[name as keyof typeof generated]), name).toBe(!NODE_ONLY.has(name));
    expect(gzipped).toBeLessThanOrEqual(SIMD_BUNDLE_BUDGET);
  });

  it(`every budget keeps ${HEADROOM * 100} % headroom`, async () => {
    const sizes: [string, number, number][] = [
      ...modules.map(([name, bytes]): [string, number, number] => [name, bytes.length, NODE_ONLY.has(name) ? NODE_WASM_BUDGET : WASM_BUDGET]),
      ["web page bundle", (await browserBundle("region-router", packedAppRoot())).gzipped, BUNDLE_BUDGET],
      ["region-router/simd bundle", (await browserBundle("region-router/simd", packedAppRoot())).gzipped, SIMD_BUNDLE_BUDGET],
    ];
    for (const [name, size, budget] of sizes) {
      if (!EXCEPTIONS.has(name)) expect(size, name).toBeLessThanOrEqual(budget * (1 - HEADROOM));
    }
    // An exception is one only while it is needed.
    for (const name of EXCEPTIONS) expect(sizes.find(([n]) => n === name)?.[1], name).toBeGreaterThan(WASM_BUDGET * (1 - HEADROOM));
  });

  // docs/runtimes.md's table of sizes is the one users read: it states today's bytes, not a past run's.
  it("docs/runtimes.md states every size as measured now", async () => {
    const table = readFileSync(new URL("../docs/runtimes.md", import.meta.url), "utf8");
    const bytes = (n: number) => `${n.toLocaleString("en-US")} B`;
    const rows: Record<string, string> = {
      coreWasm: "the core module",
      simdWasm: "the SIMD module (",
      simd16Wasm: "the sixteen-lane SIMD module",
      buildWasm: "the SIMD build module",
      sortWasm: "the sort module",
    };
    const rowOf = (start: string) => table.split("\n").find((line) => line.startsWith(`| ${start}`)) ?? `(no row "${start}")`;
    for (const [name, module] of modules) expect(rowOf(rows[name]), name).toContain(`| ${bytes(module.length)} |`);
    const page = await browserBundle("region-router", packedAppRoot());
    const simd = await browserBundle("region-router/simd", packedAppRoot());
    expect(rowOf('`import { RegionRouter } from "region-router"`')).toContain(`${bytes(page.minified)} → **${bytes(page.gzipped)}**`);
    expect(rowOf('`import { RegionRouter } from "region-router/simd"`')).toContain(`${bytes(simd.minified)} → ${bytes(simd.gzipped)}`);
    // The page bundle's size quoted in prose too ("the smallest bundle with every dialect").
    expect(table).toContain(`every dialect, ${bytes(page.gzipped)} gzipped`);
    // The core alone, not an entry: the size quoted where the docs say why pages get the pure engine.
    const core = await browserBundle("./test/support/core-only.ts");
    expect(rowOf("not an entry: the WebAssembly core alone")).toContain(`| ${bytes(core.gzipped)} |`);
    expect(table).toContain(`it is ${bytes(core.gzipped)} gzipped`);
    expect(readFileSync(new URL("../README.md", import.meta.url), "utf8")).toContain(`WebAssembly core alone is ${bytes(core.gzipped)}`);
  });
});
