// The one owner of the WebAssembly linear-memory layout. From the module's static data up:
//
//   ring     n nodes x 20 bytes, sorted: keys (n x 4: owner, 16 bits of position) then tails
//            (n x 16: the position), as assembly/ring.ts describes
//   table    2^bits + 1 u32s, the ring index
//   scratch  everything transient: the UTF-8 of the key being routed; for routeMany the offsets,
//            the results and the keys; during an update the removal mask, the vnode name, the new
//            entries and their sorted copy
//
// Nothing else writes outside `scratch`. The views are refreshed after every memory.grow (and a
// detached view reads as length 0, which the capacity checks treat as "too small").
import { indexBits } from "../ring.js";
import { DATA_END, instantiate, type CoreExports, type Instantiate } from "./module.js";

/** Bytes per virtual node in the ring (4 in keys + 16 in tails), and per entry of a run of new nodes. */
export const ENTRY_BYTES = 20;
const PAGE = 65536;
/** Bytes kept free past the scratch start so short keys never need a grow. */
const KEY_ROOM = 16384;

export function align8(p: number): number {
  return (p + 7) & ~7;
}

function tableBytes(bits: number): number {
  return ((1 << bits) + 1) * 4;
}

export class RingMemory {
  readonly wasm: CoreExports;
  bytes: Uint8Array;
  words: Uint32Array;
  /** Start of the ring entries: fixed for the life of the instance. */
  readonly ring: number;
  declare n: number;
  declare bits: number;
  declare table: number;
  declare scratch: number;

  /** Gives each instance: this one and its compacted copies. */
  readonly #make: Instantiate;

  constructor(make: Instantiate = instantiate) {
    this.#make = make;
    const wasm = (this.wasm = make());
    this.bytes = new Uint8Array(wasm.memory.buffer);
    this.words = new Uint32Array(wasm.memory.buffer);
    this.ring = DATA_END;
    // An empty ring's table is never read: every lookup checks for n = 0 first.
    this.resize(0);
  }

  /** Set the entry count and place the table and scratch after it (the caller fills the table). */
  resize(n: number): void {
    this.n = n;
    this.bits = indexBits(n);
    this.table = align8(this.ring + n * ENTRY_BYTES);
    this.scratch = align8(this.table + tableBytes(this.bits));
  }

  /** Where the scratch area would start if the ring held n entries (for planning an update). */
  scratchFor(n: number): number {
    return align8(align8(this.ring + n * ENTRY_BYTES) + tableBytes(indexBits(n)));
  }

  /**
   * Make linear memory reach at least `end` bytes. Throws a RangeError, having changed nothing,
   * when the memory cannot grow (the engine's limit, or the host's).
   */
  reserve(end: number): void {
    const memory = this.wasm.memory;
    const have = memory.buffer.byteLength;
    if (end > have) {
      try {
        memory.grow(Math.ceil((end - have) / PAGE));
      } catch (cause) {
        throw new RangeError(`WebAssembly memory cannot grow to ${end} bytes`, { cause });
      }
    }
    if (this.bytes.buffer !== memory.buffer) {
      this.bytes = new Uint8Array(memory.buffer);
      this.words = new Uint32Array(memory.buffer);
    }
  }

  /**
   * Make sure `len` bytes are free at the scratch start, plus 64 that may be read past them: the
   * SIMD add-on reads each key as 64 bytes.
   */
  reserveScratch(len: number): void {
    if (this.scratch + len + 64 > this.bytes.length) this.reserve(this.scratch + len + KEY_ROOM);
  }

  /** Bytes the ring needs (entries, index and room for keys): what a compacted copy would use. */
  get neededBytes(): number {
    return this.scratch + KEY_ROOM;
  }

  /** A fresh instance holding the same ring in just the memory it needs. */
  copy(): RingMemory {
    const to = new RingMemory(this.#make);
    to.reserve(this.neededBytes);
    to.bytes.set(this.bytes.subarray(this.ring, this.scratch), to.ring);
    to.resize(this.n);
    return to;
  }
}
