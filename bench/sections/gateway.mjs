// A gateway's calls beyond route(), both engines: BoundedLoads' acquire + release of a new session
// among 100,000 held, at most 2x route(), beside route() with what a Map of the held sessions costs
// (two look-ups, and get, set, get, delete). No floor: the session table looks up faster than a
// Map. Failover: routeMany with one of the 9 regions excluded, within 1.25x routeMany. And
// suggestVnodes for 9 regions within 1 s.
import * as node from "../../dist/node.js";
import * as pure from "../../dist/pure.js";
import { count, eachKey, fmt, gatewayBatches, progress, routerOf, table } from "../lib.mjs";
import { msRounds, ratio, timeRounds } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const REGIONS = ["us-east-1", "us-east-2", "us-west-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-south-1", "ap-northeast-1", "sa-east-1"].map((name) => [name, 1]);
const HELD = 100_000;
/** A region down, which routeMany routes around. */
const EXCLUDE = { exclude: [REGIONS[8][0]] };
/** Rows of each engine in the table: route(), acquire + release, route() with a Map's look-ups, then its four steps; routeMany, then with EXCLUDE. */
const ROWS = 6;
/** The planner's deviation: its answer for REGIONS is in the hundreds. */
const MAX_DEVIATION = 0.004;

/** Where a new session goes, and two look-ups: is it held? (acquire), which region holds it? (release). */
const lookUpTwice = (held, router, id) => (held.get(id) === undefined && held.get(id) === undefined ? router.route(id) : null);

/** A Map's steps for a new session: is it held? (no) hold it where route() says; which region holds it? let it go. */
function holdAndLetGo(held, router, id) {
  if (held.get(id) === undefined) held.set(id, router.route(id));
  const region = held.get(id);
  held.delete(id);
  return region;
}

/** The ROWS on one entry's router, BoundedLoads and table of HELD sessions. */
function tasks(engine, { RegionRouter, BoundedLoads }) {
  progress.step(`${engine}: ${count(HELD)} sessions held`);
  const router = routerOf(RegionRouter, REGIONS);
  const loads = new BoundedLoads(router);
  const held = new Map();
  for (let i = 0; i < HELD; i++) held.set(`held-${i}`, loads.acquire(`held-${i}`));
  return [
    { name: `${engine}: route()`, run: eachKey((id) => router.route(id)) },
    { name: `${engine}: acquire + release`, engine, loads, run: eachKey((id) => {
      const region = loads.acquire(id);
      loads.release(id);
      return region;
    }) },
    { name: `${engine}: route() and a Map of ${count(HELD)} sessions: get, get`, run: eachKey((id) => lookUpTwice(held, router, id)) },
    { name: `${engine}: route() and a Map of ${count(HELD)} sessions: get, set, get, delete`, run: eachKey((id) => holdAndLetGo(held, router, id)) },
    { name: `${engine}: routeMany, 1,024 ids a call`, run: (ids) => router.routeMany(ids) },
    { name: `${engine}: routeMany, ${EXCLUDE.exclude[0]} excluded`, run: (ids) => router.routeMany(ids, EXCLUDE) },
  ];
}

export default async function gateway() {
  const all = [...tasks("WebAssembly", node), ...tasks("pure", pure)];
  const results = await timeRounds(all, gatewayBatches(), { time: 150, label: "sticky sessions" });
  for (const { loads } of all) if (loads && loads.held !== HELD) throw new Error("bench: acquire + release changed what is held");
  table(
    ["engine: call", "ns per id", "of route()"],
    results.map((r, i) => [r.name, fmt(r.ns), `${fmt(ratio(r, results[i - (i % ROWS)]), 2)}x`]),
    `Sticky sessions: BoundedLoads (load factor 1.25) on 9 regions holding ${count(HELD)} sessions, against route(); failover: routeMany with ${EXCLUDE.exclude[0]} excluded (ns per new id, median of 5 alternating rounds)`,
  );
  for (let i = 0; i < results.length; i += ROWS) {
    const [route, acquire, , , batch, excluded] = results.slice(i, i + ROWS);
    judge(TARGETS.boundedLoads, { where: `${all[i + 1].engine}, ${count(HELD)} held`, measured: ratio(acquire, route) });
    judge(TARGETS.exclude, { where: `${all[i + 1].engine}, 1,024 ids a call`, measured: ratio(excluded, batch) });
  }
  const { options, deviation } = node.suggestVnodes(REGIONS, { maxDeviation: MAX_DEVIATION });
  const [planner] = await msRounds([{ name: "suggestVnodes", setup: () => null, run: () => node.suggestVnodes(REGIONS, { maxDeviation: MAX_DEVIATION }) }], { rounds: 3, label: "suggestVnodes" });
  const answer = [`vnodesPerWeight ${options.vnodesPerWeight}`, fmt(deviation, 5), fmt(planner.ms), fmt(planner.cpu)];
  table(["answer", "its deviation", "ms", "CPU ms"], [answer], `The vnode planner: suggestVnodes on the 9 regions, maxDeviation ${MAX_DEVIATION} (median of 3 runs)`);
  judge(TARGETS.suggest, { where: `9 regions, vnodesPerWeight ${options.vnodesPerWeight}`, measured: planner.ms });
}
