// The engines, for the shared suites: every behavioural test runs on each. "wasm" is what users
// get (the SIMD add-on where the runtime has SIMD); "wasm-scalar" forces the scalar fallback that
// runtimes without SIMD use.
import { RegionRouter as WasmRegionRouter, type RouterOptions } from "../../src/index.js";
import { RegionRouter as PureRegionRouter } from "../../src/pure.js";
import { RegionRouterBase } from "../../src/router.js";
import { RingMemory } from "../../src/wasm/layout.js";
import { instantiate } from "../../src/wasm/module.js";
import { WasmRing } from "../../src/wasm/ring.js";

/** The WebAssembly engine without its SIMD add-on. */
export class ScalarWasmRegionRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super(new WasmRing(new RingMemory(instantiate(false))), options);
  }
}

export type Router = WasmRegionRouter | PureRegionRouter | ScalarWasmRegionRouter;
export type RouterClass = typeof WasmRegionRouter | typeof PureRegionRouter | typeof ScalarWasmRegionRouter;

export const engines: [string, RouterClass][] = [
  ["wasm", WasmRegionRouter],
  ["wasm-scalar", ScalarWasmRegionRouter],
  ["pure", PureRegionRouter],
];
