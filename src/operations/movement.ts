// movement(before, after): the exact fraction of the key space whose region differs between two
// routers, by from -> to. Within one key family (both 128-bit positions, or both 32-bit points) the
// arcs of the two rings are compared (./same-family.ts); across the two families the digests per
// pair of regions are counted, or sampled past EXACT_BUDGET (./cross-family.ts); either way the
// pairs become flows in their order (./flow-sort.ts).
import type { RingReader } from "./arcs.js";
import { crossFamilyCounts, EXACT_BUDGET } from "./cross-family.js";
import { movementOf } from "./flow-sort.js";
import { sameFamilyMoves } from "./same-family.js";

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
   * Absent when the figures are exact, as they are but across the two key families where exact
   * counting would take more than EXACT_BUDGET (many regions on both sides, each pair of them a
   * flow, or very large rings): there false, and the figures are shares of SAMPLES random digests.
   */
  readonly exact?: false;
  /** With `exact: false`: the standard error of `moved` (of a sampled proportion). */
  readonly standardError?: number;
}

/**
 * @internal The movement between two rings, read in place (ascending positions and their regions); across
 * key families, sampled when exact counting would take more than `budget` (about nanoseconds).
 */
export function movementBetween(before: RingReader, after: RingReader, budget = EXACT_BUDGET): Movement {
  if (before.space !== after.space && before.size > 0 && after.size > 0) {
    const wideBefore = before.space > after.space;
    const [wide, narrow] = wideBefore ? [before, after] : [after, before];
    const counts = crossFamilyCounts(wide, narrow, budget);
    return movementOf(wideBefore ? counts : counts.swapped());
  }
  // Within one family; or one ring is empty, and the other's space is the one measured.
  return movementOf(sameFamilyMoves(before, after, before.size > 0 ? before.space : after.space));
}
