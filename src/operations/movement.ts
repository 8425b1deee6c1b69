// movement(before, after): the exact fraction of the key space whose region differs between two
// routers, by from -> to. When both rings hash keys alike (both 128-bit positions, or both 32-bit
// points), every position of either ring cuts the key space; between two consecutive cuts both
// rings route every key the same way (to their first position at or past the cut), so comparing
// the two owners once per arc of the union is exact. Across the two families (a 128-bit ring and a
// ring of 32-bit points read one key's MD5 in two ways), ./cross-family.ts counts the digests per
// pair of owners exactly.
import { INTERNALS, positionsOf, type RegionRouterBase } from "../router.js";
import { describe } from "../validate.js";
import { arcEndingAt, fractionOf, type OwnedPositions } from "./arcs.js";
import { sampledCounts, wideNarrowCounts, type FamilyCounts } from "./cross-family.js";

export interface Flow {
  /** The region the keys left; null when `before` had no positions. */
  readonly from: string | null;
  /** The region the keys went to; null when `after` has no positions. */
  readonly to: string | null;
  /** The fraction of the whole key space that moved this way. */
  readonly fraction: number;
}

export interface Movement {
  /** The fraction of the key space whose region differs: the sum of the flows (exact, then rounded). */
  readonly moved: number;
  /** One entry per (from, to) pair that moved anything: largest first, then by from, then by to. */
  readonly flows: Flow[];
  /**
   * Absent when the figures are exact, as they are but across the two key families for rings too
   * large to count in a few seconds (thousands of regions on each side): there false, and the
   * figures are shares of SAMPLES random digests.
   */
  readonly exact?: false;
  /** With `exact: false`: the standard error of `moved` (of a sampled proportion). */
  readonly standardError?: number;
}

/** Random digests sampled when exact counting across key families would pass EXACT_BUDGET. */
export const SAMPLES = 1_000_000;
/** The most time (about nanoseconds; see pairCost) an exact cross-family movement may take. */
export const EXACT_BUDGET = 5e9;

/** Both ascending position lists merged, each position once. */
function union(a: readonly bigint[], b: readonly bigint[]): bigint[] {
  const out: bigint[] = [];
  let i = 0, j = 0;
  while (i < a.length || j < b.length) {
    const next = j >= b.length || (i < a.length && a[i] <= b[j]) ? a[i] : b[j];
    if (i < a.length && a[i] === next) i++;
    if (j < b.length && b[j] === next) j++;
    out.push(next);
  }
  return out;
}

/** For each cut (ascending), the region owning the arc that ends there; null on an empty ring. */
function ownersOfArcs(cuts: readonly bigint[], { positions, owners }: OwnedPositions): (string | null)[] {
  let i = 0;
  return cuts.map((cut) => {
    if (positions.length === 0) return null;
    while (i < positions.length && positions[i] < cut) i++;
    return owners[i === positions.length ? 0 : i];
  });
}

/** null first, then names in JavaScript string order. */
function compareNames(x: string | null, y: string | null): number {
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  return x < y ? -1 : 1;
}

// By its INTERNALS method (a Symbol.for key), not instanceof: each entry file carries its own copy
// of the classes, and movement() must take a router from any of them.
function checkRouter(value: unknown, parameter: string): asserts value is RegionRouterBase {
  if (typeof (value as RegionRouterBase | null)?.[INTERNALS] !== "function") {
    throw new TypeError(`${parameter} must be a RegionRouter (either engine), got ${describe(value)}`);
  }
}

/**
 * Which part of the key space changes region between two routers (of either engine, any dialect
 * and options), exactly: `moved` and its breakdown into from -> to flows. Across the two key
 * families (128-bit positions, 32-bit points) too, but for rings too large to count in a few
 * seconds, where it samples and says so (`exact: false`).
 */
export function movement(before: RegionRouterBase, after: RegionRouterBase): Movement {
  checkRouter(before, "before");
  checkRouter(after, "after");
  return movementBetween(positionsOf(before), positionsOf(after));
}

/**
 * The movement between two rings given as ascending positions and their regions; across key
 * families, sampled when exact counting would take more than `budget` (about nanoseconds).
 */
export function movementBetween(before: OwnedPositions, after: OwnedPositions, budget = EXACT_BUDGET): Movement {
  if (before.space !== after.space && before.positions.length > 0 && after.positions.length > 0) {
    const wideBefore = before.space > after.space;
    const [wide, narrow] = wideBefore ? [before, after] : [after, before];
    const counts = wideNarrowCounts(wide, narrow, undefined, budget) ?? sampledCounts(wide, narrow, SAMPLES);
    const moves = counts.pairs.map(([w, n, length]): Move => (wideBefore ? [w, n, length] : [n, w, length]));
    return movementOf(moves, counts);
  }
  // Within one family; or one ring is empty, and the other's space is the one measured.
  const space = before.positions.length > 0 ? before.space : after.space;
  const cuts = union(before.positions, after.positions);
  const from = ownersOfArcs(cuts, before);
  const to = ownersOfArcs(cuts, after);
  const moves: Move[] = [];
  for (let c = 0; c < cuts.length; c++) if (from[c] !== to[c]) moves.push([from[c], to[c], arcEndingAt(space, cuts, c)]);
  return movementOf(moves, { exact: true, total: space });
}

/** Keys that go from a region to a region, and how many (an arc's length, or a count of digests or samples). */
type Move = [from: string | null, to: string | null, length: bigint];

/** The flows of `moves` (those between different regions, summed per pair), each a fraction of `total`. */
function movementOf(moves: readonly Move[], { exact, total }: Pick<FamilyCounts, "exact" | "total">): Movement {
  const byPair = new Map<string, { from: string | null; to: string | null; length: bigint }>();
  let moved = 0n;
  for (const [from, to, length] of moves) {
    if (from === to) continue;
    const key = JSON.stringify([from, to]);
    const flow = byPair.get(key);
    if (flow) flow.length += length;
    else byPair.set(key, { from, to, length });
    moved += length;
  }
  const flows = [...byPair.values()]
    .sort((x, y) => (x.length !== y.length ? (x.length > y.length ? -1 : 1) : compareNames(x.from, y.from) || compareNames(x.to, y.to)))
    .map(({ from, to, length }) => ({ from, to, fraction: fractionOf(total, length) }));
  const fraction = fractionOf(total, moved);
  if (exact) return { moved: fraction, flows };
  return { moved: fraction, flows, exact: false, standardError: Math.sqrt((fraction * (1 - fraction)) / Number(total)) };
}
