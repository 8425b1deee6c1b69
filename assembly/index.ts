// The whole WebAssembly surface: pure functions over pointers and lengths. Only i32/u32/usize cross
// the boundary; the 128-bit positions never leave linear memory.
import { md5, A, B, C, D } from "./md5";
import { DATA_END, MD5_K, X12_STATE } from "./memory-map";
export { locate, routeMany, utf8Spans, buildTable, hashVnodes, mergeEntries, removeOwners } from "./ring";
export { sortEntries } from "./heapsort";

/**
 * MD5 of len bytes at ptr, written as the 16 digest bytes at out, which may be ptr: the message is
 * read whole first (fingerprint() and the known-answer tests).
 */
export function md5Into(ptr: usize, len: usize, out: usize): void {
  md5(ptr, len);
  store<u32>(out, A);
  store<u32>(out, B, 4);
  store<u32>(out, C, 8);
  store<u32>(out, D, 12);
}

/** Where MD5's 64 constants go: the wrapper writes them there before any other call. */
export function md5Constants(): usize {
  return MD5_K;
}

/**
 * Where the SIMD module's constants go (memory-map.ts): MD5's initial state, bytes 0-15, and the
 * byte swap of each 32-bit word; the wrapper writes them when it attaches that module.
 */
export function simdConstants(): usize {
  return X12_STATE;
}

/** Where the wrapper's layout begins: the end of the fixed addresses (memory-map.ts). */
export function dataEnd(): usize {
  return DATA_END;
}
