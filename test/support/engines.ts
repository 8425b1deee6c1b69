// The engines, for the shared suites: every behavioural test runs on each. "wasm" is what Node
// users get (the SIMD add-on where the runtime has SIMD); "wasm-scalar" is the browser build, which
// has no add-on and routes batches on the core's scalar loop, as runtimes without SIMD do.
import { RegionRouter as ScalarWasmRegionRouter } from "../../src/browser.js";
import { RegionRouter as WasmRegionRouter } from "../../src/index.js";
import { RegionRouter as PureRegionRouter } from "../../src/pure.js";

export type Router = WasmRegionRouter | PureRegionRouter | ScalarWasmRegionRouter;
export type RouterClass = typeof WasmRegionRouter | typeof PureRegionRouter | typeof ScalarWasmRegionRouter;

export const engines: [string, RouterClass][] = [
  ["wasm", WasmRegionRouter],
  ["wasm-scalar", ScalarWasmRegionRouter],
  ["pure", PureRegionRouter],
];
