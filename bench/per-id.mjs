// CPU time per id of batch calls in alternating rounds (rounds.mjs), for the sections that judge a
// call by its ids: batch sizes, kinds of string, and what comes after them. Every unit a task times
// has the timing's own cost taken off, and the garbage a call leaves is paid in the round that
// made it.
import v8 from "node:v8";
import { fmt } from "./lib.mjs";
import { alternate, median, middleMean } from "./rounds.mjs";

/** Every round's timing cost (CPU ms a unit), for timingNote. */
const timingCosts = [];

/**
 * What timing one unit costs inside its own window, in ms, over 201 empty units (the mean of the
 * middle half: the CPU clock counts whole microseconds): process.cpuUsage() is a getrusage call,
 * and what of it falls inside the window would count against the smaller units.
 */
function timingOverhead() {
  const cpu = [];
  const wall = [];
  for (let k = 0; k < 201; k++) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    wall.push(performance.now() - t0);
    const { user, system } = process.cpuUsage(c0);
    cpu.push((user + system) / 1e3);
  }
  return { cpu: middleMean(cpu), wall: middleMean(wall) };
}

/** The line a table gives on the timing cost taken off. */
export const timingNote = () =>
  `Every timed unit (one call or more, at least 2,048 ids for the batch sizes) has its timing's own cost taken off: ${fmt(median(timingCosts) * 1e3, 2)} µs of CPU time (median round; process.cpuUsage() inside its own window), measured on empty units in each round.\n`;

/**
 * Per-id cost (ns) of tasks { name, run(batch), next(), ms? } in alternating rounds: each round
 * runs each task for `time` ms (its own `ms` when given) of calls, at least `minCalls`; next()
 * gives the batches of the next timed unit, untimed. Figures: `ns`, the median round of the
 * process's CPU time (user + system, GC threads included: other tenants of a shared machine disturb
 * it far less than wall time); `wall`; and with `collections`, `work`: CPU time per id over the
 * calls in which no collection ran (each call watched by a v8.GCProfiler; NaN when every call met
 * one), what a call costs apart from the collections that fall in it.
 */
export function perIdRounds(tasks, { rounds = 5, time = 120, minCalls = 2, label, group = 0, collections = false }) {
  let overhead;
  return alternate(tasks, {
    rounds,
    label,
    group,
    beforeRound: () => {
      overhead = timingOverhead();
      timingCosts.push(overhead.cpu);
    },
    measure: ({ run, next, ms = time }, round) => {
      if (round === 0) for (const batch of next()) run(batch); // warm-up: compile, grow what a first call grows
      const sum = { spent: 0, cpu: 0, ids: 0, quietCpu: 0, quietIds: 0, units: 0 };
      for (let calls = 0; calls < minCalls || sum.spent < ms; calls++) {
        const unit = next();
        const profiler = collections ? new v8.GCProfiler() : null;
        profiler?.start();
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        for (const batch of unit) run(batch);
        sum.spent += performance.now() - t0;
        const { user, system } = process.cpuUsage(c0);
        const quiet = profiler?.stop().statistics.length === 0;
        const ids = unit.reduce((total, batch) => total + batch.length, 0);
        const cpu = (user + system) / 1e3 - overhead.cpu;
        sum.cpu += cpu;
        sum.ids += ids;
        sum.units++;
        if (quiet) {
          sum.quietCpu += cpu;
          sum.quietIds += ids;
        }
      }
      return {
        ns: (sum.cpu * 1e6) / sum.ids,
        wall: ((sum.spent - sum.units * overhead.wall) * 1e6) / sum.ids,
        work: sum.quietIds > 0 ? (sum.quietCpu * 1e6) / sum.quietIds : NaN,
      };
    },
  });
}

/** Batches of n cut from `pool` in turn, grouped so that a timed unit holds at least 2,048 ids. */
export function cycling(pool, n) {
  const per = Math.max(1, Math.ceil(2048 / n));
  const batches = [];
  for (let at = 0; at + n <= pool.length && batches.length < 64 * per; at += n) batches.push(pool.slice(at, at + n));
  let next = 0;
  return () => Array.from({ length: per }, () => batches[next++ % batches.length]);
}

/**
 * Fresh batches of n from make(n) for every call (the ids are new to every call, as a gateway's
 * are). The collections that making them causes fall where they fall, on calls and floors alike.
 */
export const freshly = (make, n) => () => [make(n)];
