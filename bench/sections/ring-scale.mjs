// Rings from 1 to 10,000,000 virtual nodes on both engines: the build (one addRegions of the whole
// ring), what the ring holds in memory, route() per id and routeMany per id (1,024 ids a call),
// each against the same engine on the 9-node ring. Lookups in alternating rounds (every ring in
// every round); builds once per ring, as a user builds one.
import { count, fmt, gatewayBatches, lookups, progress, ringOf, table, wasmMemoryOf } from "../lib.mjs";
import { ratio, timeRounds } from "../rounds.mjs";

const SIZES = [1, 9, 1000, 100_000, 1_000_000, 10_000_000];

/** n virtual nodes: up to 100 regions of weight 1, past that 100 regions of weight n / 100. */
const regionsOf = (n) => (n <= 100 ? Array.from({ length: n }, (_, i) => [`region-${i}`, 1]) : Array.from({ length: 100 }, (_, i) => [`region-${i}`, n / 100]));

/**
 * A ring of n nodes, its build time (ms) and the memory it holds (bytes): the WebAssembly engine's
 * whole linear memory; the pure engine's typed arrays of positions and owners, with the room to
 * spare its updates keep.
 */
function built(Router, n, wasm) {
  const router = new Router();
  const t0 = performance.now();
  router.addRegions(regionsOf(n));
  const ms = performance.now() - t0;
  const ring = ringOf(router);
  return { router, ms, bytes: wasm ? wasmMemoryOf(router).total : ring.positions.byteLength + ring.owners.byteLength };
}

export default async function ringScale({ WasmRouter, PureRouter }) {
  const rings = [];
  for (const [engine, Router, wasm] of [["WebAssembly", WasmRouter, true], ["pure", PureRouter, false]]) {
    for (const n of SIZES) {
      progress.step(`${engine}: building ${count(n)} nodes`);
      rings.push({ engine, n, ...built(Router, n, wasm) });
    }
  }
  const tasks = rings.flatMap(({ engine, n, router }) => lookups(`${engine} ${n}`, router));
  const timed = await timeRounds(tasks, gatewayBatches(), { time: 150, label: "route and routeMany on every ring" });
  const timesOf = (engine, n) => timed.slice(2 * rings.findIndex((r) => r.engine === engine && r.n === n));
  const rows = rings.map(({ engine, n, ms, bytes }) => {
    const [[route, many], [route9, many9]] = [timesOf(engine, n), timesOf(engine, 9)];
    return [engine, count(n), fmt(ms, 2), fmt(bytes / 2 ** 20, 1), n >= 1000 ? fmt(bytes / n, 1) : "", fmt(route.ns), `${fmt(ratio(route, route9), 2)}x`, fmt(many.ns), `${fmt(ratio(many, many9), 2)}x`];
  });
  table(
    ["engine", "virtual nodes", "build (ms, one addRegions)", "memory (MiB)", "bytes per node", "route() ns", "vs 9 nodes", "routeMany ns per id (1,024)", "vs 9 nodes"],
    rows,
    "Ring size from 1 to 10,000,000 virtual nodes, both engines (lookups: median of 5 alternating rounds)",
    "Regions: n of weight 1 up to 100 nodes, then 100 of weight n / 100.",
    "Memory: the WebAssembly engine's whole linear memory; the pure engine's typed arrays (positions and owners, with the room to spare its updates keep).",
  );
  const [[small], [big]] = [timesOf("WebAssembly", 9), timesOf("WebAssembly", 1_000_000)];
  return [{ title: "ring size: WebAssembly route()", bars: [{ label: "9 nodes", value: small.ns, ours: true }, { label: "1,000,000 nodes", value: big.ns, ours: true }] }];
}
