// Exact shares of a ring that grows by steps, every step's shares in one pass: what the vnode
// planner needs to try every per-weight count from 1 upward without building a ring for each.
// Positions only ever join (a step adds names, never takes one away), so the sweep sorts every
// position of the last step once, then learns each position's neighbours at the moment it joins by
// taking them away in reverse order from a linked list of the sorted positions; replayed forward,
// each joining position splits one arc: it takes (predecessor, itself] from its successor's owner.
// Arc lengths are kept exactly, in 32-bit limbs held in doubles (no BigInt per position).
import { fractionOf } from "./arcs.js";

/** The positions of every step, in the order they join. */
export interface GrowingRing {
  /** 32-bit limbs per position, most significant first: 1 (32-bit points) or 4 (128-bit positions). */
  readonly limbs: number;
  /** limbs words per position. */
  readonly words: Uint32Array;
  /** Each position's owner: an index into the regions whose shares are measured (below 65,536). */
  readonly owners: Uint16Array;
  /**
   * Each position's place among equal positions: of equal ones, the lowest owns the arc ending
   * there (the others' arcs are empty), as the engines sort the winner of equal points first.
   */
  readonly ties: Float64Array;
  /** ends[k]: how many positions have joined after step k (ends[0] = 0, the empty ring). */
  readonly ends: readonly number[];
}

const TWO_32 = 2 ** 32;

/** The most positions a sweep takes: a top word x 2^20 + an index is an exact double. */
export const MAX_SWEPT_POSITIONS = 2 ** 20;

/**
 * The order of the positions, ascending, equal ones by tie: a native sort of top word x 2^20 +
 * index, then the runs of equal top words (rare: equal 32-bit points) by the rest and the tie.
 */
function sortedOrder({ limbs, words, ties }: GrowingRing, n: number): Uint32Array {
  if (n > MAX_SWEPT_POSITIONS) throw new RangeError(`a sweep takes at most ${MAX_SWEPT_POSITIONS} positions, got ${n}`);
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) keys[i] = words[i * limbs] * MAX_SWEPT_POSITIONS + i;
  keys.sort();
  const order = new Uint32Array(n);
  for (let s = 0; s < n; s++) order[s] = keys[s] % MAX_SWEPT_POSITIONS;
  const rest = (a: number, b: number) => {
    for (let k = 1; k < limbs; k++) {
      const x = words[a * limbs + k], y = words[b * limbs + k];
      if (x !== y) return x - y;
    }
    return ties[a] - ties[b];
  };
  for (let s = 0, e = 1; s < n; s = e, e = s + 1) {
    while (e < n && words[order[e] * limbs] === words[order[s] * limbs]) e++;
    if (e - s > 1) order.subarray(s, e).sort(rest);
  }
  return order;
}

/**
 * Each position's sorted neighbours when it joins: pred[p] and succ[p], slots in `order`, or -1
 * when it joins an empty ring. Positions joining in one step join in index order.
 */
function neighboursAtJoin(order: Uint32Array): { slot: Uint32Array; pred: Int32Array; succ: Int32Array } {
  const n = order.length;
  const slot = new Uint32Array(n), prev = new Int32Array(n), next = new Int32Array(n);
  for (let s = 0; s < n; s++) {
    slot[order[s]] = s;
    prev[s] = s === 0 ? n - 1 : s - 1;
    next[s] = s === n - 1 ? 0 : s + 1;
  }
  const pred = new Int32Array(n), succ = new Int32Array(n);
  for (let p = n - 1; p >= 0; p--) {
    const s = slot[p];
    if (next[s] === s) {
      pred[p] = succ[p] = -1;
      continue;
    }
    pred[p] = prev[s];
    succ[p] = next[s];
    next[prev[s]] = next[s];
    prev[next[s]] = prev[s];
  }
  return { slot, pred, succ };
}

/**
 * Sweep the steps 1, 2, ... of `ring` in order; after each, `accept(step, share)` is asked, with
 * share(i) the exact fraction of the key space owner i then owns (as shares() gives it); the
 * sweep stops at the first step accepted and returns it, else -1.
 */
export function sweepShares(ring: GrowingRing, owners: number, accept: (step: number, share: (owner: number) => number) => boolean): number {
  const { limbs, words, ends } = ring;
  const n = ends[ends.length - 1];
  const order = sortedOrder(ring, n);
  const { slot, pred, succ } = neighboursAtJoin(order);
  // Each owner's arcs, limbs most significant first, normalized after each step (lower limbs in
  // [0, 2^32), the top one up to 2^32, the whole ring). Within a step a limb moves by less than
  // 2^32 a position, at most 2^20 positions: it stays an exact double.
  const arcs = new Float64Array(owners * limbs);
  const length = new Float64Array(limbs);
  const normalize = () => {
    for (let at = owners * limbs - 1; at >= 0; at--) {
      if (at % limbs === 0) continue;
      const carry = Math.floor(arcs[at] / TWO_32);
      arcs[at] -= carry * TWO_32;
      arcs[at - 1] += carry;
    }
  };
  const space = 1n << BigInt(32 * limbs);
  const share = (owner: number): number => {
    let value = 0n;
    for (let k = 0; k < limbs; k++) value = (value << 32n) + BigInt(arcs[owner * limbs + k]);
    return fractionOf(space, value);
  };
  let p = 0;
  for (let step = 1; step < ends.length; step++) {
    for (; p < ends[step]; p++) {
      const owner = ring.owners[p];
      if (pred[p] < 0) {
        arcs[owner * limbs] += TWO_32;
        continue;
      }
      // The arc (predecessor, p], round the end of the key space when the predecessor sorts after p.
      const q = order[pred[p]], loser = ring.owners[order[succ[p]]];
      for (let k = 0; k < limbs; k++) length[k] = words[p * limbs + k] - words[q * limbs + k];
      if (pred[p] > slot[p]) length[0] += TWO_32;
      for (let k = 0; k < limbs; k++) {
        arcs[owner * limbs + k] += length[k];
        arcs[loser * limbs + k] -= length[k];
      }
    }
    if (limbs > 1) normalize();
    if (accept(step, share)) return step;
  }
  return -1;
}
