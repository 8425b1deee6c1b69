// region-router in Node (the exports map's "node" condition): the WebAssembly engine of ./index.ts
// with the sixteen-lane SIMD module for routeMany (./engines/wasm/simd16.ts; twelve there): one
// more v128 vector per MD5 pass. Same API, same answers.
import { WasmRing } from "./engines/wasm/ring.js";
import { instantiateWithSimd16 } from "./engines/wasm/simd16.js";
import { INSPECT, inspectRouter, type Inspect } from "./inspect.js";
import type { RouterOptions } from "./options.js";
import { RegionRouterBase } from "./router.js";

export * from "./exports.js";

export class RegionRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super((scheme) => new WasmRing(scheme, instantiateWithSimd16), options);
  }

  /** @internal What console.log and util.inspect show (src/inspect.ts). */
  [INSPECT](_depth: number, options: object, inspect: Inspect): string {
    return inspectRouter(this, "webassembly", options, inspect);
  }
}
