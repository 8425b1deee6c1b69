// `npm run bench` (bench/run.mjs) as a user meets it before any section runs: --help lists every
// section, and an unknown section name is one line on stderr and exit status 2, not a stack trace.
// (The sections themselves are benchmarks: never timed or run here.)
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const run = fileURLToPath(new URL("../bench/run.mjs", import.meta.url));
const bench = (...args: string[]) => spawnSync(process.execPath, [run, ...args], { encoding: "utf8" });
const SECTIONS = "route, batches, ring-size, ring-scale, builds, build-speed, memory, batch-sizes, dialects";

it("lists every section in --help", () => {
  const result = bench("--help");
  expect(result.status).toBe(0);
  expect(result.stdout.replace(/\s+/g, " ")).toContain(`Sections: ${SECTIONS}.`);
});

it("rejects an unknown section with one line and status 2, running nothing", () => {
  const result = bench("route", "ring-sise");
  expect(result.status).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr).toBe(`bench: unknown section "ring-sise" (sections: ${SECTIONS})\n`);
});
