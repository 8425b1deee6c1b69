// MD5 of eight one-block messages at once: two v128 vectors of four 32-bit lanes, interleaved.
// One MD5 is a chain of 64 dependent steps and cannot go faster; lanes run four chains side by
// side for the price of one, and a second, independent vector fills the pipeline slots the first
// chain's latency leaves idle. Callers put each message (at most 55 bytes, so that it and its
// padding fit one block) in a lane with `fillLane`, then call `compress8`.
import { K, SHIFT, WORD } from "./md5-tables";

// The eight padded blocks, transposed: word j of lane k is at X + 256 * (k >> 2) + 16 * j + 4 * (k & 3).
const X: usize = memory.data(512, 16);
// The eight digests after compress8, transposed the same way: A, B, C, D of lanes 0-3 at +0, +16,
// +32, +48, and of lanes 4-7 at +64 ... +112.
export const DIGESTS: usize = memory.data(128, 16);

/** Put the len (<= 55) bytes at ptr, padded as MD5 wants, into lane k (0-7). */
export function fillLane(k: usize, ptr: usize, len: usize): void {
  const lane = X + ((k >> 2) << 8) + ((k & 3) << 2);
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
  if (r == 2) return v128.xor(v128.xor(b, c), d);
  return v128.xor(c, v128.or(b, v128.not(d)));
}

// a + aux + x[WORD[i]] + K[i], rotated left by SHIFT[i], plus b.
// @ts-ignore: decorator
@inline function step(f: v128, a: v128, b: v128, x: usize, k: v128, s: i32): v128 {
  const sum = i32x4.add(i32x4.add(a, f), i32x4.add(v128.load(x), k));
  return i32x4.add(v128.or(i32x4.shl(sum, s), i32x4.shr_u(sum, 32 - s)), b);
}

// Module-level state so the four round loops below can share it without a copy each.
let a1: v128, b1: v128, c1: v128, d1: v128, a2: v128, b2: v128, c2: v128, d2: v128;

// Steps [i, end) of round r for both vectors: one step per iteration, roles rotating (a, b, c, d)
// <- (d, new, b, c); the constants come from tables (an inlined v128 constant costs 18 bytes).
// @ts-ignore: decorator
@inline function round(r: i32, i: usize): void {
  let qa = a1, qb = b1, qc = c1, qd = d1, ra = a2, rb = b2, rc = c2, rd = d2;
  for (const end = i + 16; i < end; i++) {
    const x = X + (<usize>load<u8>(WORD + i) << 4);
    const k = v128.load32_splat(K + (i << 2));
    const s = <i32>load<u8>(SHIFT + i);
    const q = step(aux(r, qb, qc, qd), qa, qb, x, k, s);
    const t = step(aux(r, rb, rc, rd), ra, rb, x + 256, k, s);
    qa = qd; qd = qc; qc = qb; qb = q;
    ra = rd; rd = rc; rc = rb; rb = t;
  }
  a1 = qa; b1 = qb; c1 = qc; d1 = qd; a2 = ra; b2 = rb; c2 = rc; d2 = rd;
}

/** MD5 of the eight lanes' blocks; the digests go to DIGESTS. */
export function compress8(): void {
  const a0 = i32x4.splat(0x67452301), b0 = i32x4.splat(0xefcdab89);
  const c0 = i32x4.splat(0x98badcfe), d0 = i32x4.splat(0x10325476);
  a1 = a2 = a0; b1 = b2 = b0; c1 = c2 = c0; d1 = d2 = d0;
  round(0, 0);
  round(1, 16);
  round(2, 32);
  round(3, 48);
  v128.store(DIGESTS, i32x4.add(a1, a0));
  v128.store(DIGESTS, i32x4.add(b1, b0), 16);
  v128.store(DIGESTS, i32x4.add(c1, c0), 32);
  v128.store(DIGESTS, i32x4.add(d1, d0), 48);
  v128.store(DIGESTS, i32x4.add(a2, a0), 64);
  v128.store(DIGESTS, i32x4.add(b2, b0), 80);
  v128.store(DIGESTS, i32x4.add(c2, c0), 96);
  v128.store(DIGESTS, i32x4.add(d2, d0), 112);
}
