// The session id -> value table of BoundedLoads: open addressing with linear probing over a typed
// array of hashes, the keys and the values in two arrays beside it, deletion by backward shift (no
// tombstones, so churn never forces a rehash). A JavaScript Map of 100,000 sessions costs a
// gateway more than the ring: its entries are scattered objects, and the deleted ones pile up until
// it rehashes them all. Hashing an id a code unit at a time is a large part of what a session
// costs, so a table first hashes a long id's length and its first and last SAMPLE / 2 units alone.
// The hashes are seeded per table but are no keyed hash: ids can be made to collide whatever the
// seed, and ids alike where the sample looks collide by themselves. So a probe that meets what
// chance would not (more than PROBE_LIMIT slots, or TWINS other keys of its very hash) makes a
// sampling table hash every code unit from then on (its keys hashed again, once), and a table that
// does turns into a Map for good: the most an attacker can make a call cost is a Map's, plus those
// bounded probes.

/** A probe longer than this does not happen by chance at a load of at most 1/2. */
export const PROBE_LIMIT = 128;
/** Other keys of a probe's very 32-bit hash met in one probe: by chance, about never. */
export const TWINS = 2;
/** Code units a sampling table hashes of a longer key: its first and last SAMPLE / 2. */
export const SAMPLE = 16;
/** Slots of a new table (a power of two), and the fewest it shrinks to. */
const FIRST_SLOTS = 16;
/**
 * The most keys a table may be given (as a Map holds; its caller checks): in 2^25 slots, the most
 * elements an array gets quickly (V8's fill, or the holes of new Array(n), take seconds past it).
 */
export const MAX_KEYS = 2 ** 24;

/** How a table hashes keys: BoundedLoads takes the defaults, tests their own. */
export interface TableOptions {
  /** The hashes' seed (a random one by default). */
  readonly seed?: number;
  /** The hash of every code unit (hashOf by default). */
  readonly hash?: (key: string, seed: number) => number;
  /** The hash a table takes first, until a probe meets what chance would not (sampledHashOf by default; none when `hash` is given). */
  readonly sampled?: (key: string, seed: number) => number;
}

/**
 * A 32-bit hash of key's UTF-16 code units, two at a time, seeded.
 * (TextEncoder.encodeInto would read four bytes at a time, but its call costs more than the loop.)
 */
export function hashOf(key: string, seed: number): number {
  return finish(units(key, seed ^ key.length, 0, key.length));
}

/** hashOf of a key of at most SAMPLE code units; of a longer one, its length and its first and last SAMPLE / 2 units alone. */
export function sampledHashOf(key: string, seed: number): number {
  const n = key.length;
  if (n <= SAMPLE) return hashOf(key, seed);
  return finish(units(key, units(key, seed ^ n, 0, SAMPLE / 2), n - SAMPLE / 2, n));
}

/** h with key's code units [from, to) mixed in, two at a time. */
function units(key: string, h: number, from: number, to: number): number {
  let i = from;
  for (; i + 1 < to; i += 2) h = Math.imul(h ^ (key.charCodeAt(i) | (key.charCodeAt(i + 1) << 16)), 0xcc9e2d51) ^ (h >>> 15);
  if (i < to) h = Math.imul(h ^ key.charCodeAt(i), 0xcc9e2d51);
  return h;
}

