// MD5 of eight one-block messages at once: two v128 vectors of four 32-bit lanes, interleaved.
// One MD5 is a chain of 64 dependent steps and cannot go faster; lanes run four chains side by
// side for the price of one, and a second, independent vector fills the pipeline slots the first
// chain's latency leaves idle. Callers put each message (at most 55 bytes, so that it and its
// padding fit one block) in a lane with `fillLane`, then call `compress8`.
import { word } from "./md5-tables";

// MD5's 64 constants: the core's table (md5-tables.ts), in the memory this module imports.
// @ts-ignore: decorator
@external("env", "md5Constants")
declare const K: usize;

// Working memory, just past this module's static data (module.ts checks it ends below the ring).
// Not memory.data: the memory is imported, so a zero-filled static area would ship as zero bytes.
// The eight padded blocks, transposed: word j of lane k is at X + 256 * (k >> 2) + 16 * j + 4 * (k & 3).
// @ts-ignore: decorator
@inline export function blocks(): usize { return (__heap_base + 15) & ~15; }
// The eight digests after compress8, transposed the same way: A, B, C, D of lanes 0-3 at +0, +16,
// +32, +48, and of lanes 4-7 at +64 ... +112.
// @ts-ignore: decorator
@inline export function digests(): usize { return blocks() + 512; }
/** Bytes of working memory from blocks(): the blocks, the digests, and batch.ts's lane keys. */
// @ts-ignore: decorator
@inline export const WORKING: usize = 512 + 128 + 32;

/** Put the len (<= 55) bytes at ptr, padded as MD5 wants, into lane k (0-7). */
export function fillLane(k: usize, ptr: usize, len: usize): void {
  const lane = blocks() + ((k >> 2) << 8) + ((k & 3) << 2);
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

// The auxiliary function of round r (a constant after inlining, so only one branch remains).
// F and G are bit selections, which SIMD has as one instruction.
// @ts-ignore: decorator
@inline function aux(r: i32, b: v128, c: v128, d: v128): v128 {
  if (r == 0) return v128.bitselect(c, d, b);
  if (r == 1) return v128.bitselect(b, c, d);
  if (r == 2) return v128.xor(v128.xor(c, d), b);
  return v128.xor(c, v128.or(b, v128.not(d)));
}

// Step i of one vector: a + x[word(i)] + K[i] + aux, rotated left by s, plus b. The sum is ordered
// so that aux, which waits on the newest value b, comes last; s is a constant after inlining, which
// V8 turns into immediate shifts (a variable count costs two more instructions per shift).
// @ts-ignore: decorator
@inline function step(r: i32, i: usize, s: i32, a: v128, b: v128, c: v128, d: v128, vector: usize): v128 {
  const x = v128.load(blocks() + vector + (word(r, i) << 4));
  const sum = i32x4.add(i32x4.add(a, i32x4.add(x, v128.load32_splat(K + (i << 2)))), aux(r, b, c, d));
  return i32x4.add(v128.or(i32x4.shl(sum, s), i32x4.shr_u(sum, 32 - s)), b);
}

/** MD5 of the eight lanes' blocks; the digests go to digests(). */
export function compress8(): void {
  // Vectors 1 (a, b, c, d: lanes 0-3) and 2 (e, f, g, h: lanes 4-7). Each round is a loop of four
  // steps per iteration, so that every rotation is a constant.
  const a0 = i32x4.splat(0x67452301), b0 = i32x4.splat(0xefcdab89);
  const c0 = i32x4.splat(0x98badcfe), d0 = i32x4.splat(0x10325476);
  let a = a0, b = b0, c = c0, d = d0, e = a0, f = b0, g = c0, h = d0;
  for (let i: usize = 0; i < 16; i += 4) {
    a = step(0, i, 7, a, b, c, d, 0);       e = step(0, i, 7, e, f, g, h, 256);
    d = step(0, i + 1, 12, d, a, b, c, 0);  h = step(0, i + 1, 12, h, e, f, g, 256);
    c = step(0, i + 2, 17, c, d, a, b, 0);  g = step(0, i + 2, 17, g, h, e, f, 256);
    b = step(0, i + 3, 22, b, c, d, a, 0);  f = step(0, i + 3, 22, f, g, h, e, 256);
  }
  for (let i: usize = 16; i < 32; i += 4) {
    a = step(1, i, 5, a, b, c, d, 0);       e = step(1, i, 5, e, f, g, h, 256);
    d = step(1, i + 1, 9, d, a, b, c, 0);   h = step(1, i + 1, 9, h, e, f, g, 256);
    c = step(1, i + 2, 14, c, d, a, b, 0);  g = step(1, i + 2, 14, g, h, e, f, 256);
    b = step(1, i + 3, 20, b, c, d, a, 0);  f = step(1, i + 3, 20, f, g, h, e, 256);
  }
  for (let i: usize = 32; i < 48; i += 4) {
    a = step(2, i, 4, a, b, c, d, 0);       e = step(2, i, 4, e, f, g, h, 256);
    d = step(2, i + 1, 11, d, a, b, c, 0);  h = step(2, i + 1, 11, h, e, f, g, 256);
    c = step(2, i + 2, 16, c, d, a, b, 0);  g = step(2, i + 2, 16, g, h, e, f, 256);
    b = step(2, i + 3, 23, b, c, d, a, 0);  f = step(2, i + 3, 23, f, g, h, e, 256);
  }
  for (let i: usize = 48; i < 64; i += 4) {
    a = step(3, i, 6, a, b, c, d, 0);       e = step(3, i, 6, e, f, g, h, 256);
    d = step(3, i + 1, 10, d, a, b, c, 0);  h = step(3, i + 1, 10, h, e, f, g, 256);
    c = step(3, i + 2, 15, c, d, a, b, 0);  g = step(3, i + 2, 15, g, h, e, f, 256);
    b = step(3, i + 3, 21, b, c, d, a, 0);  f = step(3, i + 3, 21, f, g, h, e, 256);
  }
  const out = digests();
  v128.store(out, i32x4.add(a, a0));      v128.store(out, i32x4.add(b, b0), 16);
  v128.store(out, i32x4.add(c, c0), 32);  v128.store(out, i32x4.add(d, d0), 48);
  v128.store(out, i32x4.add(e, a0), 64);  v128.store(out, i32x4.add(f, b0), 80);
  v128.store(out, i32x4.add(g, c0), 96);  v128.store(out, i32x4.add(h, d0), 112);
}
