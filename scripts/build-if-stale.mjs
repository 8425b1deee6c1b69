// `npm run build`, only when dist/ is missing or older than what the build reads: what `npm start`
// (scripts/demo.mjs) and the tests (test/setup/packed-package.ts) do first, so that both work in a
// fresh clone after `npm install` alone, which does not build (the package builds on prepack).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
/** Written last by `npm run build`, so its age is the build's age. */
const buildStamp = join(root, "dist/cjs/package.json");
/** What the build reads: a change to any of them makes dist/ stale. */
const buildInputs = ["src", "assembly", "scripts/build-wasm.mjs", "scripts/build-js.mjs", "package.json", "tsconfig.json", "tsconfig.build.json", "asconfig.json"];

/** @param {string} path */
function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, name)));
  return newest;
}

/**
 * Build unless dist/ is current; `notice`, if given, is printed to stderr before a build.
 * @param {string} [notice]
 */
export function buildIfStale(notice) {
  const builtAt = existsSync(buildStamp) ? statSync(buildStamp).mtimeMs : -Infinity;
  const changedAt = Math.max(...buildInputs.map((input) => newestMtime(join(root, input))));
  if (changedAt <= builtAt) return;
  if (notice) process.stderr.write(notice);
  execFileSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
}
