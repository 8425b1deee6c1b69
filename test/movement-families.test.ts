// movement() between a ring of 128-bit positions and a ring of 32-bit points (two key families: a
// key's MD5 read whole big-endian, or its first four bytes little-endian). The arithmetic
// (src/operations/cross-family.ts) is written for any split of the hash into digits, so it is first
// checked exactly against brute force over every hash of small analogues (2- to 8-bit digits, a
// few low bits), where the positions can sit on every awkward boundary; then on real routers of
// every dialect against the routes of 200,000 session ids, and by exact bookkeeping (each ring's
// shares are the sums of its side of the pairs, to the unit).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { movement, RegionRouter, type Movement, type RouterOptions } from "../src/index.js";
import { RegionRouter as PureRouter } from "../src/pure.js";
import { positionsOf, readerOfRouter } from "../src/internals.js";
import type { OwnedPositions } from "../src/operations/arcs.js";
import { buildRouter } from "./support/build.js";
import { arcEndingAt, arrayReader } from "./support/ring-reader.js";
import { movementBetween } from "../src/operations/movement.js";
import { EXACT_BUDGET, exactCost, SAMPLES, MD5_DIGITS, pairCounts, sampledCounts, stepsOf, wideNarrowCounts, type Digits } from "../src/operations/cross-family.js";

// ---- Brute force, written apart from the code under test -------------------------------------------

/** The index of the first point >= h (the first of equal ones), 0 past the last: where h routes. */
function routeIndex(points: readonly number[], h: number): number {
  let lo = 0, hi = points.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (points[mid] < h) lo = mid + 1;
    else hi = mid;
  }
  return lo === points.length ? 0 : lo;
}

/** u's `count` digits of `bits` bits in the opposite order. */
function reversed(u: number, bits: number, count: number): number {
  let r = 0;
  for (let i = 0; i < count; i++) {
    r = r * 2 ** bits + (u % 2 ** bits);
    u = Math.floor(u / 2 ** bits);
  }
  return r;
}

interface SmallRing {
  readonly points: number[];
  readonly owners: number[];
}

/** #{u : f routes u to p, g routes rev(u) to o}, at [p * gOwners + o]. */
function brutePairs(f: SmallRing, fOwners: number, g: SmallRing, gOwners: number, { bits, count }: Digits): number[] {
  const out = new Array<number>(fOwners * gOwners).fill(0);
  for (let u = 0; u < 2 ** (bits * count); u++) {
    out[f.owners[routeIndex(f.points, u)] * gOwners + g.owners[routeIndex(g.points, reversed(u, bits, count))]]++;
  }
  return out;
}

/** For every hash x of the wide family: (wide ring's region of x, narrow ring's region of rev(x's top digits)) -> count. */
function bruteFamilies(wide: OwnedPositions, narrow: OwnedPositions, { bits, count, low }: Digits): Map<string, bigint> {
  const w = wide.positions.map(Number), n = narrow.positions.map(Number);
  const byIndex = new Array<number>(w.length * n.length).fill(0);
  for (let x = 0; x < 2 ** (bits * count + low); x++) {
    byIndex[routeIndex(w, x) * n.length + routeIndex(n, reversed(Math.floor(x / 2 ** low), bits, count))]++;
  }
  const out = new Map<string, bigint>();
  byIndex.forEach((c, i) => {
    const key = JSON.stringify([wide.owners[Math.floor(i / n.length)], narrow.owners[i % n.length]]);
    if (c > 0) out.set(key, (out.get(key) ?? 0n) + BigInt(c));
  });
  return out;
}

const byPair = (pairs: readonly [string, string, bigint][]) => new Map(pairs.map(([w, n, c]) => [JSON.stringify([w, n]), c]));

// ---- Small analogues -------------------------------------------------------------------------------

/** Points of [0, 2^width), often on the edges of digits (a block's first and last value, 0, the top). */
function point(width: number, digitBits: number): fc.Arbitrary<number> {
  const top = 2 ** width - 1, block = 2 ** digitBits;
  const edge = fc.integer({ min: 0, max: (top + 1) / block }).chain((k) => fc.constantFrom(k * block - 1, k * block, k * block + 1, k * block + block - 1));
  return fc.oneof(fc.integer({ min: 0, max: top }), fc.constantFrom(0, top, top - 1), edge.filter((p) => p >= 0 && p <= top));
}

