// Step functions over [0, top]: the form both rings of a cross-family count take (./ring-steps.ts
// makes them), and the digits a digest's hash is read in. A hash splits into `count` digits of
// `bits` bits, read in one order by the wide ring (128-bit positions: the MD5 digest big-endian)
// and in the opposite order by the narrow one (32-bit points: its first four bytes little-endian),
// then `low` bits only the wide ring reads. Written for any split, so that the tests can check the
// count against brute force over every digest of a small analogue (2-bit digits, 3 low bits).
import { lowerBound } from "../lower-bound.js";

/** How a digest's hash splits: `count` digits of `bits` bits, reversed between the families, then `low` bits. */
export interface Digits {
  readonly bits: number;
  readonly count: number;
  readonly low: number;
}

/** MD5: four bytes, read big-endian by the wide ring and little-endian by the narrow one, then 96 bits. */
export const MD5_DIGITS: Digits = { bits: 8, count: 4, low: 96 };

/** The largest value of the top digits: 2^(bits x count) - 1. */
export function topOf({ bits, count }: Digits): number {
  return 2 ** (bits * count) - 1;
}

/**
 * A step function over [0, top]: ids[i] on (at[i - 1], at[i]] (from 0 for i = 0). `at` ascends
 * strictly and ends at top; neighbouring ids differ.
 */
export interface Steps {
  readonly at: Float64Array;
  readonly ids: Int32Array;
}

/**
 * The step function of a ring over [0, top]: a hash goes to the first point >= it (the first of
 * equal points), past the last one to the first point. `points` ascend; ids are the owners'.
 */
export function stepsOf(points: ArrayLike<number>, ids: ArrayLike<number>, top: number): Steps {
  // Typed arrays, not arrays pushed to: rings of a million points.
  const at = new Float64Array(points.length + 1), out = new Int32Array(points.length + 1);
  let count = 0;
  const push = (point: number, id: number): void => {
    // A point owns the values down to the previous point: equal points after the first own none,
    // and a step to the same id is no step (the earlier point's values join the later one's).
    if (count > 0 && point === at[count - 1]) return;
    if (count > 0 && out[count - 1] === id) count--;
    (at[count] = point), (out[count++] = id);
  };
  for (let i = 0; i < points.length; i++) push(points[i], ids[i]);
  push(top, ids[0]);
  return { at: at.slice(0, count), ids: out.slice(0, count) };
}

/** The first index whose step ends at or after u. */
export function stepIndex({ at }: Steps, u: number): number {
  return lowerBound(at, u, 0, at.length - 1, (at, i, u) => at[i] < u);
}

/** The step function's value at u. */
export function valueAt(steps: Steps, u: number): number {
  return steps.ids[stepIndex(steps, u)];
}

/** A function giving u (below 2^32) with its `count` digits of `bits` bits in the opposite order. */
export function reverser(bits: number, count: number): (u: number) => number {
  const mask = 2 ** bits - 1, base = 2 ** bits;
  return (u) => {
    let r = 0;
    for (let i = 0; i < count; i++, u >>>= bits) r = r * base + (u & mask);
    return r;
  };
}
