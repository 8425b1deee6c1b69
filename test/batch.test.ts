// routeMany and addRegions: the same answers as route and addRegion, on every engine (the SIMD
// and the scalar WebAssembly modules included), on small and 1,000,000-node rings.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { RegionRouter as PureRegionRouter } from "../src/pure.js";
import { CHUNK } from "../src/engines/wasm/chunks.js";
import { simdModule } from "../src/engines/wasm/simd.js";
import { buildRouter as build } from "./support/build.js";
import { engines } from "./support/engines.js";
import { expectRejectedUnchanged } from "./support/state.js";

/** Keys of 0-200 UTF-8 bytes: ASCII, multi-byte and astral, around the one-block limit (55 bytes). */
const key = fc.oneof(
  fc.string({ unit: "grapheme-ascii", maxLength: 200 }),
  fc.string({ unit: fc.constantFrom("a", "é", "東", "😀", "\0", "\uD800"), maxLength: 60 }),
  fc.integer({ min: 50, max: 60 }).map((n) => "k".repeat(n)),
  fc.nat().map((n) => `sess-${n}`),
  fc.uuid(),
);
// Around the SIMD group of twelve (and its four-lane vectors), and one big batch.
const batchSizes = [0, 1, 3, 4, 5, 7, 8, 9, 11, 12, 13, 15, 16, 17, 23, 24, 25, 1000];

const seed: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3]];

it("runs the SIMD module on this Node (so both modules are under test)", () => {
  expect(simdModule()).not.toBeNull();
});

describe.each(engines)("routeMany on the %s engine", (_, RegionRouter) => {
  it.each(batchSizes)("equals route() key by key for random batches of %i", (size) => {
    const router = build(RegionRouter, seed);
    fc.assert(
      fc.property(fc.array(key, { minLength: size, maxLength: size }), (keys) => {
        expect(router.routeMany(keys)).toEqual(keys.map((k) => router.route(k)));
      }),
      { numRuns: size > 100 ? 10 : 40 },
    );
  });

  it("spans chunks: 10,000 keys of mixed lengths in one call", () => {
    const router = build(RegionRouter, seed);
    const keys = Array.from({ length: 10_000 }, (_, i) => (i % 13 === 0 ? `é-${i}` : i % 17 === 0 ? "x".repeat(i % 90) : `sess-${i}`));
    expect(router.routeMany(keys)).toEqual(keys.map((k) => router.route(k)));
  });

  it("gives null for every key on an empty ring, and [] for no keys", () => {
    const router = new RegionRouter();
    expect(router.routeMany(["a", "b", ""])).toEqual([null, null, null]);
    router.addRegion("ghost", 0);
    expect(router.routeMany(["a"])).toEqual([null]);
    expect(router.routeMany([])).toEqual([]);
    // Past one chunk of ids (the WebAssembly engine's CHUNK): every chunk's answers, none left a hole.
    expect(router.routeMany(Array.from({ length: 2 * CHUNK + 3 }, (_, i) => `k${i}`))).toEqual(Array(2 * CHUNK + 3).fill(null));
  });

  it("rejects a non-array or a non-string element, naming it, and routes nothing", () => {
    const router = build(RegionRouter, seed);
    expectRejectedUnchanged([router], () => router.routeMany("sess-1" as unknown as string[]), TypeError, /sessionIds must be an array of strings, got "sess-1"/);
    expectRejectedUnchanged([router], () => router.routeMany(["a", 7 as unknown as string]), TypeError, /sessionIds\[1\] must be a string, got 7/);
  });

  // An array-like whose length is not an array length (a Proxy over an array passes Array.isArray):
  // a clear error naming sessionIds.length, before any id is read.
  it.each([
    ["5", TypeError, /sessionIds\.length must be a number \(an integer from 0 to 4294967295\), got "5"/],
    [-1, RangeError, /sessionIds\.length must be an integer from 0 to 4294967295, got -1/],
    [2.5, RangeError, /sessionIds\.length must be an integer from 0 to 4294967295, got 2\.5/],
    [2 ** 32, RangeError, /sessionIds\.length must be an integer from 0 to 4294967295, got 4294967296/],
    [Number.NaN, RangeError, /got NaN/],
    [undefined, TypeError, /sessionIds\.length must be a number/],
  ] as const)("rejects an array-like whose length is %j, naming it, reading no id", (length, type, message) => {
    const router = build(RegionRouter, seed);
    const read: PropertyKey[] = [];
    const ids = new Proxy(["a", "b", "c", "d", "e"], {
      get(target, property, receiver) {
        if (property === "length") return length;
        read.push(property);
        return Reflect.get(target, property, receiver);
      },
    });
    expectRejectedUnchanged([router], () => router.routeMany(ids), type, message);
    expect(read.filter((property) => typeof property === "string" && /^\d+$/.test(property))).toEqual([]);
  });

  it("reads an array-like's length once, and routes as many ids as it said", () => {
    const router = build(RegionRouter, seed);
    let lengths = 0;
    const ids = new Proxy(["a", "b", "c", "d", "e"], {
      get: (target, property, receiver) => (property === "length" ? 5 - lengths++ : Reflect.get(target, property, receiver)),
    });
    expect(router.routeMany(ids)).toEqual(["a", "b", "c", "d", "e"].map((id) => router.route(id)));
    expect(lengths).toBe(1);
  });
});

