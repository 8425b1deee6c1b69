// An update touching one region (removeRegion, then addRegion, of a one-node region) among 65,536
// one-node regions (the most a router holds) at most 3x among 1,000, both engines; beside it, the
// ring's update alone, another region added in its place, and the bytes a sorted array must move.
import { count, fmt, internalsOf, progress, routerOf, table } from "../lib.mjs";
import { ratio, timeRounds } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const SIZES = [1000, 65_536];
/** Ids whose routes each router must give as before once the rounds are done. */
const PROBES = Array.from({ length: 2000 }, (_, i) => `sess-${i}`);
/** The next region an update touches, in turn (7,919: a stride prime to every size). */
const regionAt = (next, n) => `region-${(next * 7919) % n}`;

/**
 * A router of n one-node regions, and an update of the next in turn: through its API (the region
 * removed and added again, or with `swap` one of a new name added in its place), or on the ring
 * alone (Ring.update: its owner dropped, its one-node run added back), the router untouched.
 */
function updating(Router, n, mode) {
  const router = routerOf(Router, Array.from({ length: n }, (_, i) => [`region-${i}`, 1]), { vnodesPerWeight: 1 });
  const { ring, names, dialect } = internalsOf(router);
  const owners = new Map(names.map((region, owner) => [region, owner]));
  let [current, next] = [new Map(), 0];
  const update = () => {
    const region = regionAt(next++, n);
    if (mode === "ring") {
      const run = dialect.run(region, owners.get(region), 1, 0);
      ring.update([run], []);
      ring.update([], [run]);
    } else if (router.removeRegion(current.get(region) ?? region)) router.addRegion(mode === "swap" ? current.set(region, `${region}.${next}`).get(region) : region, 1);
    else throw new Error(`bench: ${region} was not there to remove`);
  };
  return { router, run: update, routes: mode === "swap" ? undefined : router.routeMany(PROBES) };
}

/**
 * The floor of the same updates on `router`'s ring, for a sorted array with room on both sides (20
 * bytes a node): the nodes on the shorter side of the region's moved to close its place and to open it.
 */
function moving(router, n) {
  const { ring, names } = internalsOf(router);
  const [rank, bytes] = [new Map(Array.from({ length: ring.size }, (_, i) => [names[ring.ownerAt(i)], i])), new Uint8Array((n + 1) * 20)];
  const moves = (at) => (at < 10 * n ? [[20, 0, at], [0, 20, at + 20]] : [[at, at + 20, 20 * n], [at + 20, at, 20 * n - 20]]);
  let next = 0;
  return { name: `moves alone, among ${count(n)}`, run: () => moves(20 * rank.get(regionAt(next++, n))).forEach(([to, from, end]) => bytes.copyWithin(to, from, end)) };
}

export default async function updates({ WasmRouter, PureRouter }) {
  const tasks = [["WebAssembly", WasmRouter], ["pure", PureRouter]].flatMap(([engine, Router]) =>
    SIZES.flatMap((n) => ["api", "ring", "swap"].map((mode) => {
      progress.step(`${engine}: building ${count(n)} one-node regions`);
      return { name: `${engine}, among ${count(n)} regions`, engine, n, ...updating(Router, n, mode) };
    })),
  );
  const moves = SIZES.map((n, i) => moving(tasks[3 * i].router, n));
  // ns per update: the median update of each task's runs in a round (a batch of one).
  const results = await timeRounds([...tasks, ...moves], [[null]], { label: "one-region updates" });
  // Every update put back what it took: each router still holds all its regions and routes as before.
  const lost = ({ router, n, routes }) => router.weights().size !== n || router.routeMany(PROBES).some((region, i) => routes && region !== routes[i]);
  if (tasks.some(lost)) throw new Error("bench: an update lost a region or changed a route");
  // In threes (the whole update, the ring's alone, another region in its place), each against the
  // same among 1,000; the floor: the whole among 1,000, plus what the moves cost more among this many.
  const [small, big] = results.slice(tasks.length).map((r) => r.ns);
  const at = (i, k) => ({ now: results[i + k], base: results[i - (i % (3 * SIZES.length)) + k] });
  const rows = tasks.flatMap((task, i) => (i % 3 ? [] : [{ ...task, whole: at(i, 0), alone: at(i, 1), swap: at(i, 2) }]));
  const floorOf = ({ n, whole }) => (n === SIZES[0] ? 1 : 1 + (big - small) / whole.base.ns);
  const [ms, span, times] = [(r) => fmt(r.ns / 1e6, 3), (r) => `${fmt(Math.min(...r.rounds.ns) / 1e6, 3)}-${fmt(Math.max(...r.rounds.ns) / 1e6, 3)}`, (x) => `${fmt(x, 2)}x`];
  table(
    ["engine, ring", "ms per update", "fastest-slowest round", "of the same among 1,000 regions", "ring's update alone, ms", "ring alone, of the whole among 1,000", "another region in its place, ms", "of the same among 1,000", "floor, of the whole among 1,000"],
    rows.map((row) => [row.name, ms(row.whole.now), span(row.whole.now), times(ratio(row.whole.now, row.whole.base)), ms(row.alone.now), times(ratio(row.alone.now, row.whole.base)), ms(row.swap.now), times(ratio(row.swap.now, row.swap.base)), times(floorOf(row))]),
    "An update touching one region: removeRegion then addRegion of a one-node region (ms per update, median of 5 alternating rounds)",
    `The ring's update alone is the same remove and add made on the ring through the Ring contract; another region in its place: the region removed, and one of a new name added. The floor is what a sorted array must move: the same update among 1,000 regions plus the nodes on the shorter side of the region's node moved twice, 20 bytes each, by copyWithin (${fmt(small / 1e3, 2)} µs among 1,000, ${fmt(big / 1e3, 2)} µs among 65,536, in the same rounds). Both engines leave a removed node in its slot as a ghost until the next update, which puts the region back there when it returns, moving nothing: below that floor, which a region new to the ring still pays.`,
  );
  for (const row of rows.filter(({ n }) => n === SIZES.at(-1))) judge(TARGETS.updateScale, { where: `${row.engine}, one-node regions`, measured: ratio(row.whole.now, row.whole.base), floor: floorOf(row) });
}
