// region-router for browsers (the "browser" condition of the exports map): the WebAssembly engine
// without the SIMD module, so a page carries one module, not two. routeMany gives the same answers
// on the core's scalar loop; import region-router/simd for the twelve-keys-per-pass routeMany.
import type { RouterOptions } from "./options.js";
import { RegionRouterBase } from "./router.js";
import { WasmRing } from "./engines/wasm/ring.js";

export * from "./exports.js";

export class RegionRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super((scheme) => new WasmRing(scheme), options);
  }
}
