// npm hashring for `region-router bench --compare hashring`: the user's own copy, found from the
// working directory (their project) or beside region-router, never bundled. Its ring holds the same
// regions and weights, with the ring's vnode count and replicas when the ring routes as hashring does,
// timed as for new sessions (not from its cache).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { RegionRouterBase } from "../router.js";
import { reasonOf, UsageError } from "../cli/usage-error.js";
import type { Comparison } from "./calls.js";

type HashRing = new (servers: Record<string, number>, algorithm: string, options: Record<string, number>) => { get(key: string): unknown };

/** npm hashring's get() on the router's regions and weights, or null when no hashring can be found from `cwd` or beside this file. */
export function hashringOf(router: RegionRouterBase, cwd: string): Comparison | null {
  // hashring reads weight 0 as 1: its ring would not be this one.
  const idle = [...router.weights()].find(([, weight]) => weight === 0);
  if (idle) throw new UsageError(`--compare hashring: region ${JSON.stringify(idle[0])} has weight 0, which npm hashring reads as 1: its ring would not be this one`);
  for (const base of [join(cwd, "package.json"), import.meta.url]) {
    const require = createRequire(base);
    let manifest: string;
    try {
      manifest = require.resolve("hashring/package.json");
    } catch {
      continue;
    }
    const [HashRing, { version }] = loaded(() => [require(dirname(manifest)) as HashRing, require(manifest) as { version: string }], manifest);
    const { compatibleWith, vnodeCount, replicas } = router.options as { compatibleWith: string; vnodeCount?: number; replicas?: number };
    // Its LRU cache holds one id: the ids come round again each round, and a bench of cache hits
    // would time no routing; one entry still pays the cache's upkeep, as a new session does.
    const options: Record<string, number> = { "max cache size": 1, ...(compatibleWith === "hashring" ? { "vnode count": vnodeCount!, replicas: replicas! } : {}) };
    const ring = new HashRing(Object.fromEntries(router.weights()), "md5", options);
    return { name: `npm hashring ${version}`, get: (id) => ring.get(id) };
  }
  return null;
}

/** What `load` gives, or a UsageError naming the hashring it could not load. */
function loaded<T>(load: () => T, manifest: string): T {
  try {
    return load();
  } catch (error) {
    throw new UsageError(`--compare hashring: cannot load ${JSON.stringify(dirname(manifest))}: ${reasonOf(error)}`);
  }
}
