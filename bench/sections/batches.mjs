// routeMany over 1,024 ids a call against route() one by one, both engines, on the 9-node ring.
import { eachKey, fmt, gatewayBatches, routerOf, SMALL_RING, table } from "../lib.mjs";
import { ratio, timeRounds } from "../rounds.mjs";

export default async function batches({ WasmRouter, PureRouter }) {
  const wasm = routerOf(WasmRouter, SMALL_RING);
  const pure = routerOf(PureRouter, SMALL_RING);
  const results = await timeRounds(
    [
      { name: "WebAssembly routeMany (SIMD, 16 keys per MD5 pass)", run: (ids) => wasm.routeMany(ids) },
      { name: "WebAssembly route, one call per key", run: eachKey((k) => wasm.route(k)) },
      { name: "pure routeMany", run: (ids) => pure.routeMany(ids) },
      { name: "pure route, one call per key", run: eachKey((k) => pure.route(k)) },
    ],
    gatewayBatches(),
    { label: "routeMany and route, 1,024 ids per call" },
  );
  const [many] = results;
  console.log("## Batches: 1,024 ids (sess-N and UUIDs, 12-36 bytes) per call, small ring (median of 5 alternating rounds)\n");
  table(
    ["implementation", "ns per id", "ids per second", "WebAssembly routeMany is"],
    results.map((r) => [r.name, fmt(r.ns), `${fmt(1e3 / r.ns, 2)} M`, `${fmt(ratio(r, many), 2)}x faster`]),
  );
  return { wasmMany: results[0].ns, wasmRoute: results[1].ns, pureMany: results[2].ns };
}
