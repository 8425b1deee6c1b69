// new RegionRouter({ vnodesPerWeight }): k virtual nodes per unit of weight, and the MAX_VNODES budget; options
// read from their own properties only.
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_VNODES as pureMax } from "../src/pure.js";
import { BoundedLoads, MAX_VNODES, movement, suggestVnodes } from "../src/index.js";
import { definition, sessionId } from "./support/arbitraries.js";
import { engines } from "./support/engines.js";
import { expectRejectedUnchanged } from "./support/state.js";

it("exports MAX_VNODES = 2^24 from both entry points", () => {
  expect(MAX_VNODES).toBe(2 ** 24);
  expect(pureMax).toBe(MAX_VNODES);
});

describe.each(engines)("vnodesPerWeight on the %s engine", (_, RegionRouter) => {
  it("defaults to 1, the reference", () => {
    expect(new RegionRouter().vnodesPerWeight).toBe(1);
    expect(new RegionRouter({}).vnodesPerWeight).toBe(1);
    expect(new RegionRouter({ vnodesPerWeight: undefined }).vnodesPerWeight).toBe(1);
    expect(new RegionRouter({ vnodesPerWeight: 10_000 }).vnodesPerWeight).toBe(10_000);
  });

  it("routes a weight-w region with k as a weight-(w × k) region without k (same virtual node names)", () => {
    fc.assert(
      fc.property(definition, fc.integer({ min: 2, max: 6 }), fc.array(sessionId, { maxLength: 20 }), (regions, k, keys) => {
        const withK = new RegionRouter({ vnodesPerWeight: k });
        const expanded = new RegionRouter();
        for (const [region, weight] of regions) {
          withK.addRegion(region, weight);
          expanded.addRegion(region, weight * k);
        }
        for (const key of keys) expect(withK.route(key)).toBe(expanded.route(key));
        expect(withK.shares()).toEqual(expanded.shares());
        expect(withK.weights()).toEqual(new Map(regions));
      }),
      { numRuns: 60 },
    );
  });

  it.each([
    [null, TypeError, /options must be an object/],
    [5, TypeError, /options must be an object/],
    ["vnodesPerWeight", TypeError, /options must be an object/],
    [[40], TypeError, /options must be an object/],
    [{ vnodePerWeight: 40 }, TypeError, /options\.vnodePerWeight is not an option of compatibleWith "region-router"/],
    [{ vnodesPerWeight: "40" }, TypeError, /options.vnodesPerWeight/],
    [{ vnodesPerWeight: null }, TypeError, /options.vnodesPerWeight/],
    [{ vnodesPerWeight: 0 }, RangeError, /options.vnodesPerWeight/],
    [{ vnodesPerWeight: 10_001 }, RangeError, /options.vnodesPerWeight/],
    [{ vnodesPerWeight: 2.5 }, RangeError, /options.vnodesPerWeight/],
    [{ vnodesPerWeight: Number.NaN }, RangeError, /options.vnodesPerWeight/],
  ])("rejects options %j with %s", (options, error, message) => {
    expect(() => new RegionRouter(options as never)).toThrow(error);
    expect(() => new RegionRouter(options as never)).toThrow(message);
  });

  it("takes another dialect's option given as undefined as not given (a config spread with every dialect's keys); an unknown name still not", () => {
    const plain = new RegionRouter({ compatibleWith: "hashring" });
    const spread = new RegionRouter({ compatibleWith: "hashring", vnodesPerWeight: undefined, vnodes: undefined } as never);
    expect(spread.options).toEqual(plain.options);
    const snapshot = { ...new RegionRouter({ compatibleWith: "hashring" }).toJSON(), vnodesPerWeight: undefined };
    expect(RegionRouter.fromJSON(snapshot as never).options).toEqual(plain.options);
    expect(suggestVnodes([["a", 1], ["b", 1]], { maxDeviation: 0.2, compatibleWith: "uhashring", vnodesPerWeight: undefined } as never).options.compatibleWith).toBe("uhashring");
    expect(() => new RegionRouter({ compatibleWith: "hashring", vnodePerWeight: undefined } as never)).toThrow(/^options\.vnodePerWeight is not an option of compatibleWith "hashring"/);
    // Its own option as undefined is its default, as before.
    expect(new RegionRouter({ compatibleWith: "hashring", vnodeCount: undefined }).options).toEqual(plain.options);
  });

  it.each([
    [1, 1_000_000],
    [4096, 4096],
  ])("accepts, with k = %i, weight %i: at most MAX_WEIGHT and MAX_VNODES, bounds included", (k, weight) => {
    // Checked without building 2^24 nodes: addRegions validates every entry first, so a bad entry
    // after it must be what stops the call.
    const router = new RegionRouter({ vnodesPerWeight: k });
    expectRejectedUnchanged([router], () => router.addRegions([["big", weight], ["bad", -1]]), RangeError, /^entries\[1\]\[1\]/);
  });

  it("rejects a region over MAX_VNODES (weight × k), adding or re-weighting, changing nothing", () => {
    const router = new RegionRouter({ vnodesPerWeight: 4096 });
    router.addRegion("small", 1);
    // 4097 × 4096 = 2^24 + 4096.
    expectRejectedUnchanged([router], () => router.addRegion("big", 4097), RangeError, /"big".*weight 4097 would have 16781312 virtual nodes, more than MAX_VNODES \(16777216\)/);
    expectRejectedUnchanged([router], () => router.addRegion("small", 4097), RangeError, /MAX_VNODES/);
    expect(router.weights()).toEqual(new Map([["small", 1]]));
  });
});

