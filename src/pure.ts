// region-router/pure: the same RegionRouter on the pure-TypeScript engine, for runtimes without
// WebAssembly. Same API, same answers.
import { PureRing } from "./engines/pure/ring.js";
import { INSPECT, inspectRouter, type Inspect } from "./inspect.js";
import type { RouterOptions } from "./options.js";
import { RegionRouterBase } from "./router.js";

export * from "./exports.js";

export class RegionRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super((scheme) => new PureRing(scheme), options);
  }

  [INSPECT](_depth: number, options: object, inspect: Inspect): string {
    return inspectRouter(this, "pure", options, inspect);
  }
}
