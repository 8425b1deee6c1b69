// Every dialect against the default on a ring of as many positions (route and routeMany, both
// engines: each within 5% of the default's), and the "hashring" dialect against npm hashring itself
// on one ring. (A 1,000,000-position libketama build against the default's: build-speed.)
import HashRing from "hashring";
import { count, eachKey, fmt, gatewayBatches, ringOf, routerOf, table } from "../lib.mjs";
import { ratio, timeRounds } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

/** 16 equal regions; each dialect's options chosen so that every one holds 160 positions. */
const REGIONS = Array.from({ length: 16 }, (_, i) => [`cache-${i}.example:11211`, 1]);
const DIALECTS = [
  { compatibleWith: "consistent-hash-ring", replicas: 160 },
  { compatibleWith: "uhashring", vnodes: 160 },
  { compatibleWith: "uhashring-ketama" },
  { compatibleWith: "hashring" },
  { compatibleWith: "libketama" },
  // Three points per name: 120 positions per region, against a default ring of 120 per region.
  { compatibleWith: "hash_ring" },
];
const CALLS = ["WebAssembly route", "WebAssembly routeMany", "pure route", "pure routeMany"];

/** The four calls (CALLS) on a router of each engine: tasks named `${label}: ${call}`. */
function calls(label, wasm, pure) {
  return [[wasm, "WebAssembly"], [pure, "pure"]].flatMap(([router, engine]) => [
    { name: `${label}: ${engine} route`, run: eachKey((k) => router.route(k)) },
    { name: `${label}: ${engine} routeMany`, run: (ids) => router.routeMany(ids) },
  ]);
}

export default async function dialects({ WasmRouter, PureRouter }) {
  const batches = gatewayBatches();
  // 1. Each dialect beside a default-dialect ring of as many positions, both engines: the tasks in
  // pairs, the dialect's then the default's, call by call.
  const pairs = DIALECTS.map((options) => {
    const positions = ringOf(routerOf(WasmRouter, REGIONS, options)).size;
    const twin = { vnodesPerWeight: positions / REGIONS.length };
    const mine = calls(options.compatibleWith, routerOf(WasmRouter, REGIONS, options), routerOf(PureRouter, REGIONS, options));
    const theirs = calls("default", routerOf(WasmRouter, REGIONS, twin), routerOf(PureRouter, REGIONS, twin));
    return { name: options.compatibleWith, positions, tasks: mine.flatMap((task, i) => [task, theirs[i]]) };
  });
  const results = await timeRounds(pairs.flatMap((pair) => pair.tasks), batches, { time: 150, label: "dialects vs default" });
  console.log("## Dialects: each against the default dialect on a ring of as many positions (16 regions; median of 5 alternating rounds)\n");
  const rows = pairs.map(({ name, positions }, p) => {
    const at = p * 2 * CALLS.length;
    const cell = (i) => `${fmt(results[at + 2 * i].ns)} / ${fmt(results[at + 2 * i + 1].ns)} (${fmt(ratio(results[at + 2 * i], results[at + 2 * i + 1]), 3)}x)`;
    CALLS.forEach((call, i) => judge(TARGETS.dialect, { where: `${name}, ${call}`, measured: ratio(results[at + 2 * i], results[at + 2 * i + 1]) }));
    return [name, count(positions), ...CALLS.map((_, i) => cell(i))];
  });
  table(["dialect", "positions", "WebAssembly route ns: dialect / default (ratio)", "WebAssembly routeMany ns per id (1,024 ids)", "pure route ns", "pure routeMany ns per id"], rows);

  // 2. The hashring dialect against npm hashring's get() on the same ring. Keys never repeat within
  // hashring's LRU (5,000 entries; 65,536 distinct keys cycled), so every get() misses.
  const options = { compatibleWith: "hashring", vnodeCount: 40, replicas: 4 };
  const theirs = new HashRing(Object.fromEntries(REGIONS), "md5", { "vnode count": 40, replicas: 4 });
  const ours = routerOf(WasmRouter, REGIONS, options);
  const pure = routerOf(PureRouter, REGIONS, options);
  const probe = batches.flat().slice(0, 20_000);
  const disagree = probe.filter((k) => ours.route(k) !== theirs.get(k)).length;
  const peer = await timeRounds(
    [
      { name: "npm hashring 3.2.0 get()", run: eachKey((k) => theirs.get(k)) },
      { name: "region-router hashring dialect, WebAssembly route()", run: eachKey((k) => ours.route(k)) },
      { name: "region-router hashring dialect, WebAssembly routeMany (1,024 ids)", run: (ids) => ours.routeMany(ids) },
      { name: "region-router hashring dialect, pure route()", run: eachKey((k) => pure.route(k)) },
    ],
    batches,
    { rounds: 5, time: 200, label: "hashring dialect vs npm hashring" },
  );
  console.log("## The hashring dialect against npm hashring (16 servers, vnode count 40, replicas 4: 2,560 points; median of 5 alternating rounds)\n");
  console.log(`Same answers: ${disagree} of ${count(probe.length)} keys differ.\n`);
  table(["implementation", "ns per key", "npm hashring is"], peer.map((r) => [r.name, fmt(r.ns), `${fmt(ratio(peer[0], r), 2)}x slower`]));
}