// Options, snapshots and entries are read from their own properties only: whatever a polluted
// Object.prototype holds changes no router (a name, an option, a snapshot's field, an array index).
describe.each(engines)("a polluted Object.prototype on the %s engine", (_, RegionRouter) => {
  const REGIONS: [string, number][] = [["london", 1], ["bangalore", 1], ["sf", 2]];
  const KEYS = Array.from({ length: 200 }, (_, i) => `sess-${i}`);
  /** `run` with `fields` on Object.prototype, enumerable, as `Object.prototype.x = v` puts them. */
  function polluted(fields: Record<PropertyKey, unknown>, run: () => void): void {
    const keys = Reflect.ownKeys(fields);
    // A descriptor of no prototype: one that inherits a polluted get or set would be refused.
    for (const key of keys) Object.defineProperty(Object.prototype, key, { __proto__: null, value: fields[key as string], enumerable: true, configurable: true, writable: true } as PropertyDescriptor);
    try {
      run();
    } finally {
      for (const key of keys) delete (Object.prototype as Record<PropertyKey, unknown>)[key];
    }
  }
  const reference = () => {
    const router = new RegionRouter();
    router.addRegions(REGIONS);
    return router;
  };

  it("compatibleWith there does not make new RegionRouter() another dialect", () => {
    const expected = reference().routeMany(KEYS);
    polluted({ compatibleWith: "hashring" }, () => {
      for (const router of [new RegionRouter(), new RegionRouter({}), new RegionRouter({ vnodesPerWeight: 1 })]) {
        router.addRegions(REGIONS);
        expect(router.options).toEqual({ compatibleWith: "region-router", vnodesPerWeight: 1 });
        expect(router.routeMany(KEYS)).toEqual(expected);
      }
    });
  });

  it("an option there changes neither the constructor nor fromJSON, nor is it refused as another dialect's", () => {
    const snapshot = reference().toJSON();
    const expected = reference().routeMany(KEYS);
    polluted({ vnodesPerWeight: 160, vnodes: 5 }, () => {
      expect(new RegionRouter().vnodesPerWeight).toBe(1);
      expect(new RegionRouter({ compatibleWith: "uhashring" }).options).toEqual({ compatibleWith: "uhashring", vnodes: 160 });
      const restored = RegionRouter.fromJSON({ version: 1, regions: REGIONS });
      expect(restored.vnodesPerWeight).toBe(1);
      expect(restored.routeMany(KEYS)).toEqual(expected);
      expect(RegionRouter.fromJSON(snapshot).toJSON()).toEqual(snapshot);
    });
  });

  it("an option's name there, read-only or a getter alone, breaks no constructor, fromJSON or suggestVnodes", () => {
    const expected = { routes: reference().routeMany(KEYS), suggested: suggestVnodes(REGIONS, { maxDeviation: 0.05 }) };
    const names = ["vnodesPerWeight", "vnodeCount", "replicas", "vnodes"];
    for (const descriptor of [{ value: 5, writable: false }, { get: () => 5 }]) {
      for (const key of names) Object.defineProperty(Object.prototype, key, { __proto__: null, ...descriptor, configurable: true } as unknown as PropertyDescriptor);
      try {
        const router = new RegionRouter();
        router.addRegions(REGIONS);
        expect([router.vnodesPerWeight, router.routeMany(KEYS)]).toEqual([1, expected.routes]);
        expect(RegionRouter.fromJSON({ version: 1, regions: REGIONS }).routeMany(KEYS)).toEqual(expected.routes);
        expect(new RegionRouter({ compatibleWith: "hashring" }).options).toEqual({ compatibleWith: "hashring", vnodeCount: 40, replicas: 4 });
        expect(suggestVnodes(REGIONS, { maxDeviation: 0.05 })).toEqual(expected.suggested);
      } finally {
        for (const key of names) delete (Object.prototype as Record<string, unknown>)[key];
      }
    }
  });

  it("a snapshot's version or regions there do not stand in for missing ones", () => {
    polluted({ version: 1, regions: [["evil", 1]] }, () => {
      expect(() => RegionRouter.fromJSON({ regions: REGIONS })).toThrow(/^snapshot\.version must be the number 1, got undefined$/);
      expect(() => RegionRouter.fromJSON({ version: 1 })).toThrow(/^snapshot\.regions must be an array of \[region, weight\] pairs, got undefined$/);
    });
  });

  it("an array index there does not fill a hole in entries, a pair or a snapshot's regions", () => {
    const router = reference();
    const pair = ["tokyo", 3];
    delete pair[1];
    // eslint-disable-next-line no-sparse-arrays
    const sparse = [["tokyo", 3], , ["osaka", 1]];
    polluted({ 0: "evil", 1: ["evil", 1] }, () => {
      expectRejectedUnchanged([router], () => router.addRegions([pair] as [string, number][]), TypeError, /^entries\[0\]\[1\] must be a number .*got undefined$/);
      expectRejectedUnchanged([router], () => router.addRegions(sparse as [string, number][]), TypeError, /^entries\[1\] must be a \[region, weight\] pair, got undefined$/);
      expect(() => RegionRouter.fromJSON({ version: 1, regions: sparse })).toThrow(/^snapshot\.regions\[1\] must be a \[region, weight\] pair, got undefined$/);
    });
  });

  it("get or set there does not spoil the descriptors a snapshot's meta is copied with", () => {
    const meta = { a: 1, b: { c: [1, { d: 2 }] } };
    // The checks after: the test runner's own descriptors inherit them too.
    let copies: unknown[] = [];
    polluted({ get: () => 1, set: undefined }, () => {
      const router = RegionRouter.fromJSON({ version: 1, regions: REGIONS, meta });
      copies = [router.toJSON().meta, JSON.parse(JSON.stringify(router.clone())).meta];
    });
    expect(copies).toEqual([meta, meta]);
  });

  it("an object of region -> weight is read from its own properties", () => {
    polluted({ evil: 1 }, () => {
      const router = new RegionRouter();
      router.addRegions({ london: 1, bangalore: 1, sf: 2 });
      expect([...router.weights()]).toEqual(REGIONS);
    });
  });

  it("an iterator there does not make a plain object of region -> weight an iterable of pairs", () => {
    polluted({ [Symbol.iterator]: function* () { yield ["evil", 1]; } }, () => {
      const router = new RegionRouter();
      router.addRegions({ london: 1, bangalore: 1, sf: 2 });
      expect([...router.weights()]).toEqual(REGIONS);
      // A plain object with an iterator of its own is an iterable.
      router.addRegions({ [Symbol.iterator]: function* () { yield ["tokyo", 1]; } } as unknown as [string, number][]);
      expect(router.regions()).toEqual(["london", "bangalore", "sf", "tokyo"]);
    });
  });

  it("an iterator there changes no digest and no batch answer (no array-like is read through Uint8Array.from)", () => {
    const router = reference();
    const bytes = new TextEncoder().encode(KEYS.join("")), offsets = new Int32Array(KEYS.length + 1);
    for (let i = 0, at = 0; i < KEYS.length; i++) offsets[i + 1] = at += KEYS[i].length;
    const expected = { fingerprint: router.fingerprint(), routes: KEYS.map((id) => router.route(id)), indexes: [...router.routeIndexes(KEYS)], excluded: router.routeMany(KEYS, { exclude: ["sf"] }) };
    polluted({ [Symbol.iterator]: function* () { yield 1; } }, () => {
      expect(reference().fingerprint()).toBe(expected.fingerprint);
      expect(router.routeMany(KEYS)).toEqual(expected.routes);
      expect([...router.routeIndexes(KEYS)]).toEqual(expected.indexes);
      expect([...router.routeManyBytes(bytes, offsets)]).toEqual(expected.indexes);
      expect(router.routeMany(KEYS, { exclude: ["sf"] })).toEqual(expected.excluded);
    });
  });

  it("array indexes there fill no hole that movement() across key families reads", () => {
    const hashring = new RegionRouter({ compatibleWith: "hashring" });
    hashring.addRegions(REGIONS);
    const expected = movement(reference(), hashring);
    expect(expected.moved).toBeGreaterThan(0);
    polluted({ 0: "x", 1: 1 }, () => expect(movement(reference(), hashring)).toEqual(expected));
  });

  it("BoundedLoads' and suggestVnodes' options there are not read: loadFactor, exclude, the per-weight count", () => {
    const model = new BoundedLoads(reference(), { loadFactor: 1.25 });
    const expected = KEYS.map((id) => model.acquire(id));
    const suggested = suggestVnodes(REGIONS, { maxDeviation: 0.05 });
    polluted({ loadFactor: 50, exclude: ["london", "sf"], vnodesPerWeight: 5 }, () => {
      const loads = new BoundedLoads(reference());
      expect(KEYS.map((id, i) => (i % 2 ? loads.acquire(id) : loads.acquire(id, {})))).toEqual(expected);
      expect(suggestVnodes(REGIONS, { maxDeviation: 0.05 })).toEqual(suggested);
    });
  });
});

