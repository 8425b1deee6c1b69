// region-router: the WebAssembly engine with its SIMD add-on for routeMany (attached on the first
// routeMany where the runtime has SIMD). This is the entry for Node and for region-router/simd;
// bundlers building for browsers take ./browser.ts instead, without the add-on. See ./pure.ts for
// the same API without WebAssembly.
import type { RouterOptions } from "./options.js";
import { RegionRouterBase } from "./router.js";
import { RingMemory } from "./engines/wasm/layout.js";
import { WasmRing } from "./engines/wasm/ring.js";
import { instantiateWithSimd } from "./engines/wasm/simd.js";

export * from "./exports.js";

export class RegionRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super(new WasmRing(new RingMemory(instantiateWithSimd)), options);
  }
}
