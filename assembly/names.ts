// How a ring's positions are made, in one place: virtual-node names and the nodes made from their
// digests, shared by the core's hashVnodes (assembly/ring.ts) and the SIMD build module's
// (assembly/build.ts), so that both write the same bytes; and a key's position from its digest
// (keyHi, keyLo), which the SIMD routeMany modules get as the swizzles src/engines/wasm/simd.ts
// writes for them (the same rule, as byte shuffles). No static data (see memory-map.ts).
//
// A ring's form: how its positions are made from names and keys, packed in a u32 by the wrapper
// (src/engines/wasm/layout.ts, from the dialect's Scheme in src/engines/ring.ts):
//   bits 0-2  points per name: 0 for one 128-bit position (the digest, big-endian); 1-4 for that many
//             32-bit points (the digest's little-endian words), each placed at point x 2^96
//   bit 3     STRICT: keys go to the first position strictly after them (bisect_right). Rather than
//             search differently, every position is stored one key step lower (1, or 2^96 for
//             points), so the one search, first position at or after the key, answers both.
//   bit 4     LAST_WINS: among equal points, the last generated owns it (else the first). Points
//             carry their generation order (rank, index) in their low 64 bits, which no key has,
//             so equal points sort with the owning one first and the search lands on it.

import { digestHi, digestLo, A } from "./md5";
import { KEY_BYTES, LAST_WINS, POINTS, STRICT, TAIL_BYTES } from "./shared";


/** Nodes per name for a form: its points, or one 128-bit position. */
// @ts-ignore: decorator
@inline export function perName(form: u32): usize {
  return <usize>max<u32>(1, form & POINTS);
}

/** Write the first name, `${prefix}0`, after the prefix's prefixLen bytes at name; returns its length. */
// @ts-ignore: decorator
@inline export function firstName(name: usize, prefixLen: usize): usize {
  store<u8>(name + prefixLen, 48);
  return prefixLen + 1;
}

/**
 * Turn the name of len bytes at name, a prefix of prefixLen bytes and a decimal number, into the
 * next number's name, in place, as an odometer turns (one digit nearly every time, rather than a
 * division per digit); returns its length, which grows by one after a run of nines.
 */
// @ts-ignore: decorator
@inline export function nextName(name: usize, prefixLen: usize, len: usize): usize {
  for (let p = name + len; p > name + prefixLen; ) {
    const digit = load<u8>(--p);
    if (digit != 57) {
      store<u8>(p, digit + 1);
      return len;
    }
    store<u8>(p, 48);
  }
  // All nines: a one, then the zeros, one digit longer.
  store<u8>(name + prefixLen, 49);
  store<u8>(name + len, 48);
  return len + 1;
}

/**
 * Store the nodes of name number `index` (perName of them) at keys (4 bytes each: the owner, whose
 * fragment buildTable or mergeEntries writes) and tails (16 bytes each: the position), as the form
 * says, from the digest's words w0-w3 (A-D) as MD5 leaves them, little-endian, or, when `swapped`
 * (a constant), for a 128-bit position, with the bytes of each already swapped (big-endian).
 */
// @ts-ignore: decorator
@inline export function storeName(keys: usize, tails: usize, form: u32, owner: u32, rank: u32, index: u32, w0: u32, w1: u32, w2: u32, w3: u32, swapped: bool): void {
  const points = form & POINTS;
  const step: u32 = form & STRICT ? 1 : 0;
  if (points == 0) {
    if (!swapped) {
      w0 = bswap<u32>(w0);
      w1 = bswap<u32>(w1);
      w2 = bswap<u32>(w2);
      w3 = bswap<u32>(w3);
    }
    // One step below the digest (with the borrow), for strict search.
    const lo = (<u64>w2 << 32) | w3;
    store<u32>(keys, owner);
    store<u64>(tails, ((<u64>w0 << 32) | w1) - <u64>(step > lo));
    store<u64>(tails, lo - step, 8);
    return;
  }
  for (let j: u32 = 0; j < points; j++) {
    const order = (<u64>rank << 32) | <u64>(index * points + j);
    store<u32>(keys + <usize>j * KEY_BYTES, owner);
    store<u64>(tails + <usize>j * TAIL_BYTES, <u64>(w0 - step) << 32);
    store<u64>(tails + <usize>j * TAIL_BYTES, form & LAST_WINS ? ~order : order, 8);
    // The next word.
    w0 = w1;
    w1 = w2;
    w2 = w3;
  }
}

/** A key's position, high 64 bits: for 32-bit points, its digest's first little-endian word x 2^96. */
// @ts-ignore: decorator
@inline export function keyHi(form: u32): u64 { return form & POINTS ? <u64>A << 32 : digestHi(); }
/** ... and its low 64 bits. */
// @ts-ignore: decorator
@inline export function keyLo(form: u32): u64 { return form & POINTS ? 0 : digestLo(); }
