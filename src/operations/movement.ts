// movement(before, after): the exact fraction of the key space whose region differs between two
// routers, by from -> to. Within one key family (both 128-bit positions, or both 32-bit points) the
// arcs of the two rings are compared (./same-family.ts); across the two families the digests per
// pair of regions are counted, or sampled past EXACT_BUDGET (./cross-family.ts); either way the
// pairs become flows in their order (./flow-sort.ts, where the result's types are).
import type { RingReader } from "./arcs.js";
import { crossFamilyCounts, EXACT_BUDGET } from "./cross-family.js";
import { movementOf, type Movement } from "./flow-sort.js";
import { sameFamilyMoves } from "./same-family.js";

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
