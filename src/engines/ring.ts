// The contract between the router (region table, validation, API) and an engine (the sorted
// virtual-node positions and the search over them). Both engines implement it; the router and the
// shared test suite never look past it.
import { checkSessionId } from "../validate.js";

/**
 * How a ring makes positions from virtual-node names and keys, and searches them: what a dialect
 * (src/dialects.ts) asks of an engine. Fixed for the life of a ring.
 */
export interface Scheme {
  /**
   * 0: one 128-bit position per name, its MD5 read big-endian, and a key's position likewise.
   * 1-4: that many 32-bit points per name, the MD5's little-endian words in order (ketama), and a
   * key's point is its MD5's first little-endian word. A point p sits at p x 2^96 on the 128-bit
   * ring, so both kinds share one representation and one search.
   */
  readonly points: number;
  /** Keys go to the first position strictly after theirs (bisect_right), not at or after it. */
  readonly strict: boolean;
  /** Where points are equal, the last generated owns the position (else the first). */
  readonly lastWins: boolean;
}

/** The reference's scheme: 128-bit positions, first at or after the key. */
export const REFERENCE_SCHEME: Scheme = { points: 0, strict: false, lastWins: false };

/**
 * `count` virtual nodes named `${prefix}0` … `${prefix}${count - 1}`, owned by region `owner` (its
 * number in the router's region table). `rank` is the region's place in generation order, which
 * decides equal 32-bit points (Scheme.lastWins); runs of one update have distinct ranks.
 */
export interface VnodeRun {
  readonly owner: number;
  readonly prefix: string;
  readonly count: number;
  readonly rank: number;
}

/** Positions a run adds: one per name, or Scheme.points per name. */
export function positionsPerName(scheme: Scheme): number {
  return Math.max(1, scheme.points);
}

/** What a damaged ring that could not be rebuilt (Ring.intact) says, from the router and the ring alike. */
export const DAMAGED =
  "this router's ring was damaged by an update that failed midway and could not be rebuilt: make a new router with RegionRouter.fromJSON(router.toJSON())";

/** The router's owner -> region name table (undefined: an owner freed or never used). */
export type RegionTable = readonly (string | undefined)[];
/** routeMany's answers as the router returns them: a region per id, null where the ring is empty. */
export type Answers = (string | null)[];

/** routeMany's check of the key it read at index i: a TypeError naming sessionIds[i] unless it is a string. */
export function checkKey(key: unknown, i: number): asserts key is string {
  // The parameter's name is built only for a bad key.
  if (typeof key !== "string") checkSessionId(key, `sessionIds[${i}]`);
}

/** Bytes of an MD5 digest, as locateDigest takes it. */
export const DIGEST_BYTES = 16;

/** The region of an owner that a route gave: null for -1 (an empty ring). */
export function regionOf(owner: number, names: RegionTable): string | null {
  return owner < 0 ? null : (names[owner] as string);
}

/** Where routeMany walks on from the node a key landed on, when that node's owner has no name (an excluded region's). */
export type WalkOn = (node: number) => string | null;

/** What routeMany writes for a key that landed on `node` (-1: an empty ring) of `owner`: its region, or walkOn(node) where names has none. */
export function regionAt(node: number, owner: number, names: RegionTable, walkOn?: WalkOn): string | null {
  if (node < 0) return null;
  const region = names[owner];
  return region === undefined && walkOn !== undefined ? walkOn(node) : (region as string);
}

/**
 * A table entry (routeIndexes, routeBytes) marking an excluded owner: a key landing on one of its
 * nodes gets excludedAt(node) instead, so that the caller walks on from that node without routing
 * the key again.
 */
export const EXCLUDED = -2;

/** The node a key landed on, as written for an excluded owner (below EXCLUDED), and back again. */
export const excludedAt = (node: number): number => EXCLUDED - 1 - node;

/**
 * What routeIndexes and routeBytes write for a key that landed on `node` (-1: an empty ring) of
 * `owner`: table[owner], the owner itself without a table, excludedAt(node) for an EXCLUDED owner.
 */
export function indexOf(node: number, owner: number, table: Int32Array | undefined): number {
  if (node < 0 || table === undefined) return node < 0 ? -1 : owner;
  const index = table[owner];
  return index === EXCLUDED ? excludedAt(node) : index;
}

/** The most bytes of one of `count` ids by Arrow offsets (routeBytes' stride 1): the room one id may need. */
export function longestId(offsets: Int32Array | Uint32Array, count: number): number {
  let longest = 0;
  for (let i = 0; i < count; i++) longest = Math.max(longest, offsets[i + 1] - offsets[i]);
  return longest;
}

