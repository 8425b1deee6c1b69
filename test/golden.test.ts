// Replays the golden vectors generated from the Python reference (test/fixtures/vectors.json; how it
// is made: test/fixtures/README.md) on every engine, one route() at a time and in routeMany batches;
// then routes the key space's edges on fixed rings of every dialect against the model.
import { describe, expect, it } from "vitest";
import { indexBits } from "../src/engines/ring.js";
import { headOf } from "./support/edge-keys.js";
import { edgeCases, expectEdgeAnswers, NEAR, prepare, type EdgeCase, type Prepared } from "./support/edge-rings.js";
import { engines } from "./support/engines.js";
import { expectedRoutes, replay, replayBatched } from "./support/replay.mjs";
import { vectors } from "./support/vectors.js";

describe.each(engines)("golden vectors on the %s engine", (_, RegionRouter) => {
  it("has vectors to replay", () => {
    expect(vectors.cases.length).toBeGreaterThan(40);
    expect(expectedRoutes(vectors.cases).every((routes) => routes.length > 0)).toBe(true);
  });

  it.each(vectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const [expected] = expectedRoutes([c]);
    expect(replay(RegionRouter, [c])[0]).toEqual(expected);
    expect(replayBatched(RegionRouter, [c])[0]).toEqual(expected);
  });
});

// The key space's edges, which random keys almost never reach: exact node positions, the first and
// last positions and the wrap, the ring index's bucket boundaries, shared 32-bit points; in every
// dialect, so every Scheme, on rings of 1 and 2 nodes, a few, and thousands (2^12 to 2^14 index
// buckets); each engine against its library's model (test/support/edge-rings.ts, edge-keys.ts).
const TOP = 2 ** 32;
const edges = edgeCases();
const prepared = new Map<string, Prepared>();
const expectations = (c: EdgeCase) => prepared.get(c.name) ?? prepared.set(c.name, prepare(c)).get(c.name)!;

describe("the edge rings", () => {
  it("reach the edges they are built for", () => {
    expect(new Set(edges.map((c) => indexBits(expectations(c).heads.length)))).toEqual(new Set([12, 13, 14]));
    for (const c of edges) {
      const { reading, heads, keys } = expectations(c);
      if (c.regions.some(([region]) => region.startsWith("low-"))) expect(heads[0], c.name).toBeLessThan(NEAR);
      if (c.regions.some(([region]) => region.startsWith("high-"))) expect(heads.at(-1), c.name).toBeGreaterThanOrEqual(TOP - NEAR);
      if (c.name.endsWith("share a point")) expect(new Set(heads).size, c.name).toBeLessThan(heads.length);
      // Keys at both ends of the key space, whatever else the ring asked for.
      const keyHeads = keys.map((key) => headOf(key, reading));
      expect(Math.min(...keyHeads), c.name).toBeLessThan(NEAR);
      expect(Math.max(...keyHeads), c.name).toBeGreaterThanOrEqual(TOP - NEAR);
    }
  });
});

describe.each(engines)("key-space edges on the %s engine", (_, RegionRouter) => {
  it.each(edges.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    expectEdgeAnswers(RegionRouter, c, expectations(c));
  });
});
