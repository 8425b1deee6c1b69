#!/usr/bin/env node
// What a browser app pays for region-router: the WebAssembly module(s) and the minified + gzipped
// bundle of `import { RegionRouter }` from each entry, measured the way an app would bundle it
// (esbuild, browser, minify; gzip from node:zlib at its default level, as servers commonly do).
// test/budgets.test.ts asserts the budgets with these functions; run this file to print the figures.
import { build } from "esbuild";
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * The minified bundle of an app that only imports `RegionRouter` from `specifier` (resolved from
 * `resolveDir`, where that package must be installed or be the package itself), and its gzip size.
 * @param {string} specifier
 * @param {string} [resolveDir]
 * @returns {Promise<{ code: string, minified: number, gzipped: number }>}
 */
export async function browserBundle(specifier, resolveDir = root) {
  const result = await build({
    stdin: { contents: `export { RegionRouter } from ${JSON.stringify(specifier)};`, resolveDir, loader: "js" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "silent",
  });
  const code = result.outputFiles[0].contents;
  return { code: result.outputFiles[0].text, minified: code.length, gzipped: gzipSync(code).length };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const generated = readFileSync(`${root}src/engines/wasm/code.generated.ts`, "utf8");
  for (const [, name, hex] of generated.matchAll(/export const (\w+Wasm) =\s*"([^"]*)"/g)) {
    console.log(`${name}: ${Buffer.from(hex, "hex").length} bytes of WebAssembly`);
  }
  for (const specifier of ["region-router", "region-router/simd", "region-router/pure"]) {
    const { minified, gzipped } = await browserBundle(specifier);
    console.log(`import { RegionRouter } from "${specifier}": ${minified} bytes minified, ${gzipped} bytes gzipped`);
  }
}
