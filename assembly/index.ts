// The whole WebAssembly surface: pure functions over pointers and lengths. Only i32/u32/usize cross
// the boundary; the 128-bit positions never leave linear memory.
import { md5, A, B, C, D, K } from "./md5";
export { locate, routeMany, buildTable, hashVnodes, sortEntries, mergeEntries, removeOwners } from "./ring";

/** MD5 of len bytes at ptr, written as the 16 digest bytes at out (fingerprint() and the known-answer tests). */
export function md5Into(ptr: usize, len: usize, out: usize): void {
  md5(ptr, len);
  store<u32>(out, A);
  store<u32>(out, B, 4);
  store<u32>(out, C, 8);
  store<u32>(out, D, 12);
}

/** Where MD5's 64 constants go: the wrapper writes them there before any other call. */
export function md5Constants(): usize {
  return K;
}

/** Where the core's static data ends: below the SIMD add-on's memoryBase (test/wasm.test.ts). */
export function heapBase(): usize {
  return __heap_base;
}
