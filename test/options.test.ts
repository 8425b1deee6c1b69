// new RegionRouter({ vnodesPerWeight }): k virtual nodes per unit of weight, and the MAX_VNODES budget.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_VNODES as pureMax } from "../src/pure.js";
import { MAX_VNODES } from "../src/index.js";
import { definition, sessionId } from "./support/arbitraries.js";
import { engines } from "./support/engines.js";
import { expectRejectedUnchanged } from "./support/state.js";

it("exports MAX_VNODES = 2^24 from both entry points", () => {
  expect(MAX_VNODES).toBe(2 ** 24);
  expect(pureMax).toBe(MAX_VNODES);
});

describe.each(engines)("vnodesPerWeight on the %s engine", (_, RegionRouter) => {
  it("defaults to 1, the reference", () => {
    expect(new RegionRouter().vnodesPerWeight).toBe(1);
    expect(new RegionRouter({}).vnodesPerWeight).toBe(1);
    expect(new RegionRouter({ vnodesPerWeight: undefined }).vnodesPerWeight).toBe(1);
    expect(new RegionRouter({ vnodesPerWeight: 10_000 }).vnodesPerWeight).toBe(10_000);
  });

  it("routes a weight-w region with k as a weight-(w × k) region without k (same virtual node names)", () => {
    fc.assert(
      fc.property(definition, fc.integer({ min: 2, max: 6 }), fc.array(sessionId, { maxLength: 20 }), (regions, k, keys) => {
        const withK = new RegionRouter({ vnodesPerWeight: k });
        const expanded = new RegionRouter();
        for (const [region, weight] of regions) {
          withK.addRegion(region, weight);
          expanded.addRegion(region, weight * k);
        }
        for (const key of keys) expect(withK.route(key)).toBe(expanded.route(key));
        expect(withK.shares()).toEqual(expanded.shares());
        expect(withK.weights()).toEqual(new Map(regions));
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    [null, TypeError, /options must be an object/],
    [5, TypeError, /options must be an object/],
    ["vnodesPerWeight", TypeError, /options must be an object/],
    [[40], TypeError, /options must be an object/],
    [{ vnodePerWeight: 40 }, TypeError, /options\.vnodePerWeight is not an option of compatibleWith "region-router"/],
    [{ vnodesPerWeight: "40" }, TypeError, /options.vnodesPerWeight/],
    [{ vnodesPerWeight: null }, TypeError, /options.vnodesPerWeight/],
    [{ vnodesPerWeight: 0 }, RangeError, /options.vnodesPerWeight/],
    [{ vnodesPerWeight: 10_001 }, RangeError, /options.vnodesPerWeight/],
    [{ vnodesPerWeight: 2.5 }, RangeError, /options.vnodesPerWeight/],
    [{ vnodesPerWeight: Number.NaN }, RangeError, /options.vnodesPerWeight/],
  ])("rejects options %j with %s", (options, error, message) => {
    expect(() => new RegionRouter(options as never)).toThrow(error);
    expect(() => new RegionRouter(options as never)).toThrow(message);
  });

  it.each([
    [1, 1_000_000],
    [4096, 4096],
  ])("accepts, with k = %i, weight %i: at most MAX_WEIGHT and MAX_VNODES, bounds included", (k, weight) => {
    // Checked without building 2^24 nodes: addRegions validates every entry first, so a bad entry
    // after it must be what stops the call.
    const router = new RegionRouter({ vnodesPerWeight: k });
    expectRejectedUnchanged([router], () => router.addRegions([["big", weight], ["bad", -1]]), RangeError, /^entries\[1\]\[1\]/);
  });

  it("rejects a region over MAX_VNODES (weight × k), adding or re-weighting, changing nothing", () => {
    const router = new RegionRouter({ vnodesPerWeight: 4096 });
    router.addRegion("small", 1);
    // 4097 × 4096 = 2^24 + 4096.
    expectRejectedUnchanged([router], () => router.addRegion("big", 4097), RangeError, /"big".*weight 4097 would have 16781312 virtual nodes, more than MAX_VNODES \(16777216\)/);
    expectRejectedUnchanged([router], () => router.addRegion("small", 4097), RangeError, /MAX_VNODES/);
    expect(router.weights()).toEqual(new Map([["small", 1]]));
  });
});
