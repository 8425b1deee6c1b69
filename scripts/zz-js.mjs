import { build } from "esbuild";
import { gzipSync } from "node:zlib";
const r = await build({ stdin: { contents: `export { RegionRouter } from "./src/browser.ts";`, resolveDir: process.cwd(), loader: "js" }, bundle: true, minify: true, format: "esm", platform: "browser", write: false, metafile: true, logLevel: "silent" });
const t = r.outputFiles[0].text.replace(/"[0-9a-f]{200,}"/g, '""');
console.log("js only", t.length, gzipSync(t).length);
const files = Object.keys(r.metafile.inputs).filter(f => f.startsWith("src/"));
for (const f of files) {
  // gz cost of a file: bundle without it is not possible; show minified bytes
}
