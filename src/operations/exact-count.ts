// The exact cross-family count: how many digests route to each (wide region, narrow region) pair.
// With T a digest's top digits, the wide ring's owner is F(T) for all 2^low keys of T but where T
// is some position's top (./ring-steps.ts), so the joint count of (a, b) is 2^low x #{T : F(T) = a,
// narrow(rev T) = b} (the sweep, ./pair-sweep.ts), corrected at those T, where the positions with
// that top take their keys back, exactly, in BigInt. The result is exact counts of digests per pair
// (./tally.ts: a count times 2^low is a double exactly, a corrected one a BigInt).
//
// What it costs (exactCost) decides whether movement() counts or samples (./sampled-count.ts):
// reading the rings, the sweep, the wide positions' low bits, and the pairs of regions, W x N of
// them (the two rings read unrelated bits, so nearly every pair gets digests, and each becomes a
// flow to make and sort): seconds of work for rings of thousands of regions each, however few
// positions they have. EXACT_BUDGET is the most it may take.
import type { RingReader } from "./arcs.js";
import { pairCounts, sweepOf, type Sweep } from "./pair-sweep.js";
import { narrowSide, positionedIds, wideSide, type Side } from "./ring-steps.js";
import { MD5_DIGITS, reverser, valueAt, type Digits } from "./step-functions.js";
import { Tally } from "./tally.js";

/**
 * The most time (about nanoseconds; see exactCost) an exact cross-family movement may take: past
 * it movement() samples instead, which takes about as long. The estimate errs high, so an exact
 * count stays within it.
 */
export const EXACT_BUDGET = 2e9;

/**
 * The most positions (both rings together) wideNarrowCounts counts exactly: past it the rings are
 * not even read into arrays (step functions and runs, some 50 bytes a position), and movement()
 * samples, reading them in place (the engines hold rings of 100 million nodes). A budget
 * (exactCost) stops before it; this is for callers without one.
 */
export const EXACT_MAX_NODES = 4_000_000;

/** The most pairs of regions (W x N) counted exactly: the table of pairs is 8 bytes each (32 MiB). */
const MAX_PAIRS = 1 << 22;

// What exact counting costs besides pairCounts' sweep: the cost model's relative weights, in
// EXACT_BUDGET's unit (about a nanosecond; the times it bounds are in bench/RESULTS.md's
// decisions). Per position read (its owner, its top digits, the step functions); per wide position,
// its low bits in BigInt (the corrections at its top); per pair of regions (W x N of them: the
// table, the flows made from it and their sort). Every region of one ring meets nearly every
// region of the other (the two read unrelated bits of the digest), so W x N is the number of
// flows, not a bound far above it.
const READ_COST = 400;
const LOW_COST = 1000;
const PAIR_COST = 1000;

/** Both rings as step functions: the wide ring's F, the narrow ring's own. */
interface Sides {
  readonly wide: Side;
  readonly narrow: Side;
}

/** What exactCost found, and what wideNarrowCounts needs of it: the sides, and the cheaper sweep (which ring is f). */
interface Prepared {
  readonly cost: number;
  readonly sides?: Sides;
  readonly sweep?: Sweep & { readonly side: "wide" | "narrow" };
}

function prepared(wide: RingReader, narrow: RingReader, digits: Digits, budget: number): Prepared {
  if (wide.size + narrow.size > EXACT_MAX_NODES) return { cost: Infinity };
  let cost = READ_COST * (wide.size + narrow.size) + LOW_COST * wide.size;
  if (cost > budget) return { cost };
  const w = positionedIds(wide), n = positionedIds(narrow);
  const pairs = w.names.length * n.names.length;
  if (pairs > MAX_PAIRS) return { cost: Infinity };
  cost += PAIR_COST * pairs;
  if (cost > budget) return { cost };
  const sides: Sides = { wide: wideSide(wide, w, digits), narrow: narrowSide(narrow, n, digits) };
  const W = w.names.length, N = n.names.length;
  const wideFirst = sweepOf(sides.wide.steps, sides.narrow.steps, N, digits), narrowFirst = sweepOf(sides.narrow.steps, sides.wide.steps, W, digits);
  const sweep = wideFirst.plan.cost <= narrowFirst.plan.cost ? { side: "wide" as const, ...wideFirst } : { side: "narrow" as const, ...narrowFirst };
  return { cost: cost + sweep.plan.cost, sides, sweep };
}

