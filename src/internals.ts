// The one way code outside the router reaches a router's internals (src/router.ts's INTERNALS
// method): its engine's ring (which the Ring contract alone describes), what the ring's owners
// mean, its dialect and its region table (each region's weight and virtual-node count).
// movement() (./exports.ts), BoundedLoads (./bounded-loads.ts), util.inspect's summary
// (./inspect.ts), the command line, the bench kit (src/bench/kit.ts, which bench/lib.mjs's ringOf
// goes through) and the demo use it. The router hands them over under a Symbol.for key, not as
// members: the ring stays out of Object.keys, JSON and console.log; and each entry file has its
// own copy of the class, so the key is one all copies share (movement() takes routers from any).
import { listed, ringReader, type OwnedPositions, type RingReader } from "./operations/arcs.js";
import { INTERNALS, type RouterInternals } from "./router-internals.js";
import { describe } from "./validate.js";

export type { RouterInternals };

/** @internal A router of any entry: what carries the internals. */
export interface HasInternals {
  [INTERNALS](): RouterInternals;
}

/** @internal A router's internals. */
export function internalsOf(router: HasInternals): RouterInternals {
  return router[INTERNALS]();
}

/**
 * @internal A TypeError naming `parameter` unless value is a router of either engine, from any
 * entry (by its internals method, not instanceof: each entry carries its own copy of the classes).
 */
export function checkRouter(value: unknown, parameter: string): asserts value is HasInternals {
  if (typeof (value as HasInternals | null)?.[INTERNALS] === "function") {
    try {
      (value as HasInternals)[INTERNALS]();
      return;
    } catch {
      // The method inherited by an object that is no router (Object.create(RegionRouter.prototype)): its fields are not there.
    }
  }
  throw new TypeError(`${parameter} must be a RegionRouter (either engine), got ${describe(value)}`);
}

/** @internal A router's ring, read one position at a time (memory O(regions), not O(nodes)). */
export function readerOfRouter(router: HasInternals): RingReader {
  const { ring, names } = internalsOf(router);
  return ringReader(ring, names);
}

/** @internal A router's positions in ring order and their regions' names, as arrays (the demo, tests). */
export function positionsOf(router: HasInternals): OwnedPositions {
  return listed(readerOfRouter(router));
}
