// Reading the ring's nodes (assembly/ring.ts describes the layout), on their own, without static
// data, so that assembly/batch.ts can use them: a module that imports its memory would ship the
// core's zero-filled static data as bytes.

// @ts-ignore: decorator
@inline export const TAIL: usize = 12;

// @ts-ignore: decorator
@inline export function tailsOf(ring: usize, n: u32): usize { return ring + (<usize>n << 3); }
// @ts-ignore: decorator
@inline export function headAt(ring: usize, i: u32): u32 { return load<u32>(ring + (<usize>i << 3), 4); }
/** Node i's position: its high 64 bits... */
// @ts-ignore: decorator
@inline export function nodeHi(ring: usize, tails: usize, i: u32): u64 {
  return (<u64>headAt(ring, i) << 32) | <u64>load<u32>(tails + <usize>i * TAIL);
}
/** ... and its low 64 bits. */
// @ts-ignore: decorator
@inline export function nodeLo(tails: usize, i: u32): u64 { return load<u64>(tails + <usize>i * TAIL, 4); }

// @ts-ignore: decorator
@inline export function ownerOf(ring: usize, i: u32): i32 {
  return load<i32>(ring + (<usize>i << 3));
}

/** Two little-endian MD5 words as the big-endian 64-bit half of the position they start. */
// @ts-ignore: decorator
@inline export function bigEndian64(first: u32, second: u32): u64 {
  return (<u64>bswap<u32>(first) << 32) | <u64>bswap<u32>(second);
}
