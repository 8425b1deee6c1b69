// Every dialect's route and routeMany against the default's on as many positions, both engines,
// within 5% (libketama's build: build-speed).
import { count, fmt, gatewayBatches, lookups, ringOf, routerOf, table } from "../lib.mjs";
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
/** The calls timed, in the order lookups() gives them. */
const CALLS = ["WebAssembly route", "WebAssembly routeMany", "pure route", "pure routeMany"];

export default async function dialects({ WasmRouter, PureRouter }) {
  /** The four calls (CALLS) on a router of each engine with `options`. */
  const calls = (options) => [["WebAssembly", WasmRouter], ["pure", PureRouter]].flatMap(([engine, Router]) => lookups(engine, routerOf(Router, REGIONS, options)));
  // Each dialect beside a default-dialect ring of as many positions: the tasks in pairs, the
  // dialect's then the default's, call by call.
  const pairs = DIALECTS.map((options) => {
    const positions = ringOf(routerOf(WasmRouter, REGIONS, options)).size;
    const theirs = calls({ vnodesPerWeight: positions / REGIONS.length });
    return { name: options.compatibleWith, positions, tasks: calls(options).flatMap((task, i) => [task, theirs[i]]) };
  });
  const results = await timeRounds(pairs.flatMap((pair) => pair.tasks), gatewayBatches(), { time: 150, label: "dialects vs default" });
  const rows = pairs.map(({ name, positions }, p) => {
    const [mine, theirs] = [(i) => results[2 * (p * CALLS.length + i)], (i) => results[2 * (p * CALLS.length + i) + 1]];
    CALLS.forEach((call, i) => judge(TARGETS.dialect, { where: `${name}, ${call}`, measured: ratio(mine(i), theirs(i)) }));
    return [name, count(positions), ...CALLS.map((_, i) => `${fmt(mine(i).ns)} / ${fmt(theirs(i).ns)} (${fmt(ratio(mine(i), theirs(i)), 3)}x)`)];
  });
  table(
    ["dialect", "positions", "WebAssembly route ns: dialect / default (ratio)", "WebAssembly routeMany ns per id (1,024 ids)", "pure route ns", "pure routeMany ns per id"],
    rows,
    "Dialects: each against the default dialect on a ring of as many positions (16 regions; median of 5 alternating rounds)",
  );
}
