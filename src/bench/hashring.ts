// npm hashring for `region-router bench --compare hashring`: the user's own copy, found from the
// working directory (their project) or beside region-router, never bundled. Its ring holds the same
// regions and weights, with the ring's vnode count and replicas when the ring routes as hashring does,
// timed as for new sessions (not from its cache).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { RegionRouterBase } from "../router.js";
import { describe } from "../validate.js";
import { reasonOf, UsageError } from "../cli/usage-error.js";
import type { Comparison } from "./calls.js";

type HashRing = new (servers: Record<string, number>, algorithm: string, options: Record<string, number>) => { get(key: string): unknown };

/** Ids a hashring is asked before it is timed: its answers must be the ring's regions (in the hashring dialect, the router's own). */
const PROBES = Array.from({ length: 32 }, (_, i) => `probe-${i}`);

/** npm hashring's get() on the router's regions and weights, or null when no hashring can be found from `cwd` or beside this file. */
export function hashringOf(router: RegionRouterBase, cwd: string): Comparison | null {
  // hashring reads weight 0 as 1: its ring would not be this one.
  const idle = [...router.weights()].find(([, weight]) => weight === 0);
  if (idle) throw new UsageError(`--compare hashring: region ${JSON.stringify(idle[0])} has weight 0, which npm hashring reads as 1: its ring would not be this one`);
  for (const base of [join(cwd, "package.json"), import.meta.url]) {
    const manifest = resolved(createRequire(base));
    if (manifest === undefined) continue;
    const require = createRequire(manifest);
    const { compatibleWith, vnodeCount, replicas } = router.options as { compatibleWith: string; vnodeCount?: number; replicas?: number };
    // Its LRU cache holds one id: the ids come round again each round, and a bench of cache hits
    // would time no routing; one entry still pays the cache's upkeep, as a new session does.
    const options: Record<string, number> = { "max cache size": 1, ...(compatibleWith === "hashring" ? { "vnode count": vnodeCount!, replicas: replicas! } : {}) };
    const [ring, version, answers] = loaded(() => {
      const HashRing: unknown = require(dirname(manifest));
      if (typeof HashRing !== "function") throw new Error(`it exports ${describe(HashRing)}, not hashring's HashRing class`);
      const ring = new (HashRing as HashRing)(Object.fromEntries(router.weights()), "md5", options);
      return [ring, String((require(manifest) as { version?: unknown }).version), PROBES.map((id) => ring.get(id))] as const;
    }, manifest);
    const name = `npm hashring ${version}`;
    checkAnswers(router, answers, `${name} at ${JSON.stringify(dirname(manifest))}`);
    return { name, get: (id) => ring.get(id) };
  }
  return null;
}

/** A UsageError unless hashring's `answers` to PROBES are regions of the router's ring, and in the hashring dialect its own routes. */
function checkAnswers(router: RegionRouterBase, answers: readonly unknown[], hashring: string): void {
  const same = router.options.compatibleWith === "hashring", regions = router.weights();
  const wrong = answers.findIndex((answer, i) => (same ? answer !== router.route(PROBES[i]) : !regions.has(answer as string)));
  if (wrong < 0) return;
  const [id, answer] = [PROBES[wrong], answers[wrong]];
  const expected = same ? `the hashring dialect's ${JSON.stringify(router.route(id))}` : "a region of the ring";
  throw new UsageError(`--compare hashring: ${hashring} routes ${JSON.stringify(id)} to ${typeof answer === "string" ? JSON.stringify(answer) : describe(answer)}, not ${expected}: its timing would not be of this ring`);
}

/** Where hashring's package.json resolves; undefined where none is installed, a UsageError where one cannot be read. */
function resolved(require: NodeRequire): string | undefined {
  try {
    return require.resolve("hashring/package.json");
  } catch (error) {
    if ((error as { code?: unknown }).code === "MODULE_NOT_FOUND") return undefined;
    throw new UsageError(`--compare hashring: cannot read the installed hashring's package.json: ${reasonOf(error)}`);
  }
}

/** What `load` gives, or a UsageError naming the hashring it could not load or use. */
function loaded<T>(load: () => T, manifest: string): T {
  try {
    return load();
  } catch (error) {
    throw new UsageError(`--compare hashring: cannot load ${JSON.stringify(dirname(manifest))}: ${reasonOf(error)}`);
  }
}
