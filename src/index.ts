// region-router: the WebAssembly engine. See ./pure.ts for the same API without WebAssembly.
import { RegionRouterBase } from "./router.js";
import { WasmRing } from "./wasm/ring.js";

export { MAX_WEIGHT } from "./validate.js";

export class RegionRouter extends RegionRouterBase {
  constructor() {
    super(new WasmRing());
  }
}
