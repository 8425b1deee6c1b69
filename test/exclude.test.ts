// route() and routeMany() with `exclude` (failover around regions that are down): against the
// definition, the first region of preferenceList(sessionId, all) not excluded, on every engine and
// in every dialect; at shared 32-bit points (where a walk skips the points that lost); in batches
// of every path (one by one, chunked, split by text); the options' checks; and what the caller's
// code (an exclude iterable, getters among the ids) sees.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS } from "../src/dialects.js";
import type { Ring } from "../src/engines/ring.js";
import { CHUNK } from "../src/engines/wasm/chunks.js";
import { internalsOf } from "../src/internals.js";
import type { RouterOptions } from "../src/options.js";
import { definition, regionName, sessionId, vnodesPerWeight } from "./support/arbitraries.js";
import { buildRouter } from "./support/build.js";
import { engines, type Router } from "./support/engines.js";
import { expected } from "./support/exclude.js";
import { ResizableArrayBuffer } from "./support/buffers.js";
import { expectRejectedUnchanged } from "./support/state.js";
import { BoundedLoads, suggestVnodes } from "../src/index.js";
import { tieFixtures } from "./support/vectors.js";


/** A proxy of `plain` and the keys read through it, in order. */
function watched(plain: string[]): { ids: string[]; reads: PropertyKey[] } {
  const reads: PropertyKey[] = [];
  const ids = new Proxy(plain, { get: (target, key, receiver) => (reads.push(key), Reflect.get(target, key, receiver)) });
  return { ids, reads };
}

/** The shapes an exclude iterable comes in; each call of the maker gives a fresh one. */
const FORMS: Record<string, (names: readonly string[]) => Iterable<string>> = {
  array: (names) => [...names],
  set: (names) => new Set(names),
  generator: (names) =>
    (function* () {
      yield* names;
    })(),
  "map keys": (names) => new Map(names.map((name) => [name, true])).keys(),
};
const form = fc.constantFrom(...Object.keys(FORMS));

/** Names to exclude: some of the ring's regions (by a mask), and some names that are no region. */
const exclusion = fc.record({
  mask: fc.array(fc.boolean(), { maxLength: 7 }),
  strangers: fc.array(fc.oneof(regionName, fc.string({ maxLength: 4 })), { maxLength: 2 }),
  form,
});
const excludedOf = (regions: [string, number][], { mask, strangers }: { mask: boolean[]; strangers: string[] }): string[] => [
  ...regions.filter((_, i) => mask[i]).map(([region]) => region),
  ...strangers,
];

/** Ids for one batch: any strings, of any length a batch may take one by one or as a batch. */
const batch = fc.array(sessionId, { minLength: 0, maxLength: 12 });

/** Every dialect with its defaults; the reference also with more virtual nodes per weight. */
const DIALECT_OPTIONS: RouterOptions[] = DIALECTS.map((compatibleWith) => ({ compatibleWith }) as RouterOptions);

