// `npm run bench`: each section (bench/sections/NAME.mjs: given the built engines, it prints its
// tables and judges its targets) in a process of its own, then every verdict.
import { spawnSync } from "node:child_process";
import { writeSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { machine, progress, table } from "./lib.mjs";
import { takeVerdicts } from "./targets.mjs";

/** The file descriptor a section's process writes its results to. */
const RESULTS_FD = 3;
const SECTIONS = ["route", "build-speed", "batch-sizes", "string-kinds", "call-memory", "dialects", "updates", "memory-back", "gateway", "startup", "cli", "browser"];
const USAGE = `Usage: node bench/run.mjs [section ...]   (npm run bench: all sections; route redraws docs/bench.svg)
Sections: ${SECTIONS.join(", ")}.
Builds dist/ first when stale; runs each section in a process of its own; the report (markdown) on
stdout, progress on stderr. BENCH_ROUNDS=1: one round of everything, a check that it runs.`;

const chosen = process.argv.slice(2);
const unknown = chosen.find((name) => !SECTIONS.includes(name));
if (chosen.includes("--help") || chosen.includes("-h")) {
  console.log(USAGE);
} else if (unknown !== undefined) {
  process.stderr.write(`bench: unknown section ${JSON.stringify(unknown)} (sections: ${SECTIONS.join(", ")})\n`);
  process.exitCode = 2;
} else if (process.env.BENCH_PLACE !== undefined) {
  // A section's own process (runEachSection): its place among the sections run ("3/9").
  const [index, total] = process.env.BENCH_PLACE.split("/").map(Number);
  progress.begin(index, total, chosen[0]);
  const { RegionRouter: WasmRouter } = await import("../dist/node.js");
  const { RegionRouter: PureRouter } = await import("../dist/pure.js");
  const { default: run } = await import(`./sections/${chosen[0]}.mjs`);
  await run({ WasmRouter, PureRouter });
  progress.done();
  writeSync(RESULTS_FD, JSON.stringify(takeVerdicts()));
} else {
  // The sections measure the built package: build it now if anything it is built from is newer.
  try {
    buildIfStale("bench: building dist/ first (npm run build)\n");
    runEachSection(SECTIONS.filter((section) => chosen.length === 0 || chosen.includes(section)));
  } catch (error) {
    process.stderr.write(`bench: ${error.section ? `section ${error.section} failed (${error.message})` : "npm run build failed (its errors are above); nothing was measured"}\n`);
    process.exitCode = 1;
  }
}

/** Each section in a process of its own (not in the JIT and heap state others left), its verdicts back as JSON through a pipe; then the verdicts in one table. */
function runEachSection(running) {
  console.log(`# region-router benchmark\n\n${machine()}\n`);
  const verdicts = running.flatMap((section, i) => {
    const env = { ...process.env, BENCH_PLACE: `${i + 1}/${running.length}` };
    const { status, signal, output } = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), section], { stdio: ["inherit", "inherit", "inherit", "pipe"], env });
    if (status !== 0) throw Object.assign(new Error(signal ?? `exit status ${status}`), { section });
    return JSON.parse(output[RESULTS_FD].toString());
  });
  if (verdicts.length === 0) return;
  const count = (verdict) => verdicts.filter((v) => v.verdict === verdict).length;
  table(
    ["target", "where", "measured", "at the floor", "verdict"],
    verdicts.map(({ target, where, measured, floor, verdict }) => [target, where, measured, floor, verdict]),
    "The targets in this run",
    `Each target where it was measured: met, missed, or below the floor (missed, and so would be an implementation that cost only its floor, measured beside it in the same rounds; a figure more than 10% better than its floor does not count the floor as one). ${count("met")} met, ${count("below the floor")} below the floor, ${count("missed")} missed.`,
  );
}
