import { build } from "esbuild";
import { gzipSync } from "node:zlib";
const r = await build({ stdin: { contents: `export { RegionRouter } from "./src/browser.ts";`, resolveDir: process.cwd(), loader: "js" }, bundle: true, minify: true, format: "esm", platform: "browser", write: false, logLevel: "silent" });
console.log(gzipSync(r.outputFiles[0].contents).length);