describe.each(engines)("route and routeMany with exclude on the %s engine", (_, RegionRouter) => {
  /** route() and routeMany() of `ids` excluding `names` given in `shape`, against the definition. */
  const expectDefinition = (router: Router, ids: readonly string[], names: readonly string[], shape: string) => {
    const want = ids.map((id) => expected(router, id, names));
    for (let i = 0; i < ids.length; i++) expect(router.route(ids[i], { exclude: FORMS[shape](names) }), ids[i]).toBe(want[i]);
    expect(router.routeMany(ids, { exclude: FORMS[shape](names) })).toEqual(want);
  };

  it("in the reference dialect: the first region of the preference list not excluded", () => {
    fc.assert(
      fc.property(definition, vnodesPerWeight, exclusion, batch, (regions, k, names, ids) => {
        expectDefinition(buildRouter(RegionRouter, regions, k), ids, excludedOf(regions, names), names.form);
      }),
      { numRuns: 150 },
    );
  });

  it("in the reference dialect: where the session goes with the excluded regions removed", () => {
    fc.assert(
      fc.property(definition, vnodesPerWeight, exclusion, batch, (regions, k, names, ids) => {
        const router = buildRouter(RegionRouter, regions, k);
        const excluded = excludedOf(regions, names);
        const failed = router.clone();
        for (const region of excluded) if (router.weights().has(region)) failed.removeRegion(region);
        expect(router.routeMany(ids, { exclude: excluded })).toEqual(failed.routeMany(ids));
      }),
      { numRuns: 100 },
    );
  });

  it.each(DIALECT_OPTIONS.map((options) => [options.compatibleWith, options] as const))("in %s: the definition", (_dialect, options) => {
    fc.assert(
      fc.property(definition, exclusion, batch, (regions, names, ids) => {
        expectDefinition(buildRouter(RegionRouter, regions, options, { oneCall: true }), ids, excludedOf(regions, names), names.form);
      }),
      { numRuns: 25 },
    );
  });

  it("without options, with {} and with exclude undefined or empty: route() as it is", () => {
    const router = buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["bangalore", 3]]);
    const ids = Array.from({ length: 50 }, (_, i) => `sess-${i}`);
    const plain = router.routeMany(ids);
    for (const options of [undefined, {}, { exclude: undefined }, { exclude: [] }, { exclude: new Set<string>() }]) {
      expect(router.routeMany(ids, options)).toEqual(plain);
      expect(ids.map((id) => router.route(id, options))).toEqual(plain);
    }
  });

  it("ignores names that are not regions, and regions of weight 0", () => {
    const router = buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["idle", 0]]);
    const ids = Array.from({ length: 200 }, (_, i) => `sess-${i}`);
    const exclude = ["nowhere", "", "\uD800", "sf#0", "SF", "idle"];
    expect(router.routeMany(ids, { exclude })).toEqual(router.routeMany(ids));
    expect(ids.map((id) => router.route(id, { exclude }))).toEqual(router.routeMany(ids));
  });

  it("every region excluded, an empty ring, a ring of weight 0 only: null", () => {
    const ids = ["a", "b", "c", "d", "sess-1"];
    const router = buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["idle", 0]]);
    for (const exclude of [["sf", "london"], ["london", "sf", "idle", "elsewhere"]]) {
      expect(router.routeMany(ids, { exclude })).toEqual(ids.map(() => null));
      for (const id of ids) expect(router.route(id, { exclude })).toBeNull();
    }
    // One region left: every session goes there.
    expect(router.routeMany(ids, { exclude: ["sf"] })).toEqual(ids.map(() => "london"));
    for (const empty of [new RegionRouter(), buildRouter(RegionRouter, [["idle", 0]])]) {
      expect(empty.route("a", { exclude: [] })).toBeNull();
      expect(empty.routeMany(ids, { exclude: ["idle"] })).toEqual(ids.map(() => null));
    }
  });

  // Fewer than three ids go one by one, more as a batch in chunks of CHUNK ids or CHUNK_TEXT code
  // units: each size around those edges, ASCII ids and others, the excluded share fixed up in place.
  it.each([1, 2, 3, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 1, 3 * CHUNK])("a batch of %i ids: the definition, id for id", (size) => {
    const router = buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["bangalore", 3], ["tokyo", 2]], 20);
    const ids = Array.from({ length: size }, (_, i) => (i % 7 === 3 ? `é-${i}-😀` : `sess-${i * 7919}`));
    for (const names of [["london"], ["sf", "tokyo"], ["bangalore", "london", "sf"]]) {
      const answers = router.routeMany(ids, { exclude: names });
      expect(answers).toEqual(ids.map((id) => expected(router, id, names)));
      expect(answers.some((region) => names.includes(region as string))).toBe(false);
    }
  });

  it("a batch walks on from the node each id landed on: no id is routed again", () => {
    const router = buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["bangalore", 3]], 10);
    const ids = Array.from({ length: 500 }, (_, i) => `sess-${i}`);
    const bytes = new TextEncoder().encode(ids.join(""));
    const offsets = Int32Array.from({ length: ids.length + 1 }, (_, i) => ids.slice(0, i).join("").length);
    // The ring's locate and locateBytes, counted: as many calls with excluded regions as without.
    const ring = internalsOf(router).ring as Ring & Record<string, unknown>;
    let calls = 0;
    for (const name of ["locate", "locateBytes"] as const) {
      const own = ring[name].bind(ring) as (key: never) => number;
      ring[name] = (key: never) => (calls++, own(key));
    }
    const counted = (call: () => unknown): number => ((calls = 0), call(), calls);
    const exclude = ["london", "sf"];
    const plain = counted(() => router.routeIndexes(ids));
    expect(counted(() => router.routeIndexes(ids, undefined, { exclude }))).toBe(plain);
    expect(counted(() => router.routeMany(ids, { exclude }))).toBe(plain);
    const plainBytes = counted(() => router.routeManyBytes(bytes, offsets));
    expect(counted(() => router.routeManyBytes(bytes, offsets, undefined, { exclude }))).toBe(plainBytes);
    expect(router.routeMany(ids, { exclude })).toEqual(ids.map((id) => expected(router, id, exclude)));
    expect([...router.routeManyBytes(bytes, offsets, undefined, { exclude })]).toEqual([...router.routeIndexes(ids, undefined, { exclude })]);
  });

  it("a batch that long ids split by text, not by count", () => {
    const router = buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["bangalore", 3]], 10);
    const ids = Array.from({ length: 40 }, (_, i) => (i % 3 === 0 ? `${"k".repeat(45_000)}${i}` : `sess-${i}`));
    expect(router.routeMany(ids, { exclude: ["sf"] })).toEqual(ids.map((id) => expected(router, id, ["sf"])));
  });

  it("routes around an excluded region the reference's way, not the others' (a session of london moves)", () => {
    const router = buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["bangalore", 3]]);
    const ids = Array.from({ length: 300 }, (_, i) => `sess-${i}`);
    const plain = router.routeMany(ids);
    const around = router.routeMany(ids, { exclude: new Set(["london"]) });
    // Only london's sessions move, each to the next region of its list.
    let moved = 0;
    for (let i = 0; i < ids.length; i++) {
      if (plain[i] === "london") {
        moved++;
        expect(around[i]).toBe(router.preferenceList(ids[i], 2)[1]);
      } else expect(around[i]).toBe(plain[i]);
    }
    expect(moved).toBeGreaterThan(50);
  });
});

