// Every dialect against the default on a ring of as many positions: route and routeMany, both
// engines, each within 5% of the default's. (A 1,000,000-position libketama build against the
// default's: build-speed.)
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
  // Each dialect beside a default-dialect ring of as many positions: the tasks in pairs, the
  // dialect's then the default's, call by call.
  const pairs = DIALECTS.map((options) => {
    const positions = ringOf(routerOf(WasmRouter, REGIONS, options)).size;
    const twin = { vnodesPerWeight: positions / REGIONS.length };
    const mine = calls(options.compatibleWith, routerOf(WasmRouter, REGIONS, options), routerOf(PureRouter, REGIONS, options));
    const theirs = calls("default", routerOf(WasmRouter, REGIONS, twin), routerOf(PureRouter, REGIONS, twin));
    return { name: options.compatibleWith, positions, tasks: mine.flatMap((task, i) => [task, theirs[i]]) };
  });
  const results = await timeRounds(pairs.flatMap((pair) => pair.tasks), gatewayBatches(), { time: 150, label: "dialects vs default" });
  console.log("## Dialects: each against the default dialect on a ring of as many positions (16 regions; median of 5 alternating rounds)\n");
  const rows = pairs.map(({ name, positions }, p) => {
    const at = p * 2 * CALLS.length;
    const cell = (i) => `${fmt(results[at + 2 * i].ns)} / ${fmt(results[at + 2 * i + 1].ns)} (${fmt(ratio(results[at + 2 * i], results[at + 2 * i + 1]), 3)}x)`;
    CALLS.forEach((call, i) => judge(TARGETS.dialect, { where: `${name}, ${call}`, measured: ratio(results[at + 2 * i], results[at + 2 * i + 1]) }));
    return [name, count(positions), ...CALLS.map((_, i) => cell(i))];
  });
  table(["dialect", "positions", "WebAssembly route ns: dialect / default (ratio)", "WebAssembly routeMany ns per id (1,024 ids)", "pure route ns", "pure routeMany ns per id"], rows);
}
