// The ring of n virtual nodes, sorted by position, in two arrays (structure of arrays; the sizes
// are shared.ts's KEY_BYTES and TAIL_BYTES):
//   keys   at ring:          n x 4 bytes   {owner: u16, fragment: u16}
//   tails  at ring + 4 * n:  n x 16 bytes  {hi: u64, lo: u64}, the 128-bit position
// The index `table` of 2^bits + 1 u32s (12 <= bits <= 16): table[b] is the first node whose top
// `bits` bits are >= b, so a key whose top bits are b has its lower bound in [table[b], table[b +
// 1]]. The wrapper picks bits (src/engines/ring.ts, indexBits). A node's fragment is the 16 bits of its
// position after those top bits, so within a bucket the keys alone order the nodes, and a lookup
// reads only `keys` (4 MB for a million nodes) unless a fragment ties with the key's, about once in
// 65,536 / (nodes per bucket) lookups; then the cold tail decides. 4-byte keys, not 8 with the
// owner and the top 32 bits: a random read in half the memory misses the caches and the TLB less
// often. The price is at most 65,536 owners (src/router.ts holds regions to that). buildTable
// writes the fragments, since they depend on bits, and mergeEntries the merged run's; a node moved
// by removeOwners keeps its own, stale once bits change.
// A run of new nodes has the same two arrays (keys holding only the owner until its fragment is
// written): hashVnodes writes it, sortEntries sorts it in place, and either it was written straight
// into an empty ring, or mergeEntries merges it into the ring.
// The layout in linear memory is decided by src/engines/wasm/layout.ts.
import { md5, setDigest, A, B, C, D } from "./md5";
import { find, fragmentOf, keyAt, nodeHi, nodeLo, ownerOf, TAIL, tailsOf } from "./nodes";
import { firstName, keyHi, keyLo, nextName, perName, storeName } from "./names";
import { DIGEST, INDEXES, KEY_BYTES } from "./shared";
import { after, moveNode, storeTail } from "./sort";

// A ring's form (points per name, STRICT, LAST_WINS) is described in ./names.ts, with the rules
// that make a name's nodes and a key's position.

/**
 * The entry index a key of len bytes at key lands on, on a ring of the given form; -1 on an empty
 * ring. With DIGEST in form, key holds the key's 16-byte MD5 digest instead (len unused).
 */
export function locate(key: usize, len: usize, ring: usize, n: u32, table: usize, bits: u32, form: u32): i32 {
  if (n == 0) return -1;
  if (form & DIGEST) setDigest(key);
  else md5(key, len);
  return <i32>find(ring, n, table, bits, keyHi(form), keyLo(form));
}

/**
 * Route `count` keys in one call, one by one: key i is the bytes from `keys` + the u32 at spans +
 * i * step to `keys` + the u32 4 bytes after it; its owner goes to out[i] (an i32), or with INDEXES
 * in form the index of its node (the start of a walk around excluded regions). Step 8 reads
 * [start, end) pairs (keys need not be back to back: lines of a file can stay where they are), step
 * 4 Arrow's offsets (key i ends where key i + 1 starts). The ring must not be empty.
 * (assembly/simd.ts is the SIMD version, twelve keys at a time.)
 */
export function routeMany(keys: usize, spans: usize, count: u32, ring: usize, n: u32, table: usize, bits: u32, form: u32, out: usize, step: usize): void {
  for (let i: usize = 0; i < count; i++) {
    const start = load<u32>(spans + i * step);
    const len = <usize>(load<u32>(spans + i * step, 4) - start);
    const at = <u32>locate(keys + start, len, ring, n, table, bits, form);
    store<i32>(out + (i << 2), form & INDEXES ? at : ownerOf(ring, at));
  }
}

/**
 * routeMany's offsets (count + 1, the first 0) from UTF-16 code units to UTF-8 bytes, in place:
 * the wrapper writes a batch's keys as one string's UTF-8 at `keys` and knows where each key ends
 * only in code units. Walks the text once: a lead byte below 0xF0 is one code unit, 0xF0 and up two
 * (a surrogate pair); ASCII sixteen bytes at a time while a key has sixteen code units left (so as
 * many bytes), then up to eight. Returns false, the offsets half done, when a pair straddles two
 * keys (a key ending in a lone high surrogate, the next starting with a low one: joined they made
 * one character, apart each is U+FFFD), and the wrapper then encodes key by key.
 */
