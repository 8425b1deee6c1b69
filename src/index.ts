// region-router/simd: the WebAssembly engine with its SIMD module for routeMany, twelve keys per
// MD5 pass (attached on the first routeMany where the runtime has SIMD), every module within the
// 4 KiB any browser compiles synchronously. Also region-router where neither of the exports map's
// "browser" and "node" conditions applies; Node takes ./node.ts (sixteen lanes), bundlers
// building for browsers ./pure.ts (see there why).
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
