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

/**
 * The index of the first node at or after the position (hi, lo), wrapping to 0 past the end
 * (bisect_left, then wrap); the ring must not be empty. Both modules compile it in: the SIMD
 * add-on calling the core's copy measured 4% slower per batch.
 */
export function find(ring: usize, n: u32, table: usize, bits: u32, hi: u64, lo: u64): u32 {
  const head = <u32>(hi >> 32);
  const slot = table + (<usize>(head >> (32 - bits)) << 2);
  let i = load<u32>(slot);
  const end = load<u32>(slot, 4);
  for (; i < end; i++) {
    const h = headAt(ring, i);
    if (h > head) break;
    if (h == head) {
      // A tie on the top 32 bits: compare the rest.
      const tails = tailsOf(ring, n);
      const nh = nodeHi(ring, tails, i);
      if (nh > hi || (nh == hi && nodeLo(tails, i) >= lo)) break;
    }
  }
  return i == n ? 0 : i;
}

