// A tiny app that imports every entry of the packed package, bundled the way browser apps ship:
// with Vite (library mode, for the browser) and with esbuild (browser ESM, and Node CommonJS for the
// require condition). No bundler configuration beyond the entry: the package's exports map and
// inlined WebAssembly must be enough. Each bundle then runs in Node and replays the golden vectors.
// For the browser, region-router is the pure engine (the very class of region-router/pure, one
// module in the bundle), also for bundlers that know no exports map; for Node, the WebAssembly engine.
import { build as esbuild } from "esbuild";
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build as viteBuild } from "vite";
import { describe, expect, it } from "vitest";
import { coreWasm } from "../src/engines/wasm/code.generated.js";
import { expectedRoutes } from "./support/replay.mjs";
import { makeApp, packedPackageDir, runNode } from "./support/packed-app.js";
import { vectors } from "./support/vectors.js";

const REPORT = `console.log(JSON.stringify({
    defaultIsPure: Default === Pure,
    default: replay(Default, vectors.cases),
    simd: replay(Simd, vectors.cases),
    pure: replay(Pure, vectors.cases),
  }));`;

const APP = `
  import { RegionRouter as Default } from "region-router";
  import { RegionRouter as Simd } from "region-router/simd";
  import { RegionRouter as Pure } from "region-router/pure";
  import vectors from "./vectors.json";
  import { replay } from "./replay.mjs";
  ${REPORT}
`;

const APP_CJS = `
  const { RegionRouter: Default } = require("region-router");
  const { RegionRouter: Simd } = require("region-router/simd");
  const { RegionRouter: Pure } = require("region-router/pure");
  const vectors = require("./vectors.json");
  const { replay } = require("./replay.mjs");
  ${REPORT}
`;

const expected = expectedRoutes(vectors.cases);

/**
 * Checks a bundle: self-contained (no import of the package left), region-router the pure engine
 * exactly when bundled for the browser, and every entry right on every vector.
 */
async function runBundle(dir: string, file: string, forBrowser: boolean): Promise<void> {
  const code = readFileSync(join(dir, file), "utf8");
  expect(code).not.toMatch(/(?:from|import|require\()\s*["']region-router(\/pure|\/simd)?["']/);
  expect(code, "the WebAssembly module is inlined").toContain(coreWasm);
  const report = (await runNode(dir, file)) as { defaultIsPure: boolean; default: unknown; simd: unknown; pure: unknown };
  expect(report.defaultIsPure).toBe(forBrowser);
  expect(report.default).toEqual(expected);
  expect(report.simd).toEqual(expected);
  expect(report.pure).toEqual(expected);
}

describe("a tiny app bundled with", () => {
  it("Vite", async () => {
    const dir = makeApp({ "app.js": APP });
    await viteBuild({
      root: dir,
      configFile: false,
      logLevel: "silent",
      build: { outDir: "out", lib: { entry: "app.js", formats: ["es"], fileName: "app" } },
    });
    const outputs = readdirSync(join(dir, "out"));
    expect(outputs).toHaveLength(1);
    // Vite names an ES library .mjs unless a package.json says "type": "module"; either runs as ESM.
    await runBundle(dir, join("out", outputs[0]), true);
  });

  it("esbuild for the browser (ESM)", async () => {
    const dir = makeApp({ "app.js": APP });
    await esbuild({ absWorkingDir: dir, entryPoints: ["app.js"], outfile: "out/app.mjs", bundle: true, minify: true, format: "esm", platform: "browser", logLevel: "silent" });
    await runBundle(dir, "out/app.mjs", true);
  });

  it("a bundler that does not read the exports map (webpack 4, Browserify): esbuild on a copy of the package without it", async () => {
    // Such a bundler takes package.json's top-level "browser" field, which must name the pure
    // engine, in CommonJS (what Browserify reads), so that its pages need no WebAssembly either.
    const dir = makeApp({ "app.js": 'const { RegionRouter } = require("region-router");\nconst vectors = require("./vectors.json");\nconst { replay } = require("./replay.mjs");\nconsole.log(JSON.stringify(replay(RegionRouter, vectors.cases)));\n' });
    const copy = join(dir, "node_modules", "region-router");
    cpSync(packedPackageDir(), copy, { recursive: true });
    const { exports: _, ...legacy } = JSON.parse(readFileSync(join(copy, "package.json"), "utf8"));
    writeFileSync(join(copy, "package.json"), JSON.stringify(legacy));
    const { metafile } = await esbuild({ absWorkingDir: dir, entryPoints: ["app.js"], outfile: "out/app.js", bundle: true, format: "iife", platform: "browser", logLevel: "silent", metafile: true });
    expect(Object.keys(metafile.inputs).filter((input) => input.includes("region-router/dist/"))).toContain("node_modules/region-router/dist/cjs/pure.js");
    expect(readFileSync(join(dir, "out/app.js"), "utf8"), "no WebAssembly in the page").not.toContain(coreWasm.slice(0, 64));
    expect(await runNode(dir, "out/app.js")).toEqual(expected);
  });

  it("esbuild for Node (CommonJS, through the require condition)", async () => {
    const dir = makeApp({ "app.js": APP_CJS });
    const { metafile } = await esbuild({ absWorkingDir: dir, entryPoints: ["app.js"], outfile: "out/app.cjs", bundle: true, format: "cjs", platform: "node", logLevel: "silent", metafile: true });
    const packageFiles = Object.keys(metafile.inputs).filter((input) => input.includes("region-router/dist/"));
    expect(packageFiles.length).toBeGreaterThan(0);
    expect(packageFiles.filter((input) => !input.includes("region-router/dist/cjs/")), "ESM files in a require() bundle").toEqual([]);
    await runBundle(dir, "out/app.cjs", false);
  });
});
