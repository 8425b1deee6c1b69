// The ring of n virtual nodes, sorted by position, in two arrays (structure of arrays):
//   keys   at ring:          n x 4 bytes   {owner: u16, fragment: u16}
//   tails  at ring + 4 * n:  n x 16 bytes  {hi: u64, lo: u64}, the 128-bit position
// The index `table` of 2^bits + 1 u32s (12 <= bits <= 16): table[b] is the first node whose top
// `bits` bits are >= b, so a key whose top bits are b has its lower bound in [table[b], table[b +
// 1]]. The wrapper picks bits (src/engines/ring.ts, indexBits). A node's fragment is the 16 bits of its
// position after those top bits, so within a bucket the keys alone order the nodes, and a lookup
// reads only `keys` (4 MB for a million nodes) unless a fragment ties with the key's, about once in
// 65,536 / (nodes per bucket) lookups; then the cold tail decides. 4-byte keys, not 8 with the
// owner and the top 32 bits: on the benchmark machine a random read costs ~25 ns in 4 MB and ~45-75
// in 8 MB. The price is at most 65,536 owners (src/router.ts holds regions to that). buildTable
// writes the fragments, since they depend on bits; the other functions leave them stale.
// Runs of new nodes (hashVnodes, sortEntries) use 20-byte entries {hi: u64, lo: u64, owner: u32}
// instead, which mergeEntries spreads into the two arrays.
// The layout in linear memory is decided by src/engines/wasm/layout.ts.
import { md5, digestHi, digestLo, A, B, C, D } from "./md5";
import { find, fragmentOf, keyAt, nodeHi, nodeLo, ownerOf, TAIL, tailsOf } from "./nodes";

// A ring's form: how its positions are made from names and keys, packed in a u32 by the wrapper
// (src/engines/wasm/ring.ts, from the dialect's Scheme in src/engines/ring.ts):
//   bits 0-2  points per name: 0 for one 128-bit position (the digest, big-endian); 1-4 for that many
//             32-bit points (the digest's little-endian words), each placed at point x 2^96
//   bit 3     STRICT: keys go to the first position strictly after them (bisect_right). Rather than
//             search differently, every position is stored one key step lower (1, or 2^96 for
//             points), so the one search, first position at or after the key, answers both.
//   bit 4     LAST_WINS: among equal points, the last generated owns it (else the first). Points
//             carry their generation order (rank, index) in their low 64 bits, which no key has,
//             so equal points sort with the owning one first and the search lands on it.
// @ts-ignore: decorator
@inline const POINTS: u32 = 7;
// @ts-ignore: decorator
@inline const STRICT: u32 = 8;
// @ts-ignore: decorator
@inline const LAST_WINS: u32 = 16;

/** A key's position, high 64 bits: for 32-bit points, its digest's first little-endian word x 2^96. */
// @ts-ignore: decorator
@inline function keyHi(form: u32): u64 { return form & POINTS ? <u64>A << 32 : digestHi(); }
/** ... and its low 64 bits. */
// @ts-ignore: decorator
@inline function keyLo(form: u32): u64 { return form & POINTS ? 0 : digestLo(); }

/** Little-endian word j (0-3) of the digest. */
// @ts-ignore: decorator
@inline function digestWord(j: u32): u32 { return j == 0 ? A : j == 1 ? B : j == 2 ? C : D; }

/** Bytes of a run entry; a ring node takes as many (4 in keys, 16 in tails). */
// @ts-ignore: decorator
@inline export const ENTRY: usize = 20;

// @ts-ignore: decorator
@inline function hiAt(e: usize): u64 { return load<u64>(e); }
// @ts-ignore: decorator
@inline function loAt(e: usize): u64 { return load<u64>(e, 8); }
// @ts-ignore: decorator
@inline function bucketOf(hi: u64, bits: u32): usize { return <usize>(hi >> (64 - <u64>bits)); }
// @ts-ignore: decorator
@inline function below(e: usize, hi: u64, lo: u64): bool {
  const h = hiAt(e);
  return h < hi || (h == hi && loAt(e) < lo);
}
/** Copy node i (its key and its tail) to index k, within the ring whose tails start at tails. */
// @ts-ignore: decorator
@inline function moveNode(ring: usize, tails: usize, i: u32, k: u32): void {
  store<u32>(keyAt(ring, k), load<u32>(keyAt(ring, i)));
  storeTail(tails, k, nodeHi(tails, i), nodeLo(tails, i));
}
// @ts-ignore: decorator
@inline function storeTail(tails: usize, k: u32, hi: u64, lo: u64): void {
  const u = tails + <usize>k * TAIL;
  store<u64>(u, hi);
  store<u64>(u, lo, 8);
}

