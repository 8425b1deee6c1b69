// The core's sort of a run of new nodes (assembly/ring.ts: keys and tails, two arrays) by position,
// in place: a heap sort. It is the compact one, which keeps the core within its size budget
// (test/budgets.test.ts), with no scratch and n log n steps whatever the positions. It sorts runs
// below FAST_SORT_NODES nodes, and larger ones only where the sort module (./fastsort.ts, a radix
// sort, faster on large runs) cannot be had. No static data (see memory-map.ts).
import { keyAt, nodeHi, nodeLo } from "./nodes";
import { after, moveNode, storeTail } from "./sort";

/**
 * Put the node (key, hi, lo) at heap slot i of the heap of n nodes, moving it down past its larger
 * children: every node is after (larger than) none of its ancestors once it is placed.
 */
function siftDown(keys: usize, tails: usize, i: u32, n: u32, key: u32, hi: u64, lo: u64): void {
  for (let child: u32 = 2 * i + 1; child < n; child = 2 * i + 1) {
    if (child + 1 < n && after(tails, child + 1, nodeHi(tails, child), nodeLo(tails, child))) child++;
    if (!after(tails, child, hi, lo)) break;
    moveNode(keys, tails, child, i);
    i = child;
  }
  store<u32>(keyAt(keys, i), key);
  storeTail(tails, i, hi, lo);
}

/**
 * Sort the n nodes of keys and tails by position, in place. `scratch` is the sort module's (the
 * wrapper calls both sorts alike) and unused here.
 */
export function sortEntries(keys: usize, tails: usize, n: u32, scratch: usize): void {
  // Make a max-heap, then move its top (the largest left) to the end, n - 1 times.
  for (let i = n >> 1; i > 0; ) {
    i--;
    siftDown(keys, tails, i, n, load<u32>(keyAt(keys, i)), nodeHi(tails, i), nodeLo(tails, i));
  }
  for (let end = n; end > 1; ) {
    end--;
    const key = load<u32>(keyAt(keys, end)), hi = nodeHi(tails, end), lo = nodeLo(tails, end);
    moveNode(keys, tails, 0, end);
    siftDown(keys, tails, 0, end, key, hi, lo);
  }
}
