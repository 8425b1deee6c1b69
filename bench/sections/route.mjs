// route(), one key per call, on a 9-node and a 16,000-node ring: both engines against a
// hand-written port (node:crypto + BigInt) and npm hashring; on the 9-node ring, routeMany too
// (1,024 ids a call).
import HashRing from "hashring";
import { ModelRouter as CryptoPortRouter } from "../../test/support/model.mjs";
import { eachKey, fmt, gatewayBatches, routerOf, SMALL_RING, table } from "../lib.mjs";
import { ratio, timeRounds } from "../rounds.mjs";

const LARGE_RING = Array.from({ length: 100 }, (_, i) => [`region-${i}`, 160]);

/** The tasks on a ring of `regions`, by what the chart calls them. */
function tasks(regions, { WasmRouter, PureRouter }) {
  const points = regions[0][1];
  // hashring puts `vnode count` x `replicas` points per server; match the ring's points exactly.
  const vnodes = points % 4 === 0 ? { "vnode count": points / 4, replicas: 4 } : { "vnode count": points, replicas: 1 };
  const hashring = new HashRing(Object.fromEntries(regions.map(([name]) => [name, 1])), "md5", vnodes);
  const [wasm, pure, port] = [WasmRouter, PureRouter, CryptoPortRouter].map((Router) => routerOf(Router, regions));
  return {
    wasm: { name: "WebAssembly route", run: eachKey((k) => wasm.route(k)) },
    pure: { name: "pure-TypeScript route", run: eachKey((k) => pure.route(k)) },
    port: { name: "hand-written port (node:crypto + BigInt)", run: eachKey((k) => port.route(k)) },
    hashring: { name: "npm hashring 3.2.0", run: eachKey((k) => hashring.get(k)) },
    ...(regions === SMALL_RING && {
      wasmMany: { name: "WebAssembly routeMany (SIMD), 1,024 ids a call", run: (ids) => wasm.routeMany(ids) },
      pureMany: { name: "pure-TypeScript routeMany, 1,024 ids a call", run: (ids) => pure.routeMany(ids) },
    }),
  };
}

export default async function route(engines) {
  const batches = gatewayBatches();
  const measured = [];
  for (const [label, regions] of [["small ring: sf, london, bangalore x 3 (9 points)", SMALL_RING], ["large ring: 100 regions x 160 (16,000 points)", LARGE_RING]]) {
    const named = tasks(regions, engines);
    const results = await timeRounds(Object.values(named), batches, { label: label.slice(0, label.indexOf(":")) });
    const [wasm] = results;
    console.log(`## route(), one key per call: ${label} (median of 5 alternating rounds; ids from 12 to 36 bytes)\n`);
    table(["implementation", "ns per id", "vs WebAssembly route"], results.map((r) => [r.name, fmt(r.ns), `${fmt(ratio(r, wasm), 2)}x`]));
    measured.push(Object.fromEntries(Object.keys(named).map((name, i) => [name, results[i]])));
  }
  const [small] = measured;
  const bar = ({ name, ns }, ours = true) => ({ label: name.replace(", 1,024 ids a call", ""), value: ns, ours });
  return [
    { title: "route(), one id per call, 9-node ring", bars: [bar(small.wasm), bar(small.pure), bar(small.port, false), bar(small.hashring, false)] },
    { title: "batches of 1,024 ids, 9-node ring", bars: [bar(small.wasmMany), bar(small.pureMany)] },
  ];
}
