// movement(before, after): the exact fraction of the key space whose region differs between two
// routers, by from -> to. When both rings hash keys alike (both 128-bit positions, or both 32-bit
// points), every position of either ring cuts the key space; between two consecutive cuts both
// rings route every key the same way (to their first position at or past the cut), so comparing
// the two owners once per arc of the union is exact. Across the two families (a 128-bit ring and a
// ring of 32-bit points read one key's MD5 in two ways), ./cross-family.ts counts the digests per
// pair of owners exactly, or, where that would take more than EXACT_BUDGET, samples them.
import { fractionOf, type RingReader } from "./arcs.js";
import { sampledCounts, wideNarrowCounts } from "./cross-family.js";
import { ownerIds, PairSums, Tally } from "./tally.js";

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
   * counting would pass EXACT_BUDGET (exactCost: a million pairs of regions and more, each a flow,
   * as from some 1,100 regions on each side; or about a million positions) or EXACT_MAX_NODES
   * positions: there false, and the figures are shares of SAMPLES random digests.
   */
  readonly exact?: false;
  /** With `exact: false`: the standard error of `moved` (of a sampled proportion). */
  readonly standardError?: number;
}

/** Random digests sampled when exact counting across key families would pass EXACT_BUDGET. */
export const SAMPLES = 1_000_000;
/**
 * The most time (about nanoseconds; see exactCost) an exact cross-family movement may take. The
 * estimate, measured on a busy 2-core machine, is at or above the time taken there (up to 1.5
 * times it), so an exact count takes at most about 2 s there, and sampling instead 1.5-2.5 s.
 */
export const EXACT_BUDGET = 2e9;

/**
 * The moves between two rings of one family, one pair per (region before, region after) that
 * differ (memory O(pairs)): every position of either ring cuts the key space, and a two-cursor
 * merge of the rings visits the cuts in order (equal positions once), each with the owner of the
 * first position at or after it in either ring (wrapping to position 0; null on an empty ring).
 * Where the regions differ, the arc ending at the cut moved.
 */
function sameFamilyMoves(before: RingReader, after: RingReader, space: bigint): Tally {
  const m = before.size, n = after.size;
  const [from, to] = [before, after].map(sideOf);
  if (m + n === 0) return new Tally(true, space, from.names, to.names, 0);
  // sameAs[a]: the id after of the region a names before (-1: none).
  const idsAfter = new Map(to.names.map((name, id) => [name, id]));
  const sameAs = Int32Array.from(from.names, (name) => idsAfter.get(name) ?? -1);
  const lengths = new PairSums();
  // The first cut's arc wraps: it starts at the last cut, one turn of the key space back.
  const last = (ring: RingReader) => (ring.size > 0 ? ring.positionAt(ring.size - 1) : -1n);
  const lastBefore = last(before), lastAfter = last(after);
  let previous = (lastBefore > lastAfter ? lastBefore : lastAfter) - space;
  let i = 0, j = 0;
  let a = m > 0 ? before.positionAt(0) : 0n, b = n > 0 ? after.positionAt(0) : 0n;
  while (i < m || j < n) {
    const cut = j >= n || (i < m && a <= b) ? a : b;
    const x = from.idAt(i < m ? i : 0), y = to.idAt(j < n ? j : 0);
    if (sameAs[x] !== y) lengths.add(x, y, cut - previous);
    previous = cut;
    if (i < m && a === cut && ++i < m) a = before.positionAt(i);
    if (j < n && b === cut && ++j < n) b = after.positionAt(j);
  }
  const tally = new Tally(true, space, from.names, to.names, lengths.sums.length);
  lengths.sums.forEach((length, pair) => tally.addExact(lengths.first[pair], lengths.second[pair], length));
  return tally;
}

/** A ring's regions as ids (of its names; one for null on an empty ring), and the id of position i's. */
function sideOf(ring: RingReader): { names: (string | null)[]; idAt: (i: number) => number } {
  const { ids, names } = ownerIds(ring.names);
  if (ring.size > 0) return { names, idAt: (i) => ids[ring.ownerAt(i)] };
  return { names: [null], idAt: () => 0 };
}

/** null first, then names in JavaScript string order. */
function compareNames(x: string | null, y: string | null): number {
  if (x === y) return 0;
  if (x === null) return -1;
  if (y === null) return 1;
  return x < y ? -1 : 1;
}

/**
 * The movement between two rings, read in place (ascending positions and their regions); across
 * key families, sampled when exact counting would take more than `budget` (about nanoseconds).
 */
export function movementBetween(before: RingReader, after: RingReader, budget = EXACT_BUDGET): Movement {
  if (before.space !== after.space && before.size > 0 && after.size > 0) {
    const wideBefore = before.space > after.space;
    const [wide, narrow] = wideBefore ? [before, after] : [after, before];
    const counts: Tally = wideNarrowCounts(wide, narrow, undefined, budget) ?? sampledCounts(wide, narrow, SAMPLES);
    return movementOf(wideBefore ? counts : counts.swapped());
  }
  // Within one family; or one ring is empty, and the other's space is the one measured.
  return movementOf(sameFamilyMoves(before, after, before.size > 0 ? before.space : after.space));
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
 * The flows of the tally's pairs (first side before, second after) between different regions,
 * each a fraction of its total, in order: largest first, then by from, then by to. Millions of
 * flows come from two rings of thousands of regions (or of big rings of one family), so they are
 * ordered as numbers, not BigInts or strings: a radix sort (16 bits a pass, least significant
 * first, each pass stable) on the regions' places by name, then on the bits of the doubles, which
 * order as the doubles do (positive), inverted for largest first. Rounding to doubles keeps the
 * order of the sizes or makes them equal, so only a run of equal doubles with an inexact one among
 * them is sorted again, on the exact sizes.
 */
function movementOf(tally: Tally): Movement {
  const { first, second, sizes, exactSizes, firstNames, secondNames } = tally;
  // The pairs that moved, and moved exactly: the doubles that are sizes exactly sum exactly
  // (Tally's constructor), the rest in BigInt.
  const moving = new Int32Array(tally.count);
  let count = 0, small = 0, large = 0n;
  for (let i = 0; i < tally.count; i++) {
    if (sizes[i] === 0 || firstNames[first[i]] === secondNames[second[i]]) continue;
    moving[count++] = i;
    const exact = exactSizes[i];
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
    if (end - start === 1 || pairs.slice(start, end).every((i) => exactSizes[i] === undefined)) continue;
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
