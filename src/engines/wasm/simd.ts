// The modules beside the core: the SIMD module (routeMany, twelve keys per MD5 pass; Node's entry
// has one of sixteen, ./simd16.ts), the SIMD build module (hashVnodes, twelve names per pass, with
// the same compress: assembly/md5x12.ts)
// and the sort module (a faster sortEntries), each compiled on first use, the SIMD ones only where
// WebAssembly.validate accepts them, i.e. where the runtime has SIMD. Elsewhere, or when compiling
// or instantiating one fails, the core's own functions give the same answers. All import the core's
// memory, the routeMany module also the core's own routeMany (for keys longer than one MD5 block); runs
// of names that long the wrapper below gives to the core's hashVnodes. Only entries that import
// this file carry them: region-router in Node, and region-router/simd everywhere. Those
// entries also decode the modules with Node's Buffer where it exists (see fromHex).
import { buildWasm, coreWasm, simdWasm, sortWasm } from "./code.generated.js";
import { ONE_BLOCK, POINTS, X12_DIGESTS, X12_KEY_BYTES, X12_MASKS, X12_STATE } from "./constants.generated.js";
import { FAST_SORT_NODES } from "./layout.js";
import { compileCore, decodeHex, instantiate, newInstance, type CoreExports, type Instantiate } from "./module.js";

const lazy = new Map<string, WebAssembly.Module | null>();

/** Node's Buffer, where there is one (read from globalThis: this file also goes into browser bundles). */
const nodeBuffer = (globalThis as { Buffer?: { from(text: string, encoding: "hex"): Uint8Array<ArrayBuffer> } }).Buffer;

/** Hex to bytes, natively where Node's Buffer is there: faster than decodeHex's loop, which runs cold in the interpreter. */
export const fromHex = (text: string): Uint8Array<ArrayBuffer> => (nodeBuffer ? nodeBuffer.from(text, "hex") : decodeHex(text));

/**
 * A module compiled from hex, once; null where the runtime cannot run it (WebAssembly.validate) or
 * will not compile it: every module beside the core is optional, the core's functions answering
 * the same where one is missing.
 */
export function compiled(hex: string): WebAssembly.Module | null {
  let module = lazy.get(hex);
  if (module === undefined) {
    try {
      const bytes = fromHex(hex);
      module = WebAssembly.validate(bytes) ? new WebAssembly.Module(bytes) : null;
    } catch {
      module = null;
    }
    lazy.set(hex, module);
  }
  return module;
}

/** The SIMD routeMany module (assembly/simd.ts, twelve lanes), compiled, or null. */
export const simdModule = (): WebAssembly.Module | null => compiled(simdWasm);
/** The SIMD build module (assembly/build.ts), compiled, or null. */
export const buildModule = (): WebAssembly.Module | null => compiled(buildWasm);
/** The sort module (assembly/fastsort.ts), compiled, or null. */
export const sortModule = (): WebAssembly.Module | null => compiled(sortWasm);

/**
 * The constants both SIMD modules read (assembly/memory-map.ts): MD5's initial state at X12_STATE,
 * fillLane's masks at X12_MASKS (64 x 0xFF, then 64 zeros, as a new memory has them and nothing
 * else writes there); the swizzles are writeSwizzles'.
 */
function laneConstants(core: CoreExports): void {
  new Uint32Array(core.memory.buffer, X12_STATE, 4).set([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476]);
  new Uint8Array(core.memory.buffer, X12_MASKS, 64).fill(255);
}

/**
 * The four swizzles, one per digest word (A, B, C, D), that compress12 applies to its digests
 * (assembly/memory-map.ts, X12_KEY_BYTES): for a 128-bit ring every word big-endian, for both
 * modules; for a ring of 32-bit points, for routeMany word A as it is and the rest zeroed (index
 * 0x80: a key's position is A x 2^96), for hashVnodes every word as it is (a name's points are all
 * four).
 */
const SWIZZLE_BYTES = X12_DIGESTS - X12_KEY_BYTES;
const swizzles = [false, true].map((build) => [false, true].map((points) => swizzleOf(build, points)));

/** One swizzle's bytes, in a loop (Uint8Array.from of an array-like would take an iterator set on Object.prototype). */
function swizzleOf(build: boolean, points: boolean): Uint8Array {
  const bytes = new Uint8Array(SWIZZLE_BYTES);
  for (let i = 0; i < SWIZZLE_BYTES; i++) bytes[i] = !points ? (i & 15) ^ 3 : build || i < 16 ? i & 15 : 0x80;
  return bytes;
}

/** Where each core's swizzles are, as a view (made anew when memory.grow replaced its buffer). */
const swizzleViews = new WeakMap<CoreExports, Uint8Array>();

/** Write the swizzles for a ring of the given form, for routeMany or for hashVnodes (`build`). */
function writeSwizzles(core: CoreExports, form: number, build: boolean): void {
  let view = swizzleViews.get(core);
  if (view?.buffer !== core.memory.buffer) swizzleViews.set(core, (view = new Uint8Array(core.memory.buffer, X12_KEY_BYTES, SWIZZLE_BYTES)));
  view.set(swizzles[+build][+((form & POINTS) !== 0)]);
}

