// The engines, for the shared suites: every behavioural test runs on each. "wasm" is what Node
// users get (the SIMD modules where the runtime has SIMD); "wasm-scalar" is the core module alone
// (./core-only.ts), which routes batches on the core's scalar loop, as runtimes without SIMD do;
// "pure" is region-router/pure, which web pages also get from region-router.
import { RegionRouter as ScalarWasmRegionRouter } from "./core-only.js";
import { RegionRouter as WasmRegionRouter } from "../../src/index.js";
import { RegionRouter as PureRegionRouter } from "../../src/pure.js";

export type Router = WasmRegionRouter | PureRegionRouter | ScalarWasmRegionRouter;
export type RouterClass = typeof WasmRegionRouter | typeof PureRegionRouter | typeof ScalarWasmRegionRouter;

export const engines: [string, RouterClass][] = [
  ["wasm", WasmRegionRouter],
  ["wasm-scalar", ScalarWasmRegionRouter],
  ["pure", PureRegionRouter],
];
