// BoundedLoads against its rule: the caps' arithmetic against BigInt, hand-worked caps, stickiness,
// routers that change under held sessions, exclude against preferenceList, every bad input, and
// random sequences of acquire, release, exclude and router updates replayed on BoundedLoads and on
// an independent model of the rule (test/support/bounded-loads-model.ts), on both engines and
// several dialects.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BoundedLoads, capOf, capTotal, floorProductOver } from "../src/bounded-loads.js";
import { movement } from "../src/index.js";
import type { RouterOptions } from "../src/options.js";
import { BoundedLoadsModel } from "./support/bounded-loads-model.js";
import { buildRouter } from "./support/build.js";
import { engines } from "./support/engines.js";

const SEED = 3_407;
const ALL = Number.MAX_SAFE_INTEGER;
const tested = engines.filter(([name]) => name === "wasm" || name === "pure");

/** Dialects with the options that make them interesting here (few names: regions of weight > 0 with none). */
const dialects: RouterOptions[] = [
  {},
  { vnodesPerWeight: 3 },
  { compatibleWith: "consistent-hash-ring", replicas: 2 },
  { compatibleWith: "uhashring", vnodes: 3 },
  { compatibleWith: "uhashring-ketama", vnodes: 2, replicas: 1 },
  { compatibleWith: "hashring", vnodeCount: 1, replicas: 2 },
  { compatibleWith: "libketama" },
  { compatibleWith: "hash_ring" },
];

/** caps adding up to T over E (weights in order) by the rule, in BigInt. */
function bigCaps(weights: readonly number[], T: bigint): bigint[] {
  const W = weights.reduce((sum, w) => sum + BigInt(w), 0n);
  const s = T / W, r = T % W;
  let C = 0n;
  return weights.map((weight) => {
    const w = BigInt(weight);
    const cap = w * s + ((C + w) * r) / W - (C * r) / W;
    C += w;
    return cap > 1n ? cap : 1n;
  });
}

describe("the caps' arithmetic", () => {
  it("floorProductOver is floor(a b / d) exactly, past 2^53 too", () => {
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 36 }), fc.nat({ max: 2 ** 36 }), fc.integer({ min: 1, max: 2 ** 37 }), (a, b, d) => {
        expect(floorProductOver(a, b, d)).toBe(Number((BigInt(a) * BigInt(b)) / BigInt(d)));
      }),
      { seed: SEED, numRuns: 2_000 },
    );
    expect(floorProductOver(2 ** 30 + 1, 2 ** 30 + 3, 3)).toBe(Number(((2n ** 30n + 1n) * (2n ** 30n + 3n)) / 3n));
  });

  it("T is ceil((h + 1) p / 100)", () => {
    expect(capTotal(0, 125)).toBe(2);
    expect(capTotal(3, 125)).toBe(5);
    expect(capTotal(7, 125)).toBe(10);
    expect(capTotal(0, 100)).toBe(1);
    expect(capTotal(2 ** 32 - 2, 10_000)).toBe((2 ** 32 - 1) * 100);
    expect(capTotal(1, 101)).toBe(3);
  });

  it("capOf follows the rule in BigInt, for totals up to 65,536 regions of MAX_WEIGHT and T up to 2^46", () => {
    const weights = fc.array(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 1_000_000 })), { minLength: 1, maxLength: 12 });
    fc.assert(
      fc.property(weights, fc.nat({ max: 65_536 * 1_000_000 }), fc.nat({ max: 2 ** 46 }), (head, padding, T) => {
        // A region of weight `padding` (up to 65,536 x MAX_WEIGHT) stands for many more regions.
        const list = padding > 0 ? [...head, padding] : head;
        const total = list.reduce((sum, w) => sum + w, 0);
        const expected = bigCaps(list, BigInt(T));
        let before = 0;
        list.forEach((weight, i) => {
          expect(capOf(weight, before, total, T)).toBe(Number(expected[i]));
          before += weight;
        });
        // The caps add up to at least T, so that h < T sessions always leave one with room.
        expect(expected.reduce((a, b) => a + b, 0n) >= BigInt(T)).toBe(true);
      }),
      { seed: SEED, numRuns: 2_000 },
    );
  });

  it("gives the hand-worked caps of weights 1, 2, 3 at loadFactor 1.25", () => {
    // h = 0: T = 2, W = 6, s = 0, r = 2: floor(2/6) - 0 = 0 -> 1; floor(6/6) - floor(2/6) = 1; floor(12/6) - floor(6/6) = 1.
    expect([capOf(1, 0, 6, 2), capOf(2, 1, 6, 2), capOf(3, 3, 6, 2)]).toEqual([1, 1, 1]);
    // h = 11: T = 15, s = 2, r = 3: 2 + 0 = 2; 4 + 1 = 5; 6 + 2 = 8.
    expect([capOf(1, 0, 6, 15), capOf(2, 1, 6, 15), capOf(3, 3, 6, 15)]).toEqual([2, 5, 8]);
  });
});

