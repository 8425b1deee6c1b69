// Ring builds and updates against node:crypto hashing the same names, on the three engines: a
// 1,000,000-node build beside its floors, a weight-1,000 region added and removed, 100 regions
// added one by one, and a 1,000,000-position libketama build. Each task once a round, collected.
import crypto from "node:crypto";
import { browserBundle } from "../../scripts/sizes.mjs";
import { arrowLayout } from "../../dist/cli/bench-kit.js";
import { CORE_ONLY, fmt, importCode, ringOf, routerOf, table } from "../lib.mjs";
import { median, msRounds, ratio } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const ROUNDS = 9;
/** The default dialect's 1,000,000 virtual nodes: 1,000 regions of weight 1,000. */
const REGIONS = Array.from({ length: 1000 }, (_, i) => [`region-${i}`, 1000]);
const FLEET = Array.from({ length: 100 }, (_, i) => [`region-${i}`, 160]);
/** libketama's 1,000,000 positions: 6,250 regions of weight 1 get 40 names of 4 points each. */
const KETAMA = Array.from({ length: 6250 }, (_, i) => [`region-${i}`, 1]);

/** A floor: a build writes its fresh WebAssembly memory (20.7 bytes a node), a page fault a page. */
function touchFreshMemory() {
  const bytes = new Uint8Array(new WebAssembly.Memory({ initial: Math.ceil(20.7e6 / 65536) }).buffer);
  for (let at = 0; at < bytes.length; at += 4096) bytes[at] = 1;
}

/** MD5 as node:crypto gives it most cheaply: crypto.hash (Node 20.12+), else createHash. */
const md5 = crypto.hash ? (name) => crypto.hash("md5", name) : (name) => crypto.createHash("md5").update(name).digest("hex");

/** The names of REGIONS' virtual nodes, flat strings (JSON.parse makes them so; crypto.hash would flatten ropes first). */
const names = () => JSON.parse(JSON.stringify(REGIONS.flatMap(([region, weight]) => Array.from({ length: weight }, (_, i) => `${region}#${i}`))));