describe("an iterator on Object.prototype before the package is imported", () => {
  it("changes no entry's batch answers or fingerprints (the SIMD module's tables are made at import)", () => {
    const urls = ["node.js", "index.js", "pure.js"].map((file) => new URL(`../dist/${file}`, import.meta.url).href);
    const script = `
      const ids = Array.from({ length: 500 }, (_, i) => "sess-" + i);
      const answers = async () => {
        const out = [];
        for (const url of ${JSON.stringify(urls)}) {
          const { RegionRouter } = await import(url + "?" + (Object.prototype[Symbol.iterator] ? "polluted" : "clean"));
          const router = new RegionRouter();
          router.addRegions([["london", 1], ["bangalore", 1], ["sf", 2]]);
          out.push({ fingerprint: router.fingerprint(), batch: router.routeMany(ids), one: ids.map((id) => router.route(id)), indexes: [...router.routeIndexes(ids)] });
        }
        return out;
      };
      const clean = await answers();
      Object.prototype[Symbol.iterator] = function* () { yield 1; };
      console.log(JSON.stringify({ clean, polluted: await answers() }));`;
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    const { clean, polluted } = JSON.parse(child.stdout);
    expect(polluted).toEqual(clean);
    for (const { batch, one, fingerprint } of clean) expect([batch, fingerprint.length]).toEqual([one, 32]);
  });
});