describe.each(tested)("BoundedLoads on the %s engine", (_, RegionRouter) => {
  const build = (regions: [string, number][], options?: RouterOptions) => buildRouter(RegionRouter, regions, options as never);

  it("puts a session on route()'s region while it has room, then walks its preference list", () => {
    const router = build([["a", 1], ["b", 1], ["c", 1]]);
    const loads = new BoundedLoads(router, { loadFactor: 1 });
    // Every id with the same first choice: caps of 1 send the second one on to its second region.
    const ids = Array.from({ length: 400 }, (_, i) => `s-${i}`).filter((id) => router.route(id) === "a");
    expect(loads.acquire(ids[0])).toBe("a");
    expect(loads.acquire(ids[1])).toBe(router.preferenceList(ids[1], 2)[1]);
    expect(loads.held).toBe(2);
    expect(loads.release(ids[0])).toBe(true);
    expect(loads.release(ids[0])).toBe(false);
    expect(loads.held).toBe(1);
  });

  it("reads the ring itself, never the router's own route() or preferenceList(), which a subclass may change (or re-enter it from)", () => {
    const router = build([["a", 1], ["b", 1], ["c", 1]]);
    const plain = build([["a", 1], ["b", 1], ["c", 1]]);
    const loads = new BoundedLoads(router, { loadFactor: 1 });
    const model = new BoundedLoads(plain, { loadFactor: 1 });
    let calls = 0;
    const patched = router as unknown as Record<string, unknown>;
    patched.route = () => {
      calls++;
      loads.acquire(`inner-${calls}`);
      return "c";
    };
    patched.preferenceList = () => {
      calls++;
      return ["c", "b", "a"];
    };
    const ids = Array.from({ length: 60 }, (_, i) => `s-${i}`);
    for (const id of ids) expect(loads.acquire(id)).toBe(model.acquire(id));
    expect(calls).toBe(0);
    expect(loads.loads()).toEqual(model.loads());
    for (const id of ids) expect(loads.release(id)).toBe(true);
    expect(loads.held).toBe(0);
    expect(loads.loads()).toEqual(new Map());
  });

  it("keeps every region within its cap for the sessions held, and gives a lone region them all", () => {
    const router = build([["a", 1], ["b", 2], ["c", 5]]);
    const loads = new BoundedLoads(router);
    const n = 2_000;
    for (let i = 0; i < n; i++) loads.acquire(`id-${i}`);
    // Each session went to a region below its cap at the time, and a cap need not grow with h (its
    // rounding can take one back), so each load is within the largest cap its region had.
    const largest = (weight: number, before: number) => Math.max(...Array.from({ length: n }, (_, h) => capOf(weight, before, 8, capTotal(h, 125))));
    expect(loads.loads().get("a")).toBeLessThanOrEqual(largest(1, 0));
    expect(loads.loads().get("b")).toBeLessThanOrEqual(largest(2, 1));
    expect(loads.loads().get("c")).toBeLessThanOrEqual(largest(5, 3));
    expect([...loads.loads().values()].reduce((a, b) => a + b, 0)).toBe(n);
    const solo = new BoundedLoads(build([["only", 3]]));
    for (let i = 0; i < 50; i++) expect(solo.acquire(`id-${i}`)).toBe("only");
    expect(solo.loads()).toEqual(new Map([["only", 50]]));
  });

  it("takes p as Math.round(100 x loadFactor) in doubles: 1.045 is 105 (100 x 1.045 is 104.5 there), not 104", () => {
    const router = build([["a", 1], ["b", 1]]);
    // Sessions all preferring a: a holds floor(T / 2) of them, T = ceil((h + 1) p / 100), and at h = 199
    // T is 210 for p = 105, 208 for p = 104.
    const ids = Array.from({ length: 1_000 }, (_, i) => `p-${i}`).filter((id) => router.route(id) === "a").slice(0, 300);
    expect(ids).toHaveLength(300);
    const placed = (loadFactor: number) => {
      const loads = new BoundedLoads(router, { loadFactor });
      return ids.map((id) => loads.acquire(id));
    };
    expect(placed(1.045)).toEqual(placed(1.05));
    expect(placed(1.045)).not.toEqual(placed(1.04));
  });

  it("is sticky: a held session stays where it is while its region is eligible, whatever the caps", () => {
    const router = build([["a", 1], ["b", 1]]);
    const loads = new BoundedLoads(router, { loadFactor: 1 });
    const region = loads.acquire("sticky") as string;
    router.addRegion("c", 1_000);
    for (let i = 0; i < 20; i++) expect(loads.acquire("sticky")).toBe(region);
    expect(loads.held).toBe(1);
  });

  it("keeps sessions of a region that left (removed, weight 0, excluded) held and counted until acquired again", () => {
    const router = build([["a", 1], ["b", 1], ["c", 1]]);
    const loads = new BoundedLoads(router, { loadFactor: 2 });
    const ids = Array.from({ length: 30 }, (_, i) => `id-${i}`);
    for (const id of ids) loads.acquire(id);
    // acquire of a held session whose region is eligible answers where it is and changes nothing.
    const onA = ids.filter((id) => loads.acquire(id) === "a");
    const before = loads.loads();
    router.removeRegion("a");
    router.addRegion("b", 0);
    expect(loads.loads()).toEqual(before);
    expect(loads.held).toBe(30);
    const moved = loads.acquire(onA[0]);
    expect(moved).toBe("c");
    expect(loads.held).toBe(30);
    // Excluded: the session moves, and an excluded region gets nothing new.
    expect(loads.acquire(onA[0], { exclude: ["c"] })).toBe(null);
    expect(loads.held).toBe(29);
    router.addRegion("a", 1);
    expect(loads.acquire(onA[0], { exclude: new Set(["c", "nowhere"]) })).toBe("a");
  });

  it("setRouter: held sessions stay, and sessions are placed as over the router it replaced, updated in place alike", () => {
    const ids = Array.from({ length: 400 }, (_, i) => `set-${i}`);
    const first = build([["a", 2], ["b", 1], ["c", 1]]);
    const [kept, swapped] = [new BoundedLoads(first, { loadFactor: 1.1 }), new BoundedLoads(RegionRouter.fromJSON(first.toJSON()), { loadFactor: 1.1 })];
    for (const id of ids.slice(0, 200)) expect(swapped.acquire(id)).toBe(kept.acquire(id));
    first.removeRegion("a"), first.addRegion("d", 3), first.addRegion("b", 2);
    // The reload, made as the router it replaces was (so the two have one table version: E made again all the same).
    const reloaded = RegionRouter.fromJSON(first.toJSON());
    expect(() => swapped.setRouter({} as never)).toThrow(new TypeError("router must be a RegionRouter (either engine), got an object"));
    swapped.setRouter(reloaded);
    expect([swapped.held, swapped.loads()]).toEqual([kept.held, kept.loads()]);
    expect(swapped.loads().get("a")).toBeGreaterThan(0);
    for (const [i, id] of ids.entries()) {
      if (i % 3 === 0) expect(swapped.release(ids[i >> 1])).toBe(kept.release(ids[i >> 1]));
      expect(swapped.acquire(id, i % 7 === 0 ? { exclude: ["d"] } : undefined)).toBe(kept.acquire(id, i % 7 === 0 ? { exclude: ["d"] } : undefined));
    }
    expect(swapped.loads()).toEqual(kept.loads());
    expect(swapped.loads().has("d")).toBe(true);
  });

  it("gives null, holding nothing, when no region is eligible", () => {
    const loads = new BoundedLoads(new RegionRouter());
    expect(loads.acquire("x")).toBe(null);
    expect(loads.held).toBe(0);
    const zero = new BoundedLoads(build([["a", 0]]));
    expect(zero.acquire("x")).toBe(null);
    expect(zero.loads()).toEqual(new Map());
  });

  it.each(dialects)("with exclude and room everywhere, gives the first region of preferenceList not excluded (%o)", (options) => {
    const router = build([["sf", 3], ["london", 1], ["tokyo", 2], ["idle", 0], ["東京", 1]], options);
    const loads = new BoundedLoads(router, { loadFactor: 100 });
    const owning = router.preferenceList("probe", ALL);
    fc.assert(
      fc.property(fc.string(), fc.subarray([...owning, "idle", "nowhere"]), (id, exclude) => {
        const expected = router.preferenceList(id, ALL).find((region) => !exclude.includes(region)) ?? null;
        expect(loads.acquire(id, { exclude })).toBe(expected);
        loads.release(id);
        expect(loads.held).toBe(0);
      }),
      { seed: SEED, numRuns: 150 },
    );
  });

  it("leaves a region that owns no position out of E, though its weight is > 0 (relative dialects)", () => {
    const router = build([["small", 1], ["big", 10]], { compatibleWith: "hashring", vnodeCount: 1 });
    expect(router.preferenceList("x", ALL)).toEqual(["big"]);
    const loads = new BoundedLoads(router, { loadFactor: 1 });
    // E = [big] alone: every session fits there (cap = T > h).
    for (let i = 0; i < 20; i++) expect(loads.acquire(`id-${i}`)).toBe("big");
  });

  // Two names whose one point each is equal (md5("gw9329-0") and md5("gw26089-0") share their first
  // little-endian word). Where the last written wins (a dict point -> node) the earlier has no
  // position at all; in hashring's array both points stay, and walks meet the later one.
  const TIED = ["gw9329", "gw26089"];
  const oneTiedPoint = [
    { compatibleWith: "uhashring-ketama", vnodes: 1, replicas: 1 },
    { compatibleWith: "hashring", vnodeCount: 1, replicas: 1 },
  ] as const;

  it("leaves a region whose every point lost a tie out of E, though it has names (uhashring-ketama)", () => {
    const router = build(TIED.map((region) => [region, 1]), oneTiedPoint[0]);
    const [loser, winner] = TIED;
    // The premise: the loser has no position, and owns no key.
    expect(router.shares().get(loser)).toBe(0);
    expect(router.preferenceList("x", ALL)).toEqual([winner]);
    for (const loadFactor of [1, 1.25]) {
      const loads = new BoundedLoads(router, { loadFactor });
      for (let i = 0; i < 20; i++) expect(loads.acquire(`id-${i}`)).toBe(winner);
    }
    // With a third region, the loser's would-be cap goes to the regions that own keys.
    router.addRegion("third", 1);
    const loads = new BoundedLoads(router, { loadFactor: 1 });
    const model = new BoundedLoadsModel(router, 1);
    for (let i = 0; i < 60; i++) expect(loads.acquire(`id-${i}`)).toBe(model.acquire(`id-${i}`));
  });

  it.each([
    ...dialects.map((options) => ({ options, names: ["a", "b", "c", "d", "e"] })),
    ...oneTiedPoint.map((options) => ({ options, names: [...TIED, "a", "b", "c"] })),
  ])("answers as the model of the rule on random sequences of acquire, release, exclude and router updates ($options, $names)", ({ options, names }) => {
    const ids = Array.from({ length: 24 }, (_, i) => `sess-${i}`);
    const step = fc.oneof(
      { weight: 8, arbitrary: fc.record({ op: fc.constant("acquire" as const), id: fc.constantFrom(...ids), exclude: fc.subarray([...names, "zz"], { maxLength: 3 }) }) },
      { weight: 3, arbitrary: fc.record({ op: fc.constant("release" as const), id: fc.constantFrom(...ids) }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant("add" as const), region: fc.constantFrom(...names), weight: fc.integer({ min: 0, max: 6 }) }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant("remove" as const), region: fc.constantFrom(...names) }) },
    );
    // How often a session went past a full first choice: the replay must reach the walk.
    let walked = 0;
    const start = fc.uniqueArray(fc.tuple(fc.constantFrom(...names), fc.integer({ min: 0, max: 4 })), { selector: ([r]) => r, minLength: 2, maxLength: 5 });
    const loadFactor = fc.oneof(fc.constant(1), fc.double({ min: 1, max: 1.5, noNaN: true }), fc.double({ min: 1, max: 4, noNaN: true }));
    fc.assert(
      fc.property(start, loadFactor, fc.array(step, { minLength: 30, maxLength: 100 }), (regions, loadFactor, steps) => {
        const router = build(regions, options);
        const subject = new BoundedLoads(router, { loadFactor });
        const model = new BoundedLoadsModel(router, loadFactor);
        for (const s of steps) {
          if (s.op === "acquire") {
            const fresh = !model.held.has(s.id);
            const region = subject.acquire(s.id, { exclude: s.exclude });
            expect(region).toBe(model.acquire(s.id, s.exclude));
            if (fresh && region !== null && s.exclude.length === 0 && region !== router.route(s.id)) walked++;
          }
          else if (s.op === "release") expect(subject.release(s.id)).toBe(model.release(s.id));
          else if (s.op === "add") router.addRegion(s.region, s.weight);
          else router.removeRegion(s.region);
          expect(subject.held).toBe(model.held.size);
          expect([...subject.loads()].sort()).toEqual([...model.loads()].sort());
        }
      }),
      { seed: SEED, numRuns: 60 },
    );
    expect(walked).toBeGreaterThan(20);
  });

  it("rejects bad input with errors naming it, and a rejected call changes nothing", () => {
    const router = build([["a", 1], ["b", 1]]);
    expect(() => new BoundedLoads({} as never)).toThrow(new TypeError("router must be a RegionRouter (either engine), got an object"));
    // An object that only inherits the class's methods is no router: refused here, not at the first acquire.
    expect(() => new BoundedLoads(Object.create(RegionRouter.prototype))).toThrow(new TypeError("router must be a RegionRouter (either engine), got an object"));
    expect(() => movement(router, Object.create(RegionRouter.prototype))).toThrow(new TypeError("after must be a RegionRouter (either engine), got an object"));
    expect(() => movement({ ...router } as never, router)).toThrow(new TypeError("before must be a RegionRouter (either engine), got an object"));
    expect(() => new BoundedLoads(router, null as never)).toThrow(/^options must be an object, got null/);
    expect(() => new BoundedLoads(router, { loadFactr: 2 } as never)).toThrow(/^options\.loadFactr is not a BoundedLoads option \(BoundedLoads options: loadFactor\)$/);
    expect(() => new BoundedLoads(router, { loadFactor: "2" as never })).toThrow(TypeError);
    for (const bad of [0.99, 100.01, NaN, Infinity, -1]) {
      expect(() => new BoundedLoads(router, { loadFactor: bad })).toThrow(RangeError);
      expect(() => new BoundedLoads(router, { loadFactor: bad })).toThrow(/options\.loadFactor must be a number from 1 to 100/);
    }
    expect(() => new BoundedLoads(router, { loadFactor: 1 })).not.toThrow();
    expect(() => new BoundedLoads(router, { loadFactor: 100 })).not.toThrow();

    const loads = new BoundedLoads(router);
    const kept = loads.acquire("kept");
    const state = () => [loads.held, [...loads.loads()]];
    const before = state();
    expect(() => loads.acquire(7 as never)).toThrow(new TypeError("sessionId must be a string, got 7"));
    expect(() => loads.release(null as never)).toThrow(new TypeError("sessionId must be a string, got null"));
    expect(() => loads.acquire("x", null as never)).toThrow(/^options must be an object/);
    expect(() => loads.acquire("x", { excluded: [] } as never)).toThrow(/^options\.excluded is not an acquire option \(acquire options: exclude\)$/);
    expect(() => loads.acquire("x", { exclude: "a" as never })).toThrow(/^options\.exclude must be an iterable of region names/);
    expect(() => loads.acquire("x", { exclude: 5 as never })).toThrow(TypeError);
    expect(() => loads.acquire("x", { exclude: ["a", 3] as never })).toThrow(new TypeError("options.exclude[1] must be a string, got 3"));
    function* failing() {
      yield "a";
      throw new Error("the iterable broke");
    }
    expect(() => loads.acquire("kept", { exclude: failing() })).toThrow("the iterable broke");
    expect(state()).toEqual(before);
    expect(loads.acquire("kept")).toBe(kept);
  });
});

describe("the entries", () => {
  it("export BoundedLoads and suggestVnodes from each, over a router of any entry", async () => {
    for (const entry of ["../src/node.js", "../src/index.js", "../src/pure.js"]) {
      const module = (await import(/* @vite-ignore */ entry)) as typeof import("../src/node.js");
      expect(typeof module.suggestVnodes, entry).toBe("function");
      for (const [, RegionRouter] of tested) {
        const loads = new module.BoundedLoads(buildRouter(RegionRouter, [["a", 1]]));
        expect(loads.acquire("x"), entry).toBe("a");
      }
    }
  });
});
