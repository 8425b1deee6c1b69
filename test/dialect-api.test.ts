// The dialect API around the routes (the routes themselves are checked against the real libraries in
// test/dialects*.test.ts): options as each dialect spells them, errors, the `options` getter,
// snapshots, fingerprints, clones and util.inspect, on every engine.
import { inspect } from "node:util";
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { RouterOptions } from "../src/options.js";
import { buildRouter } from "./support/build.js";
import { engines } from "./support/engines.js";
import { expectRejectedUnchanged } from "./support/state.js";

/** Every dialect with its defaults, as the README's table gives them. */
const DEFAULTS: [RouterOptions["compatibleWith"], Record<string, number>][] = [
  ["region-router", { vnodesPerWeight: 1 }],
  ["consistent-hash-ring", { replicas: 150 }],
  ["uhashring", { vnodes: 160 }],
  ["uhashring-ketama", { vnodes: 40, replicas: 4 }],
  ["hashring", { vnodeCount: 40, replicas: 4 }],
  ["libketama", {}],
  ["hash_ring", {}],
];
const REGIONS: [string, number][] = [["sf", 2], ["london", 1], ["東京", 3], ["idle", 0]];
const KEYS = Array.from({ length: 300 }, (_, i) => `sess-${i}`);

describe.each(engines)("dialects on the %s engine", (_engine, RegionRouter) => {
  /** REGIONS, or `regions`, in one addRegions call on a router of `options`. */
  const build = (options?: RouterOptions, regions = REGIONS) => buildRouter(RegionRouter, regions, options, { oneCall: true });

  it.each(DEFAULTS)("%s: fills in its defaults, and the options getter gives them back", (compatibleWith, defaults) => {
    const router = new RegionRouter({ compatibleWith } as RouterOptions);
    expect(router.options).toEqual({ compatibleWith, ...defaults });
    expect(router.vnodesPerWeight).toBe(defaults.vnodesPerWeight);
  });

  it("without options, or with compatibleWith: 'region-router', is the reference as before", () => {
    expect(new RegionRouter().options).toEqual({ compatibleWith: "region-router", vnodesPerWeight: 1 });
    const a = build();
    const b = build({ compatibleWith: "region-router" });
    expect(b.routeMany(KEYS)).toEqual(a.routeMany(KEYS));
    expect(b.toJSON()).toEqual(a.toJSON());
  });

  it.each([
    [{ compatibleWith: "hashring", vnodesPerWeight: 4 }, TypeError, /options\.vnodesPerWeight is not an option of compatibleWith "hashring" \(its options: vnodeCount, replicas\)/],
    [{ compatibleWith: "libketama", replicas: 4 }, TypeError, /options\.replicas is not an option of compatibleWith "libketama" \(its options: none\)/],
    [{ compatibleWith: "uhashring", vnodeCount: 4 }, TypeError, /options\.vnodeCount is not an option of compatibleWith "uhashring"/],
    [{ compatibleWith: "hashring", colour: 1 }, TypeError, /options\.colour is not an option/],
    // Names every object inherits are options of no dialect either.
    [{ compatibleWith: "libketama", toString: 5 }, TypeError, /options\.toString is not an option of compatibleWith "libketama"/],
    [{ compatibleWith: "hashring", constructor: 8 }, TypeError, /options\.constructor is not an option of compatibleWith "hashring"/],
    [{ valueOf: "x" }, TypeError, /options\.valueOf is not an option of compatibleWith "region-router"/],
    [JSON.parse('{"compatibleWith":"uhashring","__proto__":{}}'), TypeError, /options\.__proto__ is not an option of compatibleWith "uhashring"/],
    [{ compatibleWith: "ketama" }, RangeError, /options\.compatibleWith must be one of region-router, consistent-hash-ring, uhashring, uhashring-ketama, hashring, libketama, hash_ring, got "ketama"/],
    [{ compatibleWith: 7 }, TypeError, /options\.compatibleWith must be one of .*, got 7/],
    [{ compatibleWith: null }, TypeError, /options\.compatibleWith must be one of .*, got null/],
    [{ compatibleWith: "hashring", replicas: 5 }, RangeError, /options\.replicas must be an integer from 1 to 4, got 5/],
    [{ compatibleWith: "uhashring-ketama", replicas: 0 }, RangeError, /options\.replicas must be an integer from 1 to 4, got 0/],
    [{ compatibleWith: "consistent-hash-ring", replicas: 10_001 }, RangeError, /options\.replicas must be an integer from 1 to 10000, got 10001/],
    [{ compatibleWith: "uhashring", vnodes: null }, TypeError, /options\.vnodes must be a number/],
    [{ compatibleWith: "hashring", vnodeCount: 1.5 }, RangeError, /options\.vnodeCount must be an integer from 1 to 10000, got 1.5/],
  ])("rejects %j with %s", (options, type, message) => {
    expect(() => new RegionRouter(options as RouterOptions)).toThrow(type);
    expect(() => new RegionRouter(options as RouterOptions)).toThrow(message);
  });

  it.each(DEFAULTS)("%s: accepts every option at its bounds", (compatibleWith, defaults) => {
    for (const option of Object.keys(defaults)) {
      const max = option === "replicas" && compatibleWith !== "consistent-hash-ring" ? 4 : 10_000;
      for (const value of [1, max]) {
        const router = new RegionRouter({ compatibleWith, [option]: value } as RouterOptions);
        expect(router.options).toEqual({ compatibleWith, ...defaults, [option]: value });
      }
    }
  });

  it.each(DEFAULTS)("%s: snapshots record the dialect and its options and load back on every engine", (compatibleWith) => {
    const router = build({ compatibleWith } as RouterOptions);
    const snapshot = JSON.parse(JSON.stringify(router));
    if (compatibleWith === "region-router") expect(snapshot).toEqual({ version: 1, vnodesPerWeight: 1, regions: REGIONS });
    else expect(snapshot).toEqual({ version: 1, ...router.options, regions: REGIONS });
    for (const [, Other] of engines) {
      const copy = Other.fromJSON(snapshot);
      expect(copy.options).toEqual(router.options);
      expect(copy.routeMany(KEYS)).toEqual(router.routeMany(KEYS));
      expect(copy.fingerprint()).toBe(router.fingerprint());
      expect(copy.shares()).toEqual(router.shares());
    }
  });

  it("reads options own or inherited, as compatibleWith is, and rejects an inherited name that is no option", () => {
    const inherited = Object.create({ compatibleWith: "hashring", vnodeCount: 7 }) as RouterOptions;
    expect(new RegionRouter(inherited).options).toEqual({ compatibleWith: "hashring", vnodeCount: 7, replicas: 4 });
    class Options {
      get vnodesPerWeight() {
        return 40;
      }
    }
    expect(new RegionRouter(new Options()).vnodesPerWeight).toBe(40);
    expect(() => new RegionRouter(Object.create({ vnodes: 5 }) as RouterOptions)).toThrow(
      new TypeError('options.vnodes is not an option of compatibleWith "region-router" (its options: vnodesPerWeight)'),
    );
    // Another dialect's option as a class's getter (not enumerable) is refused too, not ignored.
    class Mixed {
      get compatibleWith() {
        return "hashring" as const;
      }
      get vnodesPerWeight() {
        return 5;
      }
    }
    expect(() => new RegionRouter(new Mixed() as unknown as RouterOptions)).toThrow(
      new TypeError('options.vnodesPerWeight is not an option of compatibleWith "hashring" (its options: vnodeCount, replicas)'),
    );
  });

  it("reads a snapshot's dialect options with the constructor's rules", () => {
    const load = (value: object) => () => RegionRouter.fromJSON(value);
    expect(load({ version: 1, compatibleWith: "hashring", vnodesPerWeight: 2, regions: [] })).toThrow(/snapshot\.vnodesPerWeight is not an option of compatibleWith "hashring"/);
    expect(load({ version: 1, compatibleWith: "hashring", replicas: 9, regions: [] })).toThrow(RangeError);
    expect(load({ version: 1, compatibleWith: "nope", regions: [] })).toThrow(/snapshot\.compatibleWith must be one of/);
    expect(load({ version: 1, compatibleWith: "hash_ring", hasOwnProperty: 1, regions: [] })).toThrow(/snapshot\.hasOwnProperty is not an option of compatibleWith "hash_ring"/);
    expect(load(JSON.parse('{"version":1,"__proto__":{},"regions":[]}'))).toThrow(/snapshot\.__proto__ is not an option of compatibleWith "region-router"/);
    // Read as the constructor reads options: own or inherited.
    const inherited = (defaults: object) => Object.assign(Object.create(defaults), { version: 1, regions: [["a", 1]] });
    expect(RegionRouter.fromJSON(inherited({ compatibleWith: "hashring", vnodeCount: 7 })).options).toEqual({ compatibleWith: "hashring", vnodeCount: 7, replicas: 4 });
    expect(load(inherited({ vnodes: 5 }))).toThrow(/snapshot\.vnodes is not an option of compatibleWith "region-router"/);
    // A snapshot without options takes the dialect's defaults.
    expect(RegionRouter.fromJSON({ version: 1, compatibleWith: "uhashring", regions: [["a", 1]] }).options).toEqual({ compatibleWith: "uhashring", vnodes: 160 });
  });

  it("fingerprints differ between dialects and between options, and the default's keeps format v1", () => {
    const prints = new Set<string>();
    for (const [compatibleWith, defaults] of DEFAULTS) {
      prints.add(build({ compatibleWith } as RouterOptions).fingerprint());
      for (const option of Object.keys(defaults)) prints.add(build({ compatibleWith, [option]: 2 } as RouterOptions).fingerprint());
    }
    expect(prints.size).toBe(DEFAULTS.length + 7);
    // Format v1, byte for byte: the canonical text of docs/fingerprint.md, hashed here by node:crypto.
    const v1 = "region-router ring v1\nvnodesPerWeight 1\n4:idle 0\n6:london 1\n2:sf 2\n6:東京 3\n";
    expect(build().fingerprint()).toBe(createHash("md5").update(v1).digest("hex"));
    const hashring = "region-router ring v1\ncompatibleWith hashring\nvnodeCount 40\nreplicas 4\n2:sf 2\n6:london 1\n6:東京 3\n4:idle 0\n";
    expect(build({ compatibleWith: "hashring" }).fingerprint()).toBe(createHash("md5").update(hashring).digest("hex"));
  });

  it("orders the regions in a 32-bit dialect's fingerprint as added (equal points go by that order), in a 128-bit one by name", () => {
    const reversed = (options: RouterOptions) => build(options, [...REGIONS].reverse());
    expect(reversed({ compatibleWith: "libketama" }).fingerprint()).not.toBe(build({ compatibleWith: "libketama" }).fingerprint());
    expect(reversed({ compatibleWith: "uhashring" }).fingerprint()).toBe(build({ compatibleWith: "uhashring" }).fingerprint());
  });

  it.each(DEFAULTS)("%s: a clone keeps the dialect and routes the same, independently", (compatibleWith) => {
    const router = build({ compatibleWith } as RouterOptions);
    const copy = router.clone();
    expect(copy.options).toEqual(router.options);
    expect(copy.routeMany(KEYS)).toEqual(router.routeMany(KEYS));
    copy.removeRegion("sf");
    expect(router.weights().has("sf")).toBe(true);
    expect(copy.routeMany(KEYS)).not.toEqual(router.routeMany(KEYS));
  });

  // libketama and hash_ring give at most 40 x regions names (2,621,440): never past MAX_VNODES.
  const dominant: [string, number][] = Array.from({ length: 2000 }, (_, i) => [`r${i}`, i === 0 ? 1_000_000 : 0]);
  it.each([
    [{ compatibleWith: "region-router", vnodesPerWeight: 10_000 }, [["big", 1678]]],
    [{ compatibleWith: "consistent-hash-ring", replicas: 10_000 }, [["big", 1678]]],
    [{ compatibleWith: "uhashring", vnodes: 10_000 }, [["big", 1678]]],
    // 10,000 x 2,000 regions x (all the weight) = 20,000,000 names for r0.
    [{ compatibleWith: "uhashring-ketama", vnodes: 10_000, replicas: 1 }, dominant],
    [{ compatibleWith: "hashring", vnodeCount: 10_000, replicas: 1 }, dominant],
  ] as [RouterOptions, [string, number][]][])("%j: a region past MAX_VNODES names is refused, changing nothing", (options, regions) => {
    const router = build(options, [["a", 1], ["b", 1]]);
    expectRejectedUnchanged([router], () => router.addRegions(regions), RangeError, /would have 20\d{6} virtual nodes|would have 16\d{6} virtual nodes, more than MAX_VNODES \(16777216\)/);
  });
});

describe("util.inspect", () => {
  it.each(engines)("shows the %s engine's dialect and options, not its internals", (_engine, RegionRouter) => {
    const router = buildRouter(RegionRouter, [["a", 1], ["b", 2]], { compatibleWith: "hashring", replicas: 3 }, { oneCall: true });
    const shown = inspect(router);
    expect(shown).toContain("dialect: 'hashring'");
    expect(shown).toContain("vnodeCount: 40");
    expect(shown).toContain("replicas: 3");
    // 40 x 2 x (1/3) = 26 names and 53 for b, three points each.
    expect(shown).toContain(`positions: ${(26 + 53) * 3}`);
    expect(shown).toContain(`fingerprint: '${router.fingerprint()}'`);
    expect(Object.keys(router)).toEqual([]);
  });
});
