// The session id -> value table of BoundedLoads: open addressing with linear probing over a typed
// array of slots (a hash and an entry number each), the keys and the values in entries beside it
// (Python's compact dict), deletion by backward shift (no tombstones, so churn never forces a
// rehash). A probe reads the slots alone; a freed entry is the next one filled, so a session held
// briefly, or held where one was just let go, writes memory just touched: of 100,000 held sessions,
// a new one costs one place in memory the caches miss (its slot), where arrays of hashes, keys and
// values indexed by slot cost three. A JavaScript Map of 100,000 sessions costs a gateway more than
// the ring: its entries are scattered objects, and the deleted ones pile up until it rehashes them
// all (and it holds at most 2^24 entries, deleted ones included). Hashing an id a code unit at a
// time is a large part of what a session costs, so a table first hashes a long id's length and its
// first and last SAMPLE / 2 units alone (SAMPLED), with murmur3's rounds, seeded per table.
// Seeded murmur3 is no keyed hash (ids can be made to collide whatever the seed), and ids alike
// where the sample looks collide by themselves. So a probe that meets what chance would not (more
// than PROBE_LIMIT slots, or TWINS other keys of its very hash) takes the table a step up, its keys
// hashed again once: to every code unit (WHOLE), then to a keyed hash (KEYED: HalfSipHash-1-3's
// rounds under a random 64-bit key), which an attacker cannot make collide without the key. The
// most an attacker can cost a table is those two rehashes, once each in its life, and every call
// after them hashing the whole id.

/** A probe longer than this does not happen by chance at a load of at most 1/2. */
export const PROBE_LIMIT = 128;
/**
 * Other keys of a probe's very hash (30 bits) met in one probe: by chance, about never, even among
 * 2^24 keys (six keys of one 30-bit hash: about 2^-15).
 */
export const TWINS = 5;
/** Code units a sampling table hashes of a longer key: its first and last SAMPLE / 2. */
export const SAMPLE = 16;
/** Slots of a new table (a power of two), and the fewest it shrinks to. */
const FIRST_SLOTS = 16;
/**
 * The most keys a table may be given (its caller checks): in 2^25 slots and 2^24 entries, as many
 * elements as an array gets quickly (V8's fill, or the holes of new Array(n), take seconds past it).
 */
export const MAX_KEYS = 2 ** 24;

/**
 * How a table hashes, in the order it steps through them (the top two bits of every hash it
 * gives, so that a hash taken before a step is known to be stale): a sample of a long key, every
 * code unit, every code unit under a key.
 */
export const SAMPLED = 1, WHOLE = 2, KEYED = 3;

/** How a table hashes keys: BoundedLoads takes the defaults, tests their own. */
export interface TableOptions {
  /** The seed of the unkeyed hashes (a random one by default). */
  readonly seed?: number;
  /** The hash of every code unit (hashOf by default). */
  readonly hash?: (key: string, seed: number) => number;
  /** The hash a table takes first (sampledHashOf by default; none when `hash` is given: the table starts WHOLE). */
  readonly sampled?: (key: string, seed: number) => number;
  /** The keyed hash, under the table's key (keyedHashOf by default). */
  readonly keyed?: (key: string, k0: number, k1: number) => number;
}

/** A 32-bit hash of key's UTF-16 code units, two at a time, seeded (murmur3's rounds and finalizer). */
export function hashOf(key: string, seed: number): number {
  return finish(units(key, seed ^ key.length, 0, key.length));
}

/** hashOf of a key of at most SAMPLE code units; of a longer one, its length and its first and last SAMPLE / 2 units alone. */
export function sampledHashOf(key: string, seed: number): number {
  const n = key.length;
  if (n <= SAMPLE) return hashOf(key, seed);
  return finish(units(key, units(key, seed ^ n, 0, SAMPLE / 2), n - SAMPLE / 2, n));
}

/** h with key's code units [from, to) mixed in, two at a time: murmur3's block round (a bijection of h for each block). */
function units(key: string, h: number, from: number, to: number): number {
  let i = from;
  for (; i + 1 < to; i += 2) {
    h ^= scramble(key.charCodeAt(i) | (key.charCodeAt(i + 1) << 16));
    h = (Math.imul((h << 13) | (h >>> 19), 5) + 0xe6546b64) | 0;
  }
  return i < to ? h ^ scramble(key.charCodeAt(i)) : h;
}

/** murmur3's block scramble. */
function scramble(k: number): number {
  k = Math.imul(k, 0xcc9e2d51);
  return Math.imul((k << 15) | (k >>> 17), 0x1b873593);
}