export function utf8Spans(keys: usize, offsets: usize, count: u32): bool {
  let p = keys;
  for (let s = offsets, end: u32 = 0; count > 0; count--, s += 4) {
    // The key's end in code units, read before its place gets the end in bytes.
    let units = load<u32>(s, 4) - end;
    end += units;
    // A pair cannot straddle here: the key goes on past this character.
    while (units >= 16) {
      if (((load<u64>(p) | load<u64>(p, 8)) & HIGH) == 0) {
        p += 16;
        units -= 16;
        continue;
      }
      const lead = load<u8>(p);
      const pair = <u32>(lead >= 0xf0);
      p += lead < 0x80 ? 1 : 2 + <usize>(lead >= 0xe0) + pair;
      units -= 1 + pair;
    }
    while (units > 0) {
      // Up to eight ASCII bytes at once (the text has KEY_OVERREAD readable bytes after it).
      const ascii = units < 8 ? units : 8;
      if ((load<u64>(p) & (HIGH >> (<u64>(8 - ascii) << 3))) == 0) {
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

/** The high bit of each of eight bytes: ASCII has none. */
// @ts-ignore: decorator
@inline const HIGH: u64 = 0x8080808080808080;

/**
 * Fill table (2^bits + 1 entries, 12 <= bits <= 16) for the n sorted nodes at ring, and their keys'
 * fragments. Entry b is the first node of bucket b or after (n past the last): the number of nodes
 * in the buckets below b, each bucket's nodes counted and then summed, with no branch on how many
 * buckets a node starts (a loop over them mispredicts its exit about once a node).
 */
export function buildTable(ring: usize, n: u32, table: usize, bits: u32): void {
  const tails = tailsOf(ring, n);
  const end = table + ((<usize>1 << bits) << 2);
  memory.fill(table, 0, end + 4 - table);
  for (let key = ring, tail = tails; key < tails; key += KEY_BYTES, tail += TAIL) {
    // The head: the top 32 bits of the position, the upper half of the tail's first u64.
    const head = load<u32>(tail, 4);
    const cell = table + (<usize>(head >> (32 - bits)) << 2);
    store<u32>(cell, load<u32>(cell) + 1);
    store<u32>(key, fragmentOf(head, bits) | load<u16>(key));
  }
  // Each bucket's count becomes the nodes before it; the cell past the last, counted 0, gets n.
  for (let cell = table, sum: u32 = 0; cell <= end; cell += 4) {
    const count = load<u32>(cell);
    store<u32>(cell, sum);
    sum += count;
  }
}

/**
 * Hash the names `${prefix}${i}` for i in [0, count) into a run at keys and tails (see the top of
 * this file), in generation order: for each name its nodes, one, or (form & POINTS) for 32-bit
 * points (names.ts). name holds the prefix's UTF-8 (prefixLen bytes) with room for ten more bytes,
 * where each name's decimal digits are written in turn (names.ts, nextName): no string is built
 * per name. rank orders the run's points among the other runs' when they tie. (assembly/build.ts
 * is the SIMD version, twelve names at a time.)
 */
export function hashVnodes(name: usize, prefixLen: usize, count: u32, owner: u32, rank: u32, form: u32, keys: usize, tails: usize): void {
  const per = perName(form);
  let len = firstName(name, prefixLen);
  for (let i: u32 = 0; i < count; i++) {
    md5(name, len);
    storeName(keys, tails, form, owner, rank, i, A, B, C, D, false);
    keys += per * KEY_BYTES;
    tails += per * TAIL;
    len = nextName(name, prefixLen, len);
  }
}

/**
 * Merge the m sorted nodes of a run (keys at run, tails after them) into the n sorted nodes at ring,
 * in place; a run node goes after the ring's nodes equal to it. ring must have room for n + m
 * nodes, and run must not overlap it. Each stretch of the ring's nodes between two run nodes moves
 * once, by memory.copy, from the back: first the tails (which move up past the grown keys), then the
 * keys. Where each stretch begins is found by walking back from where the last one began, so
 * every old node is passed once however many run nodes there are. bounds: m u32s of scratch, those
 * beginnings.
 *
 * The run's keys get their fragment for `bits`. When `from` is not 0, it is the ring's index for n
 * nodes and the same bits, and the index of the merged ring is written at table from it (before
 * the merge, which may cover `from`), without reading the ring; else the caller runs buildTable.
 */
export function mergeEntries(ring: usize, n: u32, run: usize, m: u32, from: usize, table: usize, bits: u32, bounds: usize): void {
  const runTails = tailsOf(run, m);
  if (from != 0) {
    // Entry b of the index grows by the run nodes in buckets below b: downwards, since the new
    // table may overlap the end of the old one.
    let j = m;
    for (let b: i32 = 1 << bits; b >= 0; b--) {
      while (j > 0 && <i32>(nodeHi(runTails, j - 1) >> (64 - <u64>bits)) >= b) j--;
      store<u32>(table + (<usize>b << 2), load<u32>(from + (<usize>b << 2)) + j);
    }
  }
  const old = tailsOf(ring, n);
  const tails = tailsOf(ring, n + m);
  let i = n;
  for (let j = m; j > 0; j--) {
    const h = nodeHi(runTails, j - 1), l = nodeLo(runTails, j - 1);
    // The old nodes [a, i) are those after run node j - 1.
    let a = i;
    while (a > 0 && after(old, a - 1, h, l)) a--;
    memory.copy(tails + <usize>(a + j) * TAIL, old + <usize>a * TAIL, <usize>(i - a) * TAIL);
    storeTail(tails, a + j - 1, h, l);
    store<u32>(bounds + (<usize>(j - 1) << 2), a);
    i = a;
  }
  memory.copy(tails, old, <usize>i * TAIL);
  i = n;
  for (let j = m; j > 0; j--) {
    const a = load<u32>(bounds + (<usize>(j - 1) << 2));
    memory.copy(keyAt(ring, a + j), keyAt(ring, a), <usize>(i - a) * KEY_BYTES);
    store<u32>(keyAt(ring, a + j - 1), fragmentOf(<u32>(nodeHi(runTails, j - 1) >> 32), bits) | load<u16>(keyAt(run, j - 1)));
    i = a;
  }
}

/** Drop, in place, the nodes whose owner has a non-zero byte in mask; returns the new count. */
export function removeOwners(ring: usize, n: u32, mask: usize): u32 {
  const tails = tailsOf(ring, n);
  let kept: u32 = 0;
  for (let i: u32 = 0; i < n; i++) {
    if (load<u8>(mask + <usize>ownerOf(ring, i)) != 0) continue;
    moveNode(ring, tails, i, kept++);
  }
  // The tails follow the (shorter) keys array.
  memory.copy(tailsOf(ring, kept), tails, <usize>kept * TAIL);
  return kept;
}
