// Reading the ring's nodes (assembly/ring.ts describes the layout) and the lookup, on their own,
// without static data, so that assembly/simd.ts can use them: a module that imports its memory
// would ship the core's zero-filled static data as bytes.

import { KEY_BYTES, TAIL_BYTES } from "./shared";

// @ts-ignore: decorator
@inline export const TAIL: usize = TAIL_BYTES;

// @ts-ignore: decorator
@inline export function keyAt(ring: usize, i: u32): usize { return ring + <usize>i * KEY_BYTES; }
// @ts-ignore: decorator
@inline export function tailsOf(ring: usize, n: u32): usize { return ring + <usize>n * KEY_BYTES; }
/** Node i's position: its high 64 bits... */
// @ts-ignore: decorator
@inline export function nodeHi(tails: usize, i: u32): u64 { return load<u64>(tails + <usize>i * TAIL); }
/** ... and its low 64 bits. */
// @ts-ignore: decorator
@inline export function nodeLo(tails: usize, i: u32): u64 { return load<u64>(tails + <usize>i * TAIL, 8); }

// @ts-ignore: decorator
@inline export function ownerOf(ring: usize, i: u32): i32 {
  return <i32>load<u16>(keyAt(ring, i));
}

/** The 16 bits of a 32-bit head that follow its top `bits` (the bucket), in the high half of a u32. */
// @ts-ignore: decorator
@inline export function fragmentOf(head: u32, bits: u32): u32 {
  return (head << bits) & 0xffff0000;
}

/**
 * The index of the first node at or after the position (hi, lo), wrapping to 0 past the end
 * (bisect_left, then wrap); the ring must not be empty. Both modules compile it in, so the SIMD
 * module's batch loop calls it within the module, not once a key through an import from the core.
 */
export function find(ring: usize, n: u32, table: usize, bits: u32, hi: u64, lo: u64): u32 {
  const head = <u32>(hi >> 32);
  const cell = table + (<usize>(head >> (32 - bits)) << 2);
  let i = load<u32>(cell);
  const end = load<u32>(cell, 4);
  // A key is {fragment, owner}: compared as a whole, it is above every key of a smaller fragment.
  const fragment = fragmentOf(head, bits);
  const above = fragment | 0xffff;
  for (; i < end; i++) {
    const key = load<u32>(keyAt(ring, i));
    if (key > above) break;
    if ((key & 0xffff0000) == fragment) {
      // A tie on the bucket's bits and the fragment: compare the whole position.
      const tails = tailsOf(ring, n);
      const nh = nodeHi(tails, i);
      if (nh > hi || (nh == hi && nodeLo(tails, i) >= lo)) break;
    }
  }
  return i == n ? 0 : i;
}
