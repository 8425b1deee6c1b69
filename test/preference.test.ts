// preferenceList: the failover order, against an independent model and against removeRegion itself
// (in every dialect of absolute weights; in the others it is the library's replica order).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { definition, sessionId, vnodesPerWeight } from "./support/arbitraries.js";
import { buildRouter } from "./support/build.js";
import { engines, type Router } from "./support/engines.js";
import { preferenceOf, ringOf } from "./support/model.mjs";
import { expectRejectedUnchanged } from "./support/state.js";

/** [i + 1] of the session's list is where it goes with [0..i] removed, for the whole list. */
function expectFailoverOrder(router: Router, key: string, n: number): void {
  const list = router.preferenceList(key, n);
  const failed = router.clone();
  for (let i = 0; i < list.length; i++) {
    failed.removeRegion(list[i]);
    expect(failed.route(key)).toBe(list[i + 1] ?? null);
  }
}

describe.each(engines)("preferenceList on the %s engine", (_, RegionRouter) => {
  const build = (regions: [string, number][], k = 1) => buildRouter(RegionRouter, regions, k);
  const seed = () => build([["sf", 3], ["london", 3], ["bangalore", 3]]);

  it("lists distinct regions in the model's clockwise order, [0] being route()", () => {
    fc.assert(
      fc.property(definition, vnodesPerWeight, sessionId, fc.integer({ min: 0, max: 9 }), (regions, k, key, n) => {
        const router = build(regions, k);
        const list = router.preferenceList(key, n);
        const owning = regions.filter(([, w]) => w > 0).length;
        expect(list).toEqual(preferenceOf(ringOf(regions, k), key, n));
        expect(list.length).toBe(Math.min(n, owning));
        expect(new Set(list).size).toBe(list.length);
        if (n > 0) expect(list[0] ?? null).toBe(router.route(key));
        // A longer list extends a shorter one.
        expect(router.preferenceList(key, n + 3).slice(0, n)).toEqual(list);
      }),
      { numRuns: 150 },
    );
  });

  it("is the failover order: [i + 1] is where the session goes with [0..i] removed", () => {
    fc.assert(
      fc.property(definition, vnodesPerWeight, sessionId, (regions, k, key) => {
        expectFailoverOrder(build(regions, k), key, regions.length);
      }),
      { numRuns: 100 },
    );
  });

  it.each([
    ["consistent-hash-ring", { compatibleWith: "consistent-hash-ring", replicas: 8 }],
    ["uhashring", { compatibleWith: "uhashring", vnodes: 8 }],
  ] as const)("in %s (absolute weights) is the failover order too", (_dialect, options) => {
    fc.assert(
      fc.property(definition, sessionId, (regions, key) => {
        const router = new RegionRouter(options);
        router.addRegions(regions);
        expectFailoverOrder(router, key, regions.length);
      }),
      { numRuns: 40 },
    );
  });

  it("in the dialects of relative weights is the library's replica order, which a removal can change", () => {
    // hashring's range("sess-6") is c, b, a (test/dialects-live.test.ts checks range() at large);
    // without c, a and b share the whole ring between them and the session goes to a, not b.
    const router = new RegionRouter({ compatibleWith: "hashring" });
    router.addRegions([["a", 1], ["b", 2], ["c", 3]]);
    expect(router.preferenceList("sess-6", 3)).toEqual(["c", "b", "a"]);
    router.removeRegion("c");
    expect(router.route("sess-6")).toBe("a");
  });

  it("returns [] on an empty ring, for n = 0, and when every region has weight 0", () => {
    expect(new RegionRouter().preferenceList("abc", 3)).toEqual([]);
    expect(seed().preferenceList("abc", 0)).toEqual([]);
    expect(build([["a", 0], ["b", 0]]).preferenceList("abc", 2)).toEqual([]);
  });

  it("accepts any safe-integer n and stops at the regions that own positions", () => {
    expect(seed().preferenceList("user-42", Number.MAX_SAFE_INTEGER).sort()).toEqual(["bangalore", "london", "sf"]);
  });

  it.each([
    ["3", TypeError],
    [null, TypeError],
    [undefined, TypeError],
    [3n, TypeError],
    [-1, RangeError],
    [1.5, RangeError],
    [Number.NaN, RangeError],
    [Number.POSITIVE_INFINITY, RangeError],
    [Number.MAX_SAFE_INTEGER + 1, RangeError],
  ])("rejects n = %s with %s, changing nothing", (n, error) => {
    const router = seed();
    expectRejectedUnchanged([router], () => router.preferenceList("abc", n as number), error, /\bn\b/);
  });

  it("rejects a non-string session id, changing nothing", () => {
    const router = seed();
    expectRejectedUnchanged([router], () => router.preferenceList(42 as unknown as string, 1), TypeError, /sessionId/);
  });
});
