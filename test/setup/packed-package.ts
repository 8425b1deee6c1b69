// Global setup: make sure dist/ is built from the current sources, then `npm pack` the package the
// way a registry would ship it and unpack it into a throwaway app's node_modules/. Tests that check
// how the package is consumed (require, import, bundlers, browsers) resolve `region-router` from
// there, so they see exactly the files and the exports map a user would get.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { buildIfStale } from "../../scripts/build-if-stale.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** A directory whose node_modules/region-router is the packed package; make apps inside it. */
    packedAppRoot: string;
  }
}

const root = fileURLToPath(new URL("../..", import.meta.url));

export default function setup(project: TestProject): () => void {
  buildIfStale();
  const workDir = mkdtempSync(join(tmpdir(), "region-router-packed-"));
  // --ignore-scripts: `prepack` would build again; dist/ is current now.
  const packed = JSON.parse(
    execFileSync("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", workDir], { cwd: root, encoding: "utf8" }),
  ) as { filename: string }[];
  const appRoot = join(workDir, "app");
  const installed = join(appRoot, "node_modules", "region-router");
  mkdirSync(installed, { recursive: true });
  execFileSync("tar", ["-xzf", join(workDir, packed[0].filename), "-C", installed, "--strip-components=1"]);
  project.provide("packedAppRoot", appRoot);
  return () => rmSync(workDir, { recursive: true, force: true });
}
