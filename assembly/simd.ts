// The SIMD module: routeMany with twelve (or, as target simd16, sixteen) keys per MD5 pass (see
// md5x12.ts). A second, small module, loaded only where WebAssembly SIMD validates. It shares the core module's memory (imported),
// reads the core's MD5 constants in place and keeps its working memory at the fixed addresses of
// memory-map.ts, has its own copy of the search (nodes.ts), and gives each key longer than one MD5
// block to the core's own scalar routeMany.
import { compress, digestWord, fillLane, LANE_KEYS, LANES } from "./md5x12";
import { find, ownerOf } from "./nodes";
import { INDEXES, ONE_BLOCK } from "./shared";

/** The core's routeMany, for one key at a time. */
// @ts-ignore: decorator
@external("env", "routeMany")
declare function routeOne(keys: usize, spans: usize, count: u32, ring: usize, n: u32, table: usize, bits: u32, form: u32, out: usize, step: usize): void;

/** Hash the filled lanes, search for each, write their owners (their nodes' indexes with INDEXES in form). */
function routeLanes(lanes: usize, ring: usize, n: u32, table: usize, bits: u32, form: u32, out: usize): void {
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
    const at = find(ring, n, table, bits, hi, lo);
    store<i32>(out + (key << 2), form & INDEXES ? at : ownerOf(ring, at));
  }
}

/** Same contract as the core's routeMany (assembly/ring.ts), twelve one-block keys at a time. */
export function routeMany(keys: usize, spans: usize, count: u32, ring: usize, n: u32, table: usize, bits: u32, form: u32, out: usize, step: usize): void {
  let lanes: usize = 0;
  for (let i: usize = 0; i < count; i++) {
    const start = load<u32>(spans + i * step);
    const len = <usize>(load<u32>(spans + i * step, 4) - start);
    if (len > ONE_BLOCK) {
      routeOne(keys, spans + i * step, 1, ring, n, table, bits, form, out + (i << 2), step);
    } else {
      fillLane(lanes, keys + start, len);
      store<u32>(LANE_KEYS + (lanes++ << 2), i);
    }
    // A full group, or the last, partial one: its unused lanes hash stale blocks whose results are ignored.
    if (lanes == LANES || (i + 1 == count && lanes > 0)) {
      routeLanes(lanes, ring, n, table, bits, form, out);
      lanes = 0;
    }
  }
}
