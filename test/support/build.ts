// Building routers from definitions in the operations tests.
import { engines, type Router, type RouterClass } from "./engines.js";

/** A router of `RegionRouter` with `regions` added in order. */
export function buildRouter(RegionRouter: RouterClass, regions: readonly (readonly [string, number])[], vnodesPerWeight = 1): Router {
  const router = new RegionRouter({ vnodesPerWeight });
  for (const [region, weight] of regions) router.addRegion(region, weight);
  return router;
}

/** The engine that is not `name`: for cross-engine checks inside describe.each(engines). */
export function otherEngine(name: string): RouterClass {
  return engines.find(([other]) => other !== name)![1];
}
