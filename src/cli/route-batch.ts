// The one place the CLI routes a batch of ids, so switching to the library's batch call is one line.
import type { RegionRouter } from "../index.js";

export function routeBatch(router: RegionRouter, ids: readonly string[]): (string | null)[] {
  // TODO(issue 3): return router.routeMany(ids); once routeMany is on main.
  const regions = new Array<string | null>(ids.length);
  for (let i = 0; i < ids.length; i++) regions[i] = router.route(ids[i]);
  return regions;
}

/** True when some region owns a position: a region of weight w > 0 has at least w virtual nodes. */
export function hasPositions(router: RegionRouter): boolean {
  for (const weight of router.weights().values()) if (weight > 0) return true;
  return false;
}
