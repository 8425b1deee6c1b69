// An update made in place: a few removed nodes found by their positions (../doomed.ts), the nodes
// between the changed ones moved by one memmove per stretch, and the index entries after each
// changed bucket shifted (the sort module's shiftIndex), so that an update costs its own nodes and
// the moves, not a pass over every node and an index built anew. The table stays where it is, at
// the size it has (./layout.ts). Since the tails start where the keys end, either the keys before
// a changed node move (into the room for keys, or out of it) and the tails after it (into the
// room for tails, or out of it), or every key moves and the tails of all stretches but one: the
// update takes whichever moves fewer bytes.
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
  const { table, bits, wasm } = memory;
  const end = table + ((1 << bits) + 1) * 4;
  for (let j = 0; j < heads.length; j++) {
    const from = table + ((heads[j] >>> (32 - bits)) + 1) * 4;
    const to = j + 1 < heads.length ? table + ((heads[j + 1] >>> (32 - bits)) + 1) * 4 : end;
    if (from < to) wasm.shiftIndex(from, to, delta * (j + 1));
  }
}

/**
 * The stretches of a ring of n nodes between `bounds` (ascending node indexes), for closing one
 * node's place at each bound (dir 1: the node there goes; stretch s runs from after bounds[s - 1]
 * to bounds[s]) or opening one before each (dir -1; from bounds[s - 1]).
 */
function stretchesOf(n: number, bounds: Uint32Array, dir: 1 | -1): { start: (s: number) => number; end: (s: number) => number } {
  const count = bounds.length;
  return { start: (s) => (s === 0 ? 0 : bounds[s - 1] + (dir > 0 ? 1 : 0)), end: (s) => (s === count ? n : bounds[s]) };
}

/**
 * Which stretch keeps its tails where they are: 0, so that the keys of the last do not move either,
 * or 1 (the one after the first change), every key then moving, when that moves fewer bytes and
 * `fits` (the tails' start moves by a tail for it: room taken on one side).
 */
function stillStretch(n: number, bounds: Uint32Array, dir: 1 | -1, fits: (still: number) => boolean): number {
  const { start, end } = stretchesOf(n, bounds, dir);
  const length = (s: number): number => end(s) - start(s);
  return TAIL_BYTES * length(1) > TAIL_BYTES * length(0) + KEY_BYTES * length(bounds.length) && fits(1) ? 1 : 0;
}

/**
 * Move the stretches of a ring of n nodes (keys and tails at those word indexes) to close or open
 * a place at each bound (stretchesOf), the tails of stretch `still` staying: the keys of stretch s
 * move dir x (bounds.length - s + 4 still) words, its tails dir x 4 (still - s); in each array the
 * moves down first, lowest stretch first, then the moves up, highest first, so that no stretch
 * overwrites one not yet moved (one memmove each).
 */
function moveStretches(words: Uint32Array, keys: number, tails: number, n: number, bounds: Uint32Array, dir: 1 | -1, still: number): void {
  const count = bounds.length;
  const { start, end } = stretchesOf(n, bounds, dir);
  const arrays = [[keys, 1, (s: number) => dir * (count - s + 4 * still)], [tails, TAIL_WORDS, (s: number) => dir * 4 * (still - s)]] as const;
  // The keys end where the tails start: moving up they take the tails' old place (the tails go
  // first), moving down they leave theirs to the tails (the keys go first).
  for (const [base, stride, shift] of dir > 0 ? [arrays[1], arrays[0]] : arrays) {
    const move = (s: number): void => void words.copyWithin(base + stride * start(s) + shift(s), base + stride * start(s), base + stride * end(s));
    for (let s = 0; s <= count; s++) if (shift(s) < 0) move(s);
    for (let s = count; s >= 0; s--) if (shift(s) > 0) move(s);
  }
}

/**
 * Remove the nodes at `doomed` (ascending indexes), leaving room for m nodes to be added after, and
 * the index follows.
 */
export function removeInPlace(memory: RingMemory, doomed: Uint32Array, m: number): void {
  const { ring, n, table } = memory;
  const k = doomed.length;
  if (k === 0) return;
  const words = memory.words;
  const keys = ring >>> 2, tails = (ring + n * KEY_BYTES) >>> 2;
  const heads = doomed.map((d) => words[tails + TAIL_WORDS * d + 1]);
  // Every key moving up, the tails start up too: the m nodes still to come must fit below the table.
  const still = stillStretch(n, doomed, 1, (s) => ring + n * KEY_BYTES + (s + n - k + m) * TAIL_BYTES <= table);
  moveStretches(words, keys, tails, n, doomed, 1, still);
  shiftBuckets(memory, heads, -1);
  memory.ring = ring + k * KEY_BYTES + still * TAIL_BYTES;
  memory.n = n - k;
}

/** Whether the position at word a (a tail's first word) is above the one at word b: head, then the other words, most significant first. */
export function above(words: Uint32Array, a: number, b: number): boolean {
  if (words[a + 1] !== words[b + 1]) return words[a + 1] > words[b + 1];
  if (words[a] !== words[b]) return words[a] > words[b];
  if (words[a + 3] !== words[b + 3]) return words[a + 3] > words[b + 3];
  return words[a + 2] > words[b + 2];
}

/**
 * Insert the m sorted nodes of a run (keys at `runKeys`, owners only; tails at `runTails`), each
 * after the ring's nodes equal to it: its place found in the index, the stretches moved apart, its
 * key given its fragment, and the index follows.
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
  // Every key moving down, the tails start down too: the keys must fit above DATA_END.
  const still = stillStretch(n, places, -1, (s) => ring - m * KEY_BYTES - s * TAIL_BYTES >= DATA_END);
  moveStretches(words, keys, tails, n, places, -1, still);
  const [newKeys, newTails] = [keys - m - TAIL_WORDS * still, tails - TAIL_WORDS * still];
  for (let j = 0; j < m; j++) {
    const at = places[j] + j;
    words[newKeys + at] = ((heads[j] << bits) & 0xffff0000) | (words[(runKeys >>> 2) + j] & 0xffff);
    words.copyWithin(newTails + TAIL_WORDS * at, run + TAIL_WORDS * j, run + TAIL_WORDS * (j + 1));
  }
  shiftBuckets(memory, heads, 1);
  memory.ring = ring - m * KEY_BYTES - still * TAIL_BYTES;
  memory.n = n + m;
}
