// A tally's pairs as a Movement (movement()'s result, typed here, below ./movement.ts): the fraction
// that moved, and the flows between different regions in their order (largest first, then by from,
// then by to), sorted as numbers by a radix sort.
import { fractionOf } from "./arcs.js";
import type { Tally } from "./tally.js";

/** Keys that moved from one region to another, as a fraction of the key space. */
export interface Flow {
  /** The region the keys left; null when `before` had no positions. */
  readonly from: string | null;
  /** The region the keys went to; null when `after` has no positions. */
  readonly to: string | null;
  /** The fraction of the whole key space that moved this way. */
  readonly fraction: number;
}

/** What movement() gives: the fraction of the key space that moved, and by which flows. */
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

/** null first, then names in JavaScript string order. */
function compareNames(x: string | null, y: string | null): number {
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  return x < y ? -1 : 1;
}

/** Each id's rank among a side's names (all distinct) in compareNames order. */
function ranksOf(names: readonly (string | null)[]): Int32Array {
  const ranks = new Int32Array(names.length);
  names
    .map((_, id) => id)
    .sort((x, y) => compareNames(names[x], names[y]))
    .forEach((id, rank) => (ranks[id] = rank));
  return ranks;
}

/**
 * Records of `width` 32-bit words sorted stably by word `word`'s 16 bits from `shift`, into
 * `spare`: a counting sort. Returns the sorted records (spare), or the records themselves when they
 * all have the same 16 bits there.
 */
function byDigit(records: Uint32Array, spare: Uint32Array, width: number, word: number, shift: number): Uint32Array {
  const starts = new Int32Array(0x10001);
  for (let k = word; k < records.length; k += width) starts[((records[k] >>> shift) & 0xffff) + 1]++;
  if (starts.includes(records.length / width)) return records;
  for (let d = 0; d < 0x10000; d++) starts[d + 1] += starts[d];
  for (let k = 0; k < records.length; k += width) {
    const at = starts[(records[k + word] >>> shift) & 0xffff]++ * width;
    for (let w = 0; w < width; w++) spare[at + w] = records[k + w];
  }
  return spare;
}

/**
 * @internal The flows of the tally's pairs (first side before, second after) between different regions,
 * each a fraction of its total, in order: largest first, then by from, then by to. Millions of
 * flows come from two rings of thousands of regions (or of big rings of one family), so they are
 * ordered as numbers, not BigInts or strings: a radix sort (16 bits a pass, least significant
 * first, each pass stable) on the regions' places by name, then on the bits of the doubles, which
 * order as the doubles do (positive), inverted for largest first. Rounding to doubles keeps the
 * order of the sizes or makes them equal, so only a run of equal doubles with an inexact one among
 * them is sorted again, on the exact sizes.
 */
export function movementOf(tally: Tally): Movement {
  const { first, second, sizes, exactSizes, firstNames, secondNames } = tally;
  // The pairs that moved, and moved exactly: the doubles that are sizes exactly sum exactly
  // (Tally's constructor), the rest in BigInt.
  const moving = new Int32Array(tally.count);
  let count = 0, small = 0, large = 0n;
  for (let i = 0; i < tally.count; i++) {
    if (sizes[i] === 0 || firstNames[first[i]] === secondNames[second[i]]) continue;
    moving[count++] = i;
    const exact = exactSizes.get(i);
    if (exact === undefined) small += sizes[i];
    else large += exact;
  }
  const fraction = fractionOf(tally.total, BigInt(small) + large);

  // A record per moving pair: its double's bits inverted (low word, high word), its regions'
  // places (to's, from's), the pair.
  const fromRank = ranksOf(firstNames), toRank = ranksOf(secondNames);
  let records = new Uint32Array(5 * count), spare = new Uint32Array(5 * count);
  const bits = new Uint32Array(2), size = new Float64Array(bits.buffer);
  for (let k = 0; k < count; k++) {
    const i = moving[k];
    size[0] = sizes[i];
    records[5 * k] = ~bits[0] >>> 0;
    records[5 * k + 1] = ~bits[1] >>> 0;
    records[5 * k + 2] = toRank[second[i]];
    records[5 * k + 3] = fromRank[first[i]];
    records[5 * k + 4] = i;
  }
  for (const [word, shift] of [[2, 0], [2, 16], [3, 0], [3, 16], [0, 0], [0, 16], [1, 0], [1, 16]]) {
    const sorted = byDigit(records, spare, 5, word, shift);
    if (sorted === spare) [records, spare] = [spare, records];
  }
  const pairs: number[] = [];
  for (let k = 0; k < count; k++) pairs.push(records[5 * k + 4]);
  const placeOf = (i: number) => fromRank[first[i]] * secondNames.length + toRank[second[i]];
  for (let start = 0, end = 1; start < count; start = end++) {
    while (end < count && sizes[pairs[end]] === sizes[pairs[start]]) end++;
    if (end - start === 1 || pairs.slice(start, end).every((i) => !exactSizes.has(i))) continue;
    const run = pairs.slice(start, end).sort((i, j) => {
      const x = tally.sizeAt(i), y = tally.sizeAt(j);
      return x !== y ? (x > y ? -1 : 1) : placeOf(i) - placeOf(j);
    });
    for (let k = 0; k < run.length; k++) pairs[start + k] = run[k];
  }
  const whole = Number(tally.total);
  const flows = pairs.map((i): Flow => ({ from: firstNames[first[i]], to: secondNames[second[i]], fraction: sizes[i] / whole }));
  if (tally.exact) return { moved: fraction, flows };
  return { moved: fraction, flows, exact: false, standardError: Math.sqrt((fraction * (1 - fraction)) / whole) };
}