export interface Ring {
  /** How positions are made and searched. */
  readonly scheme: Scheme;
  /** Number of positions on the ring. */
  readonly size: number;
  /**
   * The owner of the first position at or after the key's (Scheme), wrapping to the first; -1 on
   * an empty ring.
   */
  route(key: string): number;
  /**
   * route() for keys[0 .. out.length), in order, as a region (regionOf, through the router's owner
   * -> region table `names`) into out: owners become regions in the pass that reads them, which
   * saves a second pass over the owners. Each key is read once and checked (checkKey) as it is
   * read, so a getter or a proxy cannot hand the check one value and the hashing another, and no
   * copy of the keys is made. A getter may route meanwhile (re-entering the engine); the router
   * refuses an update from one (RegionRouter's #read), so every key is answered on one ring.
   * Where names[owner] is undefined (an excluded region's) and `walkOn` is given, the answer is
   * walkOn(the node the key landed on) (regionAt).
   */
  routeMany(keys: readonly unknown[], out: Answers, names: RegionTable, walkOn?: WalkOn): void;
  /**
   * route() for keys[0 .. count), read and checked as routeMany reads them, each owner written as
   * indexOf writes it into out[0 .. count) (table: the router's owner -> region index, with
   * EXCLUDED owners; without one, the owner itself); -1 on an empty ring.
   */
  routeIndexes(keys: readonly unknown[], count: number, out: Int32Array, table?: Int32Array): void;
  /** locate() for a key given by its 16-byte MD5 digest (the key itself not needed). */
  locateDigest(digest: Uint8Array): number;
  /**
   * Owners of ids given as bytes, hashed exactly as given: id i is data[spans[i*stride] ..
   * spans[i*stride + 1]), stride 1 = Arrow-style offsets (count + 1 ascending), stride 2 = [start,
   * end) pairs; out[i] = owner (as indexOf writes it when a table is given), -1 on an empty ring. The
   * caller has checked every span lies inside data, and that out shares no memory with data or
   * spans. Memory stays bounded for any count (chunked, as routeMany). Bytes that are a string's
   * UTF-8 get that string's route(). With `reserve` (and offsets, stride 1), the room the call needs
   * is taken before any answer is written: memory that cannot be had is then a RangeError with out
   * as it was.
   */
  routeBytes(data: Uint8Array, spans: Int32Array | Uint32Array, count: number, stride: 1 | 2, out: Int32Array, table?: Int32Array, reserve?: boolean): void;
  /** The index (in position order) of the virtual node route() lands on; -1 on an empty ring. */
  locate(key: string): number;
  /** locate() for a key given as bytes, hashed exactly as given. */
  locateBytes(key: Uint8Array): number;
  /** The owner of the virtual node at a position index (0 <= index < size). */
  ownerAt(index: number): number;
  /**
   * The 128-bit position at a position index (0 <= index < size), as stored: for a strict scheme,
   * one key step below the name's hash (1, or 2^96 for points), so that every scheme routes a key
   * to the first stored position at or after its own; points carry their generation order in the
   * low 64 bits.
   */
  positionAt(index: number): bigint;
  /** positionAt(index)'s top 32 bits (a point's own 32-bit value), without a BigInt. */
  headAt(index: number): number;
  /**
   * Drop every virtual node of the `remove` runs (each an owner with its names as they were added,
   * rank aside: an engine finds their nodes by position or by owner), then add the `add` runs, in
   * one merge. When it throws, the ring is unchanged (memory could not be had: a RangeError, before
   * anything moved), or, after a failure past that point, `intact` is false and the router rebuilds
   * the ring.
   */
  update(remove: readonly VnodeRun[], add: readonly VnodeRun[]): void;
  /** False once an update failed midway: nothing the ring holds can be trusted. */
  readonly intact: boolean;
  /** A new, empty ring of the same engine and scheme. */
  empty(): Ring;
  /** The 16-byte MD5 digest of the UTF-8 of text (the engine's own MD5, for fingerprints). */
  md5(text: string): Uint8Array;
  /** An independent copy. */
  clone(): Ring;
  /** The bytes the ring holds: the bench's memory figures (bench/sections/route.mjs, call-memory.mjs) and the tests'. */
  footprint(): Footprint;
}

/** Bytes a ring holds: its positions with their owners, its index, and all it has allocated (room to spare included). */
export interface Footprint {
  readonly positions: number;
  readonly index: number;
  readonly total: number;
}

/**
 * log2 of n/4 to n/2 buckets for n virtual nodes, so that each holds two to four: the ring index's
 * size below, and the buckets of the pure engine's counting sort of new nodes.
 */
export function sortBits(n: number): number {
  return Math.max(1, 31 - Math.clz32(n) - 1);
}

/** The ring index never has more than 2^INDEX_MAX_BITS buckets (a 256 KiB table)... */
export const INDEX_MAX_BITS = 16;
/** ... nor fewer than 2^INDEX_MIN_BITS (16 KiB). */
export const INDEX_MIN_BITS = 12;

/**
 * log2 of the number of buckets in the ring index for n virtual nodes. At least 2^12: on rings of
 * up to a few thousand nodes most buckets are then empty, so most lookups read their answer
 * straight from the table, with no scan whose length the branch predictor cannot know, and 16 KiB
 * fits beside such a ring in the first 64 KiB page of WebAssembly memory, which it occupies
 * anyway. Bigger rings get sortBits' n/4 to n/2 buckets (at most 2 bytes per node) up to 2^16
 * buckets; past that, a bigger table would itself miss the caches and the TLB. The WebAssembly
 * engine's index (src/engines/wasm/layout.ts); the pure engine searches its sorted array whole.
 */
export function indexBits(n: number): number {
  return Math.min(INDEX_MAX_BITS, Math.max(INDEX_MIN_BITS, sortBits(n)));
}
