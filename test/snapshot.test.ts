// toJSON / fromJSON round trips, strict snapshot validation, and the fingerprint's stability.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { definition, op, vnodesPerWeight } from "./support/arbitraries.js";
import { buildRouter, otherEngine } from "./support/build.js";
import { engines } from "./support/engines.js";
import { RegionRouter as PureRegionRouter } from "../src/pure.js";
import type { RouterOptions } from "../src/options.js";
import { fingerprintOf, ModelRouter } from "./support/model.mjs";
import { apply } from "./support/replay.mjs";
import { observe } from "./support/state.js";

/** A definition and the same pairs in another order. */
const definitionAndShuffle = definition.chain((regions) =>
  fc.tuple(fc.constant(regions), fc.shuffledSubarray(regions, { minLength: regions.length, maxLength: regions.length })),
);

const seed: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3]];
/** Names that sort differently by UTF-16 and by code point, contain the separators, or are multi-byte. */
const awkward: [string, number][] = [["東京", 2], ["sf", 0], ["a b\nc", 1], ["🌍-edge", 5], ["\uffff", 1]];

/** A meta holding itself, one level down. */
function cyclic(): Record<string, unknown> {
  const meta: Record<string, unknown> = { a: 1 };
  meta.self = [meta];
  return meta;
}

/** A meta of `levels` objects, each the `x` of the one before. */
function nested(levels: number): Record<string, unknown> {
  const meta: Record<string, unknown> = {};
  let inner = meta;
  for (let i = 1; i < levels; i++) inner = inner.x = {} as Record<string, unknown>;
  return meta;
}

/** A Proxy over `array` (Array.isArray of it is true) whose length reads as `length`. */
function lengthOf(array: unknown[], length: unknown): unknown[] {
  return new Proxy(array, { get: (target, key) => (key === "length" ? length : Reflect.get(target, key)) });
}

