// The core WebAssembly module, decoded and compiled once, synchronously (it is under 4 KiB, which
// every runtime compiles on the main thread), then instantiated per ring:
//   core   (zero imports)  MD5, the ring, lookups and builds; routeMany one key at a time
// The SIMD add-on (./simd.ts: routeMany eight keys per MD5 pass) is attached only by entries that
// import it, so a browser bundle that does not carry it.
import { coreWasm } from "./code.generated.js";

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

/** A module that can take over routeMany for a core instance: the SIMD add-on (./simd.ts). */
export interface AddOn {
  /** routeMany over this core instance's memory; null where the runtime cannot run the add-on. */
  attach(core: CoreExports, dataEnd: number): CoreExports["routeMany"] | null;
}

/** A ring's instance: the core's exports, with routeMany taken from the add-on once it is in use. */
export interface WasmExports extends CoreExports {
  /** The add-on this instance may use (it attaches on the first routeMany), or null. */
  readonly addOn: AddOn | null;
  /** Whether routeMany now runs the add-on. */
  batchLoaded: boolean;
  /** First byte past both modules' static data: where the wrapper's layout may begin. */
  readonly dataEnd: number;
}

/** asconfig.json's memoryBase for the add-on: the core's static data must end below it. */
const BATCH_BASE = 2048;
/** The add-on's static data must end below this; the layout starts here whether it loads or not. */
const DATA_END = 4096;

/** Bytes from the generated hex text (atob would need base64, and is not in every runtime). */
export function decodeHex(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length >> 1);
  // A digit's value is its low four bits, plus 9 for a-f (whose code has bit 6 set).
  const nibble = (i: number) => {
    const c = text.charCodeAt(i);
    return (c & 15) + (c >> 6) * 9;
  };
  for (let i = 0; i < bytes.length; i++) bytes[i] = (nibble(2 * i) << 4) | nibble(2 * i + 1);
  return bytes;
}

let core: WebAssembly.Module | undefined;

/** The core's bytes (for size checks and tests). */
export const coreBytes = (): Uint8Array<ArrayBuffer> => decodeHex(coreWasm);

/**
 * A fresh instance with its own linear memory (rings never share state). With an add-on, it is
 * attached on the first routeMany, where the runtime can run it: routers that only ever route one
 * id at a time never pay for it.
 */
export function instantiate(addOn: AddOn | null = null): WasmExports {
  core ??= new WebAssembly.Module(coreBytes());
  const exports = new WebAssembly.Instance(core, {}).exports as unknown as CoreExports;
  if (exports.heapBase() > BATCH_BASE) throw new Error("region-router: core static data overlaps the SIMD module's");
  const wasm: WasmExports = { ...exports, addOn, dataEnd: DATA_END, batchLoaded: false };
  if (addOn) {
    wasm.routeMany = (...args) => {
      const batched = addOn.attach(exports, DATA_END);
      wasm.routeMany = batched ?? exports.routeMany;
      wasm.batchLoaded = batched !== null;
      wasm.routeMany(...args);
    };
  }
  return wasm;
}
