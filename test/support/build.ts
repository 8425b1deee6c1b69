// Building routers from definitions: either engine, or the model (test/support/model.mjs).
import { engines, type RouterClass } from "./engines.js";

type Region = readonly [string, number];
interface Adds {
  addRegion(region: string, weight?: number): unknown;
  addRegions(entries: Iterable<Region>): unknown;
}
// Any constructor: buildRouter takes the options its first parameter takes.
type Buildable = new (...args: any[]) => Adds;

/**
 * A router of `RegionRouter` with `options` as its constructor takes them (a number is short for
 * `{ vnodesPerWeight }`; none, the constructor's defaults), and `regions` added in order: one
 * addRegion each, or, with `oneCall`, all in one addRegions call (one update of the ring).
 */
export function buildRouter<C extends Buildable>(
  RegionRouter: C,
  regions: Iterable<Region>,
  options?: number | ConstructorParameters<C>[0],
  { oneCall = false } = {},
): InstanceType<C> {
  const router = new RegionRouter(typeof options === "number" ? { vnodesPerWeight: options } : options) as InstanceType<C>;
  if (oneCall) router.addRegions(regions);
  else for (const [region, weight] of regions) router.addRegion(region, weight);
  return router;
}

/** The engine that is not `name`: for cross-engine checks inside describe.each(engines). */
export function otherEngine(name: string): RouterClass {
  return engines.find(([other]) => other !== name)![1];
}