/**
 * What exact counting of the two rings (wideNarrowCounts) would take, roughly in nanoseconds:
 * reading them, the sweep (its plan's cost, the cheaper way round), the low bits of the wide ring's
 * positions, and the pairs of regions, each a flow to make and sort. Worked out only as far as
 * needed to pass `budget` (then a lower bound; Infinity for rings it never counts: more than
 * EXACT_MAX_NODES positions, more than MAX_PAIRS pairs of regions).
 */
export function exactCost(wide: RingReader, narrow: RingReader, digits: Digits = MD5_DIGITS, budget = Infinity): number {
  return prepared(wide, narrow, digits, budget).cost;
}

/**
 * The exact number of digests (of 2^(bits x count + low)) that route to each (wide region, narrow
 * region) pair (the header's count). Both rings have positions; `wide` in [0, 2^(bits x
 * count + low)), `narrow` in [0, 2^(bits x count)). `orient` forces which ring is pairCounts' f
 * (tests); null when exactCost passes `budget` (about nanoseconds) or is Infinity.
 */
export function wideNarrowCounts(wide: RingReader, narrow: RingReader, digits: Digits = MD5_DIGITS, budget = Infinity, orient?: "wide" | "narrow"): Tally<string> | null {
  const { cost, sides, sweep } = prepared(wide, narrow, digits, budget);
  if (cost > budget || !sides || !sweep) return null;
  const { wide: w, narrow: n } = sides;
  const W = w.names.length, N = n.names.length;
  // #{T : F(T) = a, narrow(rev T) = b} at counts[a * across + b * down].
  const side = orient ?? sweep.side, made = side === sweep.side ? sweep : undefined;
  const counts = side === "wide" ? pairCounts(w.steps, W, n.steps, N, digits, undefined, made) : pairCounts(n.steps, N, w.steps, W, digits, undefined, made);
  const [across, down] = side === "wide" ? [N, 1] : [1, W];
  const corrections = correctionsAtTops(wide, sides, digits);

  // A count c is c x 2^low digests, a double exactly (c < 2^53); a corrected one in BigInt.
  const shift = BigInt(digits.low);
  const tally = new Tally(true, 1n << BigInt(digits.bits * digits.count + digits.low), w.names, n.names, W * N);
  const scale = 2 ** digits.low;
  for (let a = 0; a < W; a++) {
    for (let b = 0; b < N; b++) {
      const c = counts[a * across + b * down], correction = corrections[a * N + b];
      if (correction === 0n) {
        if (c !== 0) tally.add(a, b, c * scale);
        continue;
      }
      const length = (BigInt(c) << shift) + correction;
      if (length !== 0n) tally.addExact(a, b, length);
    }
  }
  return tally;
}

/**
 * The corrections at the wide ring's tops, corrections[a * N + b] digests to add to (a, b)'s count
 * x 2^low: at a position's top T the sweep counted all 2^low keys for F(T); the positions with
 * that top take theirs back, the first those up to its low bits, each next one those above the
 * last. An array, not a Map: two updates a wide position.
 */
function correctionsAtTops(wide: RingReader, { wide: w, narrow: n }: Sides, digits: Digits): bigint[] {
  const N = n.names.length;
  const mask = (1n << BigInt(digits.low)) - 1n;
  const corrections = new Array<bigint>(w.names.length * N).fill(0n);
  const add = (a: number, b: number, length: bigint): void => {
    corrections[a * N + b] += length;
  };
  const rev = reverser(digits.bits, digits.count);
  // F(t) for ascending t: the first of F's steps ending at or after t, walked to.
  for (let i = 0, step = 0; i < wide.size; ) {
    const t = wide.topAt(i, digits.low);
    while (w.steps.at[step] < t) step++;
    const above = w.steps.ids[step];
    // A top of one position, owned as the keys above it are: its keys stay with that owner.
    if (w.ids[wide.ownerAt(i)] === above && (i + 1 === wide.size || wide.topAt(i + 1, digits.low) !== t)) {
      i++;
      continue;
    }
    const b = valueAt(n.steps, rev(t));
    let previous = -1n;
    for (; i < wide.size && wide.topAt(i, digits.low) === t; i++) {
      const low = wide.positionAt(i) & mask;
      add(w.ids[wide.ownerAt(i)], b, low - previous);
      previous = low;
    }
    add(above, b, -(previous + 1n));
  }
  return corrections;
}
