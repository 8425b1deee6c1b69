// MD5 (RFC 1321) over linear memory: pure functions over a pointer and a length.
// The digest is left in four globals instead of being stored, so the ring code can read it as two
// big-endian 64-bit halves without a round trip through memory.

// Room for the padded tail of a message: at most two 64-byte blocks. Static data, not an allocation.
const TAIL: usize = memory.data(128);

export let A: u32 = 0;
export let B: u32 = 0;
export let C: u32 = 0;
export let D: u32 = 0;

// The 64 steps are unrolled with their constants as immediates: a single key's MD5 is a chain of
// dependent steps, and this is the fastest form of it (the SIMD module, built for throughput, loops).
// @ts-ignore: decorator
@inline function step(f: u32, a: u32, b: u32, x: u32, t: u32, s: u32): u32 {
  return rotl<u32>(a + x + t + f, s) + b;
}
// The four auxiliary functions, in their cheapest equivalent forms.
// @ts-ignore: decorator
@inline function F(b: u32, c: u32, d: u32): u32 { return ((c ^ d) & b) ^ d; }
// @ts-ignore: decorator
@inline function G(b: u32, c: u32, d: u32): u32 { return ((b ^ c) & d) ^ c; }
// @ts-ignore: decorator
@inline function H(b: u32, c: u32, d: u32): u32 { return (c ^ d) ^ b; }
// @ts-ignore: decorator
@inline function I(b: u32, c: u32, d: u32): u32 { return c ^ (b | ~d); }

