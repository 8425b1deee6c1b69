// The bench's one way to compare tasks: src/bench/rounds.ts's alternating rounds (dist/cli/bench-kit.js,
// as `region-router bench` uses them) with the progress line and the BENCH_ROUNDS cap; a round
// measures ns per key (timeRounds), a build's ms (msRounds) or CPU time per id of batch calls (perIdRounds).
import { Bench } from "tinybench";
import * as kit from "../dist/cli/bench-kit.js";
import { fmt, progress } from "./lib.mjs";

const gc = kit.collector();

export const { median, ratio } = kit;

/** BENCH_ROUNDS=n caps every comparison at n rounds: a quick check that the bench runs, no figures. */
const MAX_ROUNDS = Number(process.env.BENCH_ROUNDS) || Infinity;

/** Options of the kit's rounds as the bench runs them: capped by BENCH_ROUNDS, each round on the progress line. */
const inBench = (options) => ({ ...options, maxRounds: MAX_ROUNDS, onRound: (label, round, rounds) => progress.step(`${label}: round ${round + 1} of ${rounds}`) });

/** src/bench/rounds.ts's alternate: `measure(task, round)` gives a task's figures in a round; per task, each figure's rounds and median. */
export const alternate = (tasks, options) => kit.alternate(tasks, inBench(options));

/** ns per key of tasks { name, run(batch) }: each task `time` ms a round with tinybench, its median latency over `batches` taken in turn. */
export function timeRounds(tasks, batches, { rounds = 5, time = 200, label }) {
  let next = 0;
  return alternate(tasks, { rounds, label, measure: ({ name, run }, round) => {
    const bench = new Bench({ time, warmupTime: round === 0 ? 200 : 20 });
    bench.add(name, () => run(batches[next++ % batches.length])).runSync();
    return { ns: (bench.tasks[0].result.latency.p50 * 1e6) / batches[0].length };
  } });
}

const pause = new Int32Array(new SharedArrayBuffer(4));

/** A minor collection: a young generation emptied (perIdRounds' beforeUnit). */
export const minorCollection = () => gc({ type: "minor" });

/** A full collection, then a pause for its background threads (on 2 cores they would take one from what runs next). */
export function collectGarbage(ms = 150) {
  gc();
  Atomics.wait(pause, 0, 0, ms);
}

/** perIdRounds' beforeTask: a full collection and a short pause (a batch call's heap is small). */
export const settleHeap = () => collectGarbage(20);

/** Wall and CPU ms (V8's background threads too) of tasks { name, setup(), run(arg) }, once a round after a full collection; setup() untimed. */
export function msRounds(tasks, { rounds, label }) {
  return alternate(tasks, { rounds, label, measure: ({ setup, run }) => {
    const arg = setup();
    collectGarbage();
    const [cpu, t0] = [process.cpuUsage(), performance.now()];
    run(arg);
    const ms = performance.now() - t0;
    const { user, system } = process.cpuUsage(cpu);
    return { ms, cpu: (user + system) / 1000 };
  } });
}

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

/** perIdRounds over groups of tasks keyed by name (a batch size's, a kind of id's), each group together in a round; results keyed alike. */
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
