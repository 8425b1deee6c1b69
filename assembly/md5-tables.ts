// MD5's schedule (RFC 1321), shared by the scalar and the SIMD compression functions.

// The initial state A, B, C, D.
// @ts-ignore: decorator
@inline export const A0: u32 = 0x67452301;
// @ts-ignore: decorator
@inline export const B0: u32 = 0xefcdab89;
// @ts-ignore: decorator
@inline export const C0: u32 = 0x98badcfe;
// @ts-ignore: decorator
@inline export const D0: u32 = 0x10325476;

// The 64 additive constants K[i] = floor(abs(sin(i + 1)) * 2^32) are in neither module: the
// wrapper computes them from that definition and writes them where the core's md5Constants()
// says (src/engines/wasm/module.ts). As data they would be 256 bytes that gzip cannot shrink, the largest
// single part of a browser bundle's WebAssembly.

// Which message word step i (of round r = i >> 4) reads: i, then 5i + 1, 3i + 5 and 7i, mod 16 (RFC
// 1321's orders, which hold for the step's index in the whole block as well as within its round).
// Computed rather than tabled: with r a constant it is an add or two off the critical path, and a
// table would be 64 more bytes of data in each module.
// @ts-ignore: decorator
@inline export function word(r: i32, i: usize): usize {
  return (r == 0 ? i : r == 1 ? 5 * i + 1 : r == 2 ? 3 * i + 5 : 7 * i) & 15;
}