/** A ring of up to maxLength points (repeats allowed: the first of equal points owns) and owners < owners. */
function smallRing(width: number, digitBits: number, owners: number, maxLength: number): fc.Arbitrary<SmallRing> {
  return fc.array(fc.tuple(point(width, digitBits), fc.nat({ max: owners - 1 })), { minLength: 1, maxLength }).map((placed) => {
    placed.sort(([p], [q]) => p - q);
    return { points: placed.map(([p]) => p), owners: placed.map(([, o]) => o) };
  });
}

const ANALOGUES: [string, Digits, number][] = [
  // name, digits, how many runs
  ["4 digits of 2 bits", { bits: 2, count: 4, low: 3 }, 300],
  ["3 digits of 3 bits", { bits: 3, count: 3, low: 2 }, 300],
  ["2 digits of 8 bits", { bits: 8, count: 2, low: 2 }, 25],
  ["4 digits of 4 bits", { bits: 4, count: 4, low: 1 }, 20],
];

describe.each(ANALOGUES)("pair counts over every value, %s", (_, digits, runs) => {
  const width = digits.bits * digits.count;
  const top = 2 ** width - 1;
  const rings = fc
    .tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 40 }))
    .chain(([F, G, length]) => fc.tuple(fc.constant(F), fc.constant(G), smallRing(width, digits.bits, F, length), smallRing(width, digits.bits, G, length)));

  it("equal brute force: #{u : f(u) = p, g(reversed u) = o} for every p, o", () => {
    fc.assert(
      fc.property(rings, ([F, G, f, g]) => {
        const want = brutePairs(f, F, g, G, digits);
        // Every way of sweeping: lines counted at once or not, blocks' owners from a table or the runs.
        for (const skip of [true, false]) {
          for (const table of [true, false]) {
            const got = pairCounts(stepsOf(f.points, f.owners, top), F, stepsOf(g.points, g.owners, top), G, digits, { skip, table });
            expect([...got], JSON.stringify({ skip, table })).toEqual(want);
          }
        }
      }),
      { numRuns: runs },
    );
  });
});

describe("pair counts, more cases", () => {
  it("equal brute force with hundreds of owners (16-bit block table) and a point on every block edge", () => {
    const digits: Digits = { bits: 4, count: 3, low: 0 };
    const top = 2 ** 12 - 1;
    const ring = (n: number, step: number, owners: number): SmallRing => {
      const points = Array.from({ length: n }, (_, i) => Math.min(top, i * step));
      return { points, owners: points.map((_, i) => (i * 7919) % owners) };
    };
    for (const [f, F, g, G] of [[ring(700, 5, 300), 300, ring(300, 16, 260), 260], [ring(256, 16, 3), 3, ring(4096, 1, 400), 400]] as const) {
      const want = brutePairs(f, F, g, G, digits);
      for (const table of [true, false]) {
        expect([...pairCounts(stepsOf(f.points, f.owners, top), F, stepsOf(g.points, g.owners, top), G, digits, { table })]).toEqual(want);
      }
    }
  });

  it("sum to the whole domain on MD5's digits (2^32 values), the same every way of sweeping", () => {
    const f = { points: [0x12345678, 0x9abcdef0, 0xfffffffe], owners: [0, 1, 0] };
    const g = { points: [0x00ff00ff, 0x80000000], owners: [1, 0] };
    const [fs, gs] = [f, g].map(({ points, owners }) => stepsOf(points, owners, 2 ** 32 - 1));
    const got = pairCounts(fs, 2, gs, 2, MD5_DIGITS);
    expect(got.reduce((a, b) => a + b, 0)).toBe(2 ** 32);
    for (const force of [{ skip: false, table: true }, { table: true }, { table: false }]) expect(pairCounts(fs, 2, gs, 2, MD5_DIGITS, force)).toEqual(got);
  });
});

