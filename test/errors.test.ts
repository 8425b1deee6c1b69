// Bad input: a clear TypeError/RangeError naming the parameter and the value, and nothing changed.
import { describe, expect, it } from "vitest";
import { MAX_REGIONS, MAX_WEIGHT } from "../src/index.js";
import { RegionRouter as PureRegionRouter } from "../src/pure.js";
import { buildRouter } from "./support/build.js";
import { engines } from "./support/engines.js";
import { expectRejectedUnchanged, observe } from "./support/state.js";

const badRegions: [string, unknown, RegExp][] = [
  ["a number", 42, /region must be a non-empty string.*got 42/],
  ["undefined", undefined, /region .*got undefined/],
  ["null", null, /region .*got null/],
  ["an object", { toString: () => "sf" }, /region .*got an object/],
  ["a String object", new String("sf"), /region .*got an object/],
  ["empty", "", /region .*got "" \(string of length 0\)/],
  ["a lone high surrogate", "sf\uD800", /region .*without lone surrogates.*got "sf\\ud800"/],
  ["a lone low surrogate", "\uDC00eu", /region .*got "\\udc00eu"/],
];

const badWeights: [string, unknown, typeof TypeError | typeof RangeError, RegExp][] = [
  ["a numeric string", "3", TypeError, /weight must be a number.*got "3"/],
  ["null", null, TypeError, /weight must be a number.*got null/],
  ["an object", { valueOf: () => 3 }, TypeError, /weight .*got an object/],
  ["a bigint", 3n, TypeError, /weight .*got 3n/],
  ["negative", -1, RangeError, /weight must be an integer from 0 to 1000000, got -1/],
  ["fractional", 1.5, RangeError, /weight .*got 1.5/],
  ["NaN", NaN, RangeError, /weight .*got NaN/],
  ["Infinity", Infinity, RangeError, /weight .*got Infinity/],
  ["too large", MAX_WEIGHT + 1, RangeError, /weight .*got 1000001/],
];