export default async function buildSpeed({ WasmRouter, PureRouter }) {
  const engines = [
    { engine: "WebAssembly, SIMD build module (region-router in Node)", Router: WasmRouter },
    { engine: "WebAssembly, core only (as without SIMD)", Router: (await importCode((await browserBundle(CORE_ONLY)).code)).RegionRouter },
    { engine: "pure TypeScript (region-router/pure)", Router: PureRouter },
  ];
  // A 1,000,000-node router per engine: tokyo added before each remove, removed before each add (its ghosts then gone for good: an update of no nodes).
  const big = engines.map(({ Router }) => routerOf(Router, REGIONS));
  // A floor: the WebAssembly engine hashing the names already encoded, on a ring of one node (MD5
  // and a search with nothing to search).
  const one = ringOf(routerOf(WasmRouter, [["one", 1]], { vnodesPerWeight: 1 }));
  const { data, offsets } = arrowLayout(names());
  const owners = new Int32Array(1e6);
  const perEngine = (what, setup, run) => engines.map(({ engine, Router }, i) => ({ name: `${what}: ${engine}`, setup: () => setup(Router, big[i]), run }));
  const results = await msRounds(
    [
      // Made afresh each round (untimed): kept alive, a million strings make every collection mark them.
      { name: "node:crypto: crypto.hash(\"md5\", name) of the 1,000,000 names", setup: names, run: (all) => { for (const name of all) md5(name); } },
      { name: "floor: the first write of fresh memory the ring's size (20.7 MB, one byte a page)", setup: () => null, run: touchFreshMemory },
      { name: "floor: the WebAssembly engine hashing the 1,000,000 names already encoded", setup: () => null, run: () => one.routeBytes(data, offsets, 1e6, 1, owners) },
      // Each WebAssembly engine's libketama build right after its default build: the two meet the machine in the same state.
      ...engines.flatMap(({ engine, Router }, i) => [
        { name: `build 1,000 regions x weight 1,000: ${engine}`, setup: () => new Router(), run: (r) => r.addRegions(REGIONS) },
        ...(i < 2 ? [{ name: `libketama build, 6,250 regions x 40 names x 4 points: ${engine}`, setup: () => new Router({ compatibleWith: "libketama" }), run: (r) => r.addRegions(KETAMA) }] : []),
      ]),
      ...perEngine("add a weight-1,000 region", (_, r) => (r.removeRegion("tokyo"), r.addRegion("none", 0), r), (r) => r.addRegion("tokyo", 1000)),
      ...perEngine("remove it again", (_, r) => (r.addRegion("tokyo", 1000), r), (r) => r.removeRegion("tokyo")),
      ...perEngine("100 regions x 160, one addRegion each", (Router) => new Router(), (r) => FLEET.forEach(([region, weight]) => r.addRegion(region, weight))),
    ],
    { rounds: ROUNDS, label: "1,000,000-node builds and updates" },
  );
  const [hashing, touch, hashFloor, simdBuild, simdKetama, scalarBuild, scalarKetama, pureBuild, ...updates] = results;
  const [adds, removes, fleets] = [0, 3, 6].map((k) => updates.slice(k, k + 3));
  const spread = (r) => `${fmt(Math.min(...r.rounds.ms))}-${fmt(Math.max(...r.rounds.ms))}`;
  const row = (r, show, digits = 1) => [r.name, fmt(r.ms, digits), spread(r), show(ratio(r, hashing, "ms")), `${fmt(r.cpu, digits)}, ${show(ratio(r, hashing, "cpu"))}`];
  const times = (note = "") => (x) => `${fmt(x, 3)}x${note}`;
  const percent = (note = "") => (x) => `${fmt(x * 100, 2)}%${note}`;
  table(
    ["what", "ms (median)", "ms (fastest-slowest round)", "of node:crypto's hashing (target)", "the same on CPU time (ms, ratio)"],
    [
      ...[touch, hashFloor, simdBuild, scalarBuild, pureBuild, simdKetama, scalarKetama].map((r) => row(r, times(r === simdBuild ? " (<= 0.25x)" : ""))),
      row(adds[0], percent(" (<= 2%)"), 2),
      ...[...adds.slice(1), ...removes, ...fleets].map((r) => row(r, percent(), 2)),
    ],
    `Build speed: 1,000,000 virtual nodes (median of ${ROUNDS} alternating rounds, ms)`,
    `node:crypto hashing the 1,000,000 names alone (${crypto.hash ? "crypto.hash" : "createHash"}): ${fmt(hashing.ms)} ms (rounds ${spread(hashing)}; CPU ${fmt(hashing.cpu)} ms)`,
  );
  // Per round: the two floors summed, and the build less the first (its own work).
  const perRound = (f) => median(simdBuild.rounds.ms.map((_, i) => f(i) / hashing.rounds.ms[i]));
  const floors = perRound((i) => touch.rounds.ms[i] + hashFloor.rounds.ms[i]);
  const verdict = judge(TARGETS.build, { where: "1,000 regions x weight 1,000, region-router in Node", measured: ratio(simdBuild, hashing, "ms"), floor: floors });
  console.log(
    `The SIMD build's floors summed (the ring's memory written once, the names hashed): ${fmt(floors, 3)}x node:crypto's hashing (the build's target <= 0.25x: ${verdict}); ` +
      `the build less the first floor (hashing, sorting, the index) ${fmt(perRound((i) => simdBuild.rounds.ms[i] - touch.rounds.ms[i]), 3)}x (medians of per-round ratios).\n`,
  );
  judge(TARGETS.add, { where: "into 1,000,000 nodes, region-router in Node", measured: ratio(adds[0], hashing, "ms") });
  judge(TARGETS.pureAdd, { where: "a weight-1,000 region into 1,000,000 nodes", measured: ratio(adds[2], adds[0], "ms") });
  // libketama's 1,000,000 positions against the default's 1,000,000 names, per engine.
  [[simdKetama, simdBuild], [scalarKetama, scalarBuild]].forEach(([k, d], i) => judge(TARGETS.ketamaBuild, { where: engines[i].engine, measured: ratio(k, d, "ms") }));
}
