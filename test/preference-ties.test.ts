// preferenceList where two names share a 32-bit point, in the dialects whose libraries keep one
// owner per point (a dict, the last written winning): uhashring's range() (hash_fn="ketama") and
// hash_ring's iterate_nodes() never yield, at a shared point, the node that lost it. The fixtures
// (test/fixtures/preference/, scripts/dialect-vectors/preference.py) hold keys whose walks start at
// every shared point of a 1,200-node ring, or just before it, with the library's first 4 nodes.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import type { RouterOptions } from "../src/options.js";
import { internalsOf } from "../src/internals.js";
import { engines } from "./support/engines.js";
import { tieFixtures } from "./support/vectors.js";

const HashRing = createRequire(import.meta.url)("hashring") as new (servers: Record<string, number>) => { range(key: string, size: number): string[] };

describe.each(engines)("preferenceList at shared 32-bit points on the %s engine", (_, RegionRouter) => {
  it.each(tieFixtures.map((fixture) => [fixture.dialect, fixture] as const))("%s: the library's walk, key for key", (_dialect, fixture) => {
    expect(fixture.sharedPoints).toBeGreaterThan(0);
    const router = new RegionRouter({ compatibleWith: fixture.dialect } as RouterOptions);
    router.addRegions(fixture.regions);
    expect(fixture.cases.length).toBeGreaterThan(20);
    for (const { key, walk } of fixture.cases) {
      expect(router.preferenceList(key, walk.length), key).toEqual(walk);
      expect(router.route(key), key).toBe(walk[0]);
    }
  });
});

describe("preferenceList at shared 32-bit points where the first generated wins", () => {
  it("hashring keeps both points, and its range() meets both servers there: so does the list", () => {
    const fixture = tieFixtures[0];
    const router = new (engines[0][1])({ compatibleWith: "hashring" });
    router.addRegions(fixture.regions);
    const library = new HashRing(Object.fromEntries(fixture.regions));
    // The ring's shared points, and the walks that start at each or just before it.
    const { ring } = internalsOf(router);
    const wanted = new Set<number>();
    for (let i = 1; i < ring.size; i++) {
      if (ring.positionAt(i) >> 96n === ring.positionAt(i - 1) >> 96n) wanted.add(i - 1).add(i - 2);
    }
    expect(wanted.size).toBeGreaterThan(0);
    let crossing = 0;
    for (let j = 0; wanted.size > 0 && j < 2_000_000; j++) {
      const key = `tie-${j}`;
      if (!wanted.delete(ring.locate(key))) continue;
      crossing++;
      expect(router.preferenceList(key, 4), key).toEqual(library.range(key, 4));
    }
    expect(crossing).toBeGreaterThan(0);
  }, 120_000);
});