/** murmur3's finalizer: every bit of h reaches the low bits that pick the slot. */
function finish(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * Session id -> value. Every call takes the key's hash (hash(key)), so that a caller looking a key
 * up and then adding it hashes it once.
 */
export class SessionTable<V> {
  /** Slot i's key's hash, 0 for an empty slot. */
  #hashes = new Int32Array(FIRST_SLOTS);
  /** Slot i's key, and its value. */
  #keys: (string | undefined)[] = emptyArray(FIRST_SLOTS);
  #values: (V | undefined)[] = emptyArray(FIRST_SLOTS);
  #size = 0;
  readonly #seed: number;
  readonly #hashOf: (key: string, seed: number) => number;
  /** The hash taken until a probe meets what chance would not; then undefined, for good. */
  #sampled: ((key: string, seed: number) => number) | undefined;
  /** Set once a probe met what chance would not: the table from then on. */
  #map: Map<string, V> | undefined;

  constructor({ seed = (Math.random() * 2 ** 32) | 0, hash, sampled }: TableOptions = {}) {
    this.#seed = seed;
    this.#hashOf = hash ?? hashOf;
    this.#sampled = sampled ?? (hash === undefined ? sampledHashOf : undefined);
  }

  get size(): number {
    return this.#map === undefined ? this.#size : this.#map.size;
  }

  /** Slots of the table (0 once it is a Map): what it holds in memory. */
  get slots(): number {
    return this.#hashes.length;
  }

  /** True once the table holds its keys in a Map. */
  get flooded(): boolean {
    return this.#map !== undefined;
  }

  /** True while the table hashes long keys by a sample of their code units. */
  get sampling(): boolean {
    return this.#sampled !== undefined;
  }

  /**
   * The hash the other calls take for key: an int32, never 0 (which marks an empty slot); its top
   * bit set once the table hashes every code unit, so that a call given a hash taken before can
   * tell.
   */
  hash(key: string): number {
    return this.#sampled === undefined ? this.#hashOf(key, this.#seed) | 0x80000000 : (this.#sampled(key, this.#seed) & 0x7fffffff) || 1;
  }

  /** `hash`, or key's hash anew when it was taken while the table sampled and it no longer does. */
  #current(key: string, hash: number): number {
    return hash > 0 && this.#sampled === undefined ? this.hash(key) : hash;
  }

  get(key: string, hash: number): V | undefined {
    const slot = this.#find(key, hash);
    return slot >= 0 ? this.#values[slot] : this.#map?.get(key);
  }

  /**
   * Set the value of key, which is not in the table (BoundedLoads adds only sessions it does not
   * hold), and of which there is room for one more (fewer than MAX_KEYS: the caller checks, before
   * it changes anything).
   */
  add(key: string, hash: number, value: V): void {
    if (this.#map === undefined && 2 * (this.#size + 1) > this.#hashes.length) this.#resize(2 * this.#hashes.length);
    // The empty slot where key's probe ended; growing, or the probe, may have made the table a Map.
    const slot = ~this.#find(key, hash);
    if (this.#map !== undefined) {
      this.#map.set(key, value);
      return;
    }
    this.#hashes[slot] = this.#current(key, hash);
    this.#keys[slot] = key;
    this.#values[slot] = value;
    this.#size++;
  }

  /** Remove key: its value, undefined when it was not there. */
  delete(key: string, hash: number): V | undefined {
    let hole = this.#find(key, hash);
    if (hole < 0) {
      const value = this.#map?.get(key);
      this.#map?.delete(key);
      return value;
    }
    const hashes = this.#hashes, keys = this.#keys, values = this.#values, mask = hashes.length - 1;
    const value = values[hole];
    // Backward shift: each key after the hole that may sit in it (its home is not in the cyclic
    // range (hole, slot]) moves into it, and its slot becomes the hole.
    for (let slot = (hole + 1) & mask; hashes[slot] !== 0; slot = (slot + 1) & mask) {
      if (((slot - hashes[slot]) & mask) < ((slot - hole) & mask)) continue;
      hashes[hole] = hashes[slot];
      keys[hole] = keys[slot];
      values[hole] = values[slot];
      hole = slot;
    }
    hashes[hole] = 0;
    keys[hole] = values[hole] = undefined;
    // Under an eighth full, half the slots (a quarter full then): memory follows what is held.
    if (8 * --this.#size < hashes.length && hashes.length > FIRST_SLOTS) this.#resize(hashes.length / 2);
    return value;
  }

  /**
   * key's slot; else a negative number: ~ the empty slot where its probe ended, or, when the table
   * is a Map (or the probe made it one), -1, and the Map answers for key.
   */
  #find(key: string, hash: number): number {
    if (this.#map !== undefined) return -1;
    hash = this.#current(key, hash);
    const hashes = this.#hashes, mask = hashes.length - 1;
    let slot = hash & mask;
    for (let probe = 0, twins = 0; hashes[slot] !== 0; probe++, slot = (slot + 1) & mask) {
      if (hashes[slot] === hash) {
        if (this.#keys[slot] === key) return slot;
        twins++;
      }
      if (probe === PROBE_LIMIT || twins === TWINS) {
        if (this.#sampled === undefined) {
          this.#flood();
          return -1;
        }
        this.#sampled = undefined;
        this.#resize(hashes.length);
        return this.#find(key, hash);
      }
    }
    return ~slot;
  }

  /**
   * `slots` slots, every key put again by the hash it was put with, or anew when the table just
   * stopped sampling (either may turn the table into a Map).
   */
  #resize(slots: number): void {
    const hashes = this.#hashes, keys = this.#keys, values = this.#values;
    this.#hashes = new Int32Array(slots);
    this.#keys = emptyArray(slots);
    this.#values = emptyArray(slots);
    this.#size = 0;
    for (let slot = 0; slot < hashes.length; slot++) {
      if (hashes[slot] !== 0) this.add(keys[slot] as string, hashes[slot], values[slot] as V);
    }
  }

  /** Every key into a Map, for good. */
  #flood(): void {
    const map = new Map<string, V>();
    for (let slot = 0; slot < this.#hashes.length; slot++) {
      if (this.#hashes[slot] !== 0) map.set(this.#keys[slot] as string, this.#values[slot] as V);
    }
    this.#map = map;
    this.#hashes = new Int32Array(0);
    this.#keys = [];
    this.#values = [];
    this.#size = 0;
  }
}

/** An array of n undefined elements (packed: no holes to look past). */
function emptyArray<T>(n: number): (T | undefined)[] {
  return new Array<T | undefined>(n).fill(undefined);
}
