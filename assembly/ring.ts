// The ring: n entries of 20 bytes, sorted by position, each
//   [0..8)  hi: u64, the high half of the 128-bit big-endian position
//   [8..16) lo: u64, the low half
//   [16..20) owner: u32, the region's slot in the wrapper's region table
// and an index `table` of 2^bits + 1 u32s: table[b] is the first entry whose top `bits` bits are
// >= b, so a key whose top bits are b has its lower bound in [table[b], table[b + 1]].
// With 2^bits <= n that window holds one or two entries on average: a lookup is two cache misses,
// not log2(n). The layout in linear memory is decided by src/wasm/layout.ts.
import { md5, digestHi, digestLo } from "./md5";

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

/** Index of the first entry >= (hi, lo), wrapping to 0 past the end (bisect_left, then wrap). */
// @ts-ignore: decorator
@inline export function lowerBound(ring: usize, n: u32, table: usize, bits: u32, hi: u64, lo: u64): u32 {
  const slot = table + (bucketOf(hi, bits) << 2);
  let i = load<u32>(slot);
  const end = load<u32>(slot, 4);
  while (i < end && below(ring + <usize>i * ENTRY, hi, lo)) i++;
  return i == n ? 0 : i;
}

/** The entry index a key of len bytes at key lands on; -1 on an empty ring. */
export function locate(key: usize, len: usize, ring: usize, n: u32, table: usize, bits: u32): i32 {
  if (n == 0) return -1;
  md5(key, len);
  return <i32>lowerBound(ring, n, table, bits, digestHi(), digestLo());
}

/** The owner slot of the entry a key lands on; -1 on an empty ring. */
export function route(key: usize, len: usize, ring: usize, n: u32, table: usize, bits: u32): i32 {
  const i = locate(key, len, ring, n, table, bits);
  return i < 0 ? -1 : ownerOf(ring, i);
}

// @ts-ignore: decorator
@inline export function ownerOf(ring: usize, i: u32): i32 {
  return load<i32>(ring + <usize>i * ENTRY, 16);
}

/**
 * Route `count` keys in one call, one by one: key i is the bytes [offsets[i], offsets[i + 1]) after
 * `keys`; its owner slot goes to out[i] (an i32). The ring must not be empty. (assembly/batch.ts
 * is the SIMD version, four keys at a time.)
 */
export function routeMany(keys: usize, offsets: usize, count: u32, ring: usize, n: u32, table: usize, bits: u32, out: usize): void {
  for (let i: usize = 0; i < count; i++) {
    const start = load<u32>(offsets + (i << 2));
    const len = <usize>(load<u32>(offsets + (i << 2), 4) - start);
    store<i32>(out + (i << 2), route(keys + start, len, ring, n, table, bits));
  }
}

/** Fill table (2^bits + 1 entries) for the n sorted entries at ring. */
export function buildTable(ring: usize, n: u32, table: usize, bits: u32): void {
  const buckets: usize = 1 << bits;
  let i: u32 = 0;
  for (let b: usize = 0; b < buckets; b++) {
    while (i < n && bucketOf(hiAt(ring + <usize>i * ENTRY), bits) < b) i++;
    store<u32>(table + (b << 2), i);
  }
  store<u32>(table + (buckets << 2), n);
}

/**
 * Hash virtual nodes `${region}#${i}` for i in [first, first + count) into unsorted entries at out.
 * name holds the UTF-8 of `${region}#` (prefixLen bytes) with room for ten more bytes, where the
 * decimal digits of i are written in place: no string is built per node.
 */
export function hashVnodes(name: usize, prefixLen: usize, first: u32, count: u32, owner: u32, out: usize): void {
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
    const e = out + <usize>k * ENTRY;
    store<u64>(e, digestHi());
    store<u64>(e, digestLo(), 8);
    store<u32>(e, owner, 16);
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
 * bits of the position, then insertion sort inside each bucket (one or two entries on average, since
 * positions are uniform). table (2^bits + 1 u32s) ends up as the index of dst, ready for lookups.
 */
export function sortEntries(src: usize, n: u32, dst: usize, table: usize, bits: u32): void {
  const buckets: usize = 1 << bits;
  // Count bucket b into table[b + 1]; prefix sums then make table[b] the start of bucket b.
  memory.fill(table, 0, (buckets + 1) << 2);
  for (let i: u32 = 0; i < n; i++) {
    const slot = table + ((bucketOf(hiAt(src + <usize>i * ENTRY), bits) + 1) << 2);
    store<u32>(slot, load<u32>(slot) + 1);
  }
  for (let b: usize = 1; b <= buckets; b++) {
    store<u32>(table + (b << 2), load<u32>(table + (b << 2)) + load<u32>(table + ((b - 1) << 2)));
  }
  // Scatter with table[b] as bucket b's cursor: afterwards table[b] holds bucket b's end, that is
  // bucket b + 1's start, so one shift puts the starts back. No second counts array is needed.
  for (let i: u32 = 0; i < n; i++) {
    const e = src + <usize>i * ENTRY;
    const slot = table + (bucketOf(hiAt(e), bits) << 2);
    const at = load<u32>(slot);
    store<u32>(slot, at + 1);
    copyEntry(dst + <usize>at * ENTRY, e);
  }
  for (let b = buckets; b > 0; b--) store<u32>(table + (b << 2), load<u32>(table + ((b - 1) << 2)));
  store<u32>(table, 0);
  // Insertion sort within each bucket; entries of different buckets are already in order.
  for (let b: usize = 0; b < buckets; b++) {
    const start = load<u32>(table + (b << 2));
    const end = load<u32>(table + (b << 2), 4);
    for (let i = start + 1; i < end; i++) {
      const e = dst + <usize>i * ENTRY;
      const hi = hiAt(e), lo = loAt(e), owner = load<u32>(e, 16);
      let j = i;
      while (j > start && !below(dst + <usize>(j - 1) * ENTRY, hi, lo)) {
        copyEntry(dst + <usize>j * ENTRY, dst + <usize>(j - 1) * ENTRY);
        j--;
      }
      const at = dst + <usize>j * ENTRY;
      store<u64>(at, hi);
      store<u64>(at, lo, 8);
      store<u32>(at, owner, 16);
    }
  }
}

/**
 * Merge m sorted entries at run into the n sorted entries at ring, in place, from the back:
 * ring must have room for n + m entries and must not overlap run. One pass, no re-sort.
 */
export function mergeEntries(ring: usize, n: u32, run: usize, m: u32): void {
  let i = n, j = m, k = n + m;
  while (j > 0) {
    const r = run + <usize>(j - 1) * ENTRY;
    if (i > 0 && below(r, hiAt(ring + <usize>(i - 1) * ENTRY), loAt(ring + <usize>(i - 1) * ENTRY))) {
      copyEntry(ring + <usize>(--k) * ENTRY, ring + <usize>(--i) * ENTRY);
    } else {
      copyEntry(ring + <usize>(--k) * ENTRY, r);
      j--;
    }
  }
}

/** Drop, in place, the entries whose owner has a non-zero byte in mask; returns the new count. */
export function removeOwners(ring: usize, n: u32, mask: usize): u32 {
  let kept: u32 = 0;
  for (let i: u32 = 0; i < n; i++) {
    const e = ring + <usize>i * ENTRY;
    if (load<u8>(mask + <usize>load<u32>(e, 16)) != 0) continue;
    if (kept != i) copyEntry(ring + <usize>kept * ENTRY, e);
    kept++;
  }
  return kept;
}
