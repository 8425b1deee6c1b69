// Movement between a ring of 128-bit positions (region-router, consistent-hash-ring, uhashring) and
// a ring of 32-bit points (the ketama dialects). Both read the same MD5 digest of a key, differently:
// the wide ring's hash is the digest as a 128-bit big-endian integer, the narrow ring's is its first
// four bytes little-endian. So with T the wide hash's top 32 bits, the narrow hash is byteswap(T),
// and the wide hash's other 96 bits are independent of both. The count of digests per pair of
// regions is exact (./exact-count.ts: the rings as step functions, ./ring-steps.ts, counted by a
// sweep, ./pair-sweep.ts) where that costs at most the budget, else sampled (./sampled-count.ts).
import type { RingReader } from "./arcs.js";
import { EXACT_BUDGET, wideNarrowCounts } from "./exact-count.js";
import { sampledCounts, SAMPLES } from "./sampled-count.js";
import type { Tally } from "./tally.js";

// The budget and the sample count, and the parts the tests check one by one.
export { EXACT_BUDGET, SAMPLES };
export { exactCost, wideNarrowCounts } from "./exact-count.js";
export { pairCounts } from "./pair-sweep.js";
export { sampledCounts } from "./sampled-count.js";
export { MD5_DIGITS, stepsOf, type Digits } from "./step-functions.js";

/**
 * The digests (or samples of them) per (wide region, narrow region) pair of two rings of positions:
 * exact when that costs at most `budget` (about nanoseconds), else SAMPLES random digests.
 */
export function crossFamilyCounts(wide: RingReader, narrow: RingReader, budget: number): Tally {
  return wideNarrowCounts(wide, narrow, undefined, budget) ?? sampledCounts(wide, narrow, SAMPLES);
}
