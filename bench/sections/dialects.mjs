// Every dialect's route and routeMany against the default's on as many positions, both engines,
// within 5% (libketama's build: build-speed).
import { count, fmt, lookups, ringOf, routerOf, sessionIds, table } from "../lib.mjs";
import { cycling, minorCollection, perIdRounds, ratio } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

/** 16 equal regions; each dialect's options chosen for 160 positions a region (hash_ring's three points a name: 120). */
const REGIONS = Array.from({ length: 16 }, (_, i) => [`cache-${i}.example:11211`, 1]);
const DIALECTS = [
  { compatibleWith: "consistent-hash-ring", replicas: 160 },
  { compatibleWith: "uhashring", vnodes: 160 },
  { compatibleWith: "uhashring-ketama" },
  { compatibleWith: "hashring" },
  { compatibleWith: "libketama" },
  { compatibleWith: "hash_ring" },
];
/** The calls timed, in the order lookups() gives them. */
const CALLS = ["WebAssembly route", "WebAssembly routeMany", "pure route", "pure routeMany"];

export default async function dialects({ WasmRouter, PureRouter }) {
  /** The four calls (CALLS) on a router of each engine with `options`. */
  const calls = (options) => [["WebAssembly", WasmRouter], ["pure", PureRouter]].flatMap(([engine, Router]) => lookups(engine, routerOf(Router, REGIONS, options)));
  // Each dialect beside a default-dialect ring of as many positions, in pairs taking turns unit by
  // unit in CPU time, a unit on an empty young generation (a 5% ratio is finer than wall time's
  // drift or a collection); the default half the pool on (ids the other just read are cached).
  const pairs = DIALECTS.map((options) => {
    const positions = ringOf(routerOf(WasmRouter, REGIONS, options)).size;
    const theirs = calls({ vnodesPerWeight: positions / REGIONS.length });
    return { name: options.compatibleWith, positions, tasks: calls(options).flatMap((task, i) => [task, theirs[i]]) };
  });
  const pool = sessionIds(1 << 16), pools = [pool, pool.slice(1 << 15).concat(pool.slice(0, 1 << 15))];
  const tasks = pairs.flatMap((pair) => pair.tasks).map((task, i) => ({ ...task, next: cycling(pools[i % 2], 1024) }));
  const results = await perIdRounds(tasks, { rounds: 7, time: 100, group: 2, interleave: true, beforeUnit: minorCollection, label: "dialects vs default" });
  const rows = pairs.map(({ name, positions }, p) => {
    const [mine, theirs] = [(i) => results[2 * (p * CALLS.length + i)], (i) => results[2 * (p * CALLS.length + i) + 1]];
    CALLS.forEach((call, i) => judge(TARGETS.dialect, { where: `${name}, ${call}`, measured: ratio(mine(i), theirs(i)) }));
    return [name, count(positions), ...CALLS.map((_, i) => `${fmt(mine(i).ns)} / ${fmt(theirs(i).ns)} (${fmt(ratio(mine(i), theirs(i)), 3)}x)`)];
  });
  const headers = ["dialect", "positions", "WebAssembly route ns: dialect / default (ratio)", "WebAssembly routeMany ns per id (1,024 ids)", "pure route ns", "pure routeMany ns per id"];
  table(headers, rows, "Dialects: each against the default dialect on a ring of as many positions (16 regions; ns of CPU time per id, median of 7 rounds, each pair taking turns)");
}
