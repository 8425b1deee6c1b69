// The SIMD add-on: routeMany with eight keys per MD5 (see md5x8.ts). A second, small module, loaded
// only where WebAssembly SIMD validates; it shares the core module's memory (imported) and calls
// the core's scalar `locate` for keys longer than one MD5 block. Its static data sits at the
// --memoryBase set in asconfig.json, below where the wrapper's layout starts the ring.
import { blocks, compress8, digests, fillLane, WORKING } from "./md5x8";
import { bigEndian64, lowerBound, ownerOf } from "./search";

// @ts-ignore: decorator
@external("env", "locate")
declare function locate(key: usize, len: usize, ring: usize, n: u32, table: usize, bits: u32): i32;

// Which key each lane holds while a group of eight is being filled: the last 32 bytes of md5x8's
// working memory.
// @ts-ignore: decorator
@inline function laneKeys(): usize { return blocks() + WORKING - 32; }

/** Hash the filled lanes, search for each, write their owners. */
function routeLanes(lanes: usize, ring: usize, n: u32, table: usize, bits: u32, out: usize): void {
  compress8();
  for (let k: usize = 0; k < lanes; k++) {
    const d = digests() + ((k >> 2) << 6) + ((k & 3) << 2);
    const hi = bigEndian64(load<u32>(d), load<u32>(d, 16));
    const lo = bigEndian64(load<u32>(d, 32), load<u32>(d, 48));
    const key = <usize>load<u32>(laneKeys() + (k << 2));
    store<i32>(out + (key << 2), ownerOf(ring, lowerBound(ring, n, table, bits, hi, lo)));
  }
}

/** Same contract as the core's routeMany (assembly/ring.ts), eight one-block keys at a time. */
export function routeMany(keys: usize, spans: usize, count: u32, ring: usize, n: u32, table: usize, bits: u32, out: usize): void {
  let lanes: usize = 0;
  for (let i: usize = 0; i < count; i++) {
    const start = load<u32>(spans + (i << 3));
    const len = <usize>(load<u32>(spans + (i << 3), 4) - start);
    if (len > 55) {
      store<i32>(out + (i << 2), ownerOf(ring, <u32>locate(keys + start, len, ring, n, table, bits)));
      continue;
    }
    fillLane(lanes, keys + start, len);
    store<u32>(laneKeys() + (lanes << 2), i);
    if (++lanes == 8) {
      routeLanes(8, ring, n, table, bits, out);
      lanes = 0;
    }
  }
  // The last, partial group: the unused lanes hash stale blocks whose results are ignored.
  if (lanes > 0) routeLanes(lanes, ring, n, table, bits, out);
}

/** Where this module's static data and working memory end. */
export function heapBase(): usize {
  return blocks() + WORKING;
}
