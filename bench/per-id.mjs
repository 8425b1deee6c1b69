// CPU time per id of batch calls in alternating rounds (rounds.mjs): what the sections that judge
// a call by its ids measure. Each timed unit has the timing's own cost taken off, and the garbage
// a call leaves is paid in the round that made it.
import v8 from "node:v8";
import { fmt } from "./lib.mjs";
import { alternate, median } from "./rounds.mjs";

/** Every round's timing cost (CPU ms a unit), for timingNote. */
const timingCosts = [];

/**
 * What timing a unit costs inside its own window (ms of CPU and of wall time): the mean of the
 * middle half of 201 empty units, the CPU clock counting whole microseconds. process.cpuUsage() is
 * a getrusage call, whose share inside the window would count against the smaller units.
 */
function timingOverhead() {
  const samples = Array.from({ length: 201 }, () => {
    const [c0, t0] = [process.cpuUsage(), performance.now()];
    const wall = performance.now() - t0;
    const { user, system } = process.cpuUsage(c0);
    return { cpu: (user + system) / 1e3, wall };
  });
  const middleMean = (xs) => xs.sort((x, y) => x - y).slice(50, 151).reduce((sum, x) => sum + x, 0) / 101;
  return { cpu: middleMean(samples.map((s) => s.cpu)), wall: middleMean(samples.map((s) => s.wall)) };
}

/** The line a table gives on the timing cost taken off. */
export const timingNote = () =>
  `Every timed unit (one call or more, at least 2,048 ids for the batch sizes) has its timing's own cost taken off: ${fmt(median(timingCosts) * 1e3, 2)} µs of CPU time (median round; process.cpuUsage() inside its own window), measured on empty units in each round.\n`;

/**
 * ns per id of tasks { name, run(batch), next(), ms? }: each round runs each task for `time` ms
 * (its own `ms` when given) of timed units, at least `minCalls`; next() gives a unit's batches,
 * untimed. Figures: `ns`, CPU time (user + system, GC threads included: other tenants disturb it
 * far less than wall time); `wall`; and with `collections`, `work`: CPU time over the calls in
 * which no collection ran (each watched by a v8.GCProfiler; NaN when every call met one).
 */
export function perIdRounds(tasks, { rounds = 5, time = 120, minCalls = 2, label, group = 0, collections = false }) {
  let overhead;
  return alternate(tasks, {
    rounds,
    label,
    group,
    beforeRound: () => timingCosts.push((overhead = timingOverhead()).cpu),
    measure: ({ run, next, ms = time }, round) => {
      if (round === 0) for (const batch of next()) run(batch); // warm-up: compile, grow what a first call grows
      const sum = { spent: 0, cpu: 0, ids: 0, quietCpu: 0, quietIds: 0, units: 0 };
      for (let calls = 0; calls < minCalls || sum.spent < ms; calls++) {
        const unit = next();
        const profiler = collections ? new v8.GCProfiler() : null;
        profiler?.start();
        const [c0, t0] = [process.cpuUsage(), performance.now()];
        for (const batch of unit) run(batch);
        sum.spent += performance.now() - t0;
        const { user, system } = process.cpuUsage(c0);
        const [cpu, ids] = [(user + system) / 1e3 - overhead.cpu, unit.reduce((total, batch) => total + batch.length, 0)];
        Object.assign(sum, { cpu: sum.cpu + cpu, ids: sum.ids + ids, units: sum.units + 1 });
        if (profiler?.stop().statistics.length === 0) Object.assign(sum, { quietCpu: sum.quietCpu + cpu, quietIds: sum.quietIds + ids });
      }
      const perId = (cpu, ids) => (ids > 0 ? (cpu * 1e6) / ids : NaN);
      return { ns: perId(sum.cpu, sum.ids), wall: perId(sum.spent - sum.units * overhead.wall, sum.ids), work: perId(sum.quietCpu, sum.quietIds) };
    },
  });
}

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
  let next = 0;
  return () => Array.from({ length: per }, () => batches[next++ % batches.length]);
}

/** Fresh ids from make(n) for every call, as a gateway's are; the collections that causes fall where they fall. */
export const freshly = (make, n) => () => [make(n)];