describe.each(ANALOGUES.slice(0, 3))("wide x narrow counts over every hash, %s", (_, digits, runs) => {
  const narrowWidth = digits.bits * digits.count, wideWidth = narrowWidth + digits.low;
  const names = ["a", "b", "c", "東"];
  // Wide positions often share their top digits (so the low bits decide between them), sit at a
  // top's first or last low value, or repeat.
  const wideRing = fc
    .array(fc.tuple(point(narrowWidth, digits.bits), fc.oneof(fc.constantFrom(0, 2 ** digits.low - 1), fc.nat({ max: 2 ** digits.low - 1 })), fc.constantFrom(...names)), { minLength: 1, maxLength: 14 })
    .map((placed) => placed.map(([top, low, owner]): [number, string] => [top * 2 ** digits.low + low, owner]));
  const narrowRing = fc.array(fc.tuple(point(narrowWidth, digits.bits), fc.constantFrom(...names)), { minLength: 1, maxLength: 14 });
  const owned = (placed: [number, string][], width: number): OwnedPositions => {
    placed.sort(([p], [q]) => p - q);
    return { space: 1n << BigInt(width), positions: placed.map(([p]) => BigInt(p)), owners: placed.map(([, o]) => o) };
  };

  it.each(["wide", "narrow"] as const)("equal brute force, with the %s ring swept", (orient) => {
    fc.assert(
      fc.property(wideRing, narrowRing, (w, n) => {
        const wide = owned(w, wideWidth), narrow = owned(n, narrowWidth);
        const counts = wideNarrowCounts(arrayReader(wide), arrayReader(narrow), digits, Infinity, orient);
        expect(counts?.exact).toBe(true);
        expect(counts?.total).toBe(1n << BigInt(wideWidth));
        expect(byPair(counts!.pairs)).toEqual(bruteFamilies(wide, narrow, digits));
      }),
      { numRuns: runs },
    );
  });
});

// ---- Real routers -------------------------------------------------------------------------------------

const ROUTES = 200_000;
/** Fixed pseudo-random session ids (so the test is deterministic), of a few shapes and lengths. */
const ids = (() => {
  let state = 0x2545f491;
  const next = () => ((state = (Math.imul(state, 1103515245) + 12345) >>> 0), state);
  return Array.from({ length: ROUTES }, (_, i) => `${next().toString(36)}-${i}${"x".repeat(next() % 9)}`);
})();

type Setup = readonly [options: RouterOptions, regions: [string, number][]];
const three: [string, number][] = [["sf", 3], ["london", 2], ["bangalore", 1]];
const four: [string, number][] = [["sf", 3], ["london", 2], ["bangalore", 1], ["tokyo", 2]];

/** [before, after]: a 128-bit dialect and a 32-bit one, with few positions (large arcs, so a wrong pairing shows) or many. */
const MIGRATIONS: [string, Setup, Setup][] = [
  ["hashring -> region-router, 40 vnodes per weight", [{ compatibleWith: "hashring" }, three], [{ vnodesPerWeight: 40 }, three]],
  ["hashring, one point a name -> region-router, one vnode a weight", [{ compatibleWith: "hashring", vnodeCount: 1, replicas: 1 }, three], [{}, three]],
  ["uhashring-ketama -> uhashring, and a region added", [{ compatibleWith: "uhashring-ketama", vnodes: 2, replicas: 2 }, three], [{ compatibleWith: "uhashring", vnodes: 3 }, four]],
  ["libketama -> consistent-hash-ring (strict)", [{ compatibleWith: "libketama" }, four], [{ compatibleWith: "consistent-hash-ring", replicas: 2 }, four]],
  ["hash_ring (strict) -> region-router, a region removed", [{ compatibleWith: "hash_ring" }, four], [{ vnodesPerWeight: 2 }, three]],
  // Within the 32-bit family, between dialects: the arcs' path, with points.
  ["hashring -> hash_ring (strict)", [{ compatibleWith: "hashring", replicas: 3 }, four], [{ compatibleWith: "hash_ring" }, four]],
];

/** The setup's router: its regions in one addRegions call. */
const routerOf = ([options, regions]: Setup, Router: typeof RegionRouter | typeof PureRouter = RegionRouter) => buildRouter(Router, regions, options, { oneCall: true });

/** A sampled proportion's standard error at the exact p (never below one sample's worth). */
const standardError = (p: number) => Math.sqrt(Math.max(p * (1 - p), 1 / ROUTES) / ROUTES);