describe.each(engines)("snapshots on the %s engine", (name, RegionRouter) => {
  const Other = otherEngine(name);

  it("writes { version: 1, vnodesPerWeight, regions } in weights() order, JSON-ready", () => {
    const router = buildRouter(RegionRouter, [...seed, ["idle", 0]], 4);
    router.addRegion("sf", 5);
    const expected = { version: 1, vnodesPerWeight: 4, regions: [["london", 3], ["bangalore", 3], ["idle", 0], ["sf", 5]] };
    expect(router.toJSON()).toEqual(expected);
    expect(JSON.parse(JSON.stringify(router))).toEqual(expected);
  });

  it("round-trips through JSON text on either engine: same definition, routes, shares and fingerprint", () => {
    fc.assert(
      fc.property(definition, vnodesPerWeight, fc.array(op, { maxLength: 8 }), (regions, k, ops) => {
        const router = buildRouter(RegionRouter, regions, k);
        apply(router, ops);
        const text = JSON.stringify(router);
        for (const Target of [RegionRouter, Other]) {
          const restored = Target.fromJSON(JSON.parse(text));
          expect(restored).toBeInstanceOf(Target);
          expect(observe(restored)).toEqual(observe(router));
        }
      }),
      { numRuns: 60 },
    );
  });

  it("restores a router that keeps working like the model after further changes", () => {
    fc.assert(
      fc.property(definition, fc.array(op, { maxLength: 12 }), (regions, ops) => {
        const restored = RegionRouter.fromJSON({ version: 1, regions });
        const model = buildRouter(ModelRouter, regions);
        expect(observe(restored)).toEqual(observe(model));
        expect(apply(restored, ops)).toEqual(apply(model, ops));
        expect(observe(restored)).toEqual(observe(model));
      }),
      { numRuns: 60 },
    );
  });

  it("reads an absent vnodesPerWeight as 1", () => {
    const restored = RegionRouter.fromJSON({ version: 1, regions: seed });
    expect(restored.vnodesPerWeight).toBe(1);
    expect(observe(restored)).toEqual(observe(buildRouter(RegionRouter, seed)));
  });

  const bad: [string, unknown, new (...args: never[]) => Error, RegExp][] = [
    ["JSON text instead of the parsed value", JSON.stringify({ version: 1, regions: [] }), TypeError, /JSON.parse/],
    ["null", null, TypeError, /snapshot must be an object/],
    ["an array", [], TypeError, /snapshot must be an object/],
    ["an unknown property", { version: 1, regions: [], vnodePerWeight: 4 }, TypeError, /snapshot\.vnodePerWeight is not an option/],
    ["a store's field at the top level", { version: 1, regions: [], updatedAt: 1 }, TypeError, /snapshot\.updatedAt is not an option.*put your own data in snapshot\.meta/],
    ["meta as a string", { version: 1, regions: [], meta: "v2" }, TypeError, /snapshot\.meta must be/],
    ["meta as null", { version: 1, regions: [], meta: null }, TypeError, /snapshot\.meta/],
    ["meta as an array", { version: 1, regions: [], meta: [1] }, TypeError, /snapshot\.meta/],
    ["meta as a class instance", { version: 1, regions: [], meta: new Date(0) }, TypeError, /snapshot\.meta must be a plain object/],
    ["meta holding a function", { version: 1, regions: [], meta: { f: () => 1 } }, TypeError, /^snapshot\.meta\.f must be JSON data .*, got a function$/],
    ["meta holding a BigInt", { version: 1, regions: [], meta: { n: 1n } }, TypeError, /^snapshot\.meta\.n must be JSON data .*, got 1n$/],
    ["meta holding NaN", { version: 1, regions: [], meta: { a: [1, NaN] } }, TypeError, /^snapshot\.meta\.a\[1\] must be JSON data .*, got NaN$/],
    ["meta holding undefined", { version: 1, regions: [], meta: { "a b": undefined } }, TypeError, /^snapshot\.meta\["a b"\] must be JSON data .*, got undefined$/],
    ["meta holding a hole", { version: 1, regions: [], meta: { a: new Array(2 ** 32 - 1) } }, TypeError, /^snapshot\.meta\.a\[0\] must be JSON data .*, got undefined$/],
    ["meta holding a Date", { version: 1, regions: [], meta: { at: { when: new Date(0) } } }, TypeError, /^snapshot\.meta\.at\.when must be JSON data .*, got an instance of Date$/],
    ["meta holding a Map", { version: 1, regions: [], meta: { m: new Map() } }, TypeError, /^snapshot\.meta\.m must be JSON data .*, got an instance of Map$/],
    ["meta holding a typed array", { version: 1, regions: [], meta: { b: new Uint8Array(2) } }, TypeError, /^snapshot\.meta\.b must be JSON data .*, got an instance of Uint8Array$/],
    ["meta holding itself", { version: 1, regions: [], meta: cyclic() }, TypeError, /^snapshot\.meta\.self\[0\] must be JSON data .*, got an object that holds it \(a cycle\)$/],
    ["meta nesting 1,001 levels", { version: 1, regions: [], meta: nested(1001) }, RangeError, /^snapshot\.meta must nest at most 1000 levels deep, got more at snapshot\.meta[.x]+…[.x]+$/],
    ["no version", { regions: [] }, TypeError, /snapshot.version/],
    ["a string version", { version: "1", regions: [] }, TypeError, /snapshot.version/],
    ["an unknown version", { version: 2, regions: [] }, RangeError, /snapshot.version 2 is not supported/],
    ["a bad vnodesPerWeight type", { version: 1, vnodesPerWeight: "4", regions: [] }, TypeError, /snapshot.vnodesPerWeight/],
    ["vnodesPerWeight 0", { version: 1, vnodesPerWeight: 0, regions: [] }, RangeError, /snapshot.vnodesPerWeight/],
    ["vnodesPerWeight 10001", { version: 1, vnodesPerWeight: 10_001, regions: [] }, RangeError, /snapshot.vnodesPerWeight/],
    ["no regions", { version: 1 }, TypeError, /snapshot.regions must be an array/],
    ["regions as a map-like object", { version: 1, regions: { sf: 3 } }, TypeError, /snapshot.regions must be an array/],
    ["a bare name", { version: 1, regions: [["sf", 3], "london"] }, TypeError, /snapshot.regions\[1\] must be a \[region, weight\] pair/],
    ["a pair without a weight", { version: 1, regions: [["sf"]] }, TypeError, /snapshot.regions\[0\] must be/],
    ["a triple", { version: 1, regions: [["sf", 3, 1]] }, TypeError, /snapshot.regions\[0\] must be/],
    ["a sparse array", { version: 1, regions: [["sf", 3], , ["x", 1]] }, TypeError, /snapshot.regions\[1\] must be/],
    ["an empty name", { version: 1, regions: [["", 3]] }, TypeError, /snapshot.regions\[0\]\[0\]/],
    ["a lone surrogate", { version: 1, regions: [["\uD800", 3]] }, TypeError, /snapshot.regions\[0\]\[0\]/],
    ["a string weight", { version: 1, regions: [["sf", "3"]] }, TypeError, /snapshot.regions\[0\]\[1\]/],
    ["a negative weight", { version: 1, regions: [["sf", -1]] }, RangeError, /snapshot.regions\[0\]\[1\]/],
    ["a fractional weight", { version: 1, regions: [["sf", 1.5]] }, RangeError, /snapshot.regions\[0\]\[1\]/],
    ["a duplicate name", { version: 1, regions: [["sf", 3], ["london", 1], ["sf", 2]] }, RangeError, /snapshot.regions\[2\]\[0\] "sf".*repeats snapshot.regions\[0\]\[0\]/],
    ["too many virtual nodes", { version: 1, vnodesPerWeight: 10_000, regions: [["sf", 1], ["big", 1678]] }, RangeError, /"big".*MAX_VNODES/],
    // Arrays whose length is no array length (a Proxy over one passes Array.isArray): named, not read as another.
    ["regions of length -1", { version: 1, regions: lengthOf([["sf", 3]], -1) }, RangeError, /^snapshot\.regions\.length must be an integer from 0 to 4294967295, got -1$/],
    ["regions of length \"1\"", { version: 1, regions: lengthOf([["sf", 3]], "1") }, TypeError, /^snapshot\.regions\.length must be a number .*got "1"/],
    ["a pair of length \"2\"", { version: 1, regions: [lengthOf(["sf", 3], "2")] }, TypeError, /^snapshot\.regions\[0\]\.length must be a number .*got "2"/],
    ["a pair of length 2.5", { version: 1, regions: [lengthOf(["sf", 3], 2.5)] }, RangeError, /^snapshot\.regions\[0\]\.length must be an integer/],
    ["meta holding an array of length -1", { version: 1, regions: [], meta: { a: lengthOf([1, 2], -1) } }, RangeError, /^snapshot\.meta\.a\.length must be an integer from 0 to 4294967295, got -1$/],
    ["meta holding an array of length 2^32", { version: 1, regions: [], meta: { a: lengthOf([1, 2], 2 ** 32) } }, RangeError, /^snapshot\.meta\.a\.length must be an integer/],
  ];
  it.each(bad)("fromJSON rejects %s", (_, value, error, message) => {
    let thrown: unknown;
    try {
      RegionRouter.fromJSON(value);
    } catch (caught) {
      thrown = caught;
    }
    expect(thrown).toBeInstanceOf(error);
    expect((thrown as Error).message).toMatch(message);
  });
});

