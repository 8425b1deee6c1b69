// MD5 of twelve (or sixteen) one-block messages at once: three (or four) v128 vectors of four
// 32-bit lanes, interleaved. One MD5 is a chain of 64 dependent steps and cannot go faster; lanes
// run four chains side by side for the price of one, and further, independent vectors fill the
// pipeline slots that a chain's latency leaves idle (each added vector costs less per key). Three fit the 4 KiB a module any browser compiles synchronously may have;
// the four-vector module, past it, is Node's alone. LANE_VECTORS, a constant each asconfig
// target sets, chooses; the fourth vector's code exists only where it is 4. Callers put each
// message (at most ONE_BLOCK bytes, so that it and its padding fit one block) in a lane with `fillLane`,
// then call `compress`.
//
// Working memory at fixed addresses (memory-map.ts), so that every access takes its address as a
// constant offset. MD5's constants are the core's own table, read in place.
import { word } from "./md5-tables";
import { KEY_OVERREAD } from "./shared";
import { MD5_K as K, X12_BLOCKS, X12_MASKS as MASKS, X12_KEY_BYTES as KEY_BYTES, X12_DIGESTS, X12_LANE_KEYS, X12_STATE as STATE, X16_BLOCKS, X16_DIGESTS, X16_LANE_KEYS } from "./memory-map";

/**
 * Lanes per compress call: four per v128 vector, LANE_VECTORS vectors, a constant each module
 * target sets (asconfig.json "use": 3 for the SIMD modules every runtime gets, 4 for Node's).
 */
// @ts-ignore: decorator, and LANE_VECTORS is asc's (--use)
@inline export const LANES: usize = <usize>LANE_VECTORS << 2;

// This module's working areas: the twelve lanes' or the sixteen's (memory-map.ts).
// @ts-ignore: decorator
@inline const BLOCKS: usize = LANE_VECTORS > 3 ? X16_BLOCKS : X12_BLOCKS;
// @ts-ignore: decorator
@inline const DIGESTS: usize = LANE_VECTORS > 3 ? X16_DIGESTS : X12_DIGESTS;
/** Which key each lane holds while a group is being filled (simd.ts). */
// @ts-ignore: decorator
@inline export const LANE_KEYS: usize = LANE_VECTORS > 3 ? X16_LANE_KEYS : X12_LANE_KEYS;

/** Word j (0-3: A, B, C, D) of lane k's key position after compress (see X12_KEY_BYTES). */
// @ts-ignore: decorator
@inline export function digestWord(k: usize, j: usize): u32 {
  return load<u32>(DIGESTS + ((k >> 2) << 6) + ((k & 3) << 2) + (j << 4));
}

/**
 * Put the len (<= ONE_BLOCK) bytes at ptr, padded as MD5 wants, into lane k (0-11, or 0-15).
 * Branch-free: the 64 bytes from ptr are read whole (the wrapper keeps KEY_OVERREAD readable past
 * every key) and masked (MASKS) to the len bytes; then the one at len becomes the 0x80 marker and
 * word 14 gets the bit length. (A copy loop's trip count follows the key's length, which a batch of
 * mixed ids makes unpredictable.) Masks read from memory and the marker stored as one byte: faster
 * than comparing each quarter with splats of len.
 */
export function fillLane(k: usize, ptr: usize, len: usize): void {
  const lane = BLOCKS + ((k >> 2) << 8) + ((k & 3) << 2);
  // Quarter q's mask: the 16 bytes at masks + q, 0xFF for the bytes below len, 0 from there.
  const masks = MASKS + KEY_OVERREAD - len;
  if (LANE_VECTORS > 3) {
    // Unrolled in Node's module, a little faster and larger; the others keep the loop, for the size
    // of region-router/simd's bundle, which carries them.
    fillQuarter(lane, ptr, masks, 0);
    fillQuarter(lane, ptr, masks, 16);
    fillQuarter(lane, ptr, masks, 32);
    fillQuarter(lane, ptr, masks, 48);
  } else {
    for (let q: usize = 0; q < KEY_OVERREAD; q += 16) fillQuarter(lane, ptr, masks, q);
  }
  // The 0x80 marker: byte len of the lane, word len >> 2, byte len & 3 of it.
  store<u8>(lane + ((len >> 2) << 4) + (len & 3), 0x80);
  store<u32>(lane, <u32>len << 3, 14 << 4);
}

