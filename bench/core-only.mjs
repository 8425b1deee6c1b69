// The WebAssembly engine with the core module alone (test/support/core-only.ts): what
// region-router/simd runs where the runtime has no WebAssembly SIMD. No entry ships it as such (web
// pages get the pure engine from region-router), so the benchmarks bundle it here, with esbuild, to
// set it beside the entries: the build table (bench/sections/build-speed.mjs) and the browser
// benchmark (bench/browser.mjs), which also reports its bundle's size.
import { build } from "esbuild";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The module an app would import, relative to the repository root (for scripts/sizes.mjs). */
export const CORE_ONLY = "./test/support/core-only.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

/** The core-only router as one ESM file (unminified, as the package's own entries are): its text. */
export async function coreOnlyCode() {
  const result = await build({ entryPoints: [join(root, CORE_ONLY)], bundle: true, format: "esm", platform: "neutral", target: "es2022", write: false, logLevel: "warning" });
  return result.outputFiles[0].text;
}

/** The same, imported (it imports nothing, so a data: URL holds it): its module (RegionRouter). */
export async function importCoreOnly() {
  return import(`data:text/javascript;base64,${Buffer.from(await coreOnlyCode()).toString("base64")}`);
}
