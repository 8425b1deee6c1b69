// The throughput targets (issue 14's, and issue 13's for the dialects), judged in the run that
// measured them. A target is met, or missed; and where it is missed, the run says whether the
// design's floor for it (what the steps no implementation can skip cost on this machine, measured
// in the same rounds) already misses it: then it is below the floor, and the distance to the floor
// is the figure that matters. Sections add their verdicts as they run; run.mjs gathers them from
// every section's process and prints them at the end, in one table.
import { fmt, table } from "./lib.mjs";
import { verdictOf } from "./verdict.mjs";

const verdicts = [];

/**
 * Judge one target (verdictOf) and keep the verdict for printTargets: `measured` and `floor` on the
 * target's own scale, a ratio or (unit "%") a fraction; floorHolds as verdictOf takes it.
 */
export function judge({ target, where, measured, limit, atMost, floor = null, floorHolds, unit = "x" }) {
  const verdict = verdictOf({ measured, limit, atMost, floor, floorHolds });
  const show = (x) => (unit === "%" ? `${fmt(x * 100, 2)}%` : `${fmt(x, 2)}x`);
  verdicts.push({ target: `${target} (${atMost ? "<=" : ">="} ${show(limit)})`, where, measured: show(measured), floor: floor === null ? "" : show(floor), verdict });
  return verdict;
}

/** The verdicts so far (a section's, sent to the run that prints them all: bench/run.mjs). */
export const takeVerdicts = () => verdicts.splice(0);

/** Verdicts (every section's, takeVerdicts) as a table; nothing when no section judged any. */
export function printTargets(all) {
  if (all.length === 0) return;
  const count = (v) => all.filter(({ verdict }) => verdict === v).length;
  console.log("## The targets in this run (issues 13 and 14)\n");
  console.log(
    `Each target where it was measured: met, missed, or below the floor (missed, and so would be an ` +
      `implementation that cost only its floor, measured beside it in the same rounds; a figure more ` +
      `than 10% better than its floor does not count the floor as one). ` +
      `${count("met")} met, ${count("below the floor")} below the floor, ${count("missed")} missed.\n`,
  );
  table(
    ["target", "where", "measured", "at the floor", "verdict"],
    all.map(({ target, where, measured, floor, verdict }) => [target, where, measured, floor, verdict]),
  );
}
