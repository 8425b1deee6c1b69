// Keys at the edges of a ring's key space, for the engine suites: the exact positions of its
// virtual nodes (their own names hash there), the first and last positions and past the last (the
// wrap), and the boundaries of the WebAssembly engine's ring index, whose 2^bits buckets split the
// key space by the top bits of a position (a bucket's start and end around its nodes, the empty
// buckets just before and after a non-empty one). Random keys almost never land there: a ring of
// a few hundred nodes leaves most of the 4,096 buckets empty.
//
// A key's position cannot be chosen, only found, as scripts/dialect-vectors/search.py finds its
// edge keys: by hashing many strings and keeping one whose MD5 lands in the wanted range. Here a
// pool of POOL strings is hashed once and sorted by where each lands, and each wanted range takes
// the pool's string nearest its edge (a range too narrow for the pool goes without). Deterministic:
// fixed strings, no randomness.
import * as crypto from "node:crypto";
import { indexBits } from "../../src/engines/ring.js";

/**
 * How a key's head (the top 32 bits of its position) is read from its MD5: "position", the first
 * four bytes big-endian (128-bit positions); "point", the first little-endian word (ketama points).
 */
export type Reading = "position" | "point";

const TOP = 2 ** 32;
/** Strings hashed once into the pool: about 32 of them in each bucket of 4,096. */
const POOL = 1 << 17;
/** The widest range a target asks for, at the boundary it is about: a quarter of a 4,096th of the key space. */
const NEAR = 1 << 18;

/** MD5 by node:crypto (its one-shot hash where the runtime has it: twice as fast). */
const md5: (text: string) => Buffer =
  typeof crypto.hash === "function" ? (text) => crypto.hash("md5", text, "buffer") : (text) => crypto.createHash("md5").update(text).digest();

/** The head of `text`'s MD5 as `reading` reads it. */
export function headOf(text: string, reading: Reading): number {
  const digest = md5(text);
  return reading === "position" ? digest.readUInt32BE(0) : digest.readUInt32LE(0);
}

/** The pool, per reading: (head x POOL + i) in ascending order, for the strings `edge-${i}`. */
let pool: Record<Reading, Float64Array> | undefined;

function sortedPool(reading: Reading): Float64Array {
  if (!pool) {
    const position = new Float64Array(POOL), point = new Float64Array(POOL);
    for (let i = 0; i < POOL; i++) {
      const digest = md5(`edge-${i}`);
      position[i] = digest.readUInt32BE(0) * POOL + i;
      point[i] = digest.readUInt32LE(0) * POOL + i;
    }
    pool = { position: position.sort(), point: point.sort() };
  }
  return pool[reading];
}

/** The first index of the ascending `values` whose value is >= x. */
function lowerBound(values: Float64Array, x: number): number {
  let lo = 0, hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (values[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * A string whose head lies in [lo, hi] (as `reading` reads it), the nearest to `near`'s end of the
 * range of those the pool has; undefined if it has none (a range of 2^18 holds about 8).
 */
export function keyIn(reading: Reading, lo: number, hi: number, near: "lo" | "hi"): string | undefined {
  if (lo > hi) return undefined;
  const sorted = sortedPool(reading);
  const first = lowerBound(sorted, lo * POOL), end = lowerBound(sorted, (hi + 1) * POOL);
  return first < end ? `edge-${sorted[near === "lo" ? first : end - 1] % POOL}` : undefined;
}

/** What edgeKeys needs to know of a ring. */
export interface EdgeRing {
  readonly reading: Reading;
  /** The engine's stored heads, one per position (a strict scheme's one key step lower), ascending. */
  readonly heads: readonly number[];
  /** Its virtual nodes' names: a name routed as a key lands exactly on its node (on its first point). */
  readonly names: readonly string[];
  /** Stored heads to aim at too (a point two regions share): their buckets, and a key landing on each. */
  readonly focus?: readonly number[];
}

/** Buckets to aim at, of many: the first and last non-empty, and `spread` more evenly through each list. */
function chosen(nonEmpty: readonly number[], besideEmpty: readonly number[], spread: number): number[] {
  if (nonEmpty.length <= 3 * spread) return [...nonEmpty];
  const every = (list: readonly number[]) => list.filter((_, i) => i % Math.ceil(list.length / spread) === 0);
  return [...new Set([nonEmpty[0], nonEmpty[nonEmpty.length - 1], ...every(nonEmpty), ...every(besideEmpty)])];
}

/**
 * The edge keys of a ring, each once, in a fixed order: for the ring index of the engine's
 * indexBits, around each aimed-at bucket with nodes, a key at its start below its first node, at
 * its end above its last, between its first two, in the empty bucket just before it and just
 * after it; one landing on each focus head; at the key space's ends (bucket 0's start; the last
 * bucket's end, past every position); just below the first position and just above the last; and
 * the names of nodes in the aimed-at buckets and of the first and last positions (all names on a
 * small ring).
 */
export function edgeKeys({ reading, heads, names, focus = [] }: EdgeRing, spread = 12): string[] {
  const n = heads.length;
  if (n === 0) return [];
  const keys = new Set<string>();
  const aim = (lo: number, hi: number, near: "lo" | "hi") => {
    const key = keyIn(reading, Math.max(0, lo), Math.min(TOP - 1, hi), near);
    if (key !== undefined) keys.add(key);
  };
  const bits = indexBits(n), width = 2 ** (32 - bits), buckets = 2 ** bits;
  const near = Math.min(NEAR, width);
  const inBucket = new Map<number, number[]>();
  for (const head of heads) {
    const bucket = Math.floor(head / width);
    const list = inBucket.get(bucket);
    if (list) list.push(head);
    else inBucket.set(bucket, [head]);
  }
  const nonEmpty = [...inBucket.keys()];
  const empty = (b: number) => b >= 0 && b < buckets && !inBucket.has(b);
  const besideEmpty = nonEmpty.filter((b) => empty(b - 1) || empty(b + 1));
  const aimed = [...new Set([...chosen(nonEmpty, besideEmpty, spread), ...focus.map((head) => Math.floor(head / width))])];
  for (const b of aimed) {
    const [first, ...rest] = inBucket.get(b)!;
    const last = rest.at(-1) ?? first;
    const start = b * width, end = start + width - 1;
    aim(start, Math.min(first - 1, start + near - 1), "lo");
    aim(Math.max(last + 1, end - near + 1), end, "hi");
    if (rest.length > 0) aim(first + 1, rest[0] - 1, "lo");
    if (empty(b - 1)) aim(start - near, start - 1, "hi");
    if (empty(b + 1)) aim(end + 1, end + near, "lo");
  }
  for (const head of focus) {
    const below = heads.filter((other) => other < head).at(-1) ?? -1;
    aim(Math.max(below + 1, head - near + 1), head, "hi");
  }
  aim(0, near - 1, "lo");
  aim(TOP - near, TOP - 1, "hi");
  aim(heads[0] - near, heads[0] - 1, "hi");
  aim(heads[n - 1] + 1, heads[n - 1] + near, "lo");
  const aimedSet = new Set(aimed);
  const named = names.map((name) => ({ name, head: headOf(name, reading) }));
  const lowest = named.reduce((min, { head }) => Math.min(min, head), TOP);
  const highest = named.reduce((max, { head }) => Math.max(max, head), -1);
  for (const { name, head } of named) {
    if (names.length <= 64 || head === lowest || head === highest || aimedSet.has(Math.floor(head / width))) keys.add(name);
  }
  return [...keys];
}
