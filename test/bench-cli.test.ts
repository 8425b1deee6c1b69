// `npm run bench` (bench/run.mjs) as a user meets it before any section runs: --help lists every
// section, and an unknown section name is one line on stderr and exit status 2, not a stack trace.
// (The sections are benchmarks: none is timed here, and only the memory-back section, which times
// nothing, runs, to hold how a run gathers its sections from their own processes.)
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";

const run = fileURLToPath(new URL("../bench/run.mjs", import.meta.url));
const bench = (...args: string[]) => spawnSync(process.execPath, [run, ...args], { encoding: "utf8" });
const SECTIONS = "route, build-speed, batch-sizes, string-kinds, call-memory, dialects, updates, memory-back, gateway, startup, cli, browser";

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

it("runs each section in a process of its own: one header, the section's report, its progress, no files left", () => {
  const tmp = mkdtempSync(join(tmpdir(), "bench-cli-"));
  try {
    const result = spawnSync(process.execPath, [run, "memory-back"], { encoding: "utf8", env: { ...process.env, TMPDIR: tmp } });
    expect(result.stderr).toContain("[1/1] memory-back: starting\n");
    expect(result.status).toBe(0);
    expect(result.stdout.match(/# region-router benchmark/g)).toHaveLength(1);
    expect(result.stdout).toMatch(/## Memory given back after updates[^]*\| WebAssembly \| 5,010,000 nodes [^|]* \| [\d.]+ \| [\d.]+ \| -?[\d.]+ \|/);
    // The section's results came back through a pipe: nothing is left in the temporary folder.
    expect(readdirSync(tmp)).toEqual([]);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}, 60_000);

it("has a file for every section and a section for every file", () => {
  const files = readdirSync(fileURLToPath(new URL("../bench/sections/", import.meta.url))).map((name) => name.replace(/\.mjs$/, ""));
  expect(files.sort()).toEqual(SECTIONS.split(", ").sort());
});
