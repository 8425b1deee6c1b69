// What console.log and util.inspect show for a router in Node: a summary, not the engine's
// internals. Every entry carries it (index.ts, node.ts, pure.ts; pages too, where nothing calls it).
import { checkRouter, internalsOf } from "./internals.js";
import type { RegionRouterBase } from "./router.js";

/** The key Node's util.inspect looks for. */
export const INSPECT = Symbol.for("nodejs.util.inspect.custom");

/** The formatter util.inspect passes to a custom inspect method. */
export type Inspect = (value: unknown, options: object) => string;

export function inspectRouter(router: RegionRouterBase, engine: string, options: object, inspect: Inspect): string {
  try {
    checkRouter(router, "router");
  } catch {
    // An object that only inherits the class (the prototype itself, Object.create of it) has no router in it.
    return `${router.constructor.name} {}`;
  }
  const { ring, dialect, regions } = internalsOf(router);
  const summary = {
    engine,
    dialect: dialect.name,
    ...dialect.options,
    regions: regions.size,
    // Ring positions: virtual nodes, or for 32-bit dialects their points (replicas per name).
    positions: ring.size,
    fingerprint: router.fingerprint(),
  };
  return `${router.constructor.name} ${inspect(summary, options)}`;
}
