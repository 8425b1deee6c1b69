// shares(): exact arcs, checked against the independent BigInt model (same rounding, so equal to the bit).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { definition, vnodesPerWeight } from "./support/arbitraries.js";
import { buildRouter } from "./support/build.js";
import { engines } from "./support/engines.js";
import { ringOf, sharesOf } from "./support/model.mjs";

/** The model's shares of a definition, in its order. */
const modelShares = (regions: [string, number][], k = 1) => sharesOf(ringOf(regions, k), regions.map(([region]) => region));

describe.each(engines)("shares on the %s engine", (_, RegionRouter) => {
  const build = (regions: [string, number][], k = 1) => buildRouter(RegionRouter, regions, k);

  it("gives the seed's 'equal' ring its real, unequal split", () => {
    const regions: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3]];
    const shares = build(regions).shares();
    expect(shares).toEqual(modelShares(regions));
    expect([...shares].map(([r, s]) => [r, Math.round(s * 100)])).toEqual([["sf", 15], ["london", 57], ["bangalore", 28]]);
  });

  it("equals the model's arcs for any ring, lists every region in weights() order, sums to 1", () => {
    fc.assert(
      fc.property(definition, vnodesPerWeight, (regions, k) => {
        const shares = build(regions, k).shares();
        expect([...shares.keys()]).toEqual(regions.map(([r]) => r));
        expect(shares).toEqual(modelShares(regions, k));
        const total = [...shares.values()].reduce((a, b) => a + b, 0);
        if (regions.some(([, w]) => w > 0)) expect(Math.abs(total - 1)).toBeLessThan(1e-12);
        else expect(total).toBe(0);
        for (const [region, weight] of regions) if (weight === 0) expect(shares.get(region)).toBe(0);
      }),
      { numRuns: 120 },
    );
  });

  it("gives a lone region the whole ring, and an empty ring an empty map", () => {
    expect(build([["solo", 2], ["idle", 0]]).shares()).toEqual(new Map([["solo", 1], ["idle", 0]]));
    expect(new RegionRouter().shares()).toEqual(new Map());
  });

  it("follows changes: removal drops the region, re-adding moves it to the end", () => {
    const router = build([["a", 2], ["b", 2], ["c", 2]]);
    router.removeRegion("b");
    router.addRegion("a", 5);
    expect(router.shares()).toEqual(modelShares([["c", 2], ["a", 5]]));
  });
});
