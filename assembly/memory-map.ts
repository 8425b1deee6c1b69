// The fixed addresses of linear memory, written here and nowhere else. The modules compile them in
// as constants (so every access is a load with a constant offset), and scripts/build-wasm.mjs
// writes them for the wrapper into src/engines/wasm/constants.generated.ts: where MD5's constants
// and the SIMD modules' go, and where its own layout begins (DATA_END). Neither module has static data of its own (memory.data would put it at addresses chosen by the
// compiler, and the SIMD module, which imports its memory, would ship it as zero bytes);
// test/wasm.test.ts checks that neither module has a data segment. The addresses MD5 reads most
// come first: an address below 128 is a one-byte offset in every instruction that uses it, which
// makes each module smaller.
//
//   [0, DATA_END)     MD5's constants; the SIMD module's blocks and working memory; the scalar
//                     MD5's padding block
//   [DATA_END, ...)   the wrapper's layout: ring, index, scratch (src/engines/wasm/layout.ts)

/** MD5's 64 additive constants (u32), written by the wrapper at instantiation (md5-tables.ts). */
// @ts-ignore: decorator
@inline export const MD5_K: usize = 0;

// The SIMD modules' working memory (md5x12.ts, simd.ts, build.ts). Their constants live here too
// (MD5's initial state, fillLane's masks, the swizzles, from X12_STATE to X12_DIGESTS), written by
// the wrapper when it attaches a module: in the code, each use of a v128 constant would repeat its
// 16 bytes.
/** The twelve padded blocks, transposed: word j of lane k at X12_BLOCKS + 256 (k >> 2) + 16 j + 4 (k & 3). */
// @ts-ignore: decorator
@inline export const X12_BLOCKS: usize = MD5_K + 256;
/** MD5's initial state: A0, B0, C0, D0. */
// @ts-ignore: decorator
@inline export const X12_STATE: usize = X12_BLOCKS + 768;
/**
 * fillLane's masks: 64 bytes 0xFF, then 64 bytes 0; the 16 bytes at X12_MASKS + 64 - n keep a
 * quarter's bytes below n (n from -48 to 64).
 */
// @ts-ignore: decorator
@inline export const X12_MASKS: usize = X12_STATE + 16;
/**
 * Four swizzles, one per digest word (A, B, C, D), that turn compress's sums into the key's
 * position words: for a 128-bit ring each reverses the bytes of every 32-bit lane (the digest read
 * big-endian); for a ring of 32-bit points the first keeps A as it is (little-endian) and the
 * others zero their words, so the position is A x 2^96. The wrapper writes them for its ring's form
 * (src/engines/wasm/layout.ts): the search code is the same for every form.
 */
// @ts-ignore: decorator
@inline export const X12_KEY_BYTES: usize = X12_MASKS + 128;
/**
 * The twelve digests after compress, as key position words (most significant first),
 * transposed: A, B, C, D of lanes 0-3 at +0, +16, +32, +48, of lanes 4-7 at +64 ... +112, of lanes
 * 8-11 at +128 ... +176.
 */
// @ts-ignore: decorator
@inline export const X12_DIGESTS: usize = X12_KEY_BYTES + 64;
/** Which key each lane holds while a group of twelve is being filled (simd.ts): 12 u32s. */
// @ts-ignore: decorator
@inline export const X12_LANE_KEYS: usize = X12_DIGESTS + 192;

/** The scalar MD5's padded last block(s): two 64-byte blocks. */
// @ts-ignore: decorator
@inline export const MD5_TAIL: usize = X12_LANE_KEYS + 48;

// The sixteen-lane SIMD module's own blocks, digests and lane keys (Node's entry: four vectors, laid
// out as the twelve lanes' above are), past everything the other modules use, so that their code,
// and so their bytes, stay as they were. It shares X12_STATE, X12_MASKS and X12_KEY_BYTES.
/** The sixteen padded blocks, transposed as X12_BLOCKS. */
// @ts-ignore: decorator
@inline export const X16_BLOCKS: usize = MD5_TAIL + 128;
/** The sixteen digests after compress, as X12_DIGESTS. */
// @ts-ignore: decorator
@inline export const X16_DIGESTS: usize = X16_BLOCKS + 1024;
/** Which key each of the sixteen lanes holds (simd.ts): 16 u32s. */
// @ts-ignore: decorator
@inline export const X16_LANE_KEYS: usize = X16_DIGESTS + 256;

/** Where the wrapper's layout begins: past every fixed area, 16-byte aligned. */
// @ts-ignore: decorator
@inline export const DATA_END: usize = (X16_LANE_KEYS + 64 + 15) & ~15;
