// clone(): an independent router of the same class, vnodesPerWeight and region table.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
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