/** The entry index a key of len bytes at key lands on, on a ring of the given form; -1 on an empty ring. */
export function locate(key: usize, len: usize, ring: usize, n: u32, table: usize, bits: u32, form: u32): i32 {
  if (n == 0) return -1;
  md5(key, len);
  return <i32>find(ring, n, table, bits, keyHi(form), keyLo(form));
}

/** The owner of the entry a key lands on; -1 on an empty ring. */
export function route(key: usize, len: usize, ring: usize, n: u32, table: usize, bits: u32, form: u32): i32 {
  const i = locate(key, len, ring, n, table, bits, form);
  return i < 0 ? -1 : ownerOf(ring, i);
}

/**
 * Route `count` keys in one call, one by one: key i is the bytes [spans[2i], spans[2i + 1]) after
 * `keys` (u32 offsets, so keys need not be back to back: lines of a file can stay where they are);
 * its owner goes to out[i] (an i32). The ring must not be empty. (assembly/simd.ts is the SIMD
 * version, twelve keys at a time.)
 */
export function routeMany(keys: usize, spans: usize, count: u32, ring: usize, n: u32, table: usize, bits: u32, form: u32, out: usize): void {
  for (let i: usize = 0; i < count; i++) {
    const start = load<u32>(spans + (i << 3));
    const len = <usize>(load<u32>(spans + (i << 3), 4) - start);
    store<i32>(out + (i << 2), route(keys + start, len, ring, n, table, bits, form));
  }
}

/**
 * routeMany's spans from UTF-16 code units to UTF-8 bytes, in place: the wrapper writes a batch's
 * keys as one string's UTF-8 at `keys` and knows each key's [start, end) only in code units. Walks
 * the text once: a lead byte below 0xF0 is one code unit (ASCII up to eight at a time), 0xF0 and
 * up is two (a surrogate pair). Returns false, the spans half done, when a pair straddles two keys
 * (a key ending in a lone high surrogate, the next starting with a low one: joined they made one
 * character, apart each is U+FFFD), and the wrapper then encodes key by key.
 */
export function utf8Spans(keys: usize, spans: usize, count: u32): bool {
  let p = keys;
  for (let s = spans, end = spans + (<usize>count << 3); s < end; s += 8) {
    let units = load<u32>(s, 4) - load<u32>(s);
    store<u32>(s, <u32>(p - keys));
    while (units > 0) {
      // Up to eight ASCII bytes at once (the text has KEY_OVERREAD readable bytes after it).
      const ascii = units < 8 ? units : 8;
      if ((load<u64>(p) & (0x8080808080808080 >> (<u64>(8 - ascii) << 3))) == 0) {
        p += ascii;
        units -= ascii;
        continue;
      }
      const lead = load<u8>(p);
      const pair = <u32>(lead >= 0xf0);
      if (units <= pair) return false;
      p += 1 + <usize>(lead >= 0xc0) + <usize>(lead >= 0xe0) + pair;
      units -= 1 + pair;
    }
    store<u32>(s, <u32>(p - keys), 4);
  }
  return true;
}

/** Fill table (2^bits + 1 entries, 12 <= bits <= 16) for the n sorted nodes at ring, and their keys' fragments. */
export function buildTable(ring: usize, n: u32, table: usize, bits: u32): void {
  const tails = tailsOf(ring, n);
  let b: usize = 0;
  for (let i: u32 = 0; i <= n; i++) {
    // Node i starts every bucket from the one after the previous node's up to its own; past the
    // last node, "node n" ends the table.
    const head = i < n ? <u32>(nodeHi(tails, i) >> 32) : 0;
    const bucket: usize = i < n ? head >> (32 - bits) : 1 << bits;
    for (; b <= bucket; b++) store<u32>(table + (b << 2), i);
    if (i < n) {
      const key = keyAt(ring, i);
      store<u32>(key, fragmentOf(head, bits) | load<u16>(key));
    }
  }
}

/**
 * Hash the names `${prefix}${i}` for i in [first, first + count) into unsorted entries at out: one
 * per name, or (form & POINTS) per name for 32-bit points, in generation order. name holds the
 * prefix's UTF-8 (prefixLen bytes) with room for ten more bytes, where the decimal digits of i are
 * written in place: no string is built per name. rank orders the run's points among the other
 * runs' when they tie (see the form, above).
 */
export function hashVnodes(name: usize, prefixLen: usize, first: u32, count: u32, owner: u32, rank: u32, form: u32, out: usize): void {
  const points = form & POINTS;
  const step: u32 = form & STRICT ? 1 : 0;
  let e = out;
  for (let k: u32 = 0; k < count; k++) {
    const i = first + k;
    let digits: usize = 1;
    for (let v = i; v >= 10; v /= 10) digits++;
    let v = i;
    for (let d = digits; d > 0; d--) {
      store<u8>(name + prefixLen + d - 1, 48 + v % 10);
      v /= 10;
    }
    md5(name, prefixLen + digits);
    if (points == 0) {
      // One step below the digest (with the borrow), for strict search.
      const lo = digestLo();
      store<u64>(e, digestHi() - <u64>(step > lo));
      store<u64>(e, lo - step, 8);
      store<u32>(e, owner, 16);
      e += ENTRY;
      continue;
    }
    for (let j: u32 = 0; j < points; j++) {
      const order = (<u64>rank << 32) | <u64>(i * points + j);
      store<u64>(e, <u64>(digestWord(j) - step) << 32);
      store<u64>(e, form & LAST_WINS ? ~order : order, 8);
      store<u32>(e, owner, 16);
      e += ENTRY;
    }
  }
}

