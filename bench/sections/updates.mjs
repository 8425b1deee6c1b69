// An update touching one region (removeRegion, then addRegion, of a one-node region) among 1,000
// one-node regions and among 65,536 (the most a router holds), on both engines in alternating
// rounds: an update costs what it touches, so among 65,536 at most 3x among 1,000, per engine.
import { count, fmt, progress, routerOf, table } from "../lib.mjs";
import { alternate, ratio } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const SIZES = [1000, 65_536];
const ROUNDS = 5;
/** Each task, each round, updates for at least this many ms and at least MIN_UPDATES times: ms per update. */
const TIME = 200;
const MIN_UPDATES = 3;

/** ms per update of `update`, run for at least `time` ms and `least` times. */
function timed(update, time, least) {
  const t0 = performance.now();
  let [updates, spent] = [0, 0];
  for (; updates < least || spent < time; updates++, spent = performance.now() - t0) update();
  return spent / updates;
}

/** A router of n regions of one node each, and an update that touches the next of them in turn (7,919: a stride prime to n). */
function updating(Router, n) {
  const router = routerOf(Router, Array.from({ length: n }, (_, i) => [`region-${i}`, 1]), { vnodesPerWeight: 1 });
  let next = 0;
  return {
    router,
    update() {
      const region = `region-${(next++ * 7919) % n}`;
      if (!router.removeRegion(region)) throw new Error(`bench: ${region} was not there to remove`);
      router.addRegion(region, 1);
    },
  };
}

export default async function updates({ WasmRouter, PureRouter }) {
  const tasks = [["WebAssembly", WasmRouter], ["pure", PureRouter]].flatMap(([engine, Router]) =>
    SIZES.map((n) => {
      progress.step(`${engine}: building ${count(n)} one-node regions`);
      const task = { name: `${engine}, among ${count(n)} regions`, engine, n, ...updating(Router, n) };
      timed(task.update, TIME / 2, 1); // warm-up: compiled before the first round
      return task;
    }),
  );
  const results = await alternate(tasks, {
    rounds: ROUNDS,
    label: "one-region updates",
    measure: ({ update }) => ({ ms: timed(update, TIME, MIN_UPDATES) }),
  });
  // Every update put back what it took: each router still holds all its regions.
  for (const { router, n } of tasks) if (router.weights().size !== n) throw new Error("bench: an update lost a region");
  console.log(`## An update touching one region: removeRegion then addRegion of a one-node region (ms per update, median of ${ROUNDS} alternating rounds)\n`);
  table(
    ["engine, ring", "ms per update", "fastest-slowest round", "of the same among 1,000 regions"],
    results.map((r, i) => [r.name, fmt(r.ms, 3), `${fmt(Math.min(...r.rounds.ms), 3)}-${fmt(Math.max(...r.rounds.ms), 3)}`, `${fmt(ratio(r, results[i - (i % 2)], "ms"), 2)}x`]),
  );
  for (let i = 0; i < results.length; i += 2) {
    judge(TARGETS.updateScale, { where: `${tasks[i].engine}, one-node regions`, measured: ratio(results[i + 1], results[i], "ms") });
  }
}
