// MD5 (RFC 1321) over linear memory: pure functions over a pointer and a length.
// The digest is left in four globals instead of being stored, so the ring code can read it as two
// big-endian 64-bit halves without a round trip through memory.
import { A0, B0, C0, D0, word } from "./md5-tables";
import { MD5_K as K, MD5_TAIL as TAIL } from "./memory-map";

export let A: u32 = 0;
export let B: u32 = 0;
export let C: u32 = 0;
export let D: u32 = 0;

// The auxiliary function of round r, in its cheapest equivalent form (r is a constant after
// inlining, so only one branch remains).
// @ts-ignore: decorator
@inline function aux(r: i32, b: u32, c: u32, d: u32): u32 {
  if (r == 0) return ((c ^ d) & b) ^ d;
  if (r == 1) return ((b ^ c) & d) ^ c;
  if (r == 2) return (c ^ d) ^ b;
  return c ^ (b | ~d);
}

// Step i of the block at p: a + x[word(i)] + K[i] + aux, rotated left by s, plus b. A single key's
// MD5 is a chain of 64 dependent steps, so the sum is ordered to put aux, which waits on the newest
// value b, last; the loads and the other additions run ahead of the chain.
// @ts-ignore: decorator
@inline function step(r: i32, i: usize, s: u32, a: u32, b: u32, c: u32, d: u32, p: usize): u32 {
  return rotl<u32>(a + load<u32>(p + (word(r, i) << 2)) + load<u32>(i << 2, K) + aux(r, b, c, d), s) + b;
}

// One 64-byte block at p, words read little-endian as MD5 wants. Four steps per loop iteration:
// the roles of a, b, c, d come back to where they started, and each rotation is a constant.
function compress(p: usize): void {
  let a = A, b = B, c = C, d = D;
  for (let i: usize = 0; i < 16; i += 4) {
    a = step(0, i, 7, a, b, c, d, p);        d = step(0, i + 1, 12, d, a, b, c, p);
    c = step(0, i + 2, 17, c, d, a, b, p);   b = step(0, i + 3, 22, b, c, d, a, p);
  }
  for (let i: usize = 16; i < 32; i += 4) {
    a = step(1, i, 5, a, b, c, d, p);        d = step(1, i + 1, 9, d, a, b, c, p);
    c = step(1, i + 2, 14, c, d, a, b, p);   b = step(1, i + 3, 20, b, c, d, a, p);
  }
  for (let i: usize = 32; i < 48; i += 4) {
    a = step(2, i, 4, a, b, c, d, p);        d = step(2, i + 1, 11, d, a, b, c, p);
    c = step(2, i + 2, 16, c, d, a, b, p);   b = step(2, i + 3, 23, b, c, d, a, p);
  }
  for (let i: usize = 48; i < 64; i += 4) {
    a = step(3, i, 6, a, b, c, d, p);        d = step(3, i + 1, 10, d, a, b, c, p);
    c = step(3, i + 2, 15, c, d, a, b, p);   b = step(3, i + 3, 21, b, c, d, a, p);
  }
  A += a; B += b; C += c; D += d;
}

/** MD5 of len bytes at ptr; the digest is left in A, B, C, D. */
export function md5(ptr: usize, len: usize): void {
  A = A0; B = B0; C = C0; D = D0;
  const end = ptr + (len & ~(<usize>63));
  for (; ptr < end; ptr += 64) compress(ptr);
  // The tail: the remaining bytes, 0x80, zeros, then the length in bits (little-endian u64), built
  // eight bytes at a time. Reading up to 7 bytes past the message is safe: callers keep slack.
  const rem = len & 63;
  const padded: usize = rem < 56 ? 64 : 128;
  const last = rem & ~(<usize>7);
  for (let i: usize = 0; i < last; i += 8) store<u64>(TAIL + i, load<u64>(ptr + i));
  const bits = <u64>(rem & 7) << 3;
  const tail = bits == 0 ? 0 : load<u64>(ptr + last) & ((<u64>1 << bits) - 1);
  store<u64>(TAIL + last, tail | (<u64>0x80 << bits));
  for (let i = last + 8; i < padded - 8; i += 8) store<u64>(TAIL + i, 0);
  store<u64>(TAIL + padded - 8, (<u64>len) << 3);
  compress(TAIL);
  if (padded == 128) compress(TAIL + 64);
}

/** Make the 16 digest bytes at ptr the digest, as md5 would have left it (a key given by its digest). */
export function setDigest(ptr: usize): void {
  A = load<u32>(ptr);
  B = load<u32>(ptr, 4);
  C = load<u32>(ptr, 8);
  D = load<u32>(ptr, 12);
}

/** Two little-endian MD5 words as the big-endian 64-bit half of the position they start. */
// @ts-ignore: decorator
@inline function bigEndian64(first: u32, second: u32): u64 {
  return (<u64>bswap<u32>(first) << 32) | <u64>bswap<u32>(second);
}

/** The digest as a 128-bit big-endian integer: its high 64 bits... */
// @ts-ignore: decorator
@inline export function digestHi(): u64 { return bigEndian64(A, B); }
/** ... and its low 64 bits. */
// @ts-ignore: decorator
@inline export function digestLo(): u64 { return bigEndian64(C, D); }
