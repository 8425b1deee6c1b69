// The SIMD module: routeMany with twelve (or, as target simd16, sixteen) keys per MD5 pass (see
// md5x12.ts). A second, small module, loaded only where WebAssembly SIMD validates. It shares the core module's memory (imported),
// reads the core's MD5 constants in place and keeps its working memory at the fixed addresses of
// memory-map.ts, has its own copy of the search (nodes.ts), and calls the core's scalar `locate`
// for keys longer than one MD5 block.
import { compress, digestWord, fillLane, LANE_KEYS, LANES } from "./md5x12";
import { find, ownerOf } from "./nodes";
import { ONE_BLOCK } from "./shared";

// @ts-ignore: decorator
@external("env", "locate")
declare function locate(key: usize, len: usize, ring: usize, n: u32, table: usize, bits: u32, form: u32): i32;

/** Hash the filled lanes, search for each, write their owners. */
function routeLanes(lanes: usize, ring: usize, n: u32, table: usize, bits: u32, out: usize): void {
  compress();
  // First reads, all lanes at once: each lane's bucket start and the first key of its bucket, the
  // two reads that miss the caches on a big ring. Issued together, their waits overlap; the
  // searches below then find them cached (a gain on large rings, none on small ones). The values
  // are dropped: a WebAssembly load may trap, so neither binaryen nor V8 removes it.
  for (let k: usize = 0; k < lanes; k++) {
    const cell = table + (<usize>(digestWord(k, 0) >> (32 - bits)) << 2);
    load<u32>(ring + (<usize>load<u32>(cell) << 2));
  }
  for (let k: usize = 0; k < lanes; k++) {
    // The key's position for the ring's form, as X12_KEY_BYTES made the digest words.
    const hi = (<u64>digestWord(k, 0) << 32) | digestWord(k, 1);
    const lo = (<u64>digestWord(k, 2) << 32) | digestWord(k, 3);
    const key = <usize>load<u32>(LANE_KEYS + (k << 2));
    store<i32>(out + (key << 2), ownerOf(ring, find(ring, n, table, bits, hi, lo)));
  }
}

/** Same contract as the core's routeMany (assembly/ring.ts), twelve one-block keys at a time. */
export function routeMany(keys: usize, spans: usize, count: u32, ring: usize, n: u32, table: usize, bits: u32, form: u32, out: usize, step: usize): void {
  let lanes: usize = 0;
  for (let i: usize = 0; i < count; i++) {
    const start = load<u32>(spans + i * step);
    const len = <usize>(load<u32>(spans + i * step, 4) - start);
    if (len > ONE_BLOCK) {
      store<i32>(out + (i << 2), ownerOf(ring, <u32>locate(keys + start, len, ring, n, table, bits, form)));
    } else {
      fillLane(lanes, keys + start, len);
      store<u32>(LANE_KEYS + (lanes++ << 2), i);
    }
    // A full group, or the last, partial one: its unused lanes hash stale blocks whose results are ignored.
    if (lanes == LANES || (i + 1 == count && lanes > 0)) {
      routeLanes(lanes, ring, n, table, bits, out);
      lanes = 0;
    }
  }
}
