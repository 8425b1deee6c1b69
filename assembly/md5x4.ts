// MD5 of four one-block messages at once, one per 32-bit lane of a v128 (WebAssembly SIMD).
// A single MD5 is a chain of 64 dependent steps and cannot go faster; four independent keys can run
// that chain side by side for about the price of one. Callers put each message (at most 55 bytes,
// so that it and its padding fit one block) in a lane with `fillLane`, then call `compress4`.
import { K, WORD } from "./md5-tables";

// The four padded blocks, transposed: word j of lane k is at X + 16 * j + 4 * k.
const X: usize = memory.data(256, 16);
// The four digests after compress4, transposed the same way: A at +0, B at +16, C at +32, D at +48.
export const DIGESTS: usize = memory.data(64, 16);

/** Put the len (<= 55) bytes at ptr, padded as MD5 wants, into lane k of the block. */
export function fillLane(k: usize, ptr: usize, len: usize): void {
  const lane = X + (k << 2);
  const full = len >> 2;
  for (let w: usize = 0; w < full; w++) store<u32>(lane + (w << 4), load<u32>(ptr + (w << 2)));
  // The word holding the tail bytes and the 0x80 marker. Reading up to 3 bytes past the message is
  // safe: the wrapper keeps slack after the batch.
  const shift = <u32>(len & 3) << 3;
  const tail = shift == 0 ? 0 : load<u32>(ptr + (full << 2)) & ((<u32>1 << shift) - 1);
  store<u32>(lane + (full << 4), tail | (<u32>0x80 << shift));
  for (let w = full + 1; w < 14; w++) store<u32>(lane + (w << 4), 0);
  store<u32>(lane + (14 << 4), <u32>len << 3);
  store<u32>(lane + (15 << 4), 0);
}

// One step for the four lanes: a' = b + rotl(a + f + x[WORD[i]] + K[i], s). The constants come
// from the tables above rather than being inlined: v128 constants cost 18 bytes each, and the
// 4 KiB budget matters more than the L1-resident loads.
// @ts-ignore: decorator
@inline function step(f: v128, a: v128, b: v128, i: usize, s: i32): v128 {
  const x = v128.load(X + (<usize>load<u8>(WORD + i) << 4));
  const sum = i32x4.add(i32x4.add(a, f), i32x4.add(x, v128.load32_splat(K + (i << 2))));
  return i32x4.add(v128.or(i32x4.shl(sum, s), i32x4.shr_u(sum, 32 - s)), b);
}
// The auxiliary functions: F and G are bit selections, which SIMD has as one instruction.
// @ts-ignore: decorator
@inline function F(b: v128, c: v128, d: v128): v128 { return v128.bitselect(c, d, b); }
// @ts-ignore: decorator
@inline function G(b: v128, c: v128, d: v128): v128 { return v128.bitselect(b, c, d); }
// @ts-ignore: decorator
@inline function H(b: v128, c: v128, d: v128): v128 { return v128.xor(v128.xor(b, c), d); }
// @ts-ignore: decorator
@inline function I(b: v128, c: v128, d: v128): v128 { return v128.xor(c, v128.or(b, v128.not(d))); }

/** MD5 of the four lanes' blocks; the digests go to DIGESTS. Each round is a loop of 4 x 4 steps. */
export function compress4(): void {
  const a0 = i32x4.splat(0x67452301), b0 = i32x4.splat(0xefcdab89);
  const c0 = i32x4.splat(0x98badcfe), d0 = i32x4.splat(0x10325476);
  let a = a0, b = b0, c = c0, d = d0;
  let i: usize = 0;
  for (; i < 16; i += 4) {
    a = step(F(b, c, d), a, b, i, 7);
    d = step(F(a, b, c), d, a, i + 1, 12);
    c = step(F(d, a, b), c, d, i + 2, 17);
    b = step(F(c, d, a), b, c, i + 3, 22);
  }
  for (; i < 32; i += 4) {
    a = step(G(b, c, d), a, b, i, 5);
    d = step(G(a, b, c), d, a, i + 1, 9);
    c = step(G(d, a, b), c, d, i + 2, 14);
    b = step(G(c, d, a), b, c, i + 3, 20);
  }
  for (; i < 48; i += 4) {
    a = step(H(b, c, d), a, b, i, 4);
    d = step(H(a, b, c), d, a, i + 1, 11);
    c = step(H(d, a, b), c, d, i + 2, 16);
    b = step(H(c, d, a), b, c, i + 3, 23);
  }
  for (; i < 64; i += 4) {
    a = step(I(b, c, d), a, b, i, 6);
    d = step(I(a, b, c), d, a, i + 1, 10);
    c = step(I(d, a, b), c, d, i + 2, 15);
    b = step(I(c, d, a), b, c, i + 3, 21);
  }
  v128.store(DIGESTS, i32x4.add(a, a0));
  v128.store(DIGESTS, i32x4.add(b, b0), 16);
  v128.store(DIGESTS, i32x4.add(c, c0), 32);
  v128.store(DIGESTS, i32x4.add(d, d0), 48);
}
