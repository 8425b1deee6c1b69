// movement(before, after): the exact fraction of the key space whose region differs between two
// routers, by from -> to. When both rings hash keys alike (both 128-bit positions, or both 32-bit
// points), every position of either ring cuts the key space; between two consecutive cuts both
// rings route every key the same way (to their first position at or past the cut), so comparing
// the two owners once per arc of the union is exact. Across the two families (a 128-bit ring and a
// ring of 32-bit points read one key's MD5 in two ways), ./cross-family.ts counts the digests per
// pair of owners exactly.
import { regionOf } from "../engines/ring.js";
import { INTERNALS, readerOfRouter, type RegionRouterBase } from "../router.js";
import { describe } from "../validate.js";
import { fractionOf, type RingReader } from "./arcs.js";
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
   * large to count in a few seconds (thousands of regions on each side) or in bounded memory (more
   * than EXACT_MAX_NODES positions together): there false, and the figures are shares of SAMPLES
   * random digests.
   */
  readonly exact?: false;
  /** With `exact: false`: the standard error of `moved` (of a sampled proportion). */
  readonly standardError?: number;
}

/** Random digests sampled when exact counting across key families would pass EXACT_BUDGET. */
export const SAMPLES = 1_000_000;
/** The most time (about nanoseconds; see pairCost) an exact cross-family movement may take. */
export const EXACT_BUDGET = 5e9;

/** Keys that go from a region to a region, and how many (an arc's length, or a count of digests or samples). */
type Move = [from: string | null, to: string | null, length: bigint];

/** An owner's region name; null for no owner (an empty ring). */
const nameOf = (ring: RingReader, owner: number): string | null => regionOf(owner, ring.names);

/**
 * The moves between two rings of one family, one per pair of owners (memory O(pairs)): every
 * position of either ring cuts the key space, and a two-cursor merge of the rings visits the cuts
 * in order (equal positions once), each with the owner of the first position at or after it in
 * either ring (wrapping to position 0; -1 on an empty ring). Where the regions differ, the arc
 * ending at the cut moved.
 */
function sameFamilyMoves(before: RingReader, after: RingReader, space: bigint): Move[] {
  const m = before.size, n = after.size;
  if (m + n === 0) return [];
  const lengths = new Map<number, bigint>();
  const width = after.names.length + 1;
  // The first cut's arc wraps: it starts at the last cut, one turn of the key space back.
  const last = (ring: RingReader) => (ring.size > 0 ? ring.positionAt(ring.size - 1) : -1n);
  const lastBefore = last(before), lastAfter = last(after);
  let previous = (lastBefore > lastAfter ? lastBefore : lastAfter) - space;
  let i = 0, j = 0;
  let a = m > 0 ? before.positionAt(0) : 0n, b = n > 0 ? after.positionAt(0) : 0n;
  while (i < m || j < n) {
    const cut = j >= n || (i < m && a <= b) ? a : b;
    const from = m === 0 ? -1 : before.ownerAt(i < m ? i : 0), to = n === 0 ? -1 : after.ownerAt(j < n ? j : 0);
    if (nameOf(before, from) !== nameOf(after, to)) {
      const pair = (from + 1) * width + to + 1;
      lengths.set(pair, (lengths.get(pair) ?? 0n) + (cut - previous));
    }
    previous = cut;
    if (i < m && a === cut && ++i < m) a = before.positionAt(i);
    if (j < n && b === cut && ++j < n) b = after.positionAt(j);
  }
  return [...lengths].map(([pair, length]): Move => [nameOf(before, Math.floor(pair / width) - 1), nameOf(after, (pair % width) - 1), length]);
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
  return movementBetween(readerOfRouter(before), readerOfRouter(after));
}

/**
 * The movement between two rings, read in place (ascending positions and their regions); across
 * key families, sampled when exact counting would take more than `budget` (about nanoseconds).
 */
export function movementBetween(before: RingReader, after: RingReader, budget = EXACT_BUDGET): Movement {
  if (before.space !== after.space && before.size > 0 && after.size > 0) {
    const wideBefore = before.space > after.space;
    const [wide, narrow] = wideBefore ? [before, after] : [after, before];
    const counts = wideNarrowCounts(wide, narrow, undefined, budget) ?? sampledCounts(wide, narrow, SAMPLES);
    const moves = counts.pairs.map(([w, n, length]): Move => (wideBefore ? [w, n, length] : [n, w, length]));
    return movementOf(moves, counts);
  }
  // Within one family; or one ring is empty, and the other's space is the one measured.
  const space = before.size > 0 ? before.space : after.space;
  return movementOf(sameFamilyMoves(before, after, space), { exact: true, total: space });
}

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
