// The compiled WebAssembly modules, decoded and compiled once, synchronously (each is under 4 KiB,
// which every runtime compiles on the main thread), then instantiated per ring:
//   core   (zero imports)  MD5, the ring, lookups and builds; routeMany one key at a time
//   batch  (SIMD add-on)   routeMany eight keys per MD5 pass; imports the core's memory and `locate`
// batch is used only where WebAssembly.validate accepts it, i.e. where the runtime has SIMD, and is
// compiled on the first routeMany rather than at start-up.
import { batchWasm, coreWasm } from "./code.generated.js";

/** The exports of assembly/index.ts. Pointers and lengths are byte offsets into `memory`. */
export interface CoreExports {
  readonly memory: WebAssembly.Memory;
  heapBase(): number;
  md5Into(ptr: number, len: number, out: number): void;
  locate(key: number, len: number, ring: number, n: number, table: number, bits: number): number;
  routeMany(keys: number, spans: number, count: number, ring: number, n: number, table: number, bits: number, out: number): void;
  buildTable(ring: number, n: number, table: number, bits: number): void;
  hashVnodes(name: number, prefixLen: number, first: number, count: number, owner: number, out: number): void;
  sortEntries(src: number, n: number, dst: number, table: number, bits: number): void;
  mergeEntries(ring: number, n: number, run: number, m: number): void;
  removeOwners(ring: number, n: number, mask: number): number;
}

/** A ring's instance: the core's exports, with routeMany taken from batch once SIMD is in use. */
export interface WasmExports extends CoreExports {
  /** Whether this instance may use the SIMD add-on (it loads on the first routeMany). */
  readonly simd: boolean;
  /** Whether routeMany now runs the SIMD add-on. */
  batchLoaded: boolean;
  /** First byte past both modules' static data: where the wrapper's layout may begin. */
  readonly dataEnd: number;
}

/** asconfig.json's memoryBase for batch: the core's static data must end below it. */
const BATCH_BASE = 2048;
/** The batch's static data must end below this; the layout starts here whether batch loads or not. */
const DATA_END = 4096;

// base64 by table rather than atob: atob is not in every runtime's global scope, and on a cold
// Node 20 start it measured several times slower than this loop for our few KiB.
const DIGITS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function decodeBase64(text: string): Uint8Array<ArrayBuffer> {
  const value = new Uint8Array(128);
  for (let i = 0; i < 64; i++) value[DIGITS.charCodeAt(i)] = i;
  const end = text.length - (text.endsWith("==") ? 2 : text.endsWith("=") ? 1 : 0);
  const bytes = new Uint8Array((end * 3) >> 2);
  for (let i = 0, o = 0; i < end; i += 4) {
    const n = (value[text.charCodeAt(i)] << 18) | (value[text.charCodeAt(i + 1)] << 12) | (value[text.charCodeAt(i + 2)] << 6) | value[text.charCodeAt(i + 3)];
    bytes[o++] = n >> 16;
    if (o < bytes.length) bytes[o++] = (n >> 8) & 255;
    if (o < bytes.length) bytes[o++] = n & 255;
  }
  return bytes;
}

/** The modules' bytes, by asconfig target name (for size checks and tests). */
export const wasmBytes = {
  core: (): Uint8Array<ArrayBuffer> => decodeBase64(coreWasm),
  batch: (): Uint8Array<ArrayBuffer> => decodeBase64(batchWasm),
};

let core: WebAssembly.Module | undefined;
let batch: WebAssembly.Module | null | undefined;

/** Whether this runtime can run the SIMD module (validated once). */
export function simdSupported(): boolean {
  if (batch === undefined) {
    const bytes = wasmBytes.batch();
    batch = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return batch !== null;
}

/**
 * A fresh instance with its own linear memory (rings never share state). With `simd`, the SIMD
 * add-on is compiled and attached on the first routeMany, where the runtime validates it: routers
 * that only ever route one id at a time never pay for it.
 */
export function instantiate(simd = true): WasmExports {
  core ??= new WebAssembly.Module(wasmBytes.core());
  const exports = new WebAssembly.Instance(core, {}).exports as unknown as CoreExports;
  if (exports.heapBase() > BATCH_BASE) throw new Error("region-router: core static data overlaps the SIMD module's");
  const wasm: WasmExports = { ...exports, simd, dataEnd: DATA_END, batchLoaded: false };
  if (simd) {
    wasm.routeMany = (...args) => {
      const batched = attachBatch(exports);
      wasm.routeMany = batched ?? exports.routeMany;
      wasm.batchLoaded = batched !== null;
      wasm.routeMany(...args);
    };
  }
  return wasm;
}

/** The SIMD routeMany over this core's memory; null where SIMD does not validate. */
function attachBatch(exports: CoreExports): CoreExports["routeMany"] | null {
  if (!simdSupported()) return null;
  const add = new WebAssembly.Instance(batch as WebAssembly.Module, {
    env: { memory: exports.memory, locate: exports.locate },
  }).exports as unknown as Pick<CoreExports, "routeMany" | "heapBase">;
  if (add.heapBase() > DATA_END) throw new Error("region-router: the SIMD module's static data overlaps the ring");
  return add.routeMany;
}
