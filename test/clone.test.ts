// clone(): an independent router of the same class, vnodesPerWeight and region table.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_REGIONS, type RegionRouter as AnyEngineRouter, type RouterOptions } from "../src/index.js";
import { op, sessionId } from "./support/arbitraries.js";
import { engines } from "./support/engines.js";
import { ModelRouter } from "./support/model.mjs";
import { apply } from "./support/replay.mjs";
import { observe } from "./support/state.js";

describe.each(engines)("clone on the %s engine", (engine, RegionRouter) => {
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

  it("makes one ring, not a ring thrown away and another (each WebAssembly ring is an instance, and they are counted)", () => {
    const router = new RegionRouter({ compatibleWith: "hashring" });
    router.addRegions([["sf", 2], ["london", 1]]);
    const original = WebAssembly.Instance;
    let instances = 0;
    WebAssembly.Instance = new Proxy(original, {
      construct(target, args: [WebAssembly.Module, WebAssembly.Imports?]) {
        instances++;
        return new target(...args);
      },
    });
    try {
      const fresh = new RegionRouter({ compatibleWith: "hashring" });
      const made = instances;
      const copy = router.clone();
      // A clone makes the instances a new router makes, no more (none on the pure engine).
      expect([made, instances - made]).toEqual(engine === "pure" ? [0, 0] : [1, 1]);
      expect(observe(copy)).toEqual(observe(router));
      void fresh;
    } finally {
      WebAssembly.Instance = original;
    }
  });

  it("a subclass whose constructor makes a router of its own before super(): each gets its own ring", () => {
    let inner: AnyEngineRouter | undefined;
    // Typed as one entry's class (the engines' classes are one API).
    class Keeper extends (RegionRouter as typeof AnyEngineRouter) {
      constructor(options?: RouterOptions) {
        const before = new (RegionRouter as typeof AnyEngineRouter)({ vnodesPerWeight: 2 });
        super(options);
        inner = before;
      }
    }
    const router = new Keeper({ vnodesPerWeight: 3 });
    router.addRegion("sf", 2);
    const copy = router.clone();
    expect(copy).toBeInstanceOf(Keeper);
    expect(observe(copy)).toEqual(observe(router));
    expect(inner?.weights().size).toBe(0);
    inner?.addRegion("tokyo", 1);
    expect(copy.weights().has("tokyo")).toBe(false);
    expect(router.weights().has("tokyo")).toBe(false);
    expect(inner?.route("x")).toBe("tokyo");
  });

  it("a subclass whose constructor adds default regions, fixes or changes its options, or clones another router: the copy is this router, routes included", () => {
    const Base = RegionRouter as typeof AnyEngineRouter;
    const other = new Base();
    other.addRegion("elsewhere", 2);
    const defaults = class extends Base {
      constructor(options?: RouterOptions) {
        super(options);
        this.addRegions([["sf", 3], ["london", 3]]);
      }
    };
    const fixed = class extends Base {
      constructor() {
        super({ compatibleWith: "hashring", vnodeCount: 7 });
      }
    };
    // Options it changes on the way: the copy's constructor would double them again.
    const doubled = class extends Base {
      constructor(options?: { vnodesPerWeight?: number }) {
        super({ vnodesPerWeight: 2 * (options?.vnodesPerWeight ?? 1) });
      }
    };
    const nested = class extends Base {
      constructor(options?: RouterOptions) {
        const before = other.clone();
        super(options);
        void before;
      }
    };
    const ids = Array.from({ length: 500 }, (_, i) => `sess-${i}`);
    for (const Class of [defaults, fixed, doubled, nested]) {
      const router = new Class({ vnodesPerWeight: 20 });
      router.addRegions([["tokyo", 2], ["sf", 1]]);
      router.routeIndexes(ids);
      const copy = router.clone();
      expect(copy).toBeInstanceOf(Class);
      expect(copy.options).toEqual(router.options);
      expect(observe(copy)).toEqual(observe(router));
      expect(copy.routeMany(ids)).toEqual(router.routeMany(ids));
      expect([...copy.routeIndexes(ids)]).toEqual([...router.routeIndexes(ids)]);
      expect([...copy.shares().values()].reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
      // Updates after the copy follow its dialect, as the original's do.
      copy.addRegion("paris", 2);
      router.addRegion("paris", 2);
      expect(copy.routeMany(ids)).toEqual(router.routeMany(ids));
      expect(copy.fingerprint()).toBe(router.fingerprint());
    }
    expect(other.weights()).toEqual(new Map([["elsewhere", 2]]));
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
