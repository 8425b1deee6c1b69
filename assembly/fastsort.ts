// The sort module: sortEntries as the core's (assembly/heapsort.ts), faster, and shiftIndex
// (./shift.ts). A fourth small module, without SIMD, compiled on the first large sort or the first
// update made in place (src/engines/wasm/simd.ts); it shares the core's
// memory (imported) and has no fixed addresses. Two things make it faster:
// - A large range's pass (in place, as the core's) carries CHAINS nodes at once instead of one:
//   carrying a node means reading the node in its bucket's next slot, whose address the node
//   before decided, so one chain waits on each read; independent chains overlap their reads.
// - A range that fits the spare area (at most FIT nodes: a first pass's buckets, in the caches) is
//   copied there and scattered back by wider digits, so that nothing waits: its buckets hold one or
//   two nodes, and one insertion sort over the range ends it.
import { keyAt, nodeHi, nodeLo } from "./nodes";
import { KEY_BYTES, SORT_CHAINS as CHAINS, SORT_FIT as FIT, SORT_LEVEL as LEVEL, TAIL_BYTES } from "./shared";
import { bucketsOf, digitCell, insertionSort, SMALL, storeTail } from "./sort";

/**
 * Sort the n nodes of keys and tails (a run: see assembly/ring.ts) by position, in place. scratch:
 * FAST_SORT_SCRATCH bytes (shared.ts): the spare area (FIT nodes), then LEVEL bytes for each level.
 */
export function sortEntries(keys: usize, tails: usize, n: u32, scratch: usize): void {
  sortRange(keys, tails, 0, n, 0, scratch + <usize>FIT * (KEY_BYTES + TAIL_BYTES), scratch);
}

/** Sort nodes [lo, hi), whose top `top` bits are equal; ends is this level's LEVEL bytes, spare the spare area. */
function sortRange(keys: usize, tails: usize, lo: u32, hi: u32, top: u32, ends: usize, spare: usize): void {
  const size = hi - lo;
  if (size <= SMALL || top >= 32) {
    insertionSort(keys, tails, lo, hi);
    return;
  }
  // Digits of about log2(size) - 1 bits (two nodes a bucket), 12 at the most, and 8 for a range
  // larger than FIT: more buckets than that, far apart in memory, would thrash the TLB.
  const bits = min<u32>(min<u32>(31 - clz<u32>(size), size > FIT ? 8 : 12), 32 - top);
  const shift = 32 - top - bits;
  const mask: u32 = (1 << bits) - 1;
  const buckets: usize = <usize>1 << bits << 2;
  const next = ends + buckets;
  bucketsOf(tails, lo, hi, shift, mask, ends, next, buckets);
  if (size <= FIT) {
    const spareTails = spare + (<usize>size << 2);
    memory.copy(spare, keyAt(keys, lo), <usize>size << 2);
    memory.copy(spareTails, tails + (<usize>lo << 4), <usize>size << 4);
    for (let i: u32 = 0; i < size; i++) {
      const h = nodeHi(spareTails, i);
      const cell = next + digitCell(h, shift, mask);
      const at = load<u32>(cell);
      store<u32>(cell, at + 1);
      store<u32>(keyAt(keys, at), load<u32>(keyAt(spare, i)));
      storeTail(tails, at, h, nodeLo(spareTails, i));
    }
  } else {
    permute(keys, tails, shift, mask, ends, next, buckets);
  }
  // Ranges past FIT sort each bucket; within FIT, only the buckets of more than SMALL nodes, then
  // one insertion sort over the range puts the others' few nodes in order.
  const alone: u32 = size > FIT ? 1 : SMALL;
  for (let d: usize = 0, start = lo; d < buckets; d += 4) {
    const end = load<u32>(ends + d);
    if (end - start > alone) sortRange(keys, tails, start, end, top + bits, ends + LEVEL, spare);
    start = end;
  }
  if (size <= FIT) insertionSort(keys, tails, lo, hi);
}

/**
 * The in-place pass over buckets [next[d], ends[d]): CHAINS chains, each carrying a node taken from
 * the bucket being filled (its origin, left empty) to its own bucket's next slot, and the node
 * found there on, until a node belongs to the bucket being filled: it goes to the origin. A
 * chain's state lives in memory after next (32 bytes: origin, key, cell, and the position at 16).
 */
// @ts-ignore: decorator
@inline function permute(keys: usize, tails: usize, shift: u32, mask: u32, ends: usize, next: usize, buckets: usize): void {
  const chains = next + buckets;
  for (let d: usize = 0; d < buckets; d += 4) {
    const end = load<u32>(ends + d);
    let live: u32 = 0;
    do {
      for (let c: usize = 0; c < CHAINS; c++) {
        const chain = chains + (c << 5);
        const bit: u32 = 1 << <u32>c;
        if (!(live & bit)) {
          // Start a chain at the bucket's next slot, if it has one.
          const i = load<u32>(next + d);
          if (i >= end) continue;
          store<u32>(next + d, i + 1);
          store<u32>(chain, i);
          carry(chain, keys, tails, i, shift, mask);
          live |= bit;
        }
        const cell = <usize>load<u32>(chain, 8);
        const key = load<u32>(chain, 4), h = load<u64>(chain, 16), l = load<u64>(chain, 24);
        let to = load<u32>(chain);
        if (cell == d) {
          live &= ~bit;
        } else {
          to = load<u32>(next + cell);
          store<u32>(next + cell, to + 1);
          carry(chain, keys, tails, to, shift, mask);
        }
        store<u32>(keyAt(keys, to), key);
        storeTail(tails, to, h, l);
      }
    } while (live != 0 || load<u32>(next + d) < end);
  }
}

/** Take node i into a chain's state (key, digit cell, position). */
// @ts-ignore: decorator
@inline function carry(chain: usize, keys: usize, tails: usize, i: u32, shift: u32, mask: u32): void {
  const h = nodeHi(tails, i);
  store<u32>(chain, load<u32>(keyAt(keys, i)), 4);
  store<u32>(chain, <u32>digitCell(h, shift, mask), 8);
  store<u64>(chain, h, 16);
  store<u64>(chain, nodeLo(tails, i), 24);
}

export { shiftIndex } from "./shift";
