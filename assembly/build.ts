// The SIMD build module: hashVnodes with twelve names per MD5 pass (see md5x12.ts). A third small
// module, compiled on the first large build and only where WebAssembly SIMD validates
// (src/engines/wasm/simd.ts). It shares the core module's memory (imported), reads the core's MD5
// constants in place, and uses the SIMD module's working memory at the fixed addresses of
// memory-map.ts (the two never run at once). It writes the same bytes as the core's hashVnodes:
// the rule is names.ts's.
import { compress, digestWord, fillLane, LANES } from "./md5x12";
import { firstName, nextName, perName, storeName } from "./names";
import { KEY_BYTES, TAIL_BYTES } from "./shared";

/**
 * Same contract as the core's hashVnodes (assembly/ring.ts), twelve names at a time, for runs whose
 * every name fits one MD5 block (at most 55 bytes): the wrapper gives longer ones to the core's
 * (src/engines/wasm/simd.ts).
 */
export function hashVnodes(name: usize, prefixLen: usize, count: u32, owner: u32, rank: u32, form: u32, keys: usize, tails: usize): void {
  const per = perName(form);
  let len = firstName(name, prefixLen);
  for (let i: u32 = 0; i < count; ) {
    const lanes = min<u32>(<u32>LANES, count - i);
    for (let lane: u32 = 0; lane < lanes; lane++) {
      fillLane(lane, name, len);
      len = nextName(name, prefixLen, len);
    }
    compress();
    for (let lane: usize = 0; lane < lanes; lane++) {
      storeName(keys, tails, form, owner, rank, i++, digestWord(lane, 0), digestWord(lane, 1), digestWord(lane, 2), digestWord(lane, 3), true);
      keys += per * KEY_BYTES;
      tails += per * TAIL_BYTES;
    }
  }
}
