// `npm run bench` (bench/run.mjs) as a user meets it before any section runs: --help lists every
// section, and an unknown section name is one line on stderr and exit status 2, not a stack trace.
// (The sections themselves are benchmarks: never timed or run here.) And bench/engine-shapes.mjs,
// the record of issue 12's choice of pure engine, still runs its correctness checks against the
// engines of today.
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

it("runs bench/engine-shapes.mjs's correctness checks against today's engines", () => {
  const script = fileURLToPath(new URL("../bench/engine-shapes.mjs", import.meta.url));
  const result = spawnSync(process.execPath, [script, "--check"], { encoding: "utf8" });
  expect(result.stderr).not.toContain("Error");
  expect(result.status).toBe(0);
  expect(result.stdout).toContain("the simple engine gave the tuned and WebAssembly engines' answers");
}, 120_000);
