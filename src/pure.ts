// region-router/pure: the same RegionRouter on the pure-TypeScript engine, for runtimes without
// WebAssembly. Same API, same answers.
import { PureRing } from "./pure/ring.js";
import { RegionRouterBase } from "./router.js";

export { MAX_WEIGHT } from "./validate.js";

export class RegionRouter extends RegionRouterBase {
  constructor() {
    super(new PureRing());
  }
}
