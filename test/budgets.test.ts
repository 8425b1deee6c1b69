// Size budgets. Every WebAssembly module stays within 4 KiB (so it compiles synchronously anywhere):
// the core, the SIMD routeMany module, and the two that large builds attach (the SIMD build module
// and the sort module, src/engines/wasm/simd.ts). A browser app that imports RegionRouter pays at
// most 7 KiB minified + gzipped: the browser build of region-router, which carries the core module
// and no other (scripts/sizes.mjs measures it; run that file to print the figures).
// region-router/simd, which adds the other three, has its own budget. Each budget keeps at least 5 % headroom (the last test), so that a change
// never has to be squeezed in by tricks. The bundle budgets were 6 and 8 KiB until the hardening of
// issue 15 (rebuilding a ring a failed update damaged; the messages at the instance and memory
// limits) added ~360 B that the 6 KiB budget, set when the bundle was 6,127 B, could not hold; 7 KiB
// is also the budget the dialects issue gives. Start-up time is a benchmark figure
// (bench/startup.mjs), never asserted here.
import { describe, expect, it } from "vitest";
import { browserBundle } from "../scripts/sizes.mjs";
import * as generated from "../src/engines/wasm/code.generated.js";
import { packedAppRoot } from "./support/packed-app.js";

const WASM_BUDGET = 4 * 1024;
const BUNDLE_BUDGET = 7 * 1024;
const SIMD_BUNDLE_BUDGET = 9 * 1024;
/** The least room each budget keeps free. */
const HEADROOM = 0.05;

const modules = Object.entries(generated as Record<string, string>)
  .filter(([name]) => name.endsWith("Wasm"))
  .map(([name, hex]) => [name, new Uint8Array(Buffer.from(hex, "hex"))] as const);

describe("size budgets", () => {
  it("finds the generated modules, every one that the engine loads", () => {
    expect(modules.map(([name]) => name).sort()).toEqual(["buildWasm", "coreWasm", "simdWasm", "sortWasm"]);
  });

  it.each(modules)(`%s is valid WebAssembly of at most ${WASM_BUDGET} bytes`, (_name, bytes) => {
    expect(WebAssembly.validate(bytes)).toBe(true);
    expect(bytes.length).toBeLessThanOrEqual(WASM_BUDGET);
  });

  // Bundled from the packed package, so the exports map and sideEffects are the shipped ones.
  it(`a browser bundle of RegionRouter is at most ${BUNDLE_BUDGET} bytes minified + gzipped, the core inlined and no add-on`, async () => {
    const { code, gzipped } = await browserBundle("region-router", packedAppRoot());
    expect(code).toContain(generated.coreWasm);
    for (const name of ["simdWasm", "buildWasm", "sortWasm"] as const) expect(code).not.toContain(generated[name].slice(0, 200));
    expect(gzipped).toBeLessThanOrEqual(BUNDLE_BUDGET);
  });

  it(`a browser bundle of region-router/simd is at most ${SIMD_BUNDLE_BUDGET} bytes, every module inlined`, async () => {
    const { code, gzipped } = await browserBundle("region-router/simd", packedAppRoot());
    for (const [name] of modules) expect(code).toContain(generated[name as keyof typeof generated]);
    expect(gzipped).toBeLessThanOrEqual(SIMD_BUNDLE_BUDGET);
  });

  it(`every budget keeps ${HEADROOM * 100} % headroom`, async () => {
    const sizes: [string, number, number][] = [
      ...modules.map(([name, bytes]): [string, number, number] => [name, bytes.length, WASM_BUDGET]),
      ["browser bundle", (await browserBundle("region-router", packedAppRoot())).gzipped, BUNDLE_BUDGET],
      ["region-router/simd bundle", (await browserBundle("region-router/simd", packedAppRoot())).gzipped, SIMD_BUNDLE_BUDGET],
    ];
    for (const [name, size, budget] of sizes) expect(size, name).toBeLessThanOrEqual(budget * (1 - HEADROOM));
  });
});
