// The SIMD module: a second module whose routeMany hashes twelve keys per MD5 pass. It imports the
// core's memory and `locate` (for keys longer than one MD5 block), is compiled on first use, and
// only where WebAssembly.validate accepts it, i.e. where the runtime has SIMD; elsewhere routeMany
// stays on the core's scalar loop, with the same answers. Only entries that import this file carry
// it: region-router in Node and region-router/simd, not the browser build. Those entries also
// decode both modules with Node's Buffer where it exists (see fromHex).
import { coreWasm, simdWasm } from "./code.generated.js";
import { compileCore, decodeHex, instantiate, newInstance, type CoreExports, type Instantiate } from "./module.js";

let simd: WebAssembly.Module | null | undefined;

/** Node's Buffer, where there is one (read from globalThis: this file also goes into browser bundles). */
const nodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: "hex"): Uint8Array<ArrayBuffer> } }).Buffer;

/**
 * Hex to bytes, natively where Node's Buffer is there: measured 0.2 ms for both modules in a fresh
 * process, against 1.6 ms for decodeHex's loop, which runs cold in the interpreter.
 */
export const fromHex = (text: string): Uint8Array<ArrayBuffer> => (nodeBuffer ? nodeBuffer.from(text, "hex") : decodeHex(text));

/** The SIMD module, compiled; null where the runtime cannot run it (validated and compiled once). */
export function simdModule(): WebAssembly.Module | null {
  if (simd === undefined) {
    const bytes = fromHex(simdWasm);
    simd = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
  }
  return simd;
}

/**
 * The SIMD module attached to a core instance, for a ring of the given form (an instance serves
 * one ring, of one form): its constants written where the core says (assembly/memory-map.ts: MD5's
 * initial state; bytes 0-15; and four swizzles from digest words to the key's position words,
 * every word big-endian for 128-bit positions, or for 32-bit points word A as it is and the rest
 * zeroed by index 0x80), its imports given, its routeMany returned.
 */
export function attachSimd(module: WebAssembly.Module, core: CoreExports, form: number): CoreExports["routeMany"] {
  const at = core.simdConstants();
  new Uint32Array(core.memory.buffer, at, 4).set([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  const bytes = new Uint8Array(core.memory.buffer, at + 16, 80);
  const points = form & 7;
  for (let i = 0; i < 16; i++) bytes[i] = i;
  for (let i = 0; i < 64; i++) bytes[16 + i] = points === 0 ? (i & 15) ^ 3 : i < 16 ? i : 0x80;
  const imports = { env: { memory: core.memory, locate: core.locate } };
  return newInstance(module, imports).routeMany;
}

/**
 * A fresh core instance whose routeMany attaches the SIMD module on its first call, where the
 * runtime can run it: routers that only ever route one id at a time never pay for it.
 */
export const instantiateWithSimd: Instantiate = () => {
  compileCore(() => fromHex(coreWasm));
  const core = instantiate();
  const wasm = { ...core };
  wasm.routeMany = (...args) => {
    const module = simdModule();
    // args[7] is the ring's form (assembly/ring.ts).
    wasm.routeMany = module ? attachSimd(module, core, args[7]) : core.routeMany;
    wasm.routeMany(...args);
  };
  return wasm;
};
