// The ring index shifted in place, for an update made without a pass over the ring
// (src/engines/wasm/in-place.ts): in the sort module, which every entry with WebAssembly attaches.

/**
 * Add delta to each u32 entry in [from, to), two entries at a time as one u64 (four bytes first
 * when from is not a multiple of eight): no carry crosses from one entry to the next, because an
 * entry stays below 2^32 when it grows and never goes below 0 when it shrinks (it counts the nodes
 * before a bucket, at least as many as were removed before it); for a negative delta the low
 * entry's wrap and the high entry's extra borrow cancel.
 */
export function shiftIndex(from: usize, to: usize, delta: i32): void {
  const pair = <u64>((<i64>delta << 32) + <i64>delta);
  let p = from;
  if ((p & 4) != 0 && p < to) {
    store<u32>(p, load<u32>(p) + delta);
    p += 4;
  }
  // Four pairs a step (one loop's overhead for 32 bytes), then one at a time.
  for (; p + 32 <= to; p += 32) {
    store<u64>(p, load<u64>(p) + pair);
    store<u64>(p, load<u64>(p, 8) + pair, 8);
    store<u64>(p, load<u64>(p, 16) + pair, 16);
    store<u64>(p, load<u64>(p, 24) + pair, 24);
  }
  for (; p + 8 <= to; p += 8) store<u64>(p, load<u64>(p) + pair);
  if (p < to) store<u32>(p, load<u32>(p) + delta);
}
