// What every entry exports besides its RegionRouter, and movement(), which takes two routers.
import { checkRouter, readerOfRouter } from "./internals.js";
import type { Movement } from "./operations/flow-sort.js";
import { movementBetween } from "./operations/movement.js";
import type { RegionRouterBase } from "./router.js";

export type { RegionRouterBase };

/**
 * A router of any entry, ESM or CommonJS, either engine, as movement() and BoundedLoads take it: by
 * its public calls, since TypeScript tells each entry's copy of the class apart by its private
 * fields. A value that is no router is refused when called (checkRouter).
 */
export type AnyRegionRouter = Pick<RegionRouterBase, "route" | "routeMany" | "preferenceList" | "shares" | "weights" | "fingerprint">;

export { MAX_REGIONS, MAX_WEIGHT } from "./validate.js";
export { MAX_VNODES, type DialectName, type NotAnOptionOf, type ResolvedRouterOptions, type RouterOptions } from "./options.js";
export type { RouteOptions } from "./operations/exclude.js";
export type { Flow, Movement } from "./operations/flow-sort.js";
export type { RouterSnapshot, SnapshotFields } from "./operations/snapshot.js";
export { BoundedLoads, type AcquireOptions, type BoundedLoadsOptions } from "./bounded-loads.js";
export { suggestVnodes, type ChosenBySuggestVnodes, type SuggestOptions, type VnodeSuggestion } from "./operations/suggest-vnodes.js";

/**
 * Which part of the key space changes region between two routers (of either engine, any dialect
 * and options), exactly: `moved` and its breakdown into from -> to flows. Across the two key
 * families (128-bit positions, 32-bit points) too, but where counting them exactly would take
 * more than EXACT_BUDGET, where it samples and says so (`exact: false`).
 */
export function movement(before: AnyRegionRouter, after: AnyRegionRouter): Movement {
  checkRouter(before, "before");
  checkRouter(after, "after");
  return movementBetween(readerOfRouter(before), readerOfRouter(after));
}
