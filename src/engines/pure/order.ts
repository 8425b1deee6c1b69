// The order of the pure engine's positions (four big-endian uint32 words each, ./ring.ts): their
// comparison, the sort of an update's new ones, the search for where each goes, and the room its
// arrays keep.
import { sortBits } from "../ring.js";
import { lowerBound } from "../../lower-bound.js";
import { newArray } from "./arrays.js";

/** Position i of a against position j of b, as 128-bit numbers: negative, 0 or positive. */
export function compare(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  for (let k = 0; k < 4; k++) {
    const x = a[4 * i + k], y = b[4 * j + k];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/**
 * The indices of the m positions in `added`, in ascending order of position. In typed arrays only:
 * an update too big for memory then fails with a RangeError (an ArrayBuffer that cannot be had)
 * and changes nothing, where an array of m numbers on the JavaScript heap would exhaust the heap,
 * which aborts the process. A counting sort on the top bits (MD5 spreads positions evenly: two to
 * four a bucket), then insertion sort within each bucket; faster than Array#sort.
 */
export function sortedOrder(added: Uint32Array, m: number): Uint32Array {
  const bits = sortBits(m);
  const starts = new Uint32Array((1 << bits) + 1);
  for (let i = 0; i < m; i++) starts[(added[4 * i] >>> (32 - bits)) + 1]++;
  for (let b = 1; b < starts.length; b++) starts[b] += starts[b - 1];
  const order = newArray(Uint32Array, m, m);
  const next = starts.slice(0, 1 << bits);
  for (let i = 0; i < m; i++) order[next[added[4 * i] >>> (32 - bits)]++] = i;
  for (let b = 0; b + 1 < starts.length; b++) {
    for (let i = starts[b] + 1; i < starts[b + 1]; i++) {
      const x = order[i];
      let j = i;
      for (; j > starts[b] && compare(added, order[j - 1], added, x) > 0; j--) order[j] = order[j - 1];
      order[j] = x;
    }
  }
  return order;
}

/**
 * lowerBound over [0, hi), galloping down from hi: a search near hi costs a few steps, and a merge
 * that searches from where the last search ended costs one pass however many nodes it adds.
 */
export function lowerBoundBelow(positions: Uint32Array, hi: number, key: Uint32Array, j: number): number {
  for (let top = hi, step = 1; ; top -= step, step *= 2) {
    // Every position in [top, hi) is >= the key's.
    const probe = top - step;
    if (probe <= 0 || compare(positions, probe, key, j) < 0) {
      return lowerBound(positions, key, probe <= 0 ? 0 : probe + 1, top, (at, i, k) => compare(at, i, k, j) < 0);
    }
  }
}

/** Room for need nodes, with an eighth more, so that small updates fit without reallocating. */
export function capacityFor(need: number): number {
  return need + (need >>> 3);
}
