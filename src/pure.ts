// region-router/pure, and region-router in web pages (the exports map's "browser" condition): the
// same RegionRouter on the pure-TypeScript engine. Same API, same answers, no WebAssembly: the
// smallest bundle (every dialect, and no WebAssembly module to carry: the core alone is larger
// than the page bundle's whole gzip), and it runs where a page's Content-Security-Policy or the
// browser (iOS Lockdown Mode) forbids WebAssembly.
import { PureRing } from "./engines/pure/ring.js";
import { INSPECT, inspectRouter, type Inspect } from "./inspect.js";
import type { RouterOptions } from "./options.js";
import { RegionRouterBase } from "./router.js";

export * from "./exports.js";

export class RegionRouter extends RegionRouterBase {
  constructor(options?: RouterOptions) {
    super((scheme) => new PureRing(scheme), options);
  }

  /** @internal What console.log and util.inspect show (src/inspect.ts). */
  [INSPECT](_depth: number, options: object, inspect: Inspect): string {
    return inspectRouter(this, "pure", options, inspect);
  }
}
