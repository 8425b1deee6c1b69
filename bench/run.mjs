// `npm run bench`: the figures behind bench/RESULTS.md, measured side by side in one run.
// Engines come from the built package (dist/), as users get them.
import { createHash } from "node:crypto";
import HashRing from "hashring";
import { RegionRouter as WasmRouter } from "../dist/index.js";
import { RegionRouter as PureRouter } from "../dist/pure.js";
import { CryptoPortRouter } from "./crypto-port.mjs";
import { fmt, machine, medianMs, sessionIds, table, timePerKey } from "./lib.mjs";

console.log(`# region-router benchmark\n\n${machine()}\n`);

const keys = sessionIds(1 << 16);

function rings(regions) {
  const make = (Router) => {
    const r = new Router();
    for (const [name, w] of regions) r.addRegion(name, w);
    return r;
  };
  const points = regions[0][1];
  // hashring puts `vnode count` x `replicas` points per server; match the ring's points exactly.
  const hashring = new HashRing(
    Object.fromEntries(regions.map(([name]) => [name, 1])),
    "md5",
    points % 4 === 0 ? { "vnode count": points / 4, replicas: 4 } : { "vnode count": points, replicas: 1 },
  );
  return [
    ["WebAssembly engine", ((r) => (k) => r.route(k))(make(WasmRouter))],
    ["pure engine", ((r) => (k) => r.route(k))(make(PureRouter))],
    ["hand-written port (node:crypto + BigInt)", ((r) => (k) => r.route(k))(make(CryptoPortRouter))],
    ["npm hashring 3.2.0", (k) => hashring.get(k)],
  ];
}

const small = [["sf", 3], ["london", 3], ["bangalore", 3]];
const large = Array.from({ length: 100 }, (_, i) => [`region-${i}`, 160]);

for (const [label, regions] of [["small ring: sf, london, bangalore x 3 (9 points)", small], ["large ring: 100 regions x 160 (16,000 points)", large]]) {
  const results = timePerKey(rings(regions), keys);
  const wasm = results[0].ns;
  console.log(`## route(), one key per call: ${label}\n`);
  table(
    ["implementation", "ns/route", "vs WebAssembly"],
    results.map(({ name, ns }) => [name, fmt(ns), `${fmt(ns / wasm, 2)}x`]),
  );
}

// Ring builds: 1,000,000 virtual nodes in one region, and the 100 x 160 ring.
const buildRows = [];
for (const [name, Router] of [["WebAssembly engine", WasmRouter], ["pure engine", PureRouter]]) {
  const million = medianMs((r) => r.addRegion("big", 1_000_000), { runs: 3, setup: () => new Router() });
  const fleet = medianMs((r) => { for (const [n, w] of large) r.addRegion(n, w); }, { runs: 5, setup: () => new Router() });
  buildRows.push([name, fmt(million), fmt(fleet)]);
}
const cryptoNames = medianMs(() => {
  for (let i = 0; i < 1_000_000; i++) createHash("md5").update(`big#${i}`).digest();
}, { runs: 3 });
buildRows.push(["node:crypto, only hashing the 1,000,000 names", fmt(cryptoNames), ""]);
console.log("## Ring builds (ms, median)\n");
table(["implementation", "1,000,000 virtual nodes", "100 regions x 160, region by region"], buildRows);

// Memory: linear memory of a WebAssembly router holding 1,000,000 virtual nodes.
const r = new WasmRouter();
r.addRegion("big", 1_000_000);
const mem = r.ring.mem;
const ringBytes = mem.table - mem.ring;
const indexBytes = mem.scratch - mem.table;
console.log("## Memory per virtual node (1,000,000-node WebAssembly ring)\n");
table(
  ["what", "bytes", "bytes per virtual node"],
  [
    ["ring entries (128-bit position + owner)", ringBytes, fmt(ringBytes / 1e6, 2)],
    ["index (bucket starts)", indexBytes, fmt(indexBytes / 1e6, 2)],
    ["whole linear memory", mem.wasm.memory.buffer.byteLength, fmt(mem.wasm.memory.buffer.byteLength / 1e6, 2)],
  ],
);