/** The routes of the fixed ids, and the exact movement, agree within 4 standard errors: moved and every flow. */
function expectAgreesWithRoutes(before: RegionRouter | PureRouter, after: RegionRouter | PureRouter, exact: Movement): void {
  const from = before.routeMany(ids), to = after.routeMany(ids);
  const sampled = new Map<string, number>();
  let moved = 0;
  for (let i = 0; i < ROUTES; i++) {
    if (from[i] === to[i]) continue;
    moved++;
    const pair = JSON.stringify([from[i], to[i]]);
    sampled.set(pair, (sampled.get(pair) ?? 0) + 1);
  }
  const flows = new Map(exact.flows.map((f) => [JSON.stringify([f.from, f.to]), f.fraction]));
  for (const pair of new Set([...flows.keys(), ...sampled.keys()])) {
    const p = flows.get(pair) ?? 0;
    expect(Math.abs((sampled.get(pair) ?? 0) / ROUTES - p), `flow ${pair}: exact ${p}`).toBeLessThanOrEqual(4 * standardError(p));
  }
  expect(Math.abs(moved / ROUTES - exact.moved)).toBeLessThanOrEqual(4 * standardError(exact.moved));
}

describe.each(MIGRATIONS)("movement across dialects: %s", (_, beforeSetup, afterSetup) => {
  const before = routerOf(beforeSetup), after = routerOf(afterSetup);
  const forward = movement(before, after), backward = movement(after, before);

  it("agrees with the routes of 200,000 session ids, moved and every flow, both ways", () => {
    expect(forward.moved).toBeGreaterThan(0);
    expectAgreesWithRoutes(before, after, forward);
    expectAgreesWithRoutes(after, before, backward);
  });

  it("is exact (no sampling), and reversed swaps every flow to the unit", () => {
    expect(forward).not.toHaveProperty("exact");
    const swap = (m: Movement) => m.flows.map((f) => JSON.stringify([f.to, f.from, f.fraction])).sort();
    expect(backward.moved).toBe(forward.moved);
    expect(swap(backward)).toEqual(forward.flows.map((f) => JSON.stringify([f.from, f.to, f.fraction])).sort());
  });

  it("keeps exact books: flows sum to moved, net flows are the change in shares", () => {
    expect(Math.abs(forward.flows.reduce((sum, f) => sum + f.fraction, 0) - forward.moved)).toBeLessThan(1e-12);
    const net = new Map<string | null, number>();
    for (const f of forward.flows) {
      net.set(f.to, (net.get(f.to) ?? 0) + f.fraction);
      net.set(f.from, (net.get(f.from) ?? 0) - f.fraction);
    }
    const shares = [before.shares(), after.shares()];
    for (const region of new Set([...shares[0].keys(), ...shares[1].keys()])) {
      expect(Math.abs((shares[1].get(region) ?? 0) - (shares[0].get(region) ?? 0) - (net.get(region) ?? 0))).toBeLessThan(1e-12);
    }
  });

  it("is the same with either engine on either side", () => {
    expect(movement(routerOf(beforeSetup, PureRouter), after)).toEqual(forward);
    expect(movement(before, routerOf(afterSetup, PureRouter))).toEqual(forward);
  });
});

