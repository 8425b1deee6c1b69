// clone(): an independent router of the same class, vnodesPerWeight and region table.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_REGIONS } from "../src/index.js";
import { op, sessionId } from "./support/arbitraries.js";
import { engines } from "./support/engines.js";
import { ModelRouter } from "./support/model.mjs";
import { apply } from "./support/replay.mjs";
import { observe } from "./support/state.js";

describe.each(engines)("clone on the %s engine", (_, RegionRouter) => {
  it("copies everything, keeps the class and vnodesPerWeight", () => {
    const router = new RegionRouter({ vnodesPerWeight: 3 });
    router.addRegion("sf", 2);
    router.addRegion("tokyo", 0);
    const copy = router.clone();
    expect(copy).toBeInstanceOf(RegionRouter);
    expect(copy).not.toBe(router);
    expect(copy.vnodesPerWeight).toBe(3);
    expect(observe(copy)).toEqual(observe(router));
  });

  it("keeps the owners that removals freed: a full router's clone takes a new region in a removed one's place", () => {
    const router = new RegionRouter();
    router.addRegions(Array.from({ length: MAX_REGIONS }, (_, i): [string, number] => [`r${i}`, i < 3 ? 2 : 0]));
    router.removeRegion("r1");
    const copy = router.clone();
    copy.addRegion("new", 2);
    expect(copy.weights().size).toBe(MAX_REGIONS);
    expect(copy.route("new#1")).toBe("new");
    expect(() => copy.addRegion("one-more")).toThrow(/at most 65536 regions/);
    expect(router.weights().has("new")).toBe(false);
  });

  it("is independent both ways, through any history (owner reuse included)", () => {
    fc.assert(
      fc.property(fc.array(op, { maxLength: 15 }), fc.array(op, { maxLength: 15 }), fc.array(op, { maxLength: 15 }), fc.array(sessionId, { maxLength: 10 }), (history, onCopy, onOriginal, keys) => {
        const router = new RegionRouter();
        const model = new ModelRouter();
        apply(router, history);
        apply(model, history);
        const copy = router.clone();
        const copyModel = model.clone();
        apply(copy, onCopy);
        apply(copyModel, onCopy);
        apply(router, onOriginal);
        apply(model, onOriginal);
        for (const [r, m] of [[router, model], [copy, copyModel]] as const) {
          expect(observe(r)).toEqual(observe(m));
          expect(r.routeMany(keys)).toEqual(m.routeMany(keys));
        }
      }),
      { numRuns: 80 },
    );
  });
});