// @ts-ignore: decorator
@inline function copyEntry(dst: usize, src: usize): void {
  store<u64>(dst, load<u64>(src));
  store<u64>(dst, load<u64>(src, 8), 8);
  store<u32>(dst, load<u32>(src, 16), 16);
}

/**
 * Sort n entries from src into dst (which must not overlap src): a counting sort on the top `bits`
 * bits of the position, then insertion sort inside each bucket (two to four entries on average with
 * the wrapper's sortBits, since positions are uniform). table (2^bits + 1 u32s) is the counting area.
 */
export function sortEntries(src: usize, n: u32, dst: usize, table: usize, bits: u32): void {
  const buckets: usize = 1 << bits;
  // Count bucket b into table[b + 1]; prefix sums then make table[b] the start of bucket b.
  memory.fill(table, 0, (buckets + 1) << 2);
  for (let i: u32 = 0; i < n; i++) {
    const cell = table + ((bucketOf(hiAt(src + <usize>i * ENTRY), bits) + 1) << 2);
    store<u32>(cell, load<u32>(cell) + 1);
  }
  for (let b: usize = 1; b <= buckets; b++) {
    store<u32>(table + (b << 2), load<u32>(table + (b << 2)) + load<u32>(table + ((b - 1) << 2)));
  }
  // Scatter with table[b] as bucket b's cursor: afterwards table[b] holds bucket b's end, which is
  // bucket b + 1's start. No second counts array is needed.
  for (let i: u32 = 0; i < n; i++) {
    const e = src + <usize>i * ENTRY;
    const cell = table + (bucketOf(hiAt(e), bits) << 2);
    const at = load<u32>(cell);
    store<u32>(cell, at + 1);
    copyEntry(dst + <usize>at * ENTRY, e);
  }
  // Insertion sort within each bucket; entries of different buckets are already in order.
  let start: u32 = 0;
  for (let b: usize = 0; b < buckets; start = load<u32>(table + (b++ << 2))) {
    const end = load<u32>(table + (b << 2));
    for (let i = start + 1; i < end; i++) {
      const e = dst + <usize>i * ENTRY;
      const hi = hiAt(e), lo = loAt(e), owner = load<u32>(e, 16);
      let j = i;
      while (j > start && !below(dst + <usize>(j - 1) * ENTRY, hi, lo)) j--;
      if (j == i) continue;
      const at = dst + <usize>j * ENTRY;
      memory.copy(at + ENTRY, at, <usize>(i - j) * ENTRY);
      store<u64>(at, hi);
      store<u64>(at, lo, 8);
      store<u32>(at, owner, 16);
    }
  }
}

/**
 * Merge the m sorted run entries at run into the n sorted nodes at ring, in place, from the back:
 * the tails move up first to make room, then one pass. ring must have room for n + m nodes and
 * must not overlap run. One pass, no re-sort.
 */
export function mergeEntries(ring: usize, n: u32, run: usize, m: u32): void {
  const from = tailsOf(ring, n);
  const tails = tailsOf(ring, n + m);
  memory.copy(tails, from, <usize>n * TAIL);
  let i = n, j = m, k = n + m;
  while (j > 0) {
    const r = run + <usize>(j - 1) * ENTRY;
    k--;
    if (i > 0 && below(r, nodeHi(tails, i - 1), nodeLo(tails, i - 1))) {
      moveNode(ring, tails, --i, k);
    } else {
      j--;
      // The key's fragment is left to buildTable.
      store<u32>(keyAt(ring, k), load<u32>(r, 16));
      storeTail(tails, k, hiAt(r), loAt(r));
    }
  }
}

/** Drop, in place, the nodes whose owner has a non-zero byte in mask; returns the new count. */
export function removeOwners(ring: usize, n: u32, mask: usize): u32 {
  const tails = tailsOf(ring, n);
  let kept: u32 = 0;
  for (let i: u32 = 0; i < n; i++) {
    if (load<u8>(mask + <usize>ownerOf(ring, i)) != 0) continue;
    if (kept != i) moveNode(ring, tails, i, kept);
    kept++;
  }
  // The tails follow the (shorter) keys array.
  memory.copy(tailsOf(ring, kept), tails, <usize>kept * TAIL);
  return kept;
}
