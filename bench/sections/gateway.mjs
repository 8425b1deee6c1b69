// A gateway's calls beyond route(), both engines: BoundedLoads' acquire + release of a new session
// among 100,000 held, at most 2x route(), beside its floor and a Map's get, set, get and delete;
// failover: routeMany with one of 9 regions excluded within 1.25x routeMany, route() with one
// excluded among 9 and among 65,536 (no pass over them); suggestVnodes within 1 s, answer or none.
import * as node from "../../dist/node.js";
import * as pure from "../../dist/pure.js";
import { count, eachKey, fmt, internalsOf, progress, routerOf, sampledHashOf, sessionIds, table } from "../lib.mjs";
import { cycling, msRounds, perIdRounds, ratio } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const REGIONS = ["us-east-1", "us-east-2", "us-west-1", "us-west-2", "eu-west-1", "eu-central-1", "ap-south-1", "ap-northeast-1", "sa-east-1"].map((name) => [name, 1]);
const HELD = 100_000;
/** A region down, which routeMany routes around. */
const EXCLUDE = { exclude: [REGIONS[8][0]] };
/** Rows of each engine in the table: route(), acquire + release, its floor, route() with a Map's four steps; routeMany, then with EXCLUDE; route() with EXCLUDE, route() and that on WIDE regions. */
const [ROWS, WIDE] = [9, 65_536];
/** The planner's deviations: its answers for REGIONS in the hundreds, past 1,000, and none (a RangeError after its whole search). */
const DEVIATIONS = [0.004, 0.0035, 0.0001];

/**
 * The floor of acquire + release of a new session: locating it, and what any table of HELD sessions
 * adds at least: the id hashed (once: a Map keeps a string's hash) and one probe of memory holding
 * theirs (their hashes alone, as full as BoundedLoads keeps its table).
 */
function holdingFloor(router) {
  const [{ ring }, mask] = [internalsOf(router), 2 ** 18 - 1], slots = new Int32Array(mask + 1);
  const probe = (id) => { let slot = sampledHashOf(id, 1) & mask; while (slots[slot] !== 0) slot = (slot + 1) & mask; return slot; };
  for (let i = 0; i < HELD; i++) slots[probe(`held-${i}`)] = 1;
  return (id) => ring.locate(id) + probe(id);
}

/** A Map's steps for a new session: is it held? (no) hold it where route() says; which region holds it? let it go. */
function holdAndLetGo(held, router, id) {
  if (held.get(id) === undefined) held.set(id, router.route(id));
  const region = held.get(id);
  return held.delete(id) && region;
}

/** The ROWS on one entry's router, BoundedLoads and table of HELD sessions. */
function tasks(engine, { RegionRouter, BoundedLoads }) {
  progress.step(`${engine}: ${count(HELD)} sessions held`);
  const router = routerOf(RegionRouter, REGIONS);
  const loads = new BoundedLoads(router);
  const wide = routerOf(RegionRouter, Array.from({ length: WIDE - 1 }, (_, i) => [`region-${i}`, 1]).concat([EXCLUDE.exclude.concat(1)]));
  const held = new Map();
  for (let i = 0; i < HELD; i++) held.set(`held-${i}`, loads.acquire(`held-${i}`));
  return [
    { name: `${engine}: route()`, engine, run: eachKey((id) => router.route(id)) },
    { name: `${engine}: acquire + release`, engine, loads, run: eachKey((id) => { const region = loads.acquire(id); loads.release(id); return region; }) },
    { name: `${engine}: floor: the id located, hashed and probed among ${count(HELD)} held`, run: eachKey(holdingFloor(router)) },
    { name: `${engine}: route() and a Map of ${count(HELD)} sessions: get, set, get, delete`, run: eachKey((id) => holdAndLetGo(held, router, id)) },
    { name: `${engine}: routeMany, 1,024 ids a call`, run: (ids) => router.routeMany(ids) },
    { name: `${engine}: routeMany, ${EXCLUDE.exclude[0]} excluded`, run: (ids) => router.routeMany(ids, EXCLUDE) },
    { name: `${engine}: route(), ${EXCLUDE.exclude[0]} excluded`, run: eachKey((id) => router.route(id, EXCLUDE)) },
    { name: `${engine}: route() among ${count(WIDE)} regions`, run: eachKey((id) => wide.route(id)) },
    { name: `${engine}: route() among them, ${EXCLUDE.exclude[0]} excluded`, run: eachKey((id) => wide.route(id, EXCLUDE)) },
  ];
}

export default async function gateway() {
  const all = [...tasks("WebAssembly", node), ...tasks("pure", pure)];
  const pool = sessionIds(1 << 16);
  const results = await perIdRounds(all.map((task) => ({ ...task, next: cycling(pool, 1024) })), { rounds: 11, time: 150, group: ROWS, interleave: true, label: "sticky sessions" });
  for (const { loads } of all) if (loads && loads.held !== HELD) throw new Error("bench: acquire + release changed what is held");
  table(
    ["engine: call", "ns per id", "of route()"],
    results.map((r, i) => [r.name, fmt(r.ns), `${fmt(ratio(r, results[i - (i % ROWS)]), 2)}x`]),
    `Sticky sessions: BoundedLoads (load factor 1.25) on 9 regions holding ${count(HELD)} sessions, against route(); failover: routeMany and route() with ${EXCLUDE.exclude[0]} excluded (ns of CPU time per new id, median of 11 rounds, each engine's calls taking turns)`,
    `route() with a region excluded among ${count(WIDE)} regions, of route() among them: ${[0, ROWS].map((i) => `${all[i].engine} ${fmt(ratio(results[i + 8], results[i + 7]), 2)}x`).join(", ")}.`,
  );
  for (let i = 0; i < results.length; i += ROWS) {
    const [route, acquire, floor, , batch, excluded] = results.slice(i, i + ROWS);
    judge(TARGETS.boundedLoads, { where: `${all[i + 1].engine}, ${count(HELD)} held`, measured: ratio(acquire, route), floor: ratio(floor, route) });
    judge(TARGETS.exclude, { where: `${all[i + 1].engine}, 1,024 ids a call`, measured: ratio(excluded, batch) });
  }
  // An answer, or undefined where no count reaches the deviation (suggestVnodes' RangeError).
  const plan = (maxDeviation) => { try { return node.suggestVnodes(REGIONS, { maxDeviation }); } catch (error) { if (error instanceof RangeError) return undefined; throw error; } };
  const planners = await msRounds(DEVIATIONS.map((d) => ({ name: `maxDeviation ${d}`, setup: () => null, run: () => plan(d) })), { rounds: 3, label: "suggestVnodes" });
  const answers = DEVIATIONS.map((d, i) => ({ d, ...planners[i], answer: plan(d) }));
  const shown = (answer) => (answer ? `vnodesPerWeight ${answer.options.vnodesPerWeight}` : "none up to 10,000 (a RangeError)");
  table(["maxDeviation", "answer", "its deviation", "ms", "CPU ms"], answers.map(({ d, answer, ms, cpu }) => [String(d), shown(answer), answer ? fmt(answer.deviation, 5) : "", fmt(ms), fmt(cpu)]), "The vnode planner: suggestVnodes on the 9 regions (median of 3 runs)");
  for (const { d, answer, ms } of answers) judge(TARGETS.suggest, { where: `9 regions, maxDeviation ${d}: ${shown(answer)}`, measured: ms });
}
