// CPU time per id of batch calls in alternating rounds: what the sections that judge a call by its
// ids measure, from src/bench/rounds.ts (dist/cli/bench-kit.js, shared with `region-router bench`).
// Each timed unit has the timing's own cost taken off, and the garbage a call leaves is paid in the
// round that made it.
import * as kit from "../dist/cli/bench-kit.js";
import { fmt } from "./lib.mjs";
import { inBench, median } from "./rounds.mjs";

/** Every round's timing cost (CPU ms a unit), for timingNote. */
const timingCosts = [];

/** The line a table gives on the timing cost taken off. */
export const timingNote = () =>
  `Every timed unit (one call or more, at least 2,048 ids for the batch sizes) has its timing's own cost taken off: ${fmt(median(timingCosts) * 1e3, 2)} µs of CPU time (median round; process.cpuUsage() inside its own window), measured on empty units in each round.\n`;

/**
 * ns per id of tasks { name, run(batch), next(), ms? }: each round runs each task for `time` ms
 * (its own `ms` when given) of timed units, at least `minCalls`; next() gives a unit's batches,
 * untimed. Figures: `ns` (CPU time), `wall`, and with `collections`, `work` (CPU time over the
 * calls in which no collection ran): src/bench/rounds.ts's perIdRounds.
 */
export const perIdRounds = (tasks, options) => kit.perIdRounds(tasks, inBench({ ...options, onTimingCost: ({ cpu }) => timingCosts.push(cpu) }));

/**
 * perIdRounds over groups of tasks keyed by name (a batch size's, a kind of id's), each group
 * timed together in a round; the results keyed alike, group by group.
 */
export async function perIdGroups(groups, options) {
  const keys = Object.keys(groups[0]);
  const results = await perIdRounds(groups.flatMap((group) => keys.map((key) => group[key])), { ...options, group: keys.length });
  return groups.map((_, i) => Object.fromEntries(keys.map((key, k) => [key, results[i * keys.length + k]])));
}

/** Batches of n cut from `pool` in turn, grouped so that a timed unit holds at least 2,048 ids. */
export function cycling(pool, n) {
  const per = Math.max(1, Math.ceil(2048 / n));
  const batches = [];
  for (let at = 0; at + n <= pool.length && batches.length < 64 * per; at += n) batches.push(pool.slice(at, at + n));
  return kit.inUnits(batches);
}

/** Fresh ids from make(n) for every call, as a gateway's are; the collections that causes fall where they fall. */
export const freshly = (make, n) => () => [make(n)];
