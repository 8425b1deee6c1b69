// Building routers from definitions: either engine, or the model (test/support/model.mjs).
import { engines, type RouterClass } from "./engines.js";

type Buildable = new (options: { vnodesPerWeight: number }) => { addRegion(region: string, weight?: number): unknown };

/** A router of `RegionRouter` with `regions` added in order, one addRegion each. */
export function buildRouter<C extends Buildable>(RegionRouter: C, regions: Iterable<readonly [string, number]>, vnodesPerWeight = 1): InstanceType<C> {
  const router = new RegionRouter({ vnodesPerWeight }) as InstanceType<C>;
  for (const [region, weight] of regions) router.addRegion(region, weight);
  return router;
}

/** The engine that is not `name`: for cross-engine checks inside describe.each(engines). */
export function otherEngine(name: string): RouterClass {
  return engines.find(([other]) => other !== name)![1];
}
