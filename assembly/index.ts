// The whole WebAssembly surface: pure functions over pointers and lengths. Only i32/u32/usize cross
// the boundary; the 128-bit positions never leave linear memory. The fixed addresses the wrapper
// needs (memory-map.ts: where MD5's constants and the SIMD modules' constants go, where its own
// layout begins) are not exported: scripts/build-wasm.mjs writes them, with shared.ts's sizes, into
// src/engines/wasm/constants.generated.ts.
import { md5, A, B, C, D } from "./md5";
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
