// `npm run bench dialects`: every dialect against the default on rings of the same number of
// positions (route and routeMany), and region-router's "hashring" dialect against npm hashring
// itself on one ring. (A 1,000,000-position ketama build against the default's: build-speed.)
import HashRing from "hashring";
import { eachKey, fmt, ratio, ringOf, table, timeRounds } from "../lib.mjs";
import { judge } from "../targets.mjs";

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

/**
 * @param {{ WasmRouter: any, PureRouter: any, batches: string[][], ROUNDS: string }} context
 */
export function dialectsSection({ WasmRouter, PureRouter, batches, ROUNDS }) {
  const build = (Router, options, regions = REGIONS) => {
    const router = new Router(options);
    router.addRegions(regions);
    return router;
  };
  const size = (router) => ringOf(router).size;

  // 1. Each dialect beside a default-dialect ring of as many positions, both engines.
  const tasks = [];
  const pairs = [];
  for (const options of DIALECTS) {
    const dialect = build(WasmRouter, options);
    const positions = size(dialect);
    const twin = build(WasmRouter, { vnodesPerWeight: positions / REGIONS.length });
    const pureDialect = build(PureRouter, options);
    const pureTwin = build(PureRouter, { vnodesPerWeight: positions / REGIONS.length });
    const at = tasks.length;
    tasks.push(
      [`${options.compatibleWith}: WebAssembly route`, eachKey((k) => dialect.route(k))],
      ["default: WebAssembly route", eachKey((k) => twin.route(k))],
      [`${options.compatibleWith}: WebAssembly routeMany`, (ids) => dialect.routeMany(ids)],
      ["default: WebAssembly routeMany", (ids) => twin.routeMany(ids)],
      [`${options.compatibleWith}: pure route`, eachKey((k) => pureDialect.route(k))],
      ["default: pure route", eachKey((k) => pureTwin.route(k))],
      [`${options.compatibleWith}: pure routeMany`, (ids) => pureDialect.routeMany(ids)],
      ["default: pure routeMany", (ids) => pureTwin.routeMany(ids)],
    );
    pairs.push({ name: options.compatibleWith, positions, at });
  }
  const results = timeRounds(tasks, batches, { rounds: Number(process.env.ROUNDS ?? 5), time: 150, label: "dialects vs default" });
  console.log(`## Dialects: each against the default dialect on a ring of as many positions (16 regions; ${ROUNDS})\n`);
  const rows = [];
  for (const { name, positions, at } of pairs) {
    const cell = (i) => `${fmt(results[at + i].ns)} / ${fmt(results[at + i + 1].ns)} (${fmt(ratio(results[at + i], results[at + i + 1]), 3)}x)`;
    rows.push([name, positions.toLocaleString("en"), cell(0), cell(2), cell(4), cell(6)]);
    // Issue 13: every dialect's route and routeMany within 5% of the default's on as many positions.
    ["WebAssembly route", "WebAssembly routeMany", "pure route", "pure routeMany"].forEach((what, i) =>
      judge({ target: "a dialect's time / the default's, on as many positions", where: `${name}, ${what}`, measured: ratio(results[at + 2 * i], results[at + 2 * i + 1]), limit: 1.05, atMost: true }),
    );
  }
  table(["dialect", "positions", "WebAssembly route ns: dialect / default (ratio)", "WebAssembly routeMany ns per id (1,024 ids)", "pure route ns", "pure routeMany ns per id"], rows);

  // 2. region-router's "hashring" dialect against npm hashring's get() on the same ring. Keys never
  // repeat within hashring's LRU (5,000 entries; 65,536 distinct keys cycled), so every get() misses.
  const servers = Object.fromEntries(REGIONS);
  const theirs = new HashRing(servers, "md5", { "vnode count": 40, replicas: 4 });
  const ours = build(WasmRouter, { compatibleWith: "hashring", vnodeCount: 40, replicas: 4 });
  const pure = build(PureRouter, { compatibleWith: "hashring", vnodeCount: 40, replicas: 4 });
  const probe = batches.flat().slice(0, 20_000);
  const disagree = probe.filter((k) => ours.route(k) !== theirs.get(k)).length;
  const peer = timeRounds(
    [
      ["npm hashring 3.2.0 get()", eachKey((k) => theirs.get(k))],
      ["region-router hashring dialect, WebAssembly route()", eachKey((k) => ours.route(k))],
      ["region-router hashring dialect, WebAssembly routeMany (1,024 ids)", (ids) => ours.routeMany(ids)],
      ["region-router hashring dialect, pure route()", eachKey((k) => pure.route(k))],
    ],
    batches,
    { rounds: 5, time: 200, label: "hashring dialect vs npm hashring" },
  );
  console.log(`## The hashring dialect against npm hashring (16 servers, vnode count 40, replicas 4: 2,560 points; ${ROUNDS})\n`);
  console.log(`Same answers: ${disagree} of ${probe.length.toLocaleString("en")} keys differ.\n`);
  table(
    ["implementation", "ns per key", "npm hashring is"],
    peer.map((r) => [r.name, fmt(r.ns), `${fmt(ratio(peer[0], r), 2)}x slower`]),
  );
  // Builds of a 1,000,000-position ketama ring against the default: the build-speed section,
  // which alternates the two builds (measured apart, the second is penalised by the first's heap).
}
