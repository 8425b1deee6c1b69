// The rings whose edge keys (./edge-keys.ts) the engine suites route: every Scheme the dialects
// make (128-bit positions searched at or after a key, and strictly after; 32-bit points where the
// first generated of equal points owns it, and where the last does), of 1 and 2 nodes, small, and
// big enough that the ring index has 2^12, 2^13 and 2^14 buckets. Their regions are found so that
// a node sits in the first NEAR of the key space and one in the last (the index's first and last
// buckets, whatever its size), and in the ketama dialects two regions' first names share a 32-bit
// point. What each engine answers is compared with its library's model (./dialect-model.mjs).
import { expect } from "vitest";
import { DIALECTS } from "../../src/dialects.js";
import { CHUNK } from "../../src/engines/wasm/chunks.js";
import type { DialectName, RouterOptions } from "../../src/options.js";
import { library, preferenceOfLibrary, routesOf, type Library } from "./dialect-model.mjs";
import { edgeKeys, headOf, type Reading } from "./edge-keys.js";
import type { Router, RouterClass } from "./engines.js";

export type Regions = readonly (readonly [string, number])[];

/** A ring to build: a dialect, its options, and its regions in order. */
export interface EdgeCase {
  readonly name: string;
  readonly dialect: DialectName;
  readonly options: Readonly<Record<string, number>>;
  readonly regions: Regions;
}

const TOP = 2 ** 32;
/** The first and last 2^18 of the heads: the index's first and last bucket up to 2^14 buckets. */
export const NEAR = 2 ** 18;

/** Options that give a region of weight 1 one node where the dialect allows (libketama and hash_ring have none). */
const TINY: Record<DialectName, Readonly<Record<string, number>>> = {
  "region-router": { vnodesPerWeight: 1 },
  "consistent-hash-ring": { replicas: 1 },
  uhashring: { vnodes: 1 },
  "uhashring-ketama": { vnodes: 1, replicas: 1 },
  hashring: { vnodeCount: 1, replicas: 1 },
  libketama: {},
  hash_ring: {},
};
/** A few nodes per region, several points per name in the ketama dialects. */
const SMALL: Record<DialectName, Readonly<Record<string, number>>> = {
  "region-router": { vnodesPerWeight: 2 },
  "consistent-hash-ring": { replicas: 2 },
  uhashring: { vnodes: 3 },
  "uhashring-ketama": { vnodes: 4, replicas: 2 },
  hashring: { vnodeCount: 3, replicas: 3 },
  libketama: {},
  hash_ring: {},
};

/** How a dialect names and places nodes: read off its model, for one region of weight 1. */
function form(dialect: DialectName): { separator: string; reading: Reading; strict: boolean } {
  const lib = library(dialect, [["x", 1]], TINY[dialect]);
  return { separator: lib.names[0].slice(1, -1), reading: lib.space === 1n << 32n ? "point" : "position", strict: lib.strict };
}

/** The stored head (see Ring.positionAt: a strict scheme's one key step lower) of each point of a library, ascending. */
function storedHeads(lib: Library): number[] {
  const step = lib.strict ? 1n : 0n;
  const shift = lib.space === 1n << 32n ? 0n : 96n;
  return lib.points.map((p) => Number(((p - step + lib.space) % lib.space) >> shift)).sort((a, b) => a - b);
}

const found = new Map<string, string>();

/** The first region `${prefix}${i}` whose first node's stored head lies in [lo, hi] in `dialect`. */
function regionAt(dialect: DialectName, prefix: string, lo: number, hi: number): string {
  const { separator, reading, strict } = form(dialect);
  // A 128-bit position one step lower has the same head (short of 96 zero bits): the tests check it.
  const step = strict && reading === "point" ? 1 : 0;
  const search = JSON.stringify([separator, reading, step, prefix, lo, hi]);
  for (let i = 0; !found.has(search); i++) {
    const head = (headOf(`${prefix}${i}${separator}0`, reading) - step + TOP) % TOP;
    if (head >= lo && head <= hi) found.set(search, `${prefix}${i}`);
  }
  return found.get(search)!;
}

let pair: [string, string] | undefined;

/** Two regions `z${i}` whose first names `z${i}-0` share word 0 of their MD5: one 32-bit point (a birthday search, once). */
export function sharedPoint(): [string, string] {
  if (!pair) {
    const seen = new Map<number, string>();
    for (let i = 0; !pair; i++) {
      const point = headOf(`z${i}-0`, "point");
      const other = seen.get(point);
      if (other !== undefined) pair = [other, `z${i}`];
      seen.set(point, `z${i}`);
    }
  }
  return pair;
}

const named = (prefix: string, count: number): [string, number][] => Array.from({ length: count }, (_, i) => [`${prefix}${i}`, 1]);

/** Two regions of `dialect` whose first nodes sit in the first and in the last NEAR of the key space. */
export function endRegions(dialect: DialectName): [low: string, high: string] {
  return [regionAt(dialect, "low-", 0, NEAR - 1), regionAt(dialect, "high-", TOP - NEAR, TOP - 1)];
}

