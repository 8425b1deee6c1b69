// route(), one key per call, on a 9-node and a 16,000-node ring: both engines against a
// hand-written port (node:crypto + BigInt), npm hashring, and the floor of any route(): the
// WebAssembly work for one key already in memory.
import HashRing from "hashring";
import { ModelRouter as CryptoPortRouter } from "../../test/support/model.mjs";
import { oneKeyFloor } from "../floors.mjs";
import { eachKey, fmt, gatewayBatches, routerOf, SMALL_RING, table } from "../lib.mjs";
import { ratio, timeRounds } from "../rounds.mjs";

const RINGS = [
  { label: "small ring: sf, london, bangalore x 3 (9 points)", regions: SMALL_RING },
  { label: "large ring: 100 regions x 160 (16,000 points)", regions: Array.from({ length: 100 }, (_, i) => [`region-${i}`, 160]) },
];

function tasks(regions, { WasmRouter, PureRouter }, key) {
  const points = regions[0][1];
  // hashring puts `vnode count` x `replicas` points per server; match the ring's points exactly.
  const hashring = new HashRing(
    Object.fromEntries(regions.map(([name]) => [name, 1])),
    "md5",
    points % 4 === 0 ? { "vnode count": points / 4, replicas: 4 } : { "vnode count": points, replicas: 1 },
  );
  const routes = (Router) => eachKey(((router) => (k) => router.route(k))(routerOf(Router, regions)));
  return [
    { name: "floor: the WebAssembly work for one 36-byte key already in memory, nothing else", run: eachKey(oneKeyFloor(routerOf(WasmRouter, regions), key)) },
    { name: "WebAssembly engine", run: routes(WasmRouter) },
    { name: "pure engine", run: routes(PureRouter) },
    { name: "hand-written port (node:crypto + BigInt)", run: routes(CryptoPortRouter) },
    { name: "npm hashring 3.2.0", run: eachKey((k) => hashring.get(k)) },
  ];
}

export default async function route(engines) {
  const batches = gatewayBatches();
  const key = batches[0][1].padEnd(36, "0").slice(0, 36);
  let chart = null;
  for (const { label, regions } of RINGS) {
    const results = await timeRounds(tasks(regions, engines, key), batches, { label: label.slice(0, label.indexOf(":")) });
    const wasm = results[1];
    console.log(`## route(), one key per call: ${label} (median of 5 alternating rounds)\n`);
    table(["implementation", "ns/route", "vs WebAssembly"], results.map((r) => [r.name, fmt(r.ns), `${fmt(ratio(r, wasm), 2)}x`]));
    chart ??= { wasm: results[1].ns, pure: results[2].ns, port: results[3].ns, hashring: results[4].ns };
  }
  return chart;
}
