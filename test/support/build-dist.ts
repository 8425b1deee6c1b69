// vitest globalSetup: the command-line tests spawn the real built bin, so compile src/ to dist/
// first when dist is missing or older than any source file (tsc only: the generated wasm module
// is committed in src/).
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

export default function setup(): void {
  const built = join(root, "dist/cli/main.js");
  const stale = !existsSync(built) || statSync(built).mtimeMs < newestMtime(join(root, "src"));
  if (!stale) return;
  const tsc = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  execFileSync(process.execPath, [tsc, "-p", join(root, "tsconfig.build.json")], { cwd: root, stdio: "inherit" });
}