describe.each(engines)("snapshot meta on the %s engine", (name, RegionRouter) => {
  const meta = { updatedAt: "2024-01-01T00:00:00Z", store: { revision: 7, tags: ["a", "b"] } };

  it("is kept by fromJSON, returned by toJSON and copied by clone, in every dialect", () => {
    for (const options of [{}, { compatibleWith: "hashring" as const }, { compatibleWith: "uhashring" as const, vnodes: 8 }]) {
      const plain = new RegionRouter(options);
      plain.addRegions(seed);
      const snapshot = { ...plain.toJSON(), meta };
      const restored = RegionRouter.fromJSON(JSON.parse(JSON.stringify(snapshot)));
      expect(restored.toJSON()).toEqual(snapshot);
      expect(restored.clone().toJSON()).toEqual(snapshot);
      const { snapshot: _, ...rest } = observe(restored) as Record<string, unknown>;
      expect({ ...rest, snapshot: plain.toJSON() }).toEqual(observe(plain));
    }
  });

  it("is absent from toJSON when there is none", () => {
    const restored = RegionRouter.fromJSON({ version: 1, regions: seed });
    expect(Object.hasOwn(restored.toJSON(), "meta")).toBe(false);
    expect(Object.hasOwn(buildRouter(RegionRouter, seed).toJSON(), "meta")).toBe(false);
  });

  it("is a copy: changing the caller's object, toJSON's or a clone's changes nothing else", () => {
    const given = structuredClone(meta);
    const restored = RegionRouter.fromJSON({ version: 1, regions: seed, meta: given });
    given.store.revision = 8;
    (restored.toJSON().meta as typeof meta).store.tags.push("c");
    const copy = restored.clone();
    (copy.toJSON().meta as typeof meta).store.revision = 9;
    expect(restored.toJSON().meta).toEqual(meta);
    expect(copy.toJSON().meta).toEqual(meta);
  });

  it("is not part of the fingerprint", () => {
    const without = RegionRouter.fromJSON({ version: 1, regions: seed });
    const withMeta = RegionRouter.fromJSON({ version: 1, regions: seed, meta });
    const otherMeta = RegionRouter.fromJSON({ version: 1, regions: seed, meta: { updatedAt: "later" } });
    expect(withMeta.fingerprint()).toBe(without.fingerprint());
    expect(otherMeta.fingerprint()).toBe(without.fingerprint());
    expect(withMeta.fingerprint()).toBe(buildRouter(RegionRouter, seed).fingerprint());
  });

  it("an empty meta object round-trips as given", () => {
    expect(RegionRouter.fromJSON({ version: 1, regions: seed, meta: {} }).toJSON().meta).toEqual({});
  });

  it("is JSON data JSON.stringify writes back unchanged: 1,000 levels deep, a __proto__ key, a shared object copied per place", () => {
    const deep = nested(1000);
    const restored = RegionRouter.fromJSON({ version: 1, regions: seed, meta: deep });
    expect(JSON.parse(JSON.stringify(restored))).toEqual(restored.toJSON());
    expect(restored.toJSON().meta).toEqual(deep);
    const text = '{"__proto__":{"a":1},"k":[true,null,"s",1.5,-0]}';
    const kept = RegionRouter.fromJSON({ version: 1, regions: seed, meta: JSON.parse(text) }).clone().toJSON().meta as object;
    expect(Object.getPrototypeOf(kept)).toBe(Object.prototype);
    expect(Object.keys(kept)).toEqual(["__proto__", "k"]);
    expect(JSON.stringify(kept)).toBe(text.replace("-0", "0"));
    const shared = { v: 1 };
    const copied = RegionRouter.fromJSON({ version: 1, regions: seed, meta: { a: shared, b: shared } }).toJSON().meta as Record<string, object>;
    expect(copied).toEqual({ a: { v: 1 }, b: { v: 1 } });
    expect(copied.a).not.toBe(copied.b);
  });

  it("fromJSON detached from its class is a TypeError, not a router of another class's copy", () => {
    const fromJSON = RegionRouter.fromJSON as (this: unknown, value: unknown) => unknown;
    expect(() => fromJSON({ version: 1, regions: seed })).toThrow(new TypeError("fromJSON must be called on a RegionRouter class, as RegionRouter.fromJSON(snapshot) (not detached from it), got this = undefined"));
    expect(() => [{ version: 1, regions: seed }].map(RegionRouter.fromJSON)).toThrow(/^fromJSON must be called on a RegionRouter class/);
    expect(() => fromJSON.call({ prototype: {} }, { version: 1, regions: seed })).toThrow(/^fromJSON must be called on a RegionRouter class.*got this = an object$/);
    // A subclass gets routers of its own class.
    const Mine = class extends (RegionRouter as typeof PureRegionRouter) {};
    expect(Mine.fromJSON({ version: 1, regions: seed })).toBeInstanceOf(Mine);
  });

  it("fromJSON on a subclass: regions its constructor adds give way to the snapshot's; options it will not take are a TypeError", () => {
    const Base = RegionRouter as typeof PureRegionRouter;
    const snapshot = { version: 1, vnodesPerWeight: 40, regions: seed } as const;
    const expected = Base.fromJSON(snapshot);
    const WithDefaults = class extends Base {
      constructor(options?: RouterOptions) {
        super(options);
        this.addRegions([["fallback", 1], [seed[0][0], 7]]);
      }
    };
    const loaded = WithDefaults.fromJSON(snapshot);
    expect(loaded).toBeInstanceOf(WithDefaults);
    expect(loaded.toJSON()).toEqual(expected.toJSON());
    expect(loaded.fingerprint()).toBe(expected.fingerprint());
    const ids = Array.from({ length: 300 }, (_, i) => `sess-${i}`);
    expect(loaded.routeMany(ids)).toEqual(expected.routeMany(ids));
    const Fixed = class extends Base {
      constructor() {
        super({ compatibleWith: "hashring" });
      }
    };
    expect(() => Fixed.fromJSON(snapshot)).toThrow(
      new TypeError("fromJSON: the constructor made hashring (vnodeCount 40, replicas 4), not the snapshot's region-router (vnodesPerWeight 40): pass the options on to super()"),
    );
  });

  it("a subclass's own weights() (adding a region, hiding one) changes neither toJSON() nor fingerprint(): both describe the ring", () => {
    const Base = RegionRouter as typeof PureRegionRouter;
    const plain = buildRouter(Base, seed, 40);
    for (const change of [(m: Map<string, number>) => m.set("ghost", 5), (m: Map<string, number>) => m.delete(seed[0][0])]) {
      const Lying = class extends Base {
        override weights(): Map<string, number> {
          const weights = super.weights();
          change(weights);
          return weights;
        }
      };
      const lying = buildRouter(Lying, seed, 40);
      expect(lying.weights()).not.toEqual(plain.weights());
      expect(lying.toJSON()).toEqual(plain.toJSON());
      expect(lying.fingerprint()).toBe(plain.fingerprint());
      expect(Base.fromJSON(lying.toJSON()).shares()).toEqual(plain.shares());
    }
  });
});

