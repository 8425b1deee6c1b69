// Sorting a run of nodes (assembly/ring.ts: keys and tails, two arrays) by position, in place, and
// the helpers that move nodes. Both sorts are radix sorts on the top 32 bits of the position, most
// significant digit first, each pass in place (an American flag sort); ranges of at most SMALL
// nodes, and nodes equal in those 32 bits, end by insertion sort on the whole position. The core's
// sortEntries, below, is the compact one: 8-bit digits, one node carried at a time. The sort
// module's (./fastsort.ts) is faster and bigger. No static data (see memory-map.ts).
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

/**
 * Sort the n nodes of keys and tails (a run: see assembly/ring.ts) by position, in place. The first
 * pass makes 256 buckets, each a 256th of the run, so that the next ones work in the caches.
 * scratch: CORE_SORT_SCRATCH bytes (src/engines/wasm/layout.ts), 2 KiB for each of the four levels.
 */
export function sortEntries(keys: usize, tails: usize, n: u32, scratch: usize): void {
  sortRange(keys, tails, 0, n, 24, scratch);
}

/** Sort nodes [lo, hi) on the byte at `shift` and below; ends (and ends + 1 KiB) are this level's 2 KiB. */
function sortRange(keys: usize, tails: usize, lo: u32, hi: u32, shift: i32, ends: usize): void {
  if (hi - lo <= SMALL || shift < 0) {
    insertionSort(keys, tails, lo, hi);
    return;
  }
  const next = ends + 1024;
  bucketsOf(tails, lo, hi, shift, 255, ends, next, 1024);
  for (let d: usize = 0; d < 1024; d += 4) {
    // Until bucket d is full: if its next node belongs to it, it stays; else it is swapped with the
    // next free slot of its own bucket.
    for (let i = load<u32>(next + d); i < load<u32>(ends + d); ) {
      const cell = digitCell(nodeHi(tails, i), shift, 255);
      if (cell == d) {
        i++;
        continue;
      }
      const at = load<u32>(next + cell);
      store<u32>(next + cell, at + 1);
      const key = load<u32>(keyAt(keys, i)), h = nodeHi(tails, i), l = nodeLo(tails, i);
      moveNode(keys, tails, at, i);
      store<u32>(keyAt(keys, at), key);
      storeTail(tails, at, h, l);
    }
  }
  for (let d: usize = 0; d < 1024; d += 4) {
    const end = load<u32>(ends + d);
    if (end - lo > 1) sortRange(keys, tails, lo, end, shift - 8, ends + 2048);
    lo = end;
  }
}
