// region-router: the WebAssembly engine. See ./pure.ts for the same API without WebAssembly.
import type { RouterOptions } from "./options.js";
import { RegionRouterBase } from "./router.js";
import { WasmRing } from "./wasm/ring.js";

export { MAX_WEIGHT } from "./validate.js";
export { MAX_VNODES, type RouterOptions } from "./options.js";
export { movement, type Flow, type Movement } from "./operations.js";
export type { RouterSnapshot } from "./snapshot.js";

export class RegionRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super(new WasmRing(), options);
  }
}