describe.each(engines)("fingerprint on the %s engine", (name, RegionRouter) => {
  const Other = otherEngine(name);

  it("has pinned values (computed with md5sum and Python's hashlib from the documented encoding)", () => {
    expect(buildRouter(RegionRouter, seed).fingerprint()).toBe("bccfc8b2227ab3c947d3d16217b4a952");
    expect(buildRouter(RegionRouter, awkward, 40).fingerprint()).toBe("a44041498b0710b1cc14ce664244272d");
  });

  it("is the documented encoding's MD5, the same on both engines, whatever the insertion order", () => {
    fc.assert(
      fc.property(definitionAndShuffle, vnodesPerWeight, ([regions, shuffled], k) => {
        const fingerprint = buildRouter(RegionRouter, regions, k).fingerprint();
        expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
        expect(fingerprint).toBe(fingerprintOf(regions, k));
        expect(buildRouter(Other, shuffled, k).fingerprint()).toBe(fingerprint);
      }),
      { numRuns: 100 },
    );
  });

  it("ignores history, and changes with any weight, vnodesPerWeight or weight-0 region", () => {
    const base = buildRouter(RegionRouter, seed).fingerprint();
    const churned = buildRouter(RegionRouter, [["tokyo", 2], ["london", 9], ...seed]);
    churned.removeRegion("tokyo");
    expect(churned.fingerprint()).toBe(base);
    expect(buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["bangalore", 4]]).fingerprint()).not.toBe(base);
    expect(buildRouter(RegionRouter, seed, 2).fingerprint()).not.toBe(base);
    expect(buildRouter(RegionRouter, [...seed, ["idle", 0]]).fingerprint()).not.toBe(base);
  });
});
