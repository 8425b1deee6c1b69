// route() and routeMany (1,024 ids a call) on rings of 1 to 10,000,000 virtual nodes, both engines;
// on 9 and 16,000 nodes route() against a hand-written port and npm hashring. One build per ring,
// as a user's; lookups in alternating rounds. Redraws docs/bench.svg from them.
import { fileURLToPath } from "node:url";
import HashRing from "hashring";
import { ModelRouter as CryptoPortRouter } from "../../test/support/model.mjs";
import { barChart, writeChart } from "../../scripts/svg.mjs";
import { count, eachKey, fmt, gatewayBatches, lookups, machine, progress, ringOf, routerOf, SMALL_RING, table } from "../lib.mjs";
import { ratio, timeRounds } from "../rounds.mjs";

const SIZES = [1, 9, 1000, 16_000, 100_000, 1_000_000, 10_000_000];
/** The rings route() is compared with other implementations on. */
const COMPARED = [9, 16_000];

/** n virtual nodes: the 9-node ring of most tables; else up to 100 regions of weight 1, past that 100 of weight n / 100. */
const regionsOf = (n) => (n === 9 ? SMALL_RING : Array.from({ length: Math.min(n, 100) }, (_, i) => [`region-${i}`, Math.max(1, n / 100)]));

/** route() of a hand-written port and of npm hashring on a ring of `regions`, with as many points. */
function otherRoutes(regions) {
  const points = regions[0][1];
  // hashring puts `vnode count` x `replicas` points per server; match the ring's points exactly.
  const vnodes = points % 4 === 0 ? { "vnode count": points / 4, replicas: 4 } : { "vnode count": points, replicas: 1 };
  const hashring = new HashRing(Object.fromEntries(regions.map(([name]) => [name, 1])), "md5", vnodes);
  const port = routerOf(CryptoPortRouter, regions);
  return [
    { name: "hand-written port (node:crypto + BigInt)", run: eachKey((k) => port.route(k)) },
    { name: "npm hashring 3.2.0", run: eachKey((k) => hashring.get(k)) },
  ];
}

export default async function route({ WasmRouter, PureRouter }) {
  const rings = [];
  for (const [engine, Router] of [["WebAssembly", WasmRouter], ["pure", PureRouter]]) {
    for (const n of SIZES) {
      progress.step(`${engine}: building ${count(n)} nodes`);
      const router = new Router();
      const t0 = performance.now();
      router.addRegions(regionsOf(n));
      const ms = performance.now() - t0;
      rings.push({ engine, n, router, ms, memory: ringOf(router).footprint() });
    }
  }
  const others = COMPARED.map((n) => otherRoutes(regionsOf(n)));
  const lookupTasks = rings.flatMap(({ engine, n, router }) => lookups(`${engine} ${n}`, router));
  const timed = await timeRounds([...lookupTasks, ...others.flat()], gatewayBatches(), { label: "route and routeMany on every ring" });
  rings.forEach((ring, i) => Object.assign(ring, { route: timed[2 * i], many: timed[2 * i + 1] }));
  others.flat().forEach((task, i) => Object.assign(task, { result: timed[lookupTasks.length + i] }));
  const at = (engine, n) => rings.find((ring) => ring.engine === engine && ring.n === n);
  const times = (r, base) => `${fmt(ratio(r, base), 2)}x`;
  const perNode = (bytes) => fmt(bytes / 1e6, 2);
  const { memory: million } = at("WebAssembly", 1_000_000);
  table(
    ["engine", "virtual nodes", "build (ms, one addRegions)", "memory (MiB)", "bytes per node", "route() ns", "vs 9 nodes", "routeMany ns per id (1,024)", "vs 9 nodes"],
    rings.map(({ engine, n, ms, memory: { total }, route, many }) => {
      const small = at(engine, 9);
      return [engine, count(n), fmt(ms, 2), fmt(total / 2 ** 20, 1), n >= 1000 ? fmt(total / n, 1) : "", fmt(route.ns), times(route, small.route), fmt(many.ns), times(many, small.many)];
    }),
    "route() and routeMany by ring size, both engines (ns per id, median of 5 alternating rounds; ids from 12 to 36 bytes)",
    "Regions: the 9-node ring is sf, london and bangalore of weight 3; else n of weight 1 up to 100 nodes, then 100 of weight n / 100.",
    "Memory (Ring.footprint): the WebAssembly engine's whole linear memory; the pure engine's typed arrays (positions and owners, with the room to spare its updates keep).",
    `Of the 1,000,000-node WebAssembly ring's ${perNode(million.total)} bytes a node: ${perNode(million.positions)} of nodes (a 4-byte key: owner and 16 bits of position; a 16-byte tail: the position) and the room kept beside them for updates made in place, ${perNode(million.index)} of index (bucket starts).`,
  );
  // route() of each implementation on each compared ring.
  const implementations = [
    ["WebAssembly route", COMPARED.map((n) => at("WebAssembly", n).route)],
    ["pure-TypeScript route", COMPARED.map((n) => at("pure", n).route)],
    ...others[0].map(({ name }, k) => [name, others.map((tasks) => tasks[k].result)]),
  ];
  table(
    ["implementation", ...COMPARED.flatMap((n) => [`${count(n)} nodes, ns per id`, "vs WebAssembly route"])],
    implementations.map(([name, results]) => [name, ...results.flatMap((r, c) => [fmt(r.ns), times(r, implementations[0][1][c])])]),
    "route(), one key per call, against other implementations on as many points",
  );
  const bar = (label, { ns }, ours = true) => ({ label, value: ns, ours });
  const chart = barChart({
    title: "region-router: nanoseconds per session id (shorter is faster)",
    footnote: `${machine()}; median of 5 alternating rounds (npm run bench)`,
    format: (value) => `${value >= 100 ? Math.round(value).toLocaleString("en") : value.toFixed(1)} ns`,
    groups: [
      { title: "route(), one id per call, 9-node ring", bars: implementations.map(([name, [small]], i) => bar(name, small, i < 2)) },
      { title: "batches of 1,024 ids, 9-node ring", bars: [bar("WebAssembly routeMany (SIMD)", at("WebAssembly", 9).many), bar("pure-TypeScript routeMany", at("pure", 9).many)] },
      { title: "ring size: WebAssembly route()", bars: [9, 1_000_000].map((n) => bar(`${count(n)} nodes`, at("WebAssembly", n).route)) },
    ],
  });
  writeChart(fileURLToPath(new URL("../../docs/bench.svg", import.meta.url)), chart);
}