describe("exact counts on real rings", () => {
  it.each(MIGRATIONS.slice(0, 5))("%s: each ring's arcs are the sums of its side of the pairs, to the unit", (_, beforeSetup, afterSetup) => {
    const rings = [positionsOf(routerOf(beforeSetup)), positionsOf(routerOf(afterSetup))];
    const [wide, narrow] = rings[0].space > rings[1].space ? [rings[0], rings[1]] : [rings[1], rings[0]];
    const arcs = ({ space, positions, owners }: OwnedPositions, scale: bigint) => {
      const out = new Map<string, bigint>();
      positions.forEach((_, i) => out.set(owners[i], (out.get(owners[i]) ?? 0n) + arcEndingAt(space, positions, i) * scale));
      return out;
    };
    for (const orient of ["wide", "narrow"] as const) {
      const { pairs, total } = wideNarrowCounts(arrayReader(wide), arrayReader(narrow), MD5_DIGITS, Infinity, orient)!;
      expect(total).toBe(1n << 128n);
      const side = (k: 0 | 1) => {
        const out = new Map<string, bigint>();
        for (const pair of pairs) out.set(pair[k], (out.get(pair[k]) ?? 0n) + pair[2]);
        return out;
      };
      expect(side(0)).toEqual(arcs(wide, 1n));
      expect(side(1)).toEqual(arcs(narrow, 1n << 96n));
    }
  });

  it("a 128-bit ring split on the first byte's top bit, a 32-bit one on the fourth byte's: independent halves", () => {
    // The 128-bit ring routes by d0's top bit; the 32-bit hash is little-endian, so its top bit is
    // d3's: the two are independent, and each of the four combinations is a quarter exactly.
    const wide: OwnedPositions = { space: 1n << 128n, positions: [(1n << 127n) - 1n, (1n << 128n) - 1n], owners: ["a", "b"] };
    const narrow: OwnedPositions = { space: 1n << 32n, positions: [(1n << 31n) - 1n, (1n << 32n) - 1n], owners: ["a", "b"] };
    const quarters = { moved: 0.5, flows: [{ from: "a", to: "b", fraction: 0.25 }, { from: "b", to: "a", fraction: 0.25 }] };
    expect(movementBetween(arrayReader(wide), arrayReader(narrow))).toEqual(quarters);
    expect(movementBetween(arrayReader(narrow), arrayReader(wide))).toEqual(quarters);
    // The same with d1 (512 positions, alternately a and b) and d2 (512 points): independent too.
    const alternate = (n: number, step: bigint, space: bigint): OwnedPositions => ({
      space,
      positions: Array.from({ length: n }, (_, i) => BigInt(i + 1) * step - 1n),
      owners: Array.from({ length: n }, (_, i) => (i % 2 === 0 ? "a" : "b")),
    });
    expect(movementBetween(arrayReader(alternate(512, 1n << 119n, 1n << 128n)), arrayReader(alternate(512, 1n << 23n, 1n << 32n)))).toEqual(quarters);
  });

  it("from or to an empty ring of the other family: everything moves, by the other ring's shares", () => {
    const wide = routerOf([{ vnodesPerWeight: 10 }, three]), narrow = routerOf([{ compatibleWith: "hashring" }, three]);
    for (const [empty, full] of [[new RegionRouter({ compatibleWith: "hashring" }), wide], [new RegionRouter(), narrow]] as const) {
      const shares = [...full.shares()].sort((a, b) => b[1] - a[1]);
      expect(movement(empty, full)).toEqual({ moved: 1, flows: shares.map(([to, fraction]) => ({ from: null, to, fraction })) });
      expect(movement(full, empty)).toEqual({ moved: 1, flows: shares.map(([from, fraction]) => ({ from, to: null, fraction })) });
    }
    expect(movement(new RegionRouter({ compatibleWith: "libketama" }), new RegionRouter())).toEqual({ moved: 0, flows: [] });
  });

  it("samples the low bits where they decide: on a small analogue, every pair within 4 standard errors of exact", () => {
    // Tops 5 and 200 of 256 hold two positions each, split by their low bits (3 of them); the
    // narrow ring gives the reversed tops (80 and 35) regions of their own, x and y, so that each
    // way a top's keys split is a pair of its own.
    const digits: Digits = { bits: 2, count: 4, low: 3 };
    const wide: OwnedPositions = { space: 1n << 11n, positions: [5n * 8n + 2n, 5n * 8n + 5n, 200n * 8n, 200n * 8n + 6n], owners: ["a", "b", "c", "a"] };
    const narrow: OwnedPositions = { space: 1n << 8n, positions: [34n, 35n, 79n, 80n, 255n], owners: ["b", "y", "b", "x", "b"] };
    const exact = byPair(wideNarrowCounts(arrayReader(wide), arrayReader(narrow), digits)!.pairs);
    const samples = 400_000;
    const sampled = sampledCounts(arrayReader(wide), arrayReader(narrow), samples, digits);
    expect(sampled).toMatchObject({ exact: false, total: BigInt(samples) });
    const got = byPair(sampled.pairs);
    for (const pair of new Set([...exact.keys(), ...got.keys()])) {
      const p = Number(exact.get(pair) ?? 0n) / 2 ** 11, q = Number(got.get(pair) ?? 0n) / samples;
      expect(Math.abs(q - p), pair).toBeLessThanOrEqual(4 * Math.sqrt(Math.max(p * (1 - p), 1 / samples) / samples));
    }
  });

  it("past its budget, samples: exact false, a standard error, and the exact figures within 4 of them", () => {
    const [before, after] = [routerOf(MIGRATIONS[1][1]), routerOf(MIGRATIONS[1][2])].map((router) => arrayReader(positionsOf(router)));
    const exact = movementBetween(before, after);
    const sampled = movementBetween(before, after, 0);
    expect(sampled.exact).toBe(false);
    const se = (p: number) => Math.sqrt(Math.max(p * (1 - p), 1 / SAMPLES) / SAMPLES);
    expect(sampled.standardError).toBeCloseTo(se(sampled.moved), 12);
    expect(Math.abs(sampled.moved - exact.moved)).toBeLessThanOrEqual(4 * se(exact.moved));
    const exactFlows = new Map(exact.flows.map((f) => [JSON.stringify([f.from, f.to]), f.fraction]));
    for (const f of sampled.flows) expect(Math.abs(f.fraction - (exactFlows.get(JSON.stringify([f.from, f.to])) ?? 0))).toBeLessThanOrEqual(4 * se(f.fraction));
    expect(sampled.flows.length).toBe(exact.flows.length);
  });
});

