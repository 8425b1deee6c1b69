// Property tests: every engine agrees with the independent model (test/support/model.mjs) on random
// operation sequences, and with the dialects' model on the key space's edges of random rings of
// every dialect; and the ring has the consistent-hashing properties users rely on.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS, type DialectName } from "../src/dialects.js";
import { definition, op, regionName, sessionId, weight } from "./support/arbitraries.js";
import { buildRouter } from "./support/build.js";
import { endRegions, expectEdgeAnswers, prepare, sharedPoint, type EdgeCase } from "./support/edge-rings.js";
import { engines } from "./support/engines.js";
import { ModelRouter } from "./support/model.mjs";
import { apply } from "./support/replay.mjs";
import { observe } from "./support/state.js";

const runs = { numRuns: 60 };

describe("every engine and the model", () => {
  it("give the same answer for every call of a random operation sequence", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 60 }), (ops) => {
        const model = new ModelRouter();
        const expected = apply(model, ops);
        for (const [, RegionRouter] of engines) {
          const router = new RegionRouter();
          expect(apply(router, ops)).toEqual(expected);
          expect(observe(router)).toEqual(observe(model));
        }
      }),
      runs,
    );
  });

  it("agree on rings big enough that index buckets hold several nodes each, ids routed one by one and in batches", () => {
    // Random sequences build rings of a few hundred nodes, where most of the index's 4,096 buckets
    // are empty; these have 12,000-22,000 nodes, about 3 per bucket, so lookups scan.
    fc.assert(
      fc.property(
        fc.uniqueArray(regionName, { minLength: 2, maxLength: 5 }),
        fc.array(sessionId, { minLength: 200, maxLength: 200 }),
        (names, ids) => {
          const regions = names.map((name, i): [string, number] => [name, Math.floor(12_000 / names.length) + i * 1000]);
          const model = buildRouter(ModelRouter, regions);
          const expected = ids.map((id) => model.route(id));
          for (const [, RegionRouter] of engines) {
            const r = new RegionRouter();
            r.addRegions(regions);
            expect(ids.map((id) => r.route(id))).toEqual(expected);
            expect(r.routeMany(ids)).toEqual(expected);
          }
        },
      ),
      { numRuns: 3 },
    );
  });
});

describe("every engine and the dialects' model at the key space's edges", () => {
  // Random rings of every dialect, from empty to about 2^13 index buckets, sometimes with a region
  // at the key space's start and one at its end, sometimes with two regions whose first names share
  // a 32-bit point, in either order; their edge keys (test/support/edge-keys.ts) routed one by one,
  // in a batch across a routeMany chunk, and as preference lists. A fixed seed: the same rings
  // every run.
  const options: Record<DialectName, fc.Arbitrary<Record<string, number>>> = {
    "region-router": fc.record({ vnodesPerWeight: fc.oneof(fc.integer({ min: 1, max: 8 }), fc.integer({ min: 100, max: 400 })) }),
    "consistent-hash-ring": fc.record({ replicas: fc.integer({ min: 1, max: 200 }) }),
    uhashring: fc.record({ vnodes: fc.integer({ min: 1, max: 200 }) }),
    "uhashring-ketama": fc.record({ vnodes: fc.integer({ min: 1, max: 80 }), replicas: fc.integer({ min: 1, max: 4 }) }),
    hashring: fc.record({ vnodeCount: fc.integer({ min: 1, max: 80 }), replicas: fc.integer({ min: 1, max: 4 }) }),
    libketama: fc.constant({}),
    hash_ring: fc.constant({}),
  };
  const edgeCase: fc.Arbitrary<EdgeCase> = fc
    .constantFrom(...DIALECTS)
    .chain((dialect) => fc.tuple(fc.constant(dialect), options[dialect], definition, fc.constantFrom("none", "low", "high", "both"), fc.constantFrom("none", "xy", "yx")))
    .map(([dialect, options, middle, ends, shared]) => {
      const [low, high] = endRegions(dialect);
      const [x, y] = sharedPoint();
      const regions: [string, number][] = [
        ...(ends === "low" || ends === "both" ? [[low, 1] as [string, number]] : []),
        ...middle,
        ...(shared === "none" ? [] : shared === "xy" ? [[x, 1], [y, 1]] as [string, number][] : [[y, 1], [x, 1]] as [string, number][]),
        ...(ends === "high" || ends === "both" ? [[high, 2] as [string, number]] : []),
      ];
      return { name: dialect, dialect, options, regions };
    });

  it("route, batch and list edge keys as the model does, on random rings of every dialect", () => {
    fc.assert(
      fc.property(edgeCase, (c) => {
        const expected = prepare(c);
        for (const [, RegionRouter] of engines) expectEdgeAnswers(RegionRouter, c, expected);
      }),
      { seed: 32, numRuns: 30 },
    );
  });
});

