// Numbers both sides of the boundary rely on, written once: the modules compile them in as
// constants, and scripts/build-wasm.mjs writes their values, with these comments, into
// src/engines/wasm/constants.generated.ts for the wrapper (with the fixed addresses of
// memory-map.ts). No static data (see memory-map.ts).

/** Bytes of a virtual node's key: {owner u16, fragment u16} (ring.ts). */
// @ts-ignore: decorator
@inline export const KEY_BYTES: usize = 4;
/** Bytes of a virtual node's tail: its 128-bit position, {hi u64, lo u64} little-endian. */
// @ts-ignore: decorator
@inline export const TAIL_BYTES: usize = 16;

/**
 * Bytes that must stay readable past the last key of a batch, and past a vnode name: the SIMD
 * modules read every key and name as 64 bytes from its start (md5x12.ts, fillLane), the scalar MD5
 * and utf8Spans up to 7 past its end.
 */
// @ts-ignore: decorator
@inline export const KEY_OVERREAD: usize = 64;

/** The longest key or name that fits one MD5 block with its padding: the SIMD modules take no longer one. */
// @ts-ignore: decorator
@inline export const ONE_BLOCK: usize = 55;

/** Room for a vnode index's decimal digits after a name's prefix (names.ts, nextName): below 2^32. */
// @ts-ignore: decorator
@inline export const NAME_DIGITS: usize = 10;

// A ring's form, a u32 the wrapper packs from the dialect's Scheme (names.ts describes it), and
// what a call adds to it.
/** Bits 0-2: points per name (0: one 128-bit position per name). */
// @ts-ignore: decorator
@inline export const POINTS: u32 = 7;
/** Keys go to the first position strictly after them (bisect_right). */
// @ts-ignore: decorator
@inline export const STRICT: u32 = 8;
/** Among equal points, the last generated owns the position (else the first). */
// @ts-ignore: decorator
@inline export const LAST_WINS: u32 = 16;
/** In locate's form: the key given is its 16-byte MD5 digest, not its bytes (ring.ts). */
// @ts-ignore: decorator
@inline export const DIGEST: u32 = 32;
/** In routeMany's form: each key's node index goes out, not its owner (a caller walking on from it). */
// @ts-ignore: decorator
@inline export const INDEXES: u32 = 64;

// The sort module's scratch (fastsort.ts): its spare area, then a level's counts per recursion.
/** The largest range sorted through the spare area, KEY_BYTES + TAIL_BYTES a node. */
// @ts-ignore: decorator
@inline export const SORT_FIT: u32 = 8192;
/** Nodes carried at once in a large range's pass. */
// @ts-ignore: decorator
@inline export const SORT_CHAINS: usize = 4;
/** Bytes of a level's scratch: ends and next (4 KiB each at most: 12-bit digits), then the chains (32 bytes each). */
// @ts-ignore: decorator
@inline export const SORT_LEVEL: usize = 32768 + (SORT_CHAINS << 5);
/** Levels of recursion at most: each takes five or more bits of the 32-bit heads. */
// @ts-ignore: decorator
@inline export const SORT_LEVELS: usize = 8;
/** Bytes of scratch the sort module's sortEntries needs: the spare area, then every level's. */
// @ts-ignore: decorator
@inline export const FAST_SORT_SCRATCH: usize = <usize>SORT_FIT * (KEY_BYTES + TAIL_BYTES) + SORT_LEVELS * SORT_LEVEL;
