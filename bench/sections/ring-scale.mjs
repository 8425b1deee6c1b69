// `node bench/run.mjs ring-scale`: rings from 1 to 10,000,000 virtual nodes on both engines: the
// build (one addRegions of the whole ring), what the ring holds in memory, route() per id and
// routeMany per id (1,024 ids per call), each against the same engine on the 9-node ring.
// Lookups are timed in alternating rounds (every ring in every round); builds once per ring, as a
// user builds a ring once.
import { eachKey, fmt, progress, ratio, ringMemory, ringOf, table, timeRounds } from "../lib.mjs";

const SIZES = [1, 9, 1000, 100_000, 1_000_000, 10_000_000];
const count = (n) => n.toLocaleString("en");

/** n virtual nodes: up to 100 regions of weight 1, past that 100 regions of weight n / 100. */
const regionsOf = (n) => (n <= 100 ? Array.from({ length: n }, (_, i) => [`region-${i}`, 1]) : Array.from({ length: 100 }, (_, i) => [`region-${i}`, n / 100]));

/** A ring of n nodes on `Router`, with its build time (ms) and the memory its ring holds (bytes). */
function built(Router, n, wasm) {
  const router = new Router();
  const t0 = performance.now();
  router.addRegions(regionsOf(n));
  const ms = performance.now() - t0;
  // The WebAssembly ring is its linear memory; the pure ring, its typed arrays of positions and
  // owners (with the room to spare its updates keep).
  const ring = ringOf(router);
  const bytes = wasm ? ringMemory(router).wasm.memory.buffer.byteLength : ring.positions.byteLength + ring.owners.byteLength;
  return { router, ms, bytes };
}

export function ringScale({ WasmRouter, PureRouter, batches }) {
  const engines = [["WebAssembly", WasmRouter, true], ["pure", PureRouter, false]];
  const rings = [];
  for (const [engine, Router, wasm] of engines) {
    for (const n of SIZES) {
      progress.step(`${engine}: building ${count(n)} nodes`);
      rings.push({ engine, n, ...built(Router, n, wasm) });
    }
  }
  const tasks = rings.flatMap(({ engine, n, router }) => [
    [`${engine} route ${n}`, eachKey((key) => router.route(key))],
    [`${engine} routeMany ${n}`, (batch) => router.routeMany(batch)],
  ]);
  const timed = timeRounds(tasks, batches, { rounds: 3, time: 150, label: "route and routeMany on every ring" });
  const rows = rings.map(({ engine, n, ms, bytes }, i) => {
    const [route, many] = [timed[2 * i], timed[2 * i + 1]];
    const nine = rings.findIndex((r) => r.engine === engine && r.n === 9);
    const [route9, many9] = [timed[2 * nine], timed[2 * nine + 1]];
    return [
      engine,
      count(n),
      fmt(ms, 2),
      fmt(bytes / 2 ** 20, 1),
      n >= 1000 ? fmt(bytes / n, 1) : "",
      fmt(route.ns),
      `${fmt(ratio(route, route9), 2)}x`,
      fmt(many.ns),
      `${fmt(ratio(many, many9), 2)}x`,
    ];
  });
  console.log("## Ring size from 1 to 10,000,000 virtual nodes, both engines (lookups: median of 3 alternating rounds)\n");
  console.log("Regions: n of weight 1 up to 100 nodes, then 100 of weight n / 100. Memory: the WebAssembly engine's whole linear memory; the pure engine's typed arrays (positions and owners, with the room to spare its updates keep).\n");
  table(
    ["engine", "virtual nodes", "build (ms, one addRegions)", "memory (MiB)", "bytes per node", "route() ns", "vs 9 nodes", "routeMany ns per id (1,024)", "vs 9 nodes"],
    rows,
  );
}
