// The module-level operations, shared by both entry points: they accept routers of either engine.
import { movementBetween, type Movement } from "./operations/movement.js";
import { INTERNALS, positionsOf, type RegionRouterBase } from "./router.js";
import { describe } from "./validate.js";

export type { Flow, Movement } from "./operations/movement.js";

// By its INTERNALS method (a Symbol.for key), not instanceof: each entry file carries its own copy
// of the classes, and movement() must take a router from any of them.
function checkRouter(value: unknown, parameter: string): asserts value is RegionRouterBase {
  if (typeof (value as RegionRouterBase | null)?.[INTERNALS] !== "function") {
    throw new TypeError(`${parameter} must be a RegionRouter (either engine), got ${describe(value)}`);
  }
}

/**
 * Which part of the key space changes region between two routers (of either engine, any
 * vnodesPerWeight), exactly: `moved` and its breakdown into from -> to flows.
 */
export function movement(before: RegionRouterBase, after: RegionRouterBase): Movement {
  checkRouter(before, "before");
  checkRouter(after, "after");
  return movementBetween(positionsOf(before), positionsOf(after));
}
