// Moving and comparing the nodes of a run (assembly/ring.ts: keys and tails, two arrays) while it
// is sorted by position, shared by the core's heap sort (./heapsort.ts) and the sort module's
// radix sort (./fastsort.ts, which also uses the digit helpers and the insertion sort below). No
// static data (see memory-map.ts).
import { keyAt, nodeHi, nodeLo, TAIL } from "./nodes";

/** Ranges of at most this many nodes are sorted by insertion. */
// @ts-ignore: decorator
@inline export const SMALL: u32 = 32;

/** Node i of tails lies after the position (hi, lo). */
// @ts-ignore: decorator
@inline export function after(tails: usize, i: u32, hi: u64, lo: u64): bool {
  const h = nodeHi(tails, i);
  return h > hi || (h == hi && nodeLo(tails, i) > lo);
}

// @ts-ignore: decorator
@inline export function storeTail(tails: usize, k: u32, hi: u64, lo: u64): void {
  const u = tails + <usize>k * TAIL;
  store<u64>(u, hi);
  store<u64>(u, lo, 8);
}

/** Copy node i (its key and its tail) to index k, within the ring whose tails start at tails. */
// @ts-ignore: decorator
@inline export function moveNode(ring: usize, tails: usize, i: u32, k: u32): void {
  store<u32>(keyAt(ring, k), load<u32>(keyAt(ring, i)));
  storeTail(tails, k, nodeHi(tails, i), nodeLo(tails, i));
}

/** The digit of a position whose high 64 bits are hi: its `mask` bits at `shift` above bit 96, x 4 (a u32 cell's offset). */
// @ts-ignore: decorator
@inline export function digitCell(hi: u64, shift: u32, mask: u32): usize {
  return <usize>((<u32>(hi >> 32) >> shift) & mask) << 2;
}

/**
 * Count the digits of nodes [lo, hi) and lay out their buckets: bucket d (a cell offset, as
 * digitCell gives) is [next[d], ends[d]), buckets bytes of each (4 per digit).
 */
// @ts-ignore: decorator
@inline export function bucketsOf(tails: usize, lo: u32, hi: u32, shift: u32, mask: u32, ends: usize, next: usize, buckets: usize): void {
  memory.fill(ends, 0, buckets);
  for (let i = lo; i < hi; i++) {
    const cell = ends + digitCell(nodeHi(tails, i), shift, mask);
    store<u32>(cell, load<u32>(cell) + 1);
  }
  let sum = lo;
  for (let d: usize = 0; d < buckets; d += 4) {
    store<u32>(next + d, sum);
    sum += load<u32>(ends + d);
    store<u32>(ends + d, sum);
  }
}

/** Insertion sort of nodes [lo, hi) on the whole position. */
export function insertionSort(keys: usize, tails: usize, lo: u32, hi: u32): void {
  for (let i = lo + 1; i < hi; i++) {
    const key = load<u32>(keyAt(keys, i)), h = nodeHi(tails, i), l = nodeLo(tails, i);
    let j = i;
    for (; j > lo && after(tails, j - 1, h, l); j--) moveNode(keys, tails, j - 1, j);
    store<u32>(keyAt(keys, j), key);
    storeTail(tails, j, h, l);
  }
}
