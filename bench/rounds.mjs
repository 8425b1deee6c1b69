// The bench's one way to compare tasks: alternating rounds. Every round runs every task once, in
// turn, so that a slow or fast phase of a shared machine falls on all of them alike. A task's
// figure is the median of its rounds; a ratio of two tasks is the median of their per-round
// ratios, which a drift of the machine's speed across rounds does not move. What one run of a
// task measures (ns per key, CPU time per id, ms of a build, a page's figures) is the caller's.
import v8 from "node:v8";
import vm from "node:vm";
import { Bench } from "tinybench";
import { progress } from "./lib.mjs";

/** The median of xs, NaN (a figure not measured in a round) left out; NaN when nothing is left. */
export function median(xs) {
  const sorted = xs.filter((x) => !Number.isNaN(x)).sort((x, y) => x - y);
  return sorted.length === 0 ? NaN : sorted[sorted.length >> 1];
}

/** The mean of the middle half of xs: a median that is not stuck on a coarse clock's ticks. */
export function middleMean(xs) {
  const sorted = [...xs].sort((x, y) => x - y);
  const middle = sorted.slice(sorted.length >> 2, sorted.length - (sorted.length >> 2));
  return middle.reduce((sum, x) => sum + x, 0) / middle.length;
}

/** The median of the per-round ratios of one figure of two tasks (alternate's results). */
export function ratio(a, b, figure = "ns") {
  return median(a.rounds[figure].map((x, i) => x / b.rounds[figure][i]));
}

/**
 * The order of `count` tasks in a round. Without `group`, the same every round. With it, tasks come
 * in groups of `group` (a batch size's, a kind of id's), each round starts every group one task
 * later than the round before, and the round itself one group later, so that no task always
 * follows another's garbage (1: the tasks rotate).
 */
function orderOf(count, round, group) {
  if (!group) return Array.from({ length: count }, (_, k) => k);
  const groups = count / group;
  return Array.from({ length: count }, (_, k) => (((k - (k % group)) / group + round) % groups) * group + ((k + round) % group));
}

/** BENCH_ROUNDS=n caps every comparison at n rounds: a quick check that the bench runs, no figures. */
const MAX_ROUNDS = Number(process.env.BENCH_ROUNDS) || Infinity;

/**
 * Run `tasks` (objects with a `name`) in `rounds` alternating rounds: `measure(task, round)` runs
 * one task once and gives its figures, an object of numbers ({ ns }, { ms, cpu }, ...; NaN for one
 * not measured). `beforeRound(round)` runs first in each round, untimed. Returns per task
 * { name, rounds: { figure: [one per round] }, figure: median }.
 */
export async function alternate(tasks, { rounds: asked, label, measure, group = 0, beforeRound = () => {} }) {
  const rounds = Math.min(asked, MAX_ROUNDS);
  const results = tasks.map(({ name }) => ({ name, rounds: {} }));
  for (let round = 0; round < rounds; round++) {
    progress.step(`${label}: round ${round + 1} of ${rounds}`);
    await beforeRound(round);
    for (const i of orderOf(tasks.length, round, group)) {
      const figures = await measure(tasks[i], round);
      for (const [figure, value] of Object.entries(figures)) (results[i].rounds[figure] ??= []).push(value);
    }
  }
  for (const result of results) for (const [figure, values] of Object.entries(result.rounds)) result[figure] = median(values);
  return results;
}

/**
 * Time per key (ns) of tasks { name, run(batch) } in alternating rounds: each round runs each task
 * for `time` ms with tinybench and takes its median latency over a batch's keys. `batches` are
 * taken in turn, so the keys are new to every call.
 */
export function timeRounds(tasks, batches, { rounds = 5, time = 200, label = "timing" } = {}) {
  let next = 0;
  return alternate(tasks, {
    rounds,
    label,
    measure: ({ name, run }, round) => {
      const bench = new Bench({ time, warmupTime: round === 0 ? 200 : 20 });
      bench.add(name, () => run(batches[next++ % batches.length]));
      bench.runSync();
      return { ns: (bench.tasks[0].result.latency.p50 * 1e6) / batches[0].length };
    },
  });
}

const pause = new Int32Array(new SharedArrayBuffer(4));
let gc = null;

/**
 * A full garbage collection, then a pause for the collector's background threads to finish (on 2
 * cores they would take one from whatever runs next): what the tasks before left is not collected
 * during the next.
 */
export function collectGarbage() {
  if (gc === null) {
    v8.setFlagsFromString("--expose-gc");
    gc = vm.runInNewContext("gc");
  }
  gc();
  Atomics.wait(pause, 0, 0, 150);
}

/**
 * Wall and CPU time (ms) of tasks { name, setup(), run(arg) } in alternating rounds, each run once
 * a round after a full collection: setup() (untimed) gives run its argument. CPU time, the
 * process's, counts V8's background threads but is less disturbed by other tenants.
 */
export function msRounds(tasks, { rounds, label }) {
  return alternate(tasks, {
    rounds,
    label,
    measure: ({ setup, run }) => {
      const arg = setup();
      collectGarbage();
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      run(arg);
      const ms = performance.now() - t0;
      const { user, system } = process.cpuUsage(cpu);
      return { ms, cpu: (user + system) / 1000 };
    },
  });
}
