// region-router: the WebAssembly engine with its SIMD module for routeMany (attached on the first
// routeMany where the runtime has SIMD). This is the entry for Node and for region-router/simd
// everywhere; bundlers building for browsers take ./pure.ts for region-router (see there why).
import { WasmRing } from "./engines/wasm/ring.js";
import { instantiateWithSimd } from "./engines/wasm/simd.js";
import { INSPECT, inspectRouter, type Inspect } from "./inspect.js";
import type { RouterOptions } from "./options.js";
import { RegionRouterBase } from "./router.js";

export * from "./exports.js";

export class RegionRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super((scheme) => new WasmRing(scheme, instantiateWithSimd), options);
  }

  /** @internal What console.log and util.inspect show (src/inspect.ts). */
  [INSPECT](_depth: number, options: object, inspect: Inspect): string {
    return inspectRouter(this, "webassembly", options, inspect);
  }
}
