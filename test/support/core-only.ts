// The WebAssembly engine with the core module alone: no SIMD routeMany, no SIMD build module, no
// sort module. No entry ships it as such; it is what region-router/simd does where the runtime
// has no WebAssembly SIMD (or refuses those modules): routeMany on the core's scalar loop, builds
// on its scalar MD5 and heap sort. The shared suites run it as the "wasm-scalar" engine, and the
// benchmarks bundle it (scripts/sizes.mjs) to show what WebAssembly without SIMD gives.
import { INSPECT, inspectRouter, type Inspect } from "../../src/inspect.js";
import type { RouterOptions } from "../../src/options.js";
import { RegionRouterBase } from "../../src/router.js";
import { WasmRing } from "../../src/engines/wasm/ring.js";

export * from "../../src/exports.js";

export class RegionRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super((scheme) => new WasmRing(scheme), options);
  }

  [INSPECT](_depth: number, options: object, inspect: Inspect): string {
    return inspectRouter(this, "webassembly", options, inspect);
  }
}
