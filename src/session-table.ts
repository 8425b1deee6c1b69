// The session id -> value table of BoundedLoads: open addressing with linear probing over a typed
// array of slots (a hash and an entry number each), the keys and the values in entries beside it
// (Python's compact dict), deletion by backward shift (no tombstones, so churn never forces a
// rehash). A probe reads the slots alone; a freed entry is the next one filled, so a session held
// briefly, or held where one was just let go, writes memory just touched: of 100,000 held sessions,
// a new one costs one place in memory the caches miss (its slot), where arrays of hashes, keys and
// values indexed by slot cost three. A JavaScript Map of 100,000 sessions costs a gateway more than
// the ring: its entries are scattered objects, and the deleted ones pile up until it rehashes them
// all. Hashing an id a code unit at a time is a large part of what a session costs, so a table
// first hashes a long id's length and its first and last SAMPLE / 2 units alone.
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
 * The most keys a table may be given (as a Map holds; its caller checks): in 2^25 slots and 2^24
 * entries, as many elements as an array gets quickly (V8's fill, or the holes of new Array(n),
 * take seconds past it).
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
  /**
   * Slot i: at 2i its key's hash (0 for an empty slot), at 2i + 1 its entry (an index into the
   * entries, below). Probes read only this array.
   */
  #slots = new Int32Array(2 * FIRST_SLOTS);
  /**
   * The entries: entry e's key and value, in room for as many as the slots may hold. An entry
   * freed by delete is the next one add fills (#free, a stack): a session held for a moment, or
   * held where one was just let go, is written where memory was just touched.
   */
  #keys: (string | undefined)[] = emptyArray(FIRST_SLOTS / 2);
  #values: (V | undefined)[] = emptyArray(FIRST_SLOTS / 2);
  /** The free entries, the next to fill on top (#top of them): the last freed, else the lowest never filled. */
  #free = freeEntries(FIRST_SLOTS / 2);
  #top = FIRST_SLOTS / 2;
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
    return this.#slots.length >> 1;
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
    return slot >= 0 ? this.#values[this.#slots[2 * slot + 1]] : this.#map?.get(key);
  }

  /**
   * Set the value of key, which is not in the table (BoundedLoads adds only sessions it does not
   * hold), and of which there is room for one more (fewer than MAX_KEYS: the caller checks, before
   * it changes anything).
   */
  add(key: string, hash: number, value: V): void {
    const count = this.#slots.length >> 1;
    if (this.#map === undefined && 2 * (this.#size + 1) > count) this.#resize(2 * count);
    // The empty slot where key's probe ended; growing, or the probe, may have made the table a Map.
    const slot = ~this.#find(key, hash);
    if (this.#map !== undefined) {
      this.#map.set(key, value);
      return;
    }
    const entry = this.#free[--this.#top];
    this.#slots[2 * slot] = this.#current(key, hash);
    this.#slots[2 * slot + 1] = entry;
    this.#keys[entry] = key;
    this.#values[entry] = value;
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
    const slots = this.#slots, mask = (slots.length >> 1) - 1;
    const entry = slots[2 * hole + 1];
    const value = this.#values[entry];
    this.#keys[entry] = this.#values[entry] = undefined;
    this.#free[this.#top++] = entry;
    // Backward shift: each key after the hole that may sit in it (its home is not in the cyclic
    // range (hole, slot]) moves into it, and its slot becomes the hole.
    for (let slot = (hole + 1) & mask; slots[2 * slot] !== 0; slot = (slot + 1) & mask) {
      if (((slot - slots[2 * slot]) & mask) < ((slot - hole) & mask)) continue;
      slots[2 * hole] = slots[2 * slot];
      slots[2 * hole + 1] = slots[2 * slot + 1];
      hole = slot;
    }
    slots[2 * hole] = 0;
    // Under an eighth full, half the slots (a quarter full then): memory follows what is held.
    if (8 * --this.#size < mask + 1 && mask + 1 > FIRST_SLOTS) this.#resize((mask + 1) / 2);
    return value;
  }

  /**
   * key's slot; else a negative number: ~ the empty slot where its probe ended, or, when the table
   * is a Map (or the probe made it one), -1, and the Map answers for key.
   */
  #find(key: string, hash: number): number {
    if (this.#map !== undefined) return -1;
    hash = this.#current(key, hash);
    const slots = this.#slots, mask = (slots.length >> 1) - 1;
    let slot = hash & mask;
    for (let probe = 0, twins = 0; slots[2 * slot] !== 0; probe++, slot = (slot + 1) & mask) {
      if (slots[2 * slot] === hash) {
        if (this.#keys[slots[2 * slot + 1]] === key) return slot;
        twins++;
      }
      if (probe === PROBE_LIMIT || twins === TWINS) {
        if (this.#sampled === undefined) {
          this.#flood();
          return -1;
        }
        this.#sampled = undefined;
        this.#resize(mask + 1);
        return this.#find(key, hash);
      }
    }
    return ~slot;
  }

  /**
   * `count` slots, every key put again, in its old slot's order, by the hash it was put with, or
   * anew when the table just stopped sampling (either may turn the table into a Map); the entries
   * made again for as many, in that order.
   */
  #resize(count: number): void {
    const slots = this.#slots, keys = this.#keys, values = this.#values;
    this.#slots = new Int32Array(2 * count);
    this.#keys = emptyArray(count / 2);
    this.#values = emptyArray(count / 2);
    this.#free = freeEntries(count / 2);
    this.#top = count / 2;
    this.#size = 0;
    for (let at = 0; at < slots.length; at += 2) {
      if (slots[at] !== 0) this.add(keys[slots[at + 1]] as string, slots[at], values[slots[at + 1]] as V);
    }
  }

  /** Every key into a Map, for good. */
  #flood(): void {
    const map = new Map<string, V>();
    for (let at = 0; at < this.#slots.length; at += 2) {
      if (this.#slots[at] !== 0) map.set(this.#keys[this.#slots[at + 1]] as string, this.#values[this.#slots[at + 1]] as V);
    }
    this.#map = map;
    this.#slots = new Int32Array(0);
    this.#keys = [];
    this.#values = [];
    this.#free = new Int32Array(0);
    this.#size = this.#top = 0;
  }
}

/** A stack of n free entries, entry 0 on top. */
function freeEntries(n: number): Int32Array {
  const stack = new Int32Array(n);
  for (let i = 0; i < n; i++) stack[i] = n - 1 - i;
  return stack;
}

/** An array of n undefined elements (packed: no holes to look past). */
function emptyArray<T>(n: number): (T | undefined)[] {
  return new Array<T | undefined>(n).fill(undefined);
}
