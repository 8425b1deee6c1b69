// An update touching one region (removeRegion, then addRegion, of a one-node region) among 65,536
// one-node regions (the most a router holds) at most 3x among 1,000, both engines; beside it, the
// ring's own update alone (the same remove and add through the Ring contract; no floor).
import { count, fmt, internalsOf, progress, routerOf, table } from "../lib.mjs";
import { ratio, timeRounds } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const SIZES = [1000, 65_536];
/** Ids whose routes each router must give as before once the rounds are done. */
const PROBES = Array.from({ length: 2000 }, (_, i) => `sess-${i}`);

/**
 * A router of n one-node regions, and an update of the next of them in turn (7,919: a stride prime
 * to every size): through its API, or `onRing` alone (Ring.update: drop the region's owner, then
 * add its one-node run back, as the router's own update does), the router untouched.
 */
function updating(Router, n, onRing) {
  const router = routerOf(Router, Array.from({ length: n }, (_, i) => [`region-${i}`, 1]), { vnodesPerWeight: 1 });
  const { ring, names, dialect } = internalsOf(router);
  const owners = new Map(names.map((region, owner) => [region, owner]));
  let next = 0;
  const update = () => {
    const region = `region-${(next++ * 7919) % n}`;
    if (onRing) {
      const run = dialect.run(region, owners.get(region), 1, 0);
      ring.update([run], []);
      ring.update([], [run]);
    } else {
      if (!router.removeRegion(region)) throw new Error(`bench: ${region} was not there to remove`);
      router.addRegion(region, 1);
    }
  };
  return { router, run: update, routes: router.routeMany(PROBES) };
}

export default async function updates({ WasmRouter, PureRouter }) {
  const tasks = [["WebAssembly", WasmRouter], ["pure", PureRouter]].flatMap(([engine, Router]) =>
    SIZES.flatMap((n) => [false, true].map((onRing) => {
      progress.step(`${engine}: building ${count(n)} one-node regions`);
      return { name: `${engine}, among ${count(n)} regions`, engine, n, ...updating(Router, n, onRing) };
    })),
  );
  // ns per update: the median update of each task's runs in a round (a batch of one).
  const results = await timeRounds(tasks, [[null]], { label: "one-region updates" });
  // Every update put back what it took: each router still holds all its regions and routes as before.
  for (const { router, n, routes } of tasks) {
    if (router.weights().size !== n || router.routeMany(PROBES).some((region, i) => region !== routes[i])) {
      throw new Error("bench: an update lost a region or changed a route");
    }
  }
  // In pairs (the whole update, the ring's alone), each against the whole among 1,000 regions.
  const rows = tasks.flatMap((task, i) => (i % 2 ? [] : [{ ...task, whole: results[i], alone: results[i + 1], base: results[i - (i % (2 * SIZES.length))] }]));
  const [ms, span] = [(r) => fmt(r.ns / 1e6, 3), (r) => `${fmt(Math.min(...r.rounds.ns) / 1e6, 3)}-${fmt(Math.max(...r.rounds.ns) / 1e6, 3)}`];
  const times = (r, base) => `${fmt(ratio(r, base), 2)}x`;
  table(
    ["engine, ring", "ms per update", "fastest-slowest round", "of the same among 1,000 regions", "ring's update alone, ms", "ring alone, of the whole among 1,000"],
    rows.map(({ name, whole, alone, base }) => [name, ms(whole), span(whole), times(whole, base), ms(alone), times(alone, base)]),
    "An update touching one region: removeRegion then addRegion of a one-node region (ms per update, median of 5 alternating rounds)",
    "The ring's update alone is the same remove and add made on the ring through the Ring contract: what this flat sorted ring costs an update.",
  );
  for (const { engine, n, whole, base } of rows) {
    if (n === SIZES.at(-1)) judge(TARGETS.updateScale, { where: `${engine}, one-node regions`, measured: ratio(whole, base) });
  }
}