// Whether movement() counts or samples is decided by exactCost against EXACT_BUDGET, not by a
// clock: these check the decision (the same on any machine), never a time. Across the families
// every region of one ring meets nearly every region of the other, so the flows (W x N of them,
// each made and sorted) cost more than the sweep once both rings have thousands of regions,
// however few positions they have: the first ring pair below (4 million flows) took tens of
// seconds, exact, when the cost counted the sweep alone (bench/RESULTS.md's decisions).
describe("exact or sampled: what counting exactly would cost", () => {
  const regions = (count: number, weight = (i: number) => 1 + ((i * 7919) % 5)) => Array.from({ length: count }, (_, i): [string, number] => [`region-${i}`, weight(i)]);
  /** exactCost of the two routers' rings, the 128-bit one first. */
  const costOf = (before: Setup, after: Setup) => {
    const [x, y] = [routerOf(before), routerOf(after)].map(readerOfRouter);
    return x.space > y.space ? exactCost(x, y) : exactCost(y, x);
  };
  const one = () => 1;

  it.each<[string, Setup, Setup]>([
    ["the audit's: hash_ring against uhashring (10 vnodes), 2,000 regions a side", [{ compatibleWith: "hash_ring" }, regions(2000)], [{ compatibleWith: "uhashring", vnodes: 10 }, regions(2000)]],
    ["the audit's: hashring against region-router, 3,000 regions a side", [{ compatibleWith: "hashring" }, regions(3000)], [{}, regions(3000)]],
    ["4,000 positions, but 2,000 regions a side: 4 million flows", [{ compatibleWith: "hashring", vnodeCount: 1, replicas: 1 }, regions(2000, one)], [{}, regions(2000, one)]],
  ])("%s: past the budget, so sampled", (_, before, after) => {
    expect(costOf(before, after)).toBeGreaterThan(EXACT_BUDGET);
  });

  it("4,000 positions, 2,000 regions a side: movement() samples, and says so", () => {
    const result = movement(routerOf([{ compatibleWith: "hashring", vnodeCount: 1, replicas: 1 }, regions(2000, one)]), routerOf([{}, regions(2000, one)]));
    expect(result.exact).toBe(false);
    expect(result.standardError).toBeGreaterThan(0);
  });

  it("a few thousand positions, 100 regions a side: within the budget, so exact", () => {
    const before: Setup = [{ compatibleWith: "hashring", vnodeCount: 10 }, regions(100)], after: Setup = [{ vnodesPerWeight: 10 }, regions(100)];
    expect(costOf(before, after)).toBeLessThanOrEqual(EXACT_BUDGET);
    const result = movement(routerOf(before), routerOf(after));
    expect(result).not.toHaveProperty("exact");
    expect(result.flows).toHaveLength(100 * 99);
  });
});

describe("equal points (32-bit collisions, kept by the ketama rings)", () => {
  it("make no flow of nothing: the second of two equal points owns no key, so moves none", () => {
    // Before: a owns [0, 10] and past 20, b (a second point at 10) nothing, c (10, 20]; after: y
    // owns [0, 15] and past 20, c (15, 20].
    const space = 1n << 32n;
    const before: OwnedPositions = { space, positions: [10n, 10n, 20n], owners: ["a", "b", "c"] };
    const after: OwnedPositions = { space, positions: [15n, 20n], owners: ["y", "c"] };
    expect(movementBetween(arrayReader(before), arrayReader(after))).toEqual({
      moved: Number(space - 5n) / 2 ** 32,
      flows: [
        { from: "a", to: "y", fraction: Number(space - 10n) / 2 ** 32 },
        { from: "c", to: "y", fraction: 5 / 2 ** 32 },
      ],
    });
  });
});
