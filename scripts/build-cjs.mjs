#!/usr/bin/env node
// The CommonJS half of the package: every module of src/ transpiled one-to-one into dist/cjs/ (no
// bundling, so `region-router` and `region-router/pure` share files exactly as the ESM build does),
// beside a package.json saying {"type":"commonjs"} so Node and TypeScript read dist/cjs/*.js and
// *.d.ts as CommonJS. The declarations are tsc's (run first, into dist/): they hold no module syntax
// that differs between the two formats, so the same text serves both.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const src = join(root, "src");
const dist = join(root, "dist");
const out = join(dist, "cjs");

// Start empty, so a module deleted from src/ does not live on in dist/cjs/.
rmSync(out, { recursive: true, force: true });

/** Every file under `dir` whose name ends with `suffix`, as absolute paths. */
function filesUnder(dir, suffix) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath, entry.name));
}

await build({
  entryPoints: filesUnder(src, ".ts").filter((file) => !file.endsWith(".d.ts")),
  outdir: out,
  outbase: src,
  format: "cjs",
  // "node" makes esbuild annotate the exports so that Node can also import() these files by name.
  platform: "node",
  target: "es2022",
  sourcemap: true,
  logLevel: "warning",
});

for (const declaration of filesUnder(dist, ".d.ts")) {
  if (declaration.startsWith(out)) continue;
  const target = join(out, relative(dist, declaration));
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(declaration, target);
}

writeFileSync(join(out, "package.json"), '{\n  "type": "commonjs"\n}\n');