/** Bytes q to q + 15 of a lane's block (four words, 16 bytes apart): the key's, masked. */
// @ts-ignore: decorator
@inline function fillQuarter(lane: usize, ptr: usize, masks: usize, q: usize): void {
  const v = v128.and(v128.load(ptr + q), v128.load(masks + q));
  const to = lane + (q << 2);
  v128.store32_lane(to, v, 0);
  v128.store32_lane(to, v, 1, 16);
  v128.store32_lane(to, v, 2, 32);
  v128.store32_lane(to, v, 3, 48);
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

// One step of one vector: a + (x[word(i)] + K[i]) + aux, rotated left by s, plus b. The sum is
// ordered so that aux, which waits on the newest value b, comes last; s is a constant after
// inlining, which V8 turns into immediate shifts (a variable count costs two more instructions).
// @ts-ignore: decorator
@inline function step(r: i32, s: i32, xk: v128, a: v128, b: v128, c: v128, d: v128): v128 {
  const sum = i32x4.add(i32x4.add(a, xk), aux(r, b, c, d));
  return i32x4.add(v128.or(i32x4.shl(sum, s), i32x4.shr_u(sum, 32 - s)), b);
}

// x[word(i)] + K[i] for vectors 1, 2 and 3, given the word's offset and the splatted constant.
// @ts-ignore: decorator
@inline function xk1(w: usize, k: v128): v128 { return i32x4.add(v128.load(w, BLOCKS), k); }
// @ts-ignore: decorator
@inline function xk2(w: usize, k: v128): v128 { return i32x4.add(v128.load(w, BLOCKS + 256), k); }
// @ts-ignore: decorator
@inline function xk3(w: usize, k: v128): v128 { return i32x4.add(v128.load(w, BLOCKS + 512), k); }
// @ts-ignore: decorator
@inline function xk4(w: usize, k: v128): v128 { return i32x4.add(v128.load(w, BLOCKS + 768), k); }

/** MD5 of the LANES lanes' blocks; the digests go to DIGESTS. */
export function compress(): void {
  // Vectors 1 (a, b, c, d: lanes 0-3), 2 (e, f, g, h: lanes 4-7), 3 (m, n, o, p: lanes 8-11) and,
  // where LANE_VECTORS is 4, 4 (q, r, s, t: lanes 12-15).
  // Each round is a loop of four steps per iteration, so that every rotation is a constant.
  const a0 = v128.load32_splat(0, STATE), b0 = v128.load32_splat(0, STATE + 4);
  const c0 = v128.load32_splat(0, STATE + 8), d0 = v128.load32_splat(0, STATE + 12);
  let a = a0, b = b0, c = c0, d = d0, e = a0, f = b0, g = c0, h = d0, m = a0, n = b0, o = c0, p = d0, q = a0, r = b0, s = c0, t = d0;
  let w: usize, k: v128;
  for (let i: usize = 0; i < 16; i += 4) {
    w = word(0, i) << 4; k = v128.load32_splat(i << 2, K);
    a = step(0, 7, xk1(w, k), a, b, c, d); e = step(0, 7, xk2(w, k), e, f, g, h); m = step(0, 7, xk3(w, k), m, n, o, p); if (LANE_VECTORS > 3) q = step(0, 7, xk4(w, k), q, r, s, t);
    w = word(0, i + 1) << 4; k = v128.load32_splat(i << 2, K + 4);
    d = step(0, 12, xk1(w, k), d, a, b, c); h = step(0, 12, xk2(w, k), h, e, f, g); p = step(0, 12, xk3(w, k), p, m, n, o); if (LANE_VECTORS > 3) t = step(0, 12, xk4(w, k), t, q, r, s);
    w = word(0, i + 2) << 4; k = v128.load32_splat(i << 2, K + 8);
    c = step(0, 17, xk1(w, k), c, d, a, b); g = step(0, 17, xk2(w, k), g, h, e, f); o = step(0, 17, xk3(w, k), o, p, m, n); if (LANE_VECTORS > 3) s = step(0, 17, xk4(w, k), s, t, q, r);
    w = word(0, i + 3) << 4; k = v128.load32_splat(i << 2, K + 12);
    b = step(0, 22, xk1(w, k), b, c, d, a); f = step(0, 22, xk2(w, k), f, g, h, e); n = step(0, 22, xk3(w, k), n, o, p, m); if (LANE_VECTORS > 3) r = step(0, 22, xk4(w, k), r, s, t, q);
  }
  for (let i: usize = 16; i < 32; i += 4) {
    w = word(1, i) << 4; k = v128.load32_splat(i << 2, K);
    a = step(1, 5, xk1(w, k), a, b, c, d); e = step(1, 5, xk2(w, k), e, f, g, h); m = step(1, 5, xk3(w, k), m, n, o, p); if (LANE_VECTORS > 3) q = step(1, 5, xk4(w, k), q, r, s, t);
    w = word(1, i + 1) << 4; k = v128.load32_splat(i << 2, K + 4);
    d = step(1, 9, xk1(w, k), d, a, b, c); h = step(1, 9, xk2(w, k), h, e, f, g); p = step(1, 9, xk3(w, k), p, m, n, o); if (LANE_VECTORS > 3) t = step(1, 9, xk4(w, k), t, q, r, s);
    w = word(1, i + 2) << 4; k = v128.load32_splat(i << 2, K + 8);
    c = step(1, 14, xk1(w, k), c, d, a, b); g = step(1, 14, xk2(w, k), g, h, e, f); o = step(1, 14, xk3(w, k), o, p, m, n); if (LANE_VECTORS > 3) s = step(1, 14, xk4(w, k), s, t, q, r);
    w = word(1, i + 3) << 4; k = v128.load32_splat(i << 2, K + 12);
    b = step(1, 20, xk1(w, k), b, c, d, a); f = step(1, 20, xk2(w, k), f, g, h, e); n = step(1, 20, xk3(w, k), n, o, p, m); if (LANE_VECTORS > 3) r = step(1, 20, xk4(w, k), r, s, t, q);
  }
  for (let i: usize = 32; i < 48; i += 4) {
    w = word(2, i) << 4; k = v128.load32_splat(i << 2, K);
    a = step(2, 4, xk1(w, k), a, b, c, d); e = step(2, 4, xk2(w, k), e, f, g, h); m = step(2, 4, xk3(w, k), m, n, o, p); if (LANE_VECTORS > 3) q = step(2, 4, xk4(w, k), q, r, s, t);
    w = word(2, i + 1) << 4; k = v128.load32_splat(i << 2, K + 4);
    d = step(2, 11, xk1(w, k), d, a, b, c); h = step(2, 11, xk2(w, k), h, e, f, g); p = step(2, 11, xk3(w, k), p, m, n, o); if (LANE_VECTORS > 3) t = step(2, 11, xk4(w, k), t, q, r, s);
    w = word(2, i + 2) << 4; k = v128.load32_splat(i << 2, K + 8);
    c = step(2, 16, xk1(w, k), c, d, a, b); g = step(2, 16, xk2(w, k), g, h, e, f); o = step(2, 16, xk3(w, k), o, p, m, n); if (LANE_VECTORS > 3) s = step(2, 16, xk4(w, k), s, t, q, r);
    w = word(2, i + 3) << 4; k = v128.load32_splat(i << 2, K + 12);
    b = step(2, 23, xk1(w, k), b, c, d, a); f = step(2, 23, xk2(w, k), f, g, h, e); n = step(2, 23, xk3(w, k), n, o, p, m); if (LANE_VECTORS > 3) r = step(2, 23, xk4(w, k), r, s, t, q);
  }
  for (let i: usize = 48; i < 64; i += 4) {
    w = word(3, i) << 4; k = v128.load32_splat(i << 2, K);
    a = step(3, 6, xk1(w, k), a, b, c, d); e = step(3, 6, xk2(w, k), e, f, g, h); m = step(3, 6, xk3(w, k), m, n, o, p); if (LANE_VECTORS > 3) q = step(3, 6, xk4(w, k), q, r, s, t);
    w = word(3, i + 1) << 4; k = v128.load32_splat(i << 2, K + 4);
    d = step(3, 10, xk1(w, k), d, a, b, c); h = step(3, 10, xk2(w, k), h, e, f, g); p = step(3, 10, xk3(w, k), p, m, n, o); if (LANE_VECTORS > 3) t = step(3, 10, xk4(w, k), t, q, r, s);
    w = word(3, i + 2) << 4; k = v128.load32_splat(i << 2, K + 8);
    c = step(3, 15, xk1(w, k), c, d, a, b); g = step(3, 15, xk2(w, k), g, h, e, f); o = step(3, 15, xk3(w, k), o, p, m, n); if (LANE_VECTORS > 3) s = step(3, 15, xk4(w, k), s, t, q, r);
    w = word(3, i + 3) << 4; k = v128.load32_splat(i << 2, K + 12);
    b = step(3, 21, xk1(w, k), b, c, d, a); f = step(3, 21, xk2(w, k), f, g, h, e); n = step(3, 21, xk3(w, k), n, o, p, m); if (LANE_VECTORS > 3) r = step(3, 21, xk4(w, k), r, s, t, q);
  }
  v128.store(DIGESTS, a);        v128.store(DIGESTS, b, 16);    v128.store(DIGESTS, c, 32);    v128.store(DIGESTS, d, 48);
  v128.store(DIGESTS, e, 64);    v128.store(DIGESTS, f, 80);    v128.store(DIGESTS, g, 96);    v128.store(DIGESTS, h, 112);
  v128.store(DIGESTS, m, 128);   v128.store(DIGESTS, n, 144);   v128.store(DIGESTS, o, 160);   v128.store(DIGESTS, p, 176);
  if (LANE_VECTORS > 3) {
    v128.store(DIGESTS, q, 192); v128.store(DIGESTS, r, 208);   v128.store(DIGESTS, s, 224);   v128.store(DIGESTS, t, 240);
  }
  // Add the initial state and make each word a key position word (X12_KEY_BYTES), one vector at a
  // time (a loop: unrolled, the twelve additions and swizzles cost more bytes than time).
  for (let j: usize = 0; j < LANES << 4; j += 16) {
    const sum = i32x4.add(v128.load(j, DIGESTS), v128.load32_splat((j & 48) >> 2, STATE));
    v128.store(j, i8x16.swizzle(sum, v128.load(j & 48, KEY_BYTES)), DIGESTS);
  }
}
