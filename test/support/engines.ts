// The engines, for the shared suites: every behavioural test runs on each. "wasm" is what Node
// users get (src/node.ts: the SIMD modules where the runtime has SIMD, routeMany's with sixteen
// lanes); "wasm-12" is region-router/simd (src/index.ts), the same with twelve lanes, as pages get
// it; "wasm-scalar" is the core module alone (./core-only.ts), which routes batches on the core's
// scalar loop, as runtimes without SIMD do; "pure" is region-router/pure, which web pages also get
// from region-router.
import { RegionRouter as ScalarWasmRegionRouter } from "./core-only.js";
import { RegionRouter as WasmRegionRouter } from "../../src/node.js";
import { RegionRouter as Wasm12RegionRouter } from "../../src/index.js";
import { RegionRouter as PureRegionRouter } from "../../src/pure.js";

export type Router = WasmRegionRouter | Wasm12RegionRouter | PureRegionRouter | ScalarWasmRegionRouter;
export type RouterClass = typeof WasmRegionRouter | typeof Wasm12RegionRouter | typeof PureRegionRouter | typeof ScalarWasmRegionRouter;

export const engines: [string, RouterClass][] = [
  ["wasm", WasmRegionRouter],
  ["wasm-12", Wasm12RegionRouter],
  ["wasm-scalar", ScalarWasmRegionRouter],
  ["pure", PureRegionRouter],
];
