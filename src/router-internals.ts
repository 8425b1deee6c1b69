// The key under which a router hands over its internals, and what it hands over: the contract
// between src/router.ts, which implements it, and src/internals.ts, the one way to it from outside.
import type { Dialect } from "./dialects.js";
import type { RegionTable, Ring } from "./engines/ring.js";

/**
 * @internal The key of a router's internals method: ./internals.ts is how code outside the class
 * reaches them (a Symbol.for key, so that routers of every entry file's copy of the class answer).
 */
export const INTERNALS: unique symbol = Symbol.for("region-router internals");

/** @internal What the internals method gives: see ./internals.ts. */
export interface RouterInternals {
  /** The engine: the positions and the search over them. */
  readonly ring: Ring;
  /** Owner -> region name (undefined: a free owner): what the ring's owners mean. */
  readonly names: RegionTable;
  /** The ring's dialect, with its options, as the router holds it. */
  readonly dialect: Dialect;
  /**
   * The region table as it stands (read it, do not keep it): region -> its weight and its virtual
   * nodes' names (as the dialect counts them, the vnode count), in weights() order.
   */
  readonly regions: ReadonlyMap<string, { readonly weight: number; readonly names: number }>;
  /** How many updates the region table has had: a change of it says the table changed (it is edited in place). */
  readonly version: number;
}
