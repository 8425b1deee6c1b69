// `npm run bench`: the figures behind bench/RESULTS.md, each section in a process of its own, and
// at the end the verdict on every target and the chart. Engines come from the built package
// (dist/), as users get them. A section is one file, bench/sections/NAME.mjs, whose default export
// takes the engines, prints its tables, judges its targets (targets.mjs) and returns the chart's
// groups of bars it gives, if any.
import { spawnSync } from "node:child_process";
import { writeSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { barChart, writeChart } from "./chart.mjs";
import { machine, progress } from "./lib.mjs";
import { printTargets, takeVerdicts } from "./targets.mjs";

/** The file descriptor a section's process writes its results to. */
const RESULTS_FD = 3;
const SECTIONS = ["route", "ring-scale", "build-speed", "memory", "batch-sizes", "string-kinds", "call-memory", "dialects", "updates", "memory-back", "gateway"];
const USAGE = `Usage: node bench/run.mjs [section ...]   (npm run bench: all sections)
Sections: ${SECTIONS.join(", ")}.
With no names, all of them; a full run also writes the chart docs/bench.svg. dist/ is built first
when it is older than its sources; each section runs in a process of its own. Progress goes to
stderr; the report (markdown) to stdout. BENCH_ROUNDS=1 caps every comparison at one round: a
quick check that the sections run, not figures to keep.`;

const chosen = process.argv.slice(2);
if (chosen.includes("--help") || chosen.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = chosen.find((name) => !SECTIONS.includes(name));
if (unknown !== undefined) {
  process.stderr.write(`bench: unknown section ${JSON.stringify(unknown)} (sections: ${SECTIONS.join(", ")})\n`);
  process.exit(2);
}
const running = SECTIONS.filter((section) => chosen.length === 0 || chosen.includes(section));
/** Set in a section's own process (runEachSection): its place among the sections run ("3/9"). */
const { BENCH_PLACE: place } = process.env;

if (place === undefined) {
  // The sections measure the built package: build it now (the arguments are known good) if
  // anything it is built from is newer.
  try {
    buildIfStale("bench: building dist/ first (npm run build)\n");
  } catch {
    process.stderr.write("bench: npm run build failed (its errors are above); nothing was measured\n");
    process.exit(1);
  }
  runEachSection();
} else {
  const [section] = running;
  const [index, total] = place.split("/").map(Number);
  progress.begin(index, total, section);
  const { RegionRouter: WasmRouter } = await import("../dist/node.js");
  const { RegionRouter: PureRouter } = await import("../dist/pure.js");
  const { default: run } = await import(`./sections/${section}.mjs`);
  const figures = (await run({ WasmRouter, PureRouter })) ?? null;
  progress.done();
  writeSync(RESULTS_FD, JSON.stringify({ section, figures, verdicts: takeVerdicts() }));
}

/**
 * Run each section in a process of its own, one after another (a section run after others in one
 * process measures in the JIT and heap state they left, not the library alone); each writes its
 * figures and verdicts as JSON to a pipe of its own. Then the verdicts in one table, and the chart
 * when its sections ran.
 */
function runEachSection() {
  console.log(`# region-router benchmark\n\n${machine()}\n`);
  const parts = [];
  for (const [i, section] of running.entries()) {
    const env = { ...process.env, BENCH_PLACE: `${i + 1}/${running.length}` };
    const { status, signal, output } = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), section], { stdio: ["inherit", "inherit", "inherit", "pipe"], env });
    if (status !== 0) {
      process.stderr.write(`bench: section ${section} failed (${signal ?? `exit status ${status}`})\n`);
      process.exitCode = 1;
      return;
    }
    parts.push(JSON.parse(output[RESULTS_FD].toString()));
  }
  printTargets(parts.flatMap((part) => part.verdicts));
  // The chart: the groups of bars the route and ring-scale sections give, on one scale.
  const groups = ["route", "ring-scale"].map((name) => parts.find((part) => part.section === name)?.figures);
  if (groups.every(Boolean)) {
    const chart = barChart({
      title: "region-router: nanoseconds per session id (shorter is faster)",
      footnote: `${machine()}; median of 5 alternating rounds (npm run bench)`,
      format: (value) => `${value >= 100 ? Math.round(value).toLocaleString("en") : value.toFixed(1)} ns`,
      groups: groups.flat(),
    });
    writeChart(fileURLToPath(new URL("../docs/bench.svg", import.meta.url)), chart);
  } else {
    process.stderr.write("docs/bench.svg not written: it needs the route and ring-scale sections\n");
  }
}