describe.each(engines)("bad input on the %s engine", (_, RegionRouter) => {
  const seeded = () => buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["bangalore", 3]]);

  it.each(badRegions)("addRegion rejects %s as the region, changing nothing", (_what, region, message) => {
    const r = seeded();
    expectRejectedUnchanged([r], () => r.addRegion(region as string, 2), TypeError, message);
  });

  it.each(badRegions)("removeRegion rejects %s as the region, changing nothing", (_what, region, message) => {
    const r = seeded();
    expectRejectedUnchanged([r], () => r.removeRegion(region as string), TypeError, message);
  });

  it.each(badWeights)("addRegion rejects %s as the weight, changing nothing", (_what, weight, type, message) => {
    const r = seeded();
    // For an existing region too: a failed re-weight must not drop its old nodes.
    for (const region of ["tokyo", "sf"]) expectRejectedUnchanged([r], () => r.addRegion(region, weight as number), type, message);
  });

  it("accepts the weight bounds and defaults to 1", () => {
    const r = new RegionRouter();
    r.addRegion("zero", 0);
    r.addRegion("one");
    expect([...r.weights()]).toEqual([["zero", 0], ["one", 1]]);
  });

  // addRegions takes a plain object of region -> weight too, as hashring and uhashring take servers.
  it("addRegions reads a plain object of region -> weight as its own entries, in their order", () => {
    const r = seeded();
    r.addRegions({ "10.0.0.1:11211": 1, tokyo: 0, sf: 5 });
    expect([...r.weights()]).toEqual([["london", 3], ["bangalore", 3], ["10.0.0.1:11211", 1], ["tokyo", 0], ["sf", 5]]);
    const pairs = seeded();
    pairs.addRegions([["10.0.0.1:11211", 1], ["tokyo", 0], ["sf", 5]]);
    expect(observe(r)).toEqual(observe(pairs));
    // Object.keys order: integer-like names first, ascending; Object.create(null) and "__proto__" as a key.
    const bare = Object.assign(Object.create(null), { b: 1, 10: 2, 2: 3, ["__proto__"]: 4 }) as Record<string, number>;
    const ordered = new RegionRouter();
    ordered.addRegions(bare);
    expect([...ordered.weights()]).toEqual([["2", 3], ["10", 2], ["b", 1], ["__proto__", 4]]);
    const before = observe(pairs);
    pairs.addRegions({});
    expect(observe(pairs)).toEqual(before);
  });

  it.each([
    ["a bad weight", { tokyo: 1, sf: -2 }, RangeError, /^entries\["sf"\] must be an integer from 0 to 1000000, got -2$/],
    ["a weight as a string", { sf: "2" }, TypeError, /^entries\["sf"\] must be a number/],
    ["an empty name", { tokyo: 1, "": 1 }, TypeError, /^a name in entries must be a non-empty string without lone surrogates, got "" \(string of length 0\)$/],
    ["a lone surrogate", { "a\uD800": 1 }, TypeError, /^a name in entries must be a non-empty string/],
    ["a class instance", new (class Servers {})(), TypeError, /^entries must be an iterable of \[region, weight\] pairs or a plain object of region -> weight \(only its own properties are read\), got an instance of Servers$/],
    ["a number", 42, TypeError, /^entries must be an iterable of \[region, weight\] pairs or a plain object of region -> weight, got 42$/],
  ])("addRegions rejects an object with %s, changing nothing", (_what, entries, type, message) => {
    const r = seeded();
    expectRejectedUnchanged([r], () => r.addRegions(entries as Record<string, number>), type, message);
  });

  it.each([
    ["a number", 7, /sessionId must be a string, got 7/],
    ["undefined", undefined, /sessionId must be a string, got undefined/],
    ["null", null, /sessionId .*got null/],
    ["a String object", new String("s"), /sessionId .*got an object/],
    ["an array", ["s"], /sessionId .*got an array/],
  ])("route rejects %s as the session id", (_what, id, message) => {
    const r = seeded();
    expectRejectedUnchanged([r], () => r.route(id as string), TypeError, message);
    // ...also on an empty ring, where there is nothing to route to.
    expect(() => new RegionRouter().route(id as string)).toThrow(TypeError);
  });

  it("holds at most MAX_REGIONS regions: one more is a RangeError that changes nothing", () => {
    // The last owner (65,535, the largest the WebAssembly ring's 16-bit owners hold) owns nodes.
    const entries = Array.from({ length: MAX_REGIONS }, (_, i): [string, number] => [`r${i}`, i % 30_000 === 0 || i === MAX_REGIONS - 1 ? 40 : 0]);
    const r = new RegionRouter();
    r.addRegions(entries);
    const reference = new PureRegionRouter();
    reference.addRegions(entries);
    const keys = Array.from({ length: 500 }, (_, i) => `sess-${i}`);
    const routes = keys.map((k) => r.route(k));
    expect(routes).toEqual(keys.map((k) => reference.route(k)));
    expect(routes).toContain(`r${MAX_REGIONS - 1}`);
    expect(r.routeMany(keys)).toEqual(routes);

    // One observation around all three (observing 65,536 regions takes a while).
    const before = observe(r);
    expect(() => r.addRegion("one-more")).toThrow(RangeError);
    expect(() => r.addRegion("one-more")).toThrow(/at most 65536 regions: no room for "one-more"/);
    // All or nothing: the re-weighting listed first does not happen either.
    expect(() => r.addRegions([["r0", 7], ["one-more", 1]])).toThrow(/no room for "one-more"/);
    expect(() => RegionRouter.fromJSON({ version: 1, regions: [...entries, ["one-more", 1]] })).toThrow(RangeError);
    expect(observe(r)).toEqual(before);

    // At the limit, existing regions still change, and a removed region's owner number is free again.
    r.addRegion("r1", 2);
    expect(r.removeRegion("r2")).toBe(true);
    r.addRegion("one-more", 3);
    expect(r.weights().size).toBe(MAX_REGIONS);
    expect(r.weights().get("one-more")).toBe(3);
  });

  it.each(badRegions.filter(([what]) => what.includes("surrogate")))(
    "rejects %s as the region where String.prototype.isWellFormed is missing (older runtimes)",
    (_what, region, message) => {
      const native = Object.getOwnPropertyDescriptor(String.prototype, "isWellFormed");
      delete (String.prototype as { isWellFormed?: unknown }).isWellFormed;
      try {
        const r = seeded();
        expectRejectedUnchanged([r], () => r.addRegion(region as string, 2), TypeError, message);
        // Surrogate pairs are well formed.
        r.addRegion("🌍-edge\uD83D\uDE00", 1);
        expect(r.weights().get("🌍-edge😀")).toBe(1);
      } finally {
        if (native) Object.defineProperty(String.prototype, "isWellFormed", native);
      }
    },
  );

  it("shortens very long bad values in messages", () => {
    const r = seeded();
    expect(() => r.addRegion(`${"x".repeat(100)}\uD800`)).toThrow(/"x{57}\.\.\." \(string of length 101\)/);
  });
});

describe.each(engines.filter(([name]) => name !== "pure"))("when WebAssembly memory cannot grow on the %s engine", (_, RegionRouter) => {
  const cannotGrow = { memoryCannotGrow: true };

  it("addRegion and addRegions throw a RangeError and leave the router exactly as it was", () => {
    const r = buildRouter(RegionRouter, [["sf", 3], ["london", 3]]);
    expectRejectedUnchanged([r], () => r.addRegion("bangalore", 100_000), RangeError, /WebAssembly memory cannot grow/, cannotGrow);
    expectRejectedUnchanged([r], () => r.addRegion("sf", 100_000), RangeError, /WebAssembly memory cannot grow/, cannotGrow);
    expectRejectedUnchanged([r], () => r.addRegions([["tokyo", 200_000], ["sf", 1]]), RangeError, /WebAssembly memory cannot grow/, cannotGrow);
    r.addRegion("bangalore", 3);
    expect([...r.weights()]).toEqual([["sf", 3], ["london", 3], ["bangalore", 3]]);
  });

  it("route of a key too big for memory throws and the router still works", () => {
    const r = buildRouter(RegionRouter, [["sf", 3]]);
    expectRejectedUnchanged([r], () => r.route("k".repeat(1_000_000)), RangeError, undefined, cannotGrow);
    expect(r.route("k".repeat(1_000_000))).toBe("sf");
  });
});