/**
 * The SIMD module attached to a core instance, for a ring of the given form (an instance serves
 * one ring, of one form): its constants written (laneConstants, and the swizzles), its imports
 * given, its routeMany, and its utf8Spans where it has one (the sixteen-lane module), put in
 * `into` (the instance's exports).
 */
export function attachSimd(module: WebAssembly.Module, core: CoreExports, form: number, into: CoreExports): void {
  laneConstants(core);
  writeSwizzles(core, form, false);
  const simd: Partial<CoreExports> = newInstance(module, { env: { memory: core.memory, routeMany: core.coreRouteMany } });
  into.routeMany = simd.routeMany!;
  into.utf8Spans = simd.utf8Spans ?? into.utf8Spans;
}

/** `module` instantiated on a core instance's memory; null where it is missing or cannot be instantiated. */
function instanceOn(module: WebAssembly.Module | null, core: CoreExports): Partial<CoreExports> | null {
  if (!module) return null;
  try {
    return newInstance(module, { env: { memory: core.memory } });
  } catch {
    return null;
  }
}

/**
 * The SIMD build module's hashVnodes on a core instance's memory, with its swizzles for the time of
 * each call (for points they are not routeMany's); the core's own where it cannot be had.
 */
export function attachBuild(core: CoreExports): CoreExports["hashVnodes"] {
  const simd = instanceOn(buildModule(), core)?.hashVnodes ?? core.hashVnodes;
  if (simd === core.hashVnodes) return simd;
  laneConstants(core);
  return (name, prefixLen, count, owner, rank, form, keys, tails) => {
    writeSwizzles(core, form, true);
    simd(name, prefixLen, count, owner, rank, form, keys, tails);
    if (form & POINTS) writeSwizzles(core, form, false);
  };
}

/** The sort module on each core instance's memory, one instance for both its functions, made on first use (null where it cannot be had). */
const sortInstances = new WeakMap<CoreExports, Partial<CoreExports> | null>();

/** The sort module's `name` on a core instance's memory, or the core's own where it cannot be had. */
function sortExport<K extends "sortEntries" | "shiftIndex">(core: CoreExports, name: K): CoreExports[K] {
  let sort = sortInstances.get(core);
  if (sort === undefined) sortInstances.set(core, (sort = instanceOn(sortModule(), core)));
  return (sort?.[name] as CoreExports[K] | undefined) ?? core[name];
}

/** The sort module's sortEntries on a core instance's memory, or the core's own where it cannot be had. */
export const attachSort = (core: CoreExports): CoreExports["sortEntries"] => sortExport(core, "sortEntries");

/**
 * After this many names an instance attaches the SIMD build module, once: for fewer, compiling the
 * module (once) and instantiating it cost more than they save.
 */
export const SIMD_BUILD_NAMES = 256;

/**
 * Fresh core instances whose routeMany attaches the SIMD module on its first call, whose
 * hashVnodes attaches the SIMD build module once it has hashed `buildNames` names, and
 * whose sortEntries attaches the sort module on its first sort of at least FAST_SORT_NODES nodes,
 * where the runtime can run them: routers that only ever route one id at a time, or build small
 * rings, never pay for them.
 */
export function withSimd(buildNames: number = SIMD_BUILD_NAMES): Instantiate {
  return () => {
    compileCore(() => fromHex(coreWasm));
    const core = instantiate();
    const wasm = { ...core };
    wasm.routeMany = (...args) => {
      const module = simdModule();
      // args[7] is the ring's form (assembly/ring.ts).
      if (module) attachSimd(module, core, args[7], wasm);
      else wasm.routeMany = core.routeMany;
      wasm.routeMany(...args);
    };
    let simdHash: CoreExports["hashVnodes"] | undefined;
    let names = 0;
    wasm.hashVnodes = (name, prefixLen, count, owner, rank, form, keys, tails) => {
      // Names are counted across runs: a ketama ring's regions have 40 names each.
      if ((names += count) >= buildNames) simdHash ??= attachBuild(core);
      // The SIMD build module takes runs of names of ONE_BLOCK bytes at most: the last is the longest.
      const hash = simdHash && prefixLen + String(count - 1).length <= ONE_BLOCK ? simdHash : core.hashVnodes;
      hash(name, prefixLen, count, owner, rank, form, keys, tails);
    };
    // The index shifted in place (src/engines/wasm/in-place.ts): the sort module's, on first use.
    let shift: CoreExports["shiftIndex"] | undefined;
    wasm.shiftIndex = (from, to, delta) => (shift ??= sortExport(core, "shiftIndex"))(from, to, delta);
    let fastSort: CoreExports["sortEntries"] | undefined;
    wasm.sortEntries = (keys, tails, n, scratch) => {
      // Only as many nodes have the sort module's scratch (src/engines/wasm/layout.ts, planUpdate).
      const sort = n < FAST_SORT_NODES ? core.sortEntries : (fastSort ??= attachSort(core));
      sort(keys, tails, n, scratch);
    };
    return wasm;
  };
}

/** withSimd with the SIMD build module from SIMD_BUILD_NAMES names on: what region-router gives. */
export const instantiateWithSimd: Instantiate = withSimd();
