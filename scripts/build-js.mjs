#!/usr/bin/env node
// The package's JavaScript, after `tsc` has written the declarations into dist/:
//   dist/index.js, node.js, pure.js
//                                 ESM, one self-contained file per entry (esbuild bundles):
//                                 a fresh process loads one module, not a module and its shared
//                                 chunks (startup's figures: bench/RESULTS.md).
//   dist/cjs/                     CommonJS: the same entries, beside a package.json saying
//                                 {"type":"commonjs"} so Node and TypeScript read dist/cjs/*.js and
//                                 *.d.ts as CommonJS.
// Entries therefore carry their own copies of the shared code. What must work across them (movement
// between a WebAssembly and a pure router) goes through Symbol.for keys, not class identity.
// The declarations are tsc's: they hold no module syntax that differs between the two formats, so
// the same text serves both (copied into dist/cjs/).
import { build } from "esbuild";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const src = join(root, "src");
const dist = join(root, "dist");
const cjs = join(dist, "cjs");
const ENTRIES = ["index.ts", "node.ts", "pure.ts"].map((entry) => join(src, entry));

/** Every file under `dir` whose name ends with `suffix`, as absolute paths. */
function filesUnder(dir, suffix) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(suffix))
    .map((entry) => join(entry.parentPath, entry.name));
}

// Start from tsc's declarations alone, so no module deleted from src/ (or moved into src/cli, which
// tsc skips) lives on as JavaScript, a source map or a declaration left by an earlier build.
rmSync(cjs, { recursive: true, force: true });
for (const file of [...filesUnder(dist, ".js"), ...filesUnder(dist, ".js.map")]) rmSync(file);
for (const declaration of filesUnder(dist, ".d.ts")) {
  const source = join(src, relative(dist, declaration)).replace(/\.d\.ts$/, ".ts");
  if (!existsSync(source)) rmSync(declaration);
}

// No source maps: the bundles are unminified ES2022, readable as they are, and a map would carry
// either the WebAssembly hex again (sourcesContent) or point into src/, which the package does
// not ship.
const common = { target: "es2022", sourcemap: false, logLevel: "warning" };

for (const [format, outdir, platform] of [["esm", dist, "neutral"], ["cjs", cjs, "node"]]) {
  await build({
    ...common,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    format,
    // For CommonJS, "node" makes esbuild annotate the exports so that Node can also import() these
    // files by name.
    platform,
  });
}

// Only the declarations the entries' types reach ship: tsc writes one per source file, and the
// engines' internals (layout, module, simd, ...) are no consumer's business.
const reachable = new Set();
const pending = ENTRIES.map((entry) => join(dist, relative(src, entry)).replace(/\.ts$/, ".d.ts"));
while (pending.length > 0) {
  const file = pending.pop();
  if (reachable.has(file)) continue;
  reachable.add(file);
  for (const [, specifier] of readFileSync(file, "utf8").matchAll(/(?:from\s*|import\()"(\.{1,2}\/[^"]+)\.js"/g)) {
    pending.push(join(dirname(file), `${specifier}.d.ts`));
  }
}
for (const declaration of filesUnder(dist, ".d.ts")) {
  if (!declaration.startsWith(cjs) && !reachable.has(declaration)) rmSync(declaration);
}

for (const declaration of filesUnder(dist, ".d.ts")) {
  if (declaration.startsWith(cjs)) continue;
  const target = join(cjs, relative(dist, declaration));
  mkdirSync(dirname(target), { recursive: true });
  copyFileSync(declaration, target);
}

// The `region-router` command line (package.json "bin"): its own ESM bundle for Node, one module.
// The CLI never hands its routers to the library entries, so carrying its own RegionRouterBase is safe.
// Beside it, the alternating rounds and the ids' Arrow layout `region-router bench` uses
// (src/bench/kit.ts) as a module of their own, which the repository's bench (bench/) imports:
// one implementation for both. It ships but is no entry: the exports map leaves it out.
await build({
  ...common,
  entryPoints: { main: join(src, "cli/main.ts"), "bench-kit": join(src, "bench/kit.ts") },
  outdir: join(dist, "cli"),
  bundle: true,
  format: "esm",
  platform: "node",
});

writeFileSync(join(cjs, "package.json"), '{\n  "type": "commonjs"\n}\n');

