// The WebAssembly engine with the core module alone (test/support/core-only.ts): what
// region-router/simd runs where the runtime has no WebAssembly SIMD. No entry ships it as such, so
// the build-speed section and bench:browser bundle it here with esbuild to set it beside the entries.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

/** The module an app would import, relative to the repository root (for scripts/sizes.mjs). */
export const CORE_ONLY = "./test/support/core-only.ts";

/** The core-only router as one ESM file (unminified, as the package's own entries are): its text. */
export async function coreOnlyCode() {
  const entry = fileURLToPath(new URL(`../${CORE_ONLY}`, import.meta.url));
  const result = await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "neutral", target: "es2022", write: false, logLevel: "warning" });
  return result.outputFiles[0].text;
}

/** The same, imported (it imports nothing, so a data: URL holds it): its module (RegionRouter). */
export const importCoreOnly = async () => import(`data:text/javascript;base64,${Buffer.from(await coreOnlyCode()).toString("base64")}`);
