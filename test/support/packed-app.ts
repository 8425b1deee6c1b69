// Throwaway apps that use the packed package (see test/setup/packed-package.ts): each gets its own
// directory inside the packed app root, so `region-router` resolves to the packed copy, plus the
// replay helper and the golden vectors to run.
import { execFile } from "node:child_process";
import { copyFileSync, mkdtempSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { inject } from "vitest";
import { vectorsPath } from "./vectors.js";

const run = promisify(execFile);
export const replayPath = fileURLToPath(new URL("./replay.mjs", import.meta.url));

/** The directory whose node_modules/region-router is the packed package. */
export function packedAppRoot(): string {
  return inject("packedAppRoot");
}

/** The installed package's directory (node_modules/region-router of the packed app root). */
export function packedPackageDir(): string {
  return join(packedAppRoot(), "node_modules", "region-router");
}

/** A new app directory holding replay.mjs, vectors.json and `files` (name -> text). */
export function makeApp(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(join(packedAppRoot(), "app-"));
  copyFileSync(replayPath, join(dir, "replay.mjs"));
  copyFileSync(vectorsPath, join(dir, "vectors.json"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** Run `node file` in `dir`; its stdout parsed as JSON. */
export async function runNode(dir: string, file: string): Promise<unknown> {
  const { stdout } = await run(process.execPath, [file], { cwd: dir, maxBuffer: 64 << 20 });
  return JSON.parse(stdout);
}