// One 64-byte block at p, words read little-endian as MD5 wants.
function compress(p: usize): void {
  let a = A, b = B, c = C, d = D;
  const x0 = load<u32>(p, 0), x1 = load<u32>(p, 4), x2 = load<u32>(p, 8), x3 = load<u32>(p, 12);
  const x4 = load<u32>(p, 16), x5 = load<u32>(p, 20), x6 = load<u32>(p, 24), x7 = load<u32>(p, 28);
  const x8 = load<u32>(p, 32), x9 = load<u32>(p, 36), x10 = load<u32>(p, 40), x11 = load<u32>(p, 44);
  const x12 = load<u32>(p, 48), x13 = load<u32>(p, 52), x14 = load<u32>(p, 56), x15 = load<u32>(p, 60);

  a = step(F(b, c, d), a, b, x0, 0xd76aa478, 7);   d = step(F(a, b, c), d, a, x1, 0xe8c7b756, 12);
  c = step(F(d, a, b), c, d, x2, 0x242070db, 17);  b = step(F(c, d, a), b, c, x3, 0xc1bdceee, 22);
  a = step(F(b, c, d), a, b, x4, 0xf57c0faf, 7);   d = step(F(a, b, c), d, a, x5, 0x4787c62a, 12);
  c = step(F(d, a, b), c, d, x6, 0xa8304613, 17);  b = step(F(c, d, a), b, c, x7, 0xfd469501, 22);
  a = step(F(b, c, d), a, b, x8, 0x698098d8, 7);   d = step(F(a, b, c), d, a, x9, 0x8b44f7af, 12);
  c = step(F(d, a, b), c, d, x10, 0xffff5bb1, 17); b = step(F(c, d, a), b, c, x11, 0x895cd7be, 22);
  a = step(F(b, c, d), a, b, x12, 0x6b901122, 7);  d = step(F(a, b, c), d, a, x13, 0xfd987193, 12);
  c = step(F(d, a, b), c, d, x14, 0xa679438e, 17); b = step(F(c, d, a), b, c, x15, 0x49b40821, 22);

  a = step(G(b, c, d), a, b, x1, 0xf61e2562, 5);   d = step(G(a, b, c), d, a, x6, 0xc040b340, 9);
  c = step(G(d, a, b), c, d, x11, 0x265e5a51, 14); b = step(G(c, d, a), b, c, x0, 0xe9b6c7aa, 20);
  a = step(G(b, c, d), a, b, x5, 0xd62f105d, 5);   d = step(G(a, b, c), d, a, x10, 0x02441453, 9);
  c = step(G(d, a, b), c, d, x15, 0xd8a1e681, 14); b = step(G(c, d, a), b, c, x4, 0xe7d3fbc8, 20);
  a = step(G(b, c, d), a, b, x9, 0x21e1cde6, 5);   d = step(G(a, b, c), d, a, x14, 0xc33707d6, 9);
  c = step(G(d, a, b), c, d, x3, 0xf4d50d87, 14);  b = step(G(c, d, a), b, c, x8, 0x455a14ed, 20);
  a = step(G(b, c, d), a, b, x13, 0xa9e3e905, 5);  d = step(G(a, b, c), d, a, x2, 0xfcefa3f8, 9);
  c = step(G(d, a, b), c, d, x7, 0x676f02d9, 14);  b = step(G(c, d, a), b, c, x12, 0x8d2a4c8a, 20);

  a = step(H(b, c, d), a, b, x5, 0xfffa3942, 4);   d = step(H(a, b, c), d, a, x8, 0x8771f681, 11);
  c = step(H(d, a, b), c, d, x11, 0x6d9d6122, 16); b = step(H(c, d, a), b, c, x14, 0xfde5380c, 23);
  a = step(H(b, c, d), a, b, x1, 0xa4beea44, 4);   d = step(H(a, b, c), d, a, x4, 0x4bdecfa9, 11);
  c = step(H(d, a, b), c, d, x7, 0xf6bb4b60, 16);  b = step(H(c, d, a), b, c, x10, 0xbebfbc70, 23);
  a = step(H(b, c, d), a, b, x13, 0x289b7ec6, 4);  d = step(H(a, b, c), d, a, x0, 0xeaa127fa, 11);
  c = step(H(d, a, b), c, d, x3, 0xd4ef3085, 16);  b = step(H(c, d, a), b, c, x6, 0x04881d05, 23);
  a = step(H(b, c, d), a, b, x9, 0xd9d4d039, 4);   d = step(H(a, b, c), d, a, x12, 0xe6db99e5, 11);
  c = step(H(d, a, b), c, d, x15, 0x1fa27cf8, 16); b = step(H(c, d, a), b, c, x2, 0xc4ac5665, 23);

  a = step(I(b, c, d), a, b, x0, 0xf4292244, 6);   d = step(I(a, b, c), d, a, x7, 0x432aff97, 10);
  c = step(I(d, a, b), c, d, x14, 0xab9423a7, 15); b = step(I(c, d, a), b, c, x5, 0xfc93a039, 21);
  a = step(I(b, c, d), a, b, x12, 0x655b59c3, 6);  d = step(I(a, b, c), d, a, x3, 0x8f0ccc92, 10);
  c = step(I(d, a, b), c, d, x10, 0xffeff47d, 15); b = step(I(c, d, a), b, c, x1, 0x85845dd1, 21);
  a = step(I(b, c, d), a, b, x8, 0x6fa87e4f, 6);   d = step(I(a, b, c), d, a, x15, 0xfe2ce6e0, 10);
  c = step(I(d, a, b), c, d, x6, 0xa3014314, 15);  b = step(I(c, d, a), b, c, x13, 0x4e0811a1, 21);
  a = step(I(b, c, d), a, b, x4, 0xf7537e82, 6);   d = step(I(a, b, c), d, a, x11, 0xbd3af235, 10);
  c = step(I(d, a, b), c, d, x2, 0x2ad7d2bb, 15);  b = step(I(c, d, a), b, c, x9, 0xeb86d391, 21);

  A += a; B += b; C += c; D += d;
}

/** MD5 of len bytes at ptr; the digest is left in A, B, C, D. */
export function md5(ptr: usize, len: usize): void {
  A = 0x67452301; B = 0xefcdab89; C = 0x98badcfe; D = 0x10325476;
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

/** Two little-endian MD5 words as the big-endian 64-bit half of the position they start. */
// @ts-ignore: decorator
@inline export function bigEndian64(first: u32, second: u32): u64 {
  return (<u64>bswap<u32>(first) << 32) | <u64>bswap<u32>(second);
}
/** The digest as a 128-bit big-endian integer: its high 64 bits... */
// @ts-ignore: decorator
@inline export function digestHi(): u64 { return bigEndian64(A, B); }
/** ... and its low 64 bits. */
// @ts-ignore: decorator
@inline export function digestLo(): u64 { return bigEndian64(C, D); }