// Where the last generated of equal 32-bit points wins, the walk never meets the point that lost
// (test/preference-ties.test.ts): the fixtures' keys start at such points or just before them, and
// excluding the first j regions of each walk sends the key to the (j + 1)-th.
describe.each(engines)("exclude at shared 32-bit points on the %s engine", (_, RegionRouter) => {
  it.each(tieFixtures.map((fixture) => [fixture.dialect, fixture] as const))("%s: the library's walk, past each excluded region", (_dialect, fixture) => {
    const router = new RegionRouter({ compatibleWith: fixture.dialect } as RouterOptions);
    router.addRegions(fixture.regions);
    for (const { key, walk } of fixture.cases) {
      for (let j = 1; j < walk.length; j++) expect(router.route(key, { exclude: walk.slice(0, j) }), key).toBe(walk[j]);
    }
    // One batch, every key past its own first region.
    const keys = fixture.cases.map(({ key }) => key);
    const firsts = fixture.cases.map(({ walk }) => walk[0]);
    expect(router.routeMany(keys, { exclude: firsts })).toEqual(keys.map((key) => expected(router as Router, key, firsts)));
  });
});

describe.each(engines)("the exclude option's checks on the %s engine", (_, RegionRouter) => {
  const seed = () => buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["bangalore", 3]]);

  const bad: [string, unknown, RegExp][] = [
    ["null", null, /^options must be an object, got null$/],
    ["a number", 5, /^options must be an object, got 5$/],
    ["an array", [["sf"]], /^options must be an object, got an array$/],
    ["an unknown option", { excluded: ["sf"] }, /^options\.excluded is not a route option \(route options: exclude\)$/],
    ["exclude null", { exclude: null }, /^options\.exclude must be an iterable of region names, got null$/],
    ["exclude a number", { exclude: 3 }, /^options\.exclude must be an iterable of region names, got 3$/],
    ["exclude a plain object", { exclude: { sf: true } }, /^options\.exclude must be an iterable of region names, got an object$/],
    ["exclude a string", { exclude: "sf" }, /^options\.exclude must be an iterable of region names, got "sf"/],
    ["exclude a String object", { exclude: new String("sf") }, /^options\.exclude must be an iterable of region names, got an object$/],
    ["a name not a string", { exclude: ["sf", 7] }, /^options\.exclude\[1\] must be a string, got 7$/],
    ["a name not a string in a Set", { exclude: new Set(["sf", "london", null]) }, /^options\.exclude\[2\] must be a string, got null$/],
    // Not plain: its exclude, inherited or behind a class, would be read or missed by accident.
    ["one that inherits its exclude", Object.create({ exclude: ["sf"] }), /^options must be a plain object \(only its own properties are read\), got an object that inherits from another$/],
    ["a Map", new Map([["exclude", ["sf"]]]), /^options must be a plain object \(only its own properties are read\), got an instance of Map$/],
    ["a class instance with its own exclude", new (class Down { exclude = ["sf"]; })(), /^options must be a plain object \(only its own properties are read\), got an instance of Down$/],
  ];

  it.each(bad)("%s: a TypeError naming it, from route() and routeMany(), the ids unread", (_what, options, message) => {
    const router = seed();
    expectRejectedUnchanged([router], () => router.route("sess-1", options as never), TypeError, message);
    const { ids, reads } = watched(["a", "b", "c", "d"]);
    expectRejectedUnchanged([router], () => router.routeMany(ids, options as never), TypeError, message);
    expect(reads.filter((key) => key !== "length")).toEqual([]);
  });

  it("the exclude iterable is read before anything else: what its code changes, the call sees whole", () => {
    const ids = Array.from({ length: 300 }, (_, i) => `sess-${i}`);
    const grow = (router: ReturnType<typeof seed>) =>
      (function* () {
        for (let j = 0; j < 5; j++) router.addRegion(`n${j}`, 3);
        yield "sf";
      })();
    for (const id of ids) {
      const router = seed();
      const answer = router.route(id, { exclude: grow(router) });
      expect(answer).toBe(router.route(id, { exclude: ["sf"] }));
    }
    const router = seed();
    expect(router.routeMany(ids, { exclude: grow(router) })).toEqual(ids.map((id) => router.route(id, { exclude: ["sf"] })));
    const again = seed();
    expect([...again.routeIndexes(ids, undefined, { exclude: grow(again) })]).toEqual(ids.map((id) => again.regions().indexOf(again.route(id, { exclude: ["sf"] }) as string)));
    // Offsets and out that the iterable changes are checked as it left them.
    const encoded = new TextEncoder().encode("s1s2s3s4s5s6");
    const offsets = new Int32Array([0, 2, 4, 6, 8, 10, 12]);
    const spoil = (function* () {
      offsets[3] = 1e9;
      yield "sf";
    })();
    expectRejectedUnchanged([router], () => router.routeManyBytes(encoded, offsets, undefined, { exclude: spoil }), RangeError, /^offsets must be .*got offsets\[3\] = 1000000000, past the end of data/);
    const resizable = new ResizableArrayBuffer(24, { maxByteLength: 24 });
    const out = new Int32Array(resizable);
    const shrink = (function* () {
      resizable.resize(4);
      yield "sf";
    })();
    expectRejectedUnchanged([router], () => router.routeIndexes(ids, out, { exclude: shrink }), RangeError, /^out must hold at least 300 indexes/);
  });

  it("a bad session id is named as without options", () => {
    const router = seed();
    expect(() => router.route(5 as never, { exclude: ["sf"] })).toThrow(/^sessionId must be a string, got 5$/);
    expect(() => router.routeMany(["a", "b", 5] as never, { exclude: ["sf"] })).toThrow(/^sessionIds\[2\] must be a string, got 5$/);
    expect(() => router.routeMany("abc" as never, { exclude: ["sf"] })).toThrow(/^sessionIds must be an array/);
  });

  it("reads own properties only: an exclude on a polluted Object.prototype is not read; an own getter is read once", () => {
    const router = seed();
    const ids = Array.from({ length: 100 }, (_, i) => `sess-${i}`);
    const prototype = Object.prototype as { exclude?: unknown };
    prototype.exclude = ["sf", "london"];
    try {
      expect(router.routeMany(ids, {})).toEqual(router.routeMany(ids));
      expect(router.route("sess-1", {})).toBe(router.route("sess-1"));
    } finally {
      delete prototype.exclude;
    }
    // An own getter is read, once.
    let reads = 0;
    const own = {
      get exclude() {
        reads++;
        return ["sf"];
      },
    };
    expect(router.routeMany(ids, own)).toEqual(ids.map((id) => expected(router, id, ["sf"])));
    expect(reads).toBe(1);
  });

  it("reads the exclude iterable once per call, whatever its kind", () => {
    const router = seed();
    const ids = Array.from({ length: 100 }, (_, i) => `sess-${i}`);
    const want = ids.map((id) => expected(router, id, ["london"]));
    let iterators = 0;
    const once: Iterable<string> = {
      [Symbol.iterator]() {
        iterators++;
        return ["london"][Symbol.iterator]();
      },
    };
    expect(router.routeMany(ids, { exclude: once })).toEqual(want);
    expect(router.route(ids[0], { exclude: once })).toBe(want[0]);
    expect(iterators).toBe(2);
    // A generator can be read only once: read twice, the fix-ups would see it empty.
    function* down() {
      yield "london";
    }
    expect(router.routeMany(ids, { exclude: down() })).toEqual(want);
  });

  it("an exclude iterable that throws midway: its error, nothing answered, nothing changed, no id read", () => {
    const router = seed();
    const failure = new Error("config store down");
    function* failing() {
      yield "sf";
      throw failure;
    }
    let reads = 0;
    const ids = Array.from({ length: 50 }, (_, i) => `sess-${i}`);
    Object.defineProperty(ids, 3, {
      get() {
        reads++;
        return "sess-3";
      },
    });
    expectRejectedUnchanged([router], () => router.routeMany(ids, { exclude: failing() }), Error, /^config store down$/);
    expectRejectedUnchanged([router], () => router.route("sess-1", { exclude: failing() }), Error, /^config store down$/);
    expect(reads).toBe(0);
  });

  it("an iterable that breaks the protocol: a TypeError naming the parameter, not the runtime's; nothing changed; an iterator closed when an item is refused", () => {
    const router = seed();
    const broken: [string, object, RegExp][] = [
      ["an iterator method giving 5", { [Symbol.iterator]: () => 5 }, /one whose \[Symbol\.iterator\]\(\) gives 5$/],
      ["an iterator without next", { [Symbol.iterator]: () => ({}) }, /one whose iterator's next is undefined$/],
      ["a next() giving 5", { [Symbol.iterator]: () => ({ next: () => 5 }) }, /one whose iterator's next\(\) gives 5$/],
      ["a next() giving null", { [Symbol.iterator]: () => ({ next: () => null }) }, /one whose iterator's next\(\) gives null$/],
    ];
    const loads = new BoundedLoads(router);
    for (const [, iterable, message] of broken) {
      const excluded = new RegExp(`^options\\.exclude must be an iterable, got ${message.source}`);
      expectRejectedUnchanged([router], () => router.route("sess-1", { exclude: iterable as Iterable<string> }), TypeError, excluded);
      expectRejectedUnchanged([router], () => router.routeMany(["sess-1"], { exclude: iterable as Iterable<string> }), TypeError, excluded);
      expect(() => loads.acquire("sess-1", { exclude: iterable as Iterable<string> })).toThrow(excluded);
      expectRejectedUnchanged([router], () => router.addRegions(iterable as Iterable<[string, number]>), TypeError, new RegExp(`^entries must be an iterable, got ${message.source}`));
      expect(() => suggestVnodes(iterable as Iterable<[string, number]>, { maxDeviation: 0.1 })).toThrow(new RegExp(`^entries must be an iterable, got ${message.source}`));
    }
    expect(loads.held).toBe(0);
    // An item refused: the iterator's return() is called, as for-of calls it.
    let closed = 0;
    const closing = (items: unknown[]) => ({ [Symbol.iterator]: () => Object.assign(items[Symbol.iterator](), { return: () => (closed++, { done: true, value: undefined }) }) });
    expectRejectedUnchanged([router], () => router.route("sess-1", { exclude: closing(["sf", 5, "london"]) as Iterable<string> }), TypeError, /^options\.exclude\[1\] must be a string, got 5$/);
    expectRejectedUnchanged([router], () => router.addRegions(closing([["tokyo", 1], ["osaka", -1]]) as Iterable<[string, number]>), RangeError, /^entries\[1\]\[1\] must be an integer/);
    expect(closed).toBe(2);
    // An exclude array is read by index, repeated names counted in the index of a bad one.
    expect(() => router.route("sess-1", { exclude: ["sf", "sf", 5] as string[] })).toThrow(/^options\.exclude\[2\] must be a string, got 5$/);
  });

  it("an exclude iterable that updates the router as it is read: answers by the router as it then stands", () => {
    const router = seed();
    const ids = Array.from({ length: 500 }, (_, i) => `sess-${i}`);
    function* meanwhile() {
      yield "sf";
      router.addRegion("tokyo", 3);
      yield "tokyo";
      router.removeRegion("london");
    }
    const answers = router.routeMany(ids, { exclude: meanwhile() });
    expect(answers).toEqual(ids.map((id) => expected(router, id, ["sf", "tokyo"])));
    expect(new Set(answers)).toEqual(new Set(["bangalore"]));
  });
});

describe.each(engines)("routeMany with exclude and the caller's getters on the %s engine", (_, RegionRouter) => {
  const seed = () => buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["bangalore", 3]]);

  it.each([1, 2, 3, 2500])("reads each element once: a getter cannot hand the check one value and the routing another (%i ids)", (length) => {
    const router = seed();
    const ids = Array.from({ length }, (_, i) => `id-${i}`);
    const at = length > 1 ? 1 : 0;
    const want = ids.map((id, i) => expected(router, i === at ? "sess-42" : id, ["london"]));
    let reads = 0;
    Object.defineProperty(ids, at, {
      get() {
        reads++;
        return reads === 1 ? "sess-42" : { toString: () => expect.unreachable("read twice") };
      },
    });
    expect(router.routeMany(ids, { exclude: ["london"] })).toEqual(want);
    expect(reads).toBe(1);
  });

  it.each([1, 2, 3, 2500])("of a proxy reads its length once and each index once, in order (%i ids)", (length) => {
    const router = seed();
    const plain = Array.from({ length }, (_, i) => `sess-${i}`);
    const { ids, reads } = watched(plain);
    expect(router.routeMany(ids, { exclude: ["sf"] })).toEqual(plain.map((id) => expected(router, id, ["sf"])));
    expect(reads).toEqual(["length", ...plain.map((_, i) => String(i))]);
  });

  it("a getter that throws, or gives no string: its error or a TypeError naming sessionIds[i], nothing changed", () => {
    const router = seed();
    const ids = Array.from({ length: 2000 }, (_, i) => `sess-${i}`);
    Object.defineProperty(ids, 1500, {
      get() {
        throw new RangeError("no id here");
      },
    });
    expectRejectedUnchanged([router], () => router.routeMany(ids, { exclude: ["sf"] }), RangeError, /^no id here$/);
    Object.defineProperty(ids, 1500, { get: () => 42 });
    expectRejectedUnchanged([router], () => router.routeMany(ids, { exclude: ["sf"] }), TypeError, /^sessionIds\[1500\] must be a string, got 42$/);
  });

  // A getter that updates the router while the ids are read: the update refused, as without exclude
  // (answers of two rings, or of a table the update made stale, are never returned).
  it.each([0, 1, 2, CHUNK - 1, CHUNK, 2999])("a getter at id %i that adds a region and removes another: the update refused, the router as it was", (at) => {
    const router = seed();
    const [weights, fingerprint] = [router.weights(), router.fingerprint()];
    const ids = Array.from({ length: 3000 }, (_, i) => (i % 7 ? `sess-${i * 7919}` : `é-${i}`));
    let reads = 0;
    Object.defineProperty(ids, at, {
      get() {
        reads++;
        router.addRegion("tokyo", 4);
        router.removeRegion("sf");
        return "sess-getter";
      },
    });
    expect(() => router.routeMany(ids, { exclude: ["london"] })).toThrow(/^cannot update the router while routeMany reads sessionIds \(a getter among them\)/);
    expect([router.weights(), router.fingerprint()]).toEqual([weights, fingerprint]);
    expect(reads).toBe(1);
    // Read into an array, the same ids route on the router as it stands.
    const read = ids.slice();
    expect(router.routeMany(read, { exclude: ["london"] })).toEqual(read.map((id) => expected(router, id, ["london"])));
  });
});
