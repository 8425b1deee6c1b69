// The core WebAssembly module, decoded and compiled once, synchronously (it is under 4 KiB, which
// every runtime compiles on the main thread), then instantiated per ring (rings never share
// memory). It has zero imports: MD5, the ring, lookups and builds, and routeMany one key at a time.
// The SIMD module (./simd.ts) wraps these instances; only the entries that import it carry it.
import { coreWasm } from "./code.generated.js";
import { MD5_K } from "./constants.generated.js";

/**
 * The exports of assembly/index.ts. Pointers and lengths are byte offsets into `memory`; the fixed
 * addresses (assembly/memory-map.ts) are in ./constants.generated.ts.
 */
export interface CoreExports {
  readonly memory: WebAssembly.Memory;
  md5Into(ptr: number, len: number, out: number): void;
  locate(key: number, len: number, ring: number, n: number, table: number, bits: number, form: number): number;
  routeMany(keys: number, spans: number, count: number, ring: number, n: number, table: number, bits: number, form: number, out: number, step: number): void;
  utf8Spans(keys: number, spans: number, count: number): number;
  buildTable(ring: number, n: number, table: number, bits: number): void;
  hashVnodes(name: number, prefixLen: number, count: number, owner: number, rank: number, form: number, keys: number, tails: number): void;
  sortEntries(keys: number, tails: number, n: number, scratch: number): void;
  mergeEntries(ring: number, n: number, run: number, m: number, from: number, table: number, bits: number, bounds: number): void;
  removeOwners(ring: number, n: number, mask: number): number;
  /** Add delta to each u32 in [from, to): a loop here (instantiate), the sort module's where attached (assembly/shift.ts). */
  shiftIndex(from: number, to: number, delta: number): void;
  /** The core's own routeMany, whatever routeMany becomes: the SIMD modules route keys longer than one MD5 block with it. */
  readonly coreRouteMany: CoreExports["routeMany"];
}

/** A new instance's exports (a plain object, so that the SIMD modules can replace routeMany and hashVnodes). */
export type Instantiate = () => CoreExports;

/**
 * Bytes from the generated hex text (atob would need base64, and is not in every runtime). A
 * digit's value is its low four bits, plus 9 for a-f (whose code has bit 6 set). One flat loop:
 * this runs once, cold, in the interpreter, where every call costs.
 */
export function decodeHex(text: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(text.length >> 1);
  for (let i = 0, j = 0; i < bytes.length; i++, j += 2) {
    const high = text.charCodeAt(j);
    const low = text.charCodeAt(j + 1);
    bytes[i] = (((high & 15) + (high >> 6) * 9) << 4) | ((low & 15) + (low >> 6) * 9);
  }
  return bytes;
}

let core: WebAssembly.Module | undefined;
let constants: Uint32Array | undefined;

/**
 * MD5's constants as RFC 1321 defines them, floor(abs(sin(i + 1)) * 2^32), which keeps them out of
 * the module (assembly/md5-tables.ts). Exact with any sin that is off by less than 3.6e-12: each
 * product lies at least 0.0154 from an integer, and every engine's sin is far closer than that.
 */
function md5Constants(): Uint32Array {
  if (!constants) {
    constants = new Uint32Array(64);
    for (let i = 0; i < 64; i++) constants[i] = Math.abs(Math.sin(i + 1)) * 2 ** 32;
  }
  return constants;
}

/**
 * Compile the core from `bytes` now, unless it is compiled already: decodeHex by default, which any
 * runtime has; ./simd.ts passes a faster decoder (Node's Buffer) before its first instance. Where
 * WebAssembly cannot run (a page whose Content-Security-Policy lacks 'wasm-unsafe-eval', iOS
 * Lockdown Mode, a runtime without it) the error says so and names the engine that needs none.
 */
export function compileCore(bytes: () => Uint8Array<ArrayBuffer> = () => decodeHex(coreWasm)): WebAssembly.Module {
  if (!core) {
    try {
      core = new WebAssembly.Module(bytes());
    } catch (cause) {
      const why = cause instanceof Error ? cause.message : String(cause);
      throw new Error(`WebAssembly cannot run here (${why}): import region-router/pure, the same router without WebAssembly (in a web page, a Content-Security-Policy must allow 'wasm-unsafe-eval' for WebAssembly)`, { cause });
    }
  }
  return core;
}

/**
 * A new instance of `module`. Each WebAssembly router has its own instance and memory, and V8 runs
 * out of room for them at around 12,900 live ones: the error says so, and what to do.
 */
export function newInstance(module: WebAssembly.Module, imports: WebAssembly.Imports): CoreExports {
  try {
    return new WebAssembly.Instance(module, imports).exports as unknown as CoreExports;
  } catch (cause) {
    throw new RangeError("cannot create another WebAssembly instance (each router and clone has its own; about 12,900 can be live at once): reuse routers, or use region-router/pure", { cause });
  }
}

/** A fresh instance with its own linear memory, ready for any call; its shiftIndex a loop, the core having none. */
export const instantiate: Instantiate = () => {
  const instance = newInstance(compileCore(), {});
  const exports: CoreExports = { ...instance, coreRouteMany: instance.routeMany };
  new Uint32Array(exports.memory.buffer, MD5_K, 64).set(md5Constants());
  exports.shiftIndex = (from, to, delta) => {
    for (let w = from >>> 2, words = new Uint32Array(exports.memory.buffer); w < to >>> 2; w++) words[w] += delta;
  };
  return exports;
};