describe.each(engines)("addRegions on the %s engine", (_, RegionRouter) => {
  it("equals addRegion entry by entry (re-weights, duplicates and weight 0 included)", () => {
    const entries = fc.array(fc.tuple(fc.constantFrom("sf", "london", "bangalore", "tokyo", "東京"), fc.integer({ min: 0, max: 40 })), { maxLength: 12 });
    fc.assert(
      fc.property(entries, entries, fc.array(key, { maxLength: 30 }), (first, second, keys) => {
        const batched = new RegionRouter();
        const single = new RegionRouter();
        for (const batch of [first, second]) {
          batched.addRegions(batch);
          for (const [name, w] of batch) single.addRegion(name, w);
          expect([...batched.weights()]).toEqual([...single.weights()]);
          expect(batched.routeMany(keys)).toEqual(keys.map((k) => single.route(k)));
        }
        // Owners freed by removal are reused correctly by a later batch.
        batched.removeRegion("sf");
        single.removeRegion("sf");
        batched.addRegions([["tokyo", 2], ["sf", 5], ["new", 1]]);
        for (const [name, w] of [["tokyo", 2], ["sf", 5], ["new", 1]] as const) single.addRegion(name, w);
        expect([...batched.weights()]).toEqual([...single.weights()]);
        expect(batched.routeMany(keys)).toEqual(keys.map((k) => single.route(k)));
      }),
      { numRuns: 40 },
    );
  });

  it("accepts any iterable, e.g. a Map", () => {
    const r = new RegionRouter();
    r.addRegions(new Map(seed));
    expect([...r.weights()]).toEqual(seed);
  });

  it.each([
    ["not iterable", 42, TypeError, /entries must be an iterable of \[region, weight\] pairs or a plain object of region -> weight, got 42/],
    ["a string", "sf", TypeError, /entries must be an iterable/],
    ["a bad pair", [["tokyo", 1], ["osaka"]], TypeError, /entries\[1\] must be a \[region, weight\] pair, got an array/],
    ["a bad region", [["tokyo", 1], ["", 1]], TypeError, /entries\[1\]\[0\] must be a non-empty string/],
    ["a bad weight", [["tokyo", 1], ["sf", -2]], RangeError, /entries\[1\]\[1\] must be an integer from 0 to 1000000, got -2/],
    ["a weight as a string", [["sf", "2"]], TypeError, /entries\[0\]\[1\] must be a number/],
  ])("rejects %s, changing nothing", (_what, entries, type, message) => {
    const r = build(RegionRouter, seed);
    expectRejectedUnchanged([r], () => r.addRegions(entries as [string, number][]), type, message);
  });
});

describe("a 1,000,000-node ring", () => {
  const regions: [string, number][] = Array.from({ length: 100 }, (_, i) => [`region-${i}`, 10_000]);
  const keys = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? `${i}-${"é".repeat(i % 30)}` : `sess-${i * 7919}`));
  let expected: (string | null)[];

  beforeAll(() => {
    // The pure engine, built region by region, is the independent answer.
    const pure = new PureRegionRouter();
    pure.addRegions(regions);
    expected = keys.map((k) => pure.route(k));
  });

  it.each(engines.filter(([name]) => name !== "pure"))("routes like the pure engine on the %s engine, route and routeMany", (_, RegionRouter) => {
    const r = new RegionRouter();
    r.addRegions(regions);
    expect(r.routeMany(keys)).toEqual(expected);
    expect(keys.map((k) => r.route(k))).toEqual(expected);
    // One merge in and out of a big ring keeps every other answer.
    r.addRegion("tokyo", 1000);
    const moved = r.routeMany(keys).filter((region, i) => region !== expected[i]);
    expect(new Set(moved)).toEqual(moved.length ? new Set(["tokyo"]) : new Set());
    r.removeRegion("tokyo");
    expect(r.routeMany(keys)).toEqual(expected);
  });
});
