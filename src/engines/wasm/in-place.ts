// An update made in place: a few removed nodes found by their positions (../doomed.ts), the nodes
// between the changed ones moved by one memmove per stretch, and the index entries after each
// changed bucket shifted (the sort module's shiftIndex), so that an update costs its own nodes and
// the moves, not a pass over every node and an index built anew. The keys before a changed node
// move down into the room for keys (or up out of it), the tails after it up into the room for
// tails (or down out of it): the table stays where it is, at the size it has (./layout.ts).
import { SEARCH_COST, type RingNodes } from "../doomed.js";
import { indexBits } from "../ring.js";
import { DATA_END, KEY_BYTES, TAIL_BYTES } from "./constants.generated.js";
import type { RingMemory } from "./layout.js";

/** An added node's place is searched for while the added nodes are fewer than the ring's / ADD_COST; beyond, the merge's pass costs less. */
const ADD_COST = 16;

/** Words of a tail: its head (the top 32 bits of the position) is the second. */
const TAIL_WORDS = TAIL_BYTES / 4;

/**
 * Whether an update removing k nodes and adding m may be made in place: few enough of both, an
 * index size still right for the ring it makes (within one bit of indexBits), and room enough on
 * both sides.
 */
export function fitsInPlace({ n, bits, ring, table }: RingMemory, k: number, m: number): boolean {
  const after = n - k + m;
  return (
    n > 0 && after > 0 && k * SEARCH_COST < n && m * ADD_COST < n &&
    Math.abs(indexBits(after) - bits) <= 1 &&
    ring + (k - m) * KEY_BYTES >= DATA_END &&
    ring + n * KEY_BYTES + after * TAIL_BYTES <= table
  );
}

/** count nodes of a ring or a run, keys at `keys` and tails at `tails`, as ../doomed.ts reads them. */
export function nodesAt({ words }: RingMemory, keys: number, tails: number, count: number): RingNodes {
  const { buffer } = words;
  return { positions: new Uint32Array(buffer, tails + 4, Math.max(0, TAIL_WORDS * count - 3)), owners: new Uint32Array(buffer, keys, count), n: count };
}

/**
 * Add `delta x (j + 1)` to the index entries after the bucket of node j's head, up to the next
 * node's bucket, for the heads given in ascending order (the removed nodes', delta -1; the added,
 * 1): entry b then counts the nodes below bucket b again.
 */
function shiftBuckets(memory: RingMemory, heads: Uint32Array, delta: number): void {
  const { table, bits } = memory;
  const { wasm } = memory;
  const end = table + ((1 << bits) + 1) * 4;
  for (let j = 0; j < heads.length; j++) {
    const from = table + ((heads[j] >>> (32 - bits)) + 1) * 4;
    const to = j + 1 < heads.length ? table + ((heads[j + 1] >>> (32 - bits)) + 1) * 4 : end;
    if (from < to) wasm.shiftIndex(from, to, delta * (j + 1));
  }
}

/**
 * Move the stretches of a ring of n nodes (keys and tails at those word indexes) between `bounds`
 * (ascending node indexes) to close one node's place at each bound (dir 1: the node there goes;
 * stretch s starts after bounds[s - 1]) or to open one before each (dir -1; stretch s starts at
 * bounds[s - 1]): the keys of stretch s move dir x (bounds.length - s) places, its tails -dir x s,
 * in the order in which no stretch overwrites one not yet moved (one memmove each).
 */
function moveStretches(words: Uint32Array, keys: number, tails: number, n: number, bounds: Uint32Array, dir: 1 | -1): void {
  const count = bounds.length;
  const start = (s: number): number => (s === 0 ? 0 : bounds[s - 1] + (dir > 0 ? 1 : 0));
  const end = (s: number): number => (s === count ? n : bounds[s]);
  for (let i = 0; i < count; i++) {
    const s = dir > 0 ? count - 1 - i : i;
    words.copyWithin(keys + start(s) + dir * (count - s), keys + start(s), keys + end(s));
  }
  for (let i = 0; i < count; i++) {
    const s = dir > 0 ? i + 1 : count - i;
    words.copyWithin(tails + TAIL_WORDS * (start(s) - dir * s), tails + TAIL_WORDS * start(s), tails + TAIL_WORDS * end(s));
  }
}

/**
 * Remove the nodes at `doomed` (ascending indexes): the keys before each move up past it, the
 * tails after it down, and the index follows.
 */
export function removeInPlace(memory: RingMemory, doomed: Uint32Array): void {
  const { ring, n } = memory;
  const k = doomed.length;
  if (k === 0) return;
  const words = memory.words;
  const keys = ring >>> 2, tails = (ring + n * KEY_BYTES) >>> 2;
  const heads = doomed.map((d) => words[tails + TAIL_WORDS * d + 1]);
  moveStretches(words, keys, tails, n, doomed, 1);
  shiftBuckets(memory, heads, -1);
  memory.ring = ring + k * KEY_BYTES;
  memory.n = n - k;
}

/** Whether the position at word a (a tail's first word) is above the one at word b: head, then the other words, most significant first. */
function above(words: Uint32Array, a: number, b: number): boolean {
  if (words[a + 1] !== words[b + 1]) return words[a + 1] > words[b + 1];
  if (words[a] !== words[b]) return words[a] > words[b];
  if (words[a + 3] !== words[b + 3]) return words[a + 3] > words[b + 3];
  return words[a + 2] > words[b + 2];
}

/**
 * Insert the m sorted nodes of a run (keys at `runKeys`, owners only; tails at `runTails`), each
 * after the ring's nodes equal to it: its place found in the index, the keys before it moved
 * down, the tails after it up, its key given its fragment, and the index follows.
 */
export function insertInPlace(memory: RingMemory, runKeys: number, runTails: number, m: number): void {
  if (m === 0) return;
  const { ring, n, table, bits, words } = memory;
  const keys = ring >>> 2, tails = (ring + n * KEY_BYTES) >>> 2, run = runTails >>> 2;
  // places[j]: the old nodes below run node j (the first of its bucket's nodes above it).
  const places = new Uint32Array(m), heads = new Uint32Array(m);
  for (let j = 0; j < m; j++) {
    const head = (heads[j] = words[run + TAIL_WORDS * j + 1]);
    const cell = (table >>> 2) + (head >>> (32 - bits));
    let p = words[cell];
    for (const end = words[cell + 1]; p < end && !above(words, tails + TAIL_WORDS * p, run + TAIL_WORDS * j); p++);
    places[j] = p;
  }
  moveStretches(words, keys, tails, n, places, -1);
  const newKeys = keys - m;
  for (let j = 0; j < m; j++) {
    const at = places[j] + j;
    words[newKeys + at] = ((heads[j] << bits) & 0xffff0000) | (words[(runKeys >>> 2) + j] & 0xffff);
    words.copyWithin(tails + TAIL_WORDS * at, run + TAIL_WORDS * j, run + TAIL_WORDS * (j + 1));
  }
  shiftBuckets(memory, heads, 1);
  memory.ring = ring - m * KEY_BYTES;
  memory.n = n + m;
}
