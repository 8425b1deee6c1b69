// clone(): an independent router of the same class, vnodesPerWeight and region table.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { op, sessionId, type Op } from "./support/arbitraries.js";
import { CryptoPortRouter } from "../bench/crypto-port.mjs";
import { engines, type Router } from "./support/engines.js";
import { observe } from "./support/state.js";

function apply(router: Router | CryptoPortRouter, ops: Op[]): void {
  for (const o of ops) {
    if (o.kind === "add") router.addRegion(o.region, o.weight);
    else if (o.kind === "remove") router.removeRegion(o.region);
  }
}

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
        const model = new CryptoPortRouter();
        apply(router, history);
        apply(model, history);
        const copy = router.clone();
        const copyModel = new CryptoPortRouter();
        for (const [region, weight] of model.weights()) copyModel.addRegion(region, weight);
        apply(copy, onCopy);
        apply(copyModel, onCopy);
        apply(router, onOriginal);
        apply(model, onOriginal);
        for (const [r, m] of [[router, model], [copy, copyModel]] as const) {
          expect(r.weights()).toEqual(m.weights());
          for (const key of keys) expect(r.route(key)).toBe(m.route(key));
        }
      }),
      { numRuns: 80 },
    );
  });
});