/** murmur3's finalizer: every bit of h reaches the low bits that pick the slot. */
function finish(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/**
 * A keyed 32-bit hash of key's UTF-16 code units under the 64-bit key (k0, k1): HalfSipHash-1-3's
 * rounds (Aumasson and Bernstein) over the units two a word, the last word the odd unit and the
 * length. Slower than hashOf; ids cannot be made to collide under it without the key.
 */
export function keyedHashOf(key: string, k0: number, k1: number): number {
  const n = key.length, words = (n >> 1) + 1;
  let v0 = k0 | 0, v1 = k1 | 0, v2 = 0x6c796765 ^ k0, v3 = 0x74656462 ^ k1;
  // The words, then three rounds of finalization (words of 0, with v2 marked before them).
  for (let w = 0; w < words + 3; w++) {
    const m = w < words - 1 ? key.charCodeAt(2 * w) | (key.charCodeAt(2 * w + 1) << 16) : w === words - 1 ? (n & 1 ? key.charCodeAt(n - 1) : 0) | (n << 16) : 0;
    if (w === words) v2 ^= 0xff;
    v3 ^= m;
    v0 = (v0 + v1) | 0, v1 = ((v1 << 5) | (v1 >>> 27)) ^ v0, v0 = (v0 << 16) | (v0 >>> 16);
    v2 = (v2 + v3) | 0, v3 = ((v3 << 8) | (v3 >>> 24)) ^ v2;
    v0 = (v0 + v3) | 0, v3 = ((v3 << 7) | (v3 >>> 25)) ^ v0;
    v2 = (v2 + v1) | 0, v1 = ((v1 << 13) | (v1 >>> 19)) ^ v2, v2 = (v2 << 16) | (v2 >>> 16);
    v0 ^= m;
  }
  return v1 ^ v3;
}

/** 32 random bits: the platform's cryptographic source where there is one (a key an attacker cannot guess). */
function randomWord(): number {
  const crypto = (globalThis as { crypto?: { getRandomValues?(array: Int32Array): Int32Array } }).crypto;
  return typeof crypto?.getRandomValues === "function" ? crypto.getRandomValues(new Int32Array(1))[0] : (Math.random() * 2 ** 32) | 0;
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
  readonly #sampled: (key: string, seed: number) => number;
  readonly #whole: (key: string, seed: number) => number;
  readonly #keyed: (key: string, k0: number, k1: number) => number;
  /** SAMPLED, WHOLE or KEYED: how the table hashes now; it only steps up. */
  #mode: number;
  /** The keyed hash's key, drawn when the table steps up to it. */
  #k0 = 0;
  #k1 = 0;

  constructor({ seed = (Math.random() * 2 ** 32) | 0, hash, sampled, keyed }: TableOptions = {}) {
    this.#seed = seed;
    this.#whole = hash ?? hashOf;
    this.#keyed = keyed ?? keyedHashOf;
    this.#sampled = sampled ?? sampledHashOf;
    this.#mode = sampled !== undefined || hash === undefined ? SAMPLED : WHOLE;
  }

  get size(): number {
    return this.#size;
  }

  /** Slots of the table: what it holds in memory. */
  get slots(): number {
    return this.#slots.length >> 1;
  }

  /** How the table hashes now: SAMPLED, WHOLE or KEYED. */
  get mode(): number {
    return this.#mode;
  }

  /**
   * The hash the other calls take for key: an int32 whose top two bits are the table's mode (so
   * never 0, which marks an empty slot), the rest the mode's hash.
   */
  hash(key: string): number {
    const mode = this.#mode;
    const h = mode === SAMPLED ? this.#sampled(key, this.#seed) : mode === WHOLE ? this.#whole(key, this.#seed) : this.#keyed(key, this.#k0, this.#k1);
    return (h & 0x3fffffff) | (mode << 30);
  }

  /** `hash`, or key's hash anew when it was taken before the table stepped up. */
  #current(key: string, hash: number): number {
    return hash >>> 30 === this.#mode ? hash : this.hash(key);
  }

  get(key: string, hash: number): V | undefined {
    const slot = this.#find(key, hash);
    return slot >= 0 ? this.#values[this.#slots[2 * slot + 1]] : undefined;
  }

  /**
   * Set the value of key, which is not in the table (BoundedLoads adds only sessions it does not
   * hold), and of which there is room for one more (fewer than MAX_KEYS: the caller checks, before
   * it changes anything).
   */
  add(key: string, hash: number, value: V): void {
    const count = this.#slots.length >> 1;
    if (2 * (this.#size + 1) > count) this.#resize(2 * count);
    // The empty slot where key's probe ended (the probe may have stepped the table up).
    const slot = ~this.#find(key, hash);
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
    if (hole < 0) return undefined;
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
   * key's slot; else ~ the empty slot where its probe ended. A probe that meets what chance would
   * not steps the table up (every key hashed again) and starts again; a keyed table goes on.
   */
  #find(key: string, hash: number): number {
    hash = this.#current(key, hash);
    const slots = this.#slots, mask = (slots.length >> 1) - 1;
    let slot = hash & mask;
    for (let probe = 0, twins = 0; slots[2 * slot] !== 0; probe++, slot = (slot + 1) & mask) {
      if (slots[2 * slot] === hash) {
        if (this.#keys[slots[2 * slot + 1]] === key) return slot;
        twins++;
      }
      if ((probe === PROBE_LIMIT || twins === TWINS) && this.#mode !== KEYED) {
        if (++this.#mode === KEYED) (this.#k0 = randomWord()), (this.#k1 = randomWord());
        this.#resize(mask + 1, true);
        return this.#find(key, hash);
      }
    }
    return ~slot;
  }

  /**
   * `count` slots, the entries made again for as many, and every key put again: by the hash it was
   * put with, in its old slot's order (the new slots then written in order); or, when the table
   * stepped up, hashed anew, in the entries' order (mostly the order the keys came in, and so
   * their strings' order in memory: every key is read).
   */
  #resize(count: number, stepped = false): void {
    const slots = this.#slots, keys = this.#keys, values = this.#values;
    this.#slots = new Int32Array(2 * count);
    this.#keys = emptyArray(count / 2);
    this.#values = emptyArray(count / 2);
    this.#free = freeEntries(count / 2);
    this.#top = count / 2;
    this.#size = 0;
    if (stepped) {
      for (let entry = 0; entry < keys.length; entry++) {
        const key = keys[entry];
        // A step while these are put again (hash stale then) takes them all anew itself.
        if (key !== undefined) this.add(key, this.hash(key), values[entry] as V);
      }
      return;
    }
    for (let at = 0; at < slots.length; at += 2) {
      if (slots[at] !== 0) this.add(keys[slots[at + 1]] as string, slots[at], values[slots[at + 1]] as V);
    }
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