describe.each(engines)("consistent-hashing properties on the %s engine", (_, RegionRouter) => {
  const ring = fc.uniqueArray(fc.tuple(regionName, fc.integer({ min: 1, max: 60 })), {
    selector: ([name]) => name,
    minLength: 1,
    maxLength: 6,
  });
  const build = (regions: [string, number][]) => buildRouter(RegionRouter, regions);

  it("adding X moves keys only to X", () => {
    fc.assert(
      fc.property(ring, regionName, weight, fc.array(sessionId, { maxLength: 40 }), (regions, x, w, keys) => {
        fc.pre(!regions.some(([name]) => name === x));
        const r = build(regions);
        const before = keys.map((k) => r.route(k));
        r.addRegion(x, w);
        keys.forEach((k, i) => expect([before[i], x]).toContain(r.route(k)));
      }),
      runs,
    );
  });

  it("removing X moves only X's keys", () => {
    fc.assert(
      fc.property(ring, fc.nat(), fc.array(sessionId, { maxLength: 40 }), (regions, pick, keys) => {
        const r = build(regions);
        const [x] = regions[pick % regions.length];
        const before = keys.map((k) => r.route(k));
        expect(r.removeRegion(x)).toBe(true);
        keys.forEach((k, i) => {
          if (before[i] !== x) expect(r.route(k)).toBe(before[i]);
          else expect(r.route(k)).not.toBe(x);
        });
      }),
      runs,
    );
  });

  it("a virtual node's own name routes to its region", () => {
    fc.assert(
      fc.property(ring, (regions) => {
        const r = build(regions);
        for (const [name, w] of regions) for (let i = 0; i < w; i++) expect(r.route(`${name}#${i}`)).toBe(name);
      }),
      { numRuns: 30 },
    );
  });

  it("is deterministic across instances and independent between them", () => {
    fc.assert(
      fc.property(ring, fc.array(sessionId, { maxLength: 30 }), (regions, keys) => {
        const a = build(regions);
        const b = build(regions);
        const lone = new RegionRouter();
        lone.addRegion("elsewhere", 5);
        for (const k of keys) {
          expect(a.route(k)).toBe(b.route(k));
          expect(lone.route(k)).toBe("elsewhere");
        }
      }),
      { numRuns: 30 },
    );
  });

  it("re-adding a region replaces its nodes and moves it to the end of weights()", () => {
    const r = new RegionRouter();
    r.addRegion("sf", 3);
    r.addRegion("london", 3);
    r.addRegion("sf", 1);
    expect([...r.weights()]).toEqual([["london", 3], ["sf", 1]]);
    expect(r.route("sf#1")).toBe(buildRouter(ModelRouter, [["london", 3], ["sf", 1]]).route("sf#1"));
    expect(r.route("sf#0")).toBe("sf");
  });

  it("keeps a weight-0 region listed but owning nothing", () => {
    const r = new RegionRouter();
    r.addRegion("ghost", 0);
    expect([...r.weights()]).toEqual([["ghost", 0]]);
    expect(r.route("sess-1")).toBeNull();
    r.addRegion("sf");
    expect(r.route("ghost#0")).toBe("sf");
    expect(r.removeRegion("ghost")).toBe(true);
    expect(r.removeRegion("ghost")).toBe(false);
  });

  it("routes empty, huge and lone-surrogate session ids like TextEncoder + node:crypto", () => {
    const seed: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3]];
    const model = buildRouter(ModelRouter, seed);
    const r = build(seed);
    const huge = "x".repeat(3_000_000) + "é".repeat(500_000);
    for (const key of ["", "\0", huge, "a\uD800b", "\uDC00", "😀\uD83D", "\uFFFD"]) expect(r.route(key)).toBe(model.route(key));
    expect(r.route("a\uD800b")).toBe(r.route("a\uFFFDb"));
  });
});

