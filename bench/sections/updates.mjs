// An update touching one region (removeRegion, then addRegion, of a one-node region) among 1,000
// one-node regions and among 65,536 (the most a router holds), on both engines in alternating
// rounds: an update costs what it touches, so among 65,536 at most 3x among 1,000, per engine.
// Beside it, in the same rounds, the ring's own update alone (the same remove and add, through the
// Ring contract): the step no implementation can skip, so the floor of the target. 65,000 regions
// is a second row: 65,536 one-node regions sit at a ring-index size boundary (the index's bucket
// count changes between 65,535 and 65,536 nodes, so that update rebuilds the index twice).
import { count, fmt, progress, ringOf, routerOf, table } from "../lib.mjs";
import { alternate, ratio } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const SIZES = [1000, 65_000, 65_536];
const ROUNDS = 5;
/** Each task, each round, updates for at least this many ms and at least MIN_UPDATES times: ms per update. */
const TIME = 200;
const MIN_UPDATES = 3;
/** Ids whose routes each router must give as before once the rounds are done. */
const PROBES = Array.from({ length: 2000 }, (_, i) => `sess-${i}`);

/** ms per update of `update`, run for at least `time` ms and `least` times. */
function timed(update, time, least) {
  const t0 = performance.now();
  let [updates, spent] = [0, 0];
  for (; updates < least || spent < time; updates++, spent = performance.now() - t0) update();
  return spent / updates;
}

/** The region each update touches, in turn (7,919: a stride prime to every size). */
function regionsInTurn(n) {
  let next = 0;
  return () => `region-${(next++ * 7919) % n}`;
}

/** A router of n regions of one node each. */
const oneNodeRegions = (Router, n) => routerOf(Router, Array.from({ length: n }, (_, i) => [`region-${i}`, 1]), { vnodesPerWeight: 1 });

/** Such a router, and an update through its API that touches the next of them in turn. */
function updating(Router, n) {
  const router = oneNodeRegions(Router, n);
  const nextRegion = regionsInTurn(n);
  return {
    router,
    update() {
      const region = nextRegion();
      if (!router.removeRegion(region)) throw new Error(`bench: ${region} was not there to remove`);
      router.addRegion(region, 1);
    },
  };
}

/**
 * The same router, and the same update made on its ring alone (Ring.update: drop the region's
 * owner, then add its one-node run back, as the router's own update does), the router untouched:
 * so each region keeps its owner, read once from the router's owner -> region table.
 */
function ringUpdating(Router, n) {
  const router = oneNodeRegions(Router, n);
  const { names, dialect } = router[Symbol.for("region-router internals")]();
  const owners = new Map(names.flatMap((region, owner) => (region === undefined ? [] : [[region, owner]])));
  const nextRegion = regionsInTurn(n);
  const ring = ringOf(router);
  return {
    router,
    update() {
      const region = nextRegion();
      const owner = owners.get(region);
      ring.update([owner], []);
      ring.update([], [{ owner, prefix: dialect.prefix(region), count: 1, rank: 0 }]);
    },
  };
}

export default async function updates({ WasmRouter, PureRouter }) {
  const tasks = [["WebAssembly", WasmRouter], ["pure", PureRouter]].flatMap(([engine, Router]) =>
    SIZES.flatMap((n) =>
      [["whole", updating], ["ring alone", ringUpdating]].map(([kind, make]) => {
        progress.step(`${engine}: building ${count(n)} one-node regions (${kind})`);
        const task = { name: `${engine}, among ${count(n)} regions, ${kind}`, engine, n, kind, ...make(Router, n) };
        task.routes = task.router.routeMany(PROBES);
        timed(task.update, TIME / 2, 1); // warm-up: compiled before the first round
        return task;
      }),
    ),
  );
  const results = await alternate(tasks, {
    rounds: ROUNDS,
    label: "one-region updates",
    measure: ({ update }) => ({ ms: timed(update, TIME, MIN_UPDATES) }),
  });
  // Every update put back what it took: each router still holds all its regions and routes as before.
  for (const { router, n, routes } of tasks) {
    if (router.weights().size !== n) throw new Error("bench: an update lost a region");
    if (router.routeMany(PROBES).some((region, i) => region !== routes[i])) throw new Error("bench: an update changed a route");
  }
  const of = (engine, n, kind) => results[tasks.findIndex((t) => t.engine === engine && t.n === n && t.kind === kind)];
  const span = (r) => `${fmt(Math.min(...r.rounds.ms), 3)}-${fmt(Math.max(...r.rounds.ms), 3)}`;
  console.log(`## An update touching one region: removeRegion then addRegion of a one-node region (ms per update, median of ${ROUNDS} alternating rounds)\n`);
  console.log("The ring's update alone is the same remove and add made on the ring through the Ring contract: the floor of an update.\n");
  const rows = tasks.filter((t) => t.kind === "whole").map(({ engine, n }) => {
    const [whole, alone, base] = [of(engine, n, "whole"), of(engine, n, "ring alone"), of(engine, SIZES[0], "whole")];
    return { engine, n, whole, alone, base };
  });
  table(
    ["engine, ring", "ms per update", "fastest-slowest round", "of the same among 1,000 regions", "ring's update alone, ms", "ring alone, of the whole among 1,000"],
    rows.map(({ engine, n, whole, alone, base }) => [
      `${engine}, among ${count(n)} regions`,
      fmt(whole.ms, 3),
      span(whole),
      `${fmt(ratio(whole, base, "ms"), 2)}x`,
      fmt(alone.ms, 3),
      `${fmt(ratio(alone, base, "ms"), 2)}x`,
    ]),
  );
  for (const { engine, whole, alone, base } of rows.filter(({ n }) => n === SIZES.at(-1))) {
    judge(TARGETS.updateScale, { where: `${engine}, one-node regions`, measured: ratio(whole, base, "ms"), floor: ratio(alone, base, "ms") });
  }
}
