// The compiled WebAssembly module: decoded and compiled once, synchronously (it is a few KiB with
// no imports, which every runtime compiles on the main thread), then instantiated per ring.
import { scalarWasm } from "./code.generated.js";

/** The exports of assembly/index.ts. Pointers and lengths are byte offsets into `memory`. */
export interface WasmExports {
  readonly memory: WebAssembly.Memory;
  heapBase(): number;
  md5Into(ptr: number, len: number, out: number): void;
  locate(key: number, len: number, ring: number, n: number, table: number, bits: number): number;
  route(key: number, len: number, ring: number, n: number, table: number, bits: number): number;
  buildTable(ring: number, n: number, table: number, bits: number): void;
  hashVnodes(name: number, prefixLen: number, first: number, count: number, owner: number, out: number): void;
  sortEntries(src: number, n: number, dst: number, table: number, bits: number): void;
  mergeEntries(ring: number, n: number, run: number, m: number): void;
  removeOwners(ring: number, n: number, mask: number): number;
}

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

let compiled: WebAssembly.Module | undefined;

/** The module's bytes (for size checks and tests). */
export function wasmBytes(): Uint8Array<ArrayBuffer> {
  return decodeBase64(scalarWasm);
}

/** A fresh instance with its own linear memory: rings never share state. */
export function instantiate(): WasmExports {
  compiled ??= new WebAssembly.Module(wasmBytes());
  return new WebAssembly.Instance(compiled, {}).exports as unknown as WasmExports;
}
