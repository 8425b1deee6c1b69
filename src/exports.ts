// What every entry exports besides its RegionRouter.
export { MAX_REGIONS, MAX_WEIGHT } from "./validate.js";
export { MAX_VNODES, type DialectName, type RouterOptions } from "./options.js";
export { movement, type Flow, type Movement } from "./operations/movement.js";
export type { RouterSnapshot } from "./operations/snapshot.js";
export { BoundedLoads, type AcquireOptions, type BoundedLoadsOptions } from "./bounded-loads.js";
export { suggestVnodes, type SuggestOptions, type VnodeSuggestion } from "./operations/suggest-vnodes.js";
