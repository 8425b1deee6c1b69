// The package as shipped (npm pack, see test/setup/packed-package.ts): CommonJS require, ESM import
// and the TypeScript declarations for both, for `region-router` and `region-router/pure`. Each child
// process replays the golden vectors on both engines and must give the reference's answers.
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { movement, RegionRouter as WasmRouter } from "../src/index.js";
import { RegionRouter as PureRouter } from "../src/pure.js";
import { expectedRoutes } from "./support/replay.mjs";
import { makeApp, packedPackageDir, runNode } from "./support/packed-app.js";
import { vectors } from "./support/vectors.js";

const run = promisify(execFile);
const expected = expectedRoutes(vectors.cases);
const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));

/**
 * movement() from one entry over routers from both: the two entries must share one RegionRouterBase
 * (one shared module in each build), or movement() rejects the other entry's router.
 */
const MIXED = `(() => {
  const wasm = new Wasm(); wasm.addRegion("a", 2);
  const pure = new Pure(); pure.addRegion("a", 2); pure.addRegion("b", 2);
  return movement(wasm, pure).moved;
})()`;
const mixedExpected = (() => {
  const wasm = new WasmRouter();
  wasm.addRegion("a", 2);
  const pure = new PureRouter();
  pure.addRegion("a", 2);
  pure.addRegion("b", 2);
  return movement(wasm, pure).moved;
})();

interface AppReport {
  resolved: { wasm: string; pure: string };
  maxWeight: number;
  mixed: number;
  wasm: (string | null)[][];
  pure: (string | null)[][];
}

/** Runs an app; both entries must load from `build` (dist or dist/cjs) and route as the reference. */
async function expectApp(dir: string, file: string, build: string): Promise<void> {
  const report = (await runNode(dir, file)) as AppReport;
  expect(report.resolved.wasm).toBe(join(packedPackageDir(), build, "index.js"));
  expect(report.resolved.pure).toBe(join(packedPackageDir(), build, "pure.js"));
  expect(report.maxWeight).toBeGreaterThan(0);
  expect(report.mixed).toBe(mixedExpected);
  expect(report.wasm).toEqual(expected);
  expect(report.pure).toEqual(expected);
}

describe("the packed package", () => {
  it("ships both builds, the types for each, and marks dist/cjs as CommonJS", () => {
    const pkg = packedPackageDir();
    const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
    expect(manifest.sideEffects).toBe(false);
    for (const entry of [".", "./pure"]) {
      for (const condition of ["import", "require"]) {
        const target = manifest.exports[entry][condition];
        expect(Object.keys(target), `${entry} ${condition}`).toEqual(["types", "default"]);
        expect(() => readFileSync(join(pkg, target.types)), target.types).not.toThrow();
        expect(() => readFileSync(join(pkg, target.default)), target.default).not.toThrow();
      }
    }
    expect(JSON.parse(readFileSync(join(pkg, "dist/cjs/package.json"), "utf8"))).toEqual({ type: "commonjs" });
  });

  it("works with require() from CommonJS", async () => {
    const dir = makeApp({
      "app.cjs": `
        const { RegionRouter: Wasm, MAX_WEIGHT, movement } = require("region-router");
        const { RegionRouter: Pure } = require("region-router/pure");
        const { cases } = require("./vectors.json");
        // The replay helper is ESM; loading it does not touch how region-router was loaded.
        import("./replay.mjs").then(({ replay }) => {
          const resolved = { wasm: require.resolve("region-router"), pure: require.resolve("region-router/pure") };
          console.log(JSON.stringify({ resolved, maxWeight: MAX_WEIGHT, mixed: ${MIXED}, wasm: replay(Wasm, cases), pure: replay(Pure, cases) }));
        });
      `,
    });
    await expectApp(dir, "app.cjs", "dist/cjs");
  });

  it("works with import from ESM", async () => {
    const dir = makeApp({
      "app.mjs": `
        import { RegionRouter as Wasm, MAX_WEIGHT, movement } from "region-router";
        import { RegionRouter as Pure } from "region-router/pure";
        import { readFileSync } from "node:fs";
        import { fileURLToPath } from "node:url";
        import { replay } from "./replay.mjs";
        const { cases } = JSON.parse(readFileSync(new URL("./vectors.json", import.meta.url), "utf8"));
        const resolved = { wasm: fileURLToPath(import.meta.resolve("region-router")), pure: fileURLToPath(import.meta.resolve("region-router/pure")) };
        console.log(JSON.stringify({ resolved, maxWeight: MAX_WEIGHT, mixed: ${MIXED}, wasm: replay(Wasm, cases), pure: replay(Pure, cases) }));
      `,
    });
    await expectApp(dir, "app.mjs", "dist");
  });

  it("has declarations that TypeScript finds from both .cts and .mts under node16 resolution", async () => {
    // Each @ts-expect-error must meet a real type error: were the declarations missing (any), tsc
    // would report the directive as unused and this test would fail.
    const usage = (load: string) => `
      ${load}
      const wasm: string | null = new Wasm().route("s");
      const pure: string | null = new Pure().route("s");
      const max: number = MAX_WEIGHT;
      // @ts-expect-error route takes a string
      new Wasm().route(1);
      // @ts-expect-error route takes a string
      new Pure().route(1);
      export { wasm, pure, max };
    `;
    const dir = makeApp({
      "types.cts": usage(`import { RegionRouter as Wasm, MAX_WEIGHT } from "region-router";
        import { RegionRouter as Pure } from "region-router/pure";`),
      "types.mts": usage(`import { RegionRouter as Wasm, MAX_WEIGHT } from "region-router";
        import { RegionRouter as Pure } from "region-router/pure";`),
      "tsconfig.json": JSON.stringify({
        compilerOptions: { module: "node16", moduleResolution: "node16", target: "es2022", strict: true, noEmit: true, types: [], lib: ["es2022"], skipLibCheck: true },
        files: ["types.cts", "types.mts"],
      }),
    });
    const result = await run(process.execPath, [tsc, "-p", dir, "--traceResolution"], { cwd: dir, maxBuffer: 64 << 20 }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
    );
    expect("failed" in result ? result.stdout : "", "tsc errors").toBe("");
    // The .cts import must have taken the require condition's declarations, the .mts the import's.
    expect(result.stdout).toMatch(/'region-router' was successfully resolved to '[^']*\/dist\/cjs\/index\.d\.ts'/);
    expect(result.stdout).toMatch(/'region-router' was successfully resolved to '[^']*\/dist\/index\.d\.ts'/);
  });
});