/** The golden edge rings: every dialect at 1, 2 and a few regions, each Scheme big, the ketama dialects with a shared point. */
export function edgeCases(): EdgeCase[] {
  const cases: EdgeCase[] = [];
  const ends = new Map(DIALECTS.map((d) => [d, endRegions(d)]));
  for (const dialect of DIALECTS) {
    const [low, high] = ends.get(dialect)!;
    cases.push(
      { name: `${dialect}: one region`, dialect, options: TINY[dialect], regions: [[high, 1]] },
      { name: `${dialect}: two regions, at the key space's start and end`, dialect, options: TINY[dialect], regions: [[low, 1], [high, 1]] },
      { name: `${dialect}: five regions`, dialect, options: SMALL[dialect], regions: [[low, 2], ["b", 1], [high, 2], ["d", 3], ["e", 2]] },
      { name: `${dialect}: default options`, dialect, options: {}, regions: [[low, 1], ["b", 2], [high, 1], ["d", 1]] },
    );
  }
  // Thousands of nodes: the low and high regions of weight 1 around `middle`; `bits`, the index's.
  const big = (dialect: DialectName, options: Record<string, number>, middle: [string, number][], bits: number) => {
    const [low, high] = ends.get(dialect)!;
    cases.push({ name: `${dialect}: 2^${bits} index buckets`, dialect, options, regions: [[low, 1], ...middle, [high, 1]] });
  };
  const twoOfTwo: [string, number][] = [["r0", 2], ["r1", 2]];
  big("region-router", { vnodesPerWeight: 1000 }, twoOfTwo, 12);
  big("uhashring", { vnodes: 1000 }, twoOfTwo, 12);
  big("uhashring-ketama", { vnodes: 375, replicas: 4 }, named("r", 2), 12);
  big("hashring", { vnodeCount: 500, replicas: 3 }, named("r", 2), 12);
  big("region-router", { vnodesPerWeight: 2800 }, twoOfTwo, 13);
  big("consistent-hash-ring", { replicas: 2800 }, twoOfTwo, 13);
  big("hash_ring", {}, named("r", 135), 13);
  big("libketama", {}, named("r", 101), 13);
  big("region-router", { vnodesPerWeight: 5500 }, twoOfTwo, 14);
  big("hashring", { vnodeCount: 2050, replicas: 4 }, named("r", 2), 14);
  const [x, y] = sharedPoint();
  for (const dialect of ["uhashring-ketama", "hashring", "hash_ring", "libketama"] as const) {
    for (const regions of [[[x, 1], [y, 1]], [[y, 1], [x, 1]]] as const) {
      cases.push({ name: `${dialect}: ${regions[0][0]} and ${regions[1][0]} share a point`, dialect, options: TINY[dialect], regions });
    }
  }
  return cases;
}

/** A ring's edge keys, what its model answers for them, and a batch of them across a routeMany chunk. */
export interface Prepared {
  readonly reading: Reading;
  readonly heads: readonly number[];
  readonly keys: readonly string[];
  readonly routes: readonly (string | null)[];
  /** preferenceList's length asked: every region and one more, at most 6. */
  readonly n: number;
  readonly preference: readonly string[][];
  readonly batch: readonly string[];
  readonly batchRoutes: readonly (string | null)[];
}

/** Its model's answers for a case's edge keys (and a plain key, so that an empty ring has one). */
export function prepare({ dialect, options, regions }: EdgeCase): Prepared {
  const lib = library(dialect, regions, options);
  const heads = storedHeads(lib);
  const shared = heads.filter((head, i) => i > 0 && heads[i - 1] === head);
  const { reading } = form(dialect);
  const keys = [...new Set([...edgeKeys({ reading, heads, names: lib.names, focus: shared }), "sess-1"])];
  const n = Math.min(regions.length + 1, 6);
  // The model walks until it has n regions: no further than the ring has.
  const owning = Math.min(n, new Set(lib.owners).size);
  const routes = routesOf(lib, keys);
  // Past a chunk boundary, each key at several offsets within SIMD groups of 12 and 16.
  const batch = Array.from({ length: CHUNK + 37 }, (_, i) => keys[i % keys.length]);
  return {
    reading,
    heads,
    keys,
    routes,
    n,
    preference: keys.map((key) => preferenceOfLibrary(lib, key, owning)),
    batch,
    batchRoutes: batch.map((_, i) => routes[i % keys.length]),
  };
}

/**
 * The case's ring on `RegionRouter`, built in one call, then with one region more and that one
 * removed, and (up to 8 regions: a relative dialect rebuilds every region each time) region by
 * region, each update merging into the last ring and growing its index.
 */
function builds(RegionRouter: RouterClass, { dialect, options, regions }: EdgeCase): Router[] {
  const make = () => new RegionRouter({ compatibleWith: dialect, ...options } as RouterOptions);
  const oneCall = make();
  oneCall.addRegions(regions);
  const removed = make();
  removed.addRegions([...regions, ["edge-removed", 1]]);
  removed.removeRegion("edge-removed");
  if (regions.length > 8) return [oneCall, removed];
  const oneByOne = make();
  for (const [region, weight] of regions) oneByOne.addRegion(region, weight);
  return [oneCall, removed, oneByOne];
}

/** Every build of the case routes each edge key as the model does, one by one and in a batch; the first lists its preferences too. */
export function expectEdgeAnswers(RegionRouter: RouterClass, c: EdgeCase, p: Prepared): void {
  const pairs = (answers: readonly unknown[]) => p.keys.map((key, i) => [key, answers[i]]);
  const routers = builds(RegionRouter, c);
  for (const router of routers) {
    expect(pairs(p.keys.map((key) => router.route(key)))).toEqual(pairs(p.routes));
    expect(router.routeMany(p.batch)).toEqual(p.batchRoutes);
  }
  expect(pairs(p.keys.map((key) => routers[0].preferenceList(key, p.n)))).toEqual(pairs(p.preference));
}
