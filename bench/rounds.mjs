// The bench's one way to compare tasks: alternating rounds. Every round runs every task once, in
// turn, so that a slow or fast phase of a shared machine falls on all of them alike; a figure is
// the median of its rounds, a ratio of two tasks the median of their per-round ratios. What one
// run of a task measures (ns per key, CPU time per id, ms of a build, a page's figures) is the
// caller's `measure`.
import v8 from "node:v8";
import vm from "node:vm";
import { Bench } from "tinybench";
import { progress } from "./lib.mjs";

/** The median of xs, NaN (a figure a round did not measure) left out; NaN when nothing is left. */
export function median(xs) {
  const sorted = xs.filter((x) => !Number.isNaN(x)).sort((x, y) => x - y);
  return sorted.length === 0 ? NaN : sorted[sorted.length >> 1];
}

/** The median of the per-round ratios of one figure of two tasks (alternate's results). */
export const ratio = (a, b, figure = "ns") => median(a.rounds[figure].map((x, i) => x / b.rounds[figure][i]));

/**
 * The order of `count` tasks in a round: the same every round without `group`; with it, tasks come
 * in groups of `group` (a batch size's, a kind of id's), and each round starts every group one
 * task later and the round itself one group later, so that no task always follows another's
 * garbage (1: the tasks rotate).
 */
function orderOf(count, round, group) {
  if (!group) return Array.from({ length: count }, (_, k) => k);
  const groups = count / group;
  return Array.from({ length: count }, (_, k) => (((k - (k % group)) / group + round) % groups) * group + ((k + round) % group));
}

/** BENCH_ROUNDS=n caps every comparison at n rounds: a quick check that the bench runs, no figures. */
const MAX_ROUNDS = Number(process.env.BENCH_ROUNDS) || Infinity;

/**
 * Run `tasks` (objects with a `name`) in alternating rounds: `measure(task, round)` runs one task
 * once and gives its figures ({ ns }, { ms, cpu }, ...); `beforeRound(round)` runs first in each
 * round, untimed. Returns per task { name, rounds: { figure: [one per round] }, figure: median }.
 */
export async function alternate(tasks, { rounds, label, measure, group = 0, beforeRound = () => {} }) {
  const results = tasks.map(({ name }) => ({ name, rounds: {} }));
  for (let round = 0; round < Math.min(rounds, MAX_ROUNDS); round++) {
    progress.step(`${label}: round ${round + 1} of ${Math.min(rounds, MAX_ROUNDS)}`);
    await beforeRound(round);
    for (const i of orderOf(tasks.length, round, group)) {
      for (const [figure, value] of Object.entries(await measure(tasks[i], round))) (results[i].rounds[figure] ??= []).push(value);
    }
  }
  for (const result of results) for (const [figure, values] of Object.entries(result.rounds)) result[figure] = median(values);
  return results;
}

/**
 * ns per key of tasks { name, run(batch) }: each round runs each task for `time` ms with tinybench
 * and takes its median latency over a batch's keys; `batches` are taken in turn, new to every call.
 */
export function timeRounds(tasks, batches, { rounds = 5, time = 200, label }) {
  let next = 0;
  return alternate(tasks, {
    rounds,
    label,
    measure: ({ name, run }, round) => {
      const bench = new Bench({ time, warmupTime: round === 0 ? 200 : 20 });
      bench.add(name, () => run(batches[next++ % batches.length])).runSync();
      return { ns: (bench.tasks[0].result.latency.p50 * 1e6) / batches[0].length };
    },
  });
}

const pause = new Int32Array(new SharedArrayBuffer(4));
let gc = null;

/** A full collection, then a pause for its background threads (on 2 cores they would take one from what runs next). */
export function collectGarbage() {
  if (gc === null) {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc");
  }
  gc();
  Atomics.wait(pause, 0, 0, 150);
}

/**
 * Wall and CPU ms (the process's: V8's background threads too, but other tenants less) of tasks
 * { name, setup(), run(arg) }, each run once a round after a full collection; setup() is untimed.
 */
export function msRounds(tasks, { rounds, label }) {
  return alternate(tasks, {
    rounds,
    label,
    measure: ({ setup, run }) => {
      const arg = setup();
      collectGarbage();
      const [cpu, t0] = [process.cpuUsage(), performance.now()];
      run(arg);
      const ms = performance.now() - t0;
      const { user, system } = process.cpuUsage(cpu);
      return { ms, cpu: (user + system) / 1000 };
    },
  });
}
