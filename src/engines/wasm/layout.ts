// The one owner of the WebAssembly linear-memory layout: every address the wrapper uses is
// computed here, by a named plan, and the node format is read here. Below the ring are the
// module's fixed addresses (assembly/memory-map.ts, generated into ./constants.generated.ts as the
// node sizes are). From DATA_END up:
//
//   room     free, for keys: an update made in place (./in-place.ts) moves the keys before a
//            changed node down into it, or up out of it
//   ring     n nodes, sorted: keys (n x 4 bytes: {owner u16, fragment u16}) then tails (n x 16:
//            the position, {hi u64, lo u64} little-endian), as assembly/ring.ts describes; `ring`
//            is where the keys start, and the tails start n x 4 bytes after it
//   room     free, for tails, which an update made in place moves up into it, or down out of it
//   table    2^bits + 1 u32s, the ring index
//   scratch  everything transient, laid out by one plan per call: planKey (one key's UTF-8),
//            planBatch (routeMany's spans, results and keys), planUpdate (the removal mask, a
//            vnode name, the sort module's scratch, the merge's bounds and the new nodes, which go
//            straight into an empty ring instead)
//
// The rooms hold roomFor(n) nodes each when the ring is laid out (built, or updated by a pass over
// it); updates made in place use them up or give them back, and leave the table where it is.
// Sizes are plain numbers, exact far past 4 GiB, so a plan that cannot fit fails in reserve() with
// a RangeError before anything is written. The views are refreshed after every memory.grow (and a
// detached view reads as length 0, which the capacity checks treat as "too small").
import { encoder, encodeView } from "../../utf8.js";
import { indexBits, type Footprint, type Scheme } from "../ring.js";
import { DATA_END, FAST_SORT_SCRATCH, KEY_BYTES, KEY_OVERREAD, LAST_WINS, STRICT, TAIL_BYTES } from "./constants.generated.js";
import { instantiate, type CoreExports, type Instantiate } from "./module.js";

export { FAST_SORT_SCRATCH };

/** Bytes per virtual node in the ring, and per entry of a run of new nodes. */
export const ENTRY_BYTES = KEY_BYTES + TAIL_BYTES;
const PAGE = 65536;
/** Bytes kept free past the scratch start so short keys never need a grow. */
const KEY_ROOM = 16384;

/** p rounded up to a multiple of 8, exactly for any size (no 32-bit bit operations). */
function align8(p: number): number {
  return Math.ceil(p / 8) * 8;
}

function tableBytes(bits: number): number {
  return ((1 << bits) + 1) * 4;
}

/** routeMany's scratch: the keys' spans (8 bytes a key: pairs, or Arrow's offsets) at spans, key i's owner at results + 4i, the keys' UTF-8 at text. */
export interface BatchPlan {
  readonly spans: number;
  readonly results: number;
  readonly text: number;
}

/** An update's scratch, beyond the largest ring it can make, so the in-place merge never overwrites what it reads. */
export interface UpdatePlan {
  /** One byte per owner: 1 for the owners whose nodes go. */
  readonly mask: number;
  /** A vnode name: its prefix, then room for the decimal digits. */
  readonly name: number;
  /** The sort module's scratch (none for a run the core sorts), then mergeEntries' bounds (4 bytes per new node). */
  readonly sortScratch: number;
  readonly bounds: number;
  /**
   * The new nodes as a run (assembly/ring.ts): keys (4 bytes each), then tails (16 each). For an
   * empty ring, the ring itself: they are hashed and sorted where they stay, with no merge.
   */
  readonly keys: number;
  readonly tails: number;
}

/**
 * Where an update's run (planUpdate's keys, then tails) puts its nodes from the `first`-th on: one
 * hashVnodes call writes each region's there.
 */
export function runFrom(plan: UpdatePlan, first: number): { keys: number; tails: number } {
  return { keys: plan.keys + first * KEY_BYTES, tails: plan.tails + first * TAIL_BYTES };
}

/** Nodes of room on each side of a ring of n nodes laid out anew: a thirty-second of them, and a few. */
export function roomFor(n: number): number {
  return Math.floor(n / 32) + 16;
}

/** Where the keys of a ring of n nodes laid out anew start: past DATA_END and the room for keys. */
export function homeOf(n: number): number {
  return DATA_END + roomFor(n) * KEY_BYTES;
}

/** Where the table of a ring of n nodes whose keys start at `ring` goes: past its tails and their room. */
function tableAt(ring: number, n: number): number {
  return align8(ring + n * ENTRY_BYTES + roomFor(n) * TAIL_BYTES);
}

/** The end of a ring of n nodes whose keys start at `ring`, laid out anew: its tails' room and its table included. */
function extentOf(ring: number, n: number): number {
  return align8(tableAt(ring, n) + tableBytes(indexBits(n)));
}

/**
 * Runs of at least this many nodes may be sorted by the sort module (src/engines/wasm/simd.ts), so
 * their updates reserve its scratch; smaller ones always use the core's heap sort, which needs none.
 */
export const FAST_SORT_NODES = 16384;

/**
 * A ring's linear memory: the instance, its views, where each part of the layout is, and the
 * plans. The WebAssembly engine (./ring.ts) extends it with the ring's operations.
 */
export class RingMemory {
  // Declared, not defined: the constructor sets every field (a class field definition would be
  // emitted as code for nothing).
  declare wasm: CoreExports;
  declare bytes: Uint8Array;
  declare words: Uint32Array;
  /** Where the ring's keys start (its tails n x 4 bytes after). */
  declare ring: number;
  declare n: number;
  declare bits: number;
  declare table: number;
  declare scratch: number;

  /** Gives each instance: this one, its copies and the fresh ones it moves to. */
  protected declare readonly make: Instantiate;
  declare readonly scheme: Scheme;
  /** The scheme packed for assembly/ring.ts: points per name, STRICT (8), LAST_WINS (16). */
  declare readonly form: number;

  /** positionOfSlot's view of `bytes`' buffer (a private field, so defined): made when first needed, and again after memory.grow. */
  #view: DataView | undefined;

  constructor(scheme: Scheme, make: Instantiate = instantiate) {
    this.make = make;
    this.scheme = scheme;
    this.form = scheme.points | (scheme.strict ? STRICT : 0) | (scheme.lastWins ? LAST_WINS : 0);
    this.#adopt(make());
    this.ring = homeOf(0);
    // An empty ring's table is never read: every lookup checks for n = 0 first.
    this.resize(0);
  }

  /**
   * Make `wasm`'s memory, as it is now, the one every view reads: bytes and words made anew, every
   * other cached view (#view, #textView, #ownersView) dropped, to be made again when next needed. A view keeps
   * its memory alive, a detached one too, so one left from replaced memory (grown, or moved to a
   * fresh instance by compact) would hold that memory for as long as the ring lives.
   */
  #adopt(wasm: CoreExports): void {
    this.wasm = wasm;
    this.bytes = new Uint8Array(wasm.memory.buffer);
    this.words = new Uint32Array(wasm.memory.buffer);
    this.#view = this.#textView = this.#textOf = this.#ownersView = undefined;
  }

  /**
   * Set the node count and place the table (of 2^bits + 1 entries) and the scratch after the ring
   * and its room for tails, the ring staying where it is (the caller fills the table).
   */
  resize(n: number, bits = indexBits(n)): void {
    this.n = n;
    this.bits = bits;
    this.table = tableAt(this.ring, n);
    this.scratch = align8(this.table + tableBytes(bits));
  }

  /** Ring.footprint: the nodes (keys and tails) with the room around them, the bucket index after them, the whole linear memory. */
  footprint(): Footprint {
    return { positions: this.table - DATA_END, index: this.scratch - this.table, total: this.bytes.byteLength };
  }

  /** Where scratch may start while the ring grows to n nodes: past it laid out in place, or anew. */
  #scratchFor(n: number): number {
    return Math.max(extentOf(this.ring, n), extentOf(homeOf(n), n));
  }

  /** The owner of the node in slot i (its key's low 16 bits). */
  ownerOfSlot(i: number): number {
    return this.words[(this.ring + i * KEY_BYTES) >>> 2] & 0xffff;
  }

  /** The top 32 bits of the position in slot i (of its tail's high half, stored little-endian). */
  headOfSlot(i: number): number {
    return this.words[((this.ring + this.n * KEY_BYTES + i * TAIL_BYTES) >>> 2) + 1];
  }

  /** The 128-bit position in slot i (its tail). */
  positionOfSlot(i: number): bigint {
    // One view of the whole memory, made again only when memory.grow has replaced the buffer:
    // shares() and movement() read every position, and a view per call would cost more than the
    // read.
    if (this.#view?.buffer !== this.bytes.buffer) this.#view = new DataView(this.bytes.buffer);
    const at = this.ring + this.n * KEY_BYTES + i * TAIL_BYTES;
    return (this.#view.getBigUint64(at, true) << 64n) | this.#view.getBigUint64(at + 8, true);
  }

  /** Room for one key of at most `maxBytes` bytes of UTF-8 (or a digest); returns where to write it. */
  planKey(maxBytes: number): number {
    this.#reserveScratch(maxBytes);
    return this.scratch;
  }

  /** Room for a batch of `count` keys of at most `maxTextBytes` bytes of UTF-8 in all. */
  planBatch(count: number, maxTextBytes: number): BatchPlan {
    const spans = this.scratch;
    const results = spans + count * 8;
    const text = align8(results + count * 4);
    this.#reserveScratch(text - spans + maxTextBytes);
    return { spans, results, text };
  }

  /**
   * Room for an update adding m nodes to the n there are, for owners below `owners`, with vnode
   * names of at most `nameBytes` bytes. Reserves it all: a RangeError here has changed nothing.
   */
  planUpdate(m: number, owners: number, nameBytes: number): UpdatePlan {
    // Past the table where it is too: updates made in place leave it past where it would be laid out.
    const mask = Math.max(this.#scratchFor(this.n + m), this.scratch);
    const name = align8(mask + owners);
    const sortScratch = align8(name + nameBytes);
    const bounds = sortScratch + (m < FAST_SORT_NODES ? 0 : FAST_SORT_SCRATCH);
    const keys = this.n === 0 ? homeOf(m) : align8(bounds + m * 4);
    // The SIMD build module reads each name as 64 bytes from its start: the sort scratch is past it.
    this.reserve((this.n === 0 ? bounds : keys + m * ENTRY_BYTES) + KEY_OVERREAD);
    return { mask, name, sortScratch, bounds, keys, tails: keys + m * KEY_BYTES };
  }

  /** Make `len` bytes free at the scratch start, and KEY_OVERREAD more readable past them. */
  #reserveScratch(len: number): void {
    this.#reserveKeys(this.scratch, len, KEY_ROOM);
  }

  /**
   * Make `len` bytes of keys writable at `at` and KEY_OVERREAD more readable past them; when memory
   * must grow, to `room` bytes past them. (The views know memory's size: asking the memory costs
   * more than the rest of a one-key call.)
   */
  #reserveKeys(at: number, len: number, room: number): void {
    if (at + len + KEY_OVERREAD > this.bytes.length) this.reserve(at + len + room);
  }

  /**
   * Memory from a batch's text to KEY_OVERREAD before the end, kept while both stay; #textOf is
   * the memory view it was cut from (a new one after every memory.grow). Checked by identity,
   * which is cheaper than asking two views for their buffers.
   */
  #textView: Uint8Array | undefined;
  #textOf: Uint8Array | undefined;

  /**
   * Write text's UTF-8 at `at` (in a batch plan's text), growing memory as needed and keeping
   * KEY_OVERREAD bytes readable past it: its bytes.
   */
  writeText(text: string, at: number): number {
    // One byte a code unit is all that ASCII needs; more is asked for only when encodeInto stops
    // short.
    this.#reserveKeys(at, text.length, KEY_OVERREAD);
    let read = 0;
    let written = 0;
    for (;;) {
      // #textOf is undefined until there is a view, and again once the memory is replaced.
      let view = this.#textView as Uint8Array;
      if (this.#textOf !== this.bytes || view.byteOffset !== at) {
        view = this.#textView = encodeView(this.bytes, at, this.bytes.length - at - KEY_OVERREAD);
        this.#textOf = this.bytes;
      }
      const done = encoder.encodeInto(read === 0 ? text : text.slice(read), written === 0 ? view : view.subarray(written));
      read += done.read;
      written += done.written;
      if (read === text.length) return written;
      // Room for the rest, which a view of 3 bytes a code unit always has: were encodeInto to stop
      // with that much room, this would loop forever.
      if (done.read === 0 && view.length - written >= (text.length - read) * 3) throw new Error(`internal error: encodeInto wrote nothing at ${at + written}`);
      this.#reserveKeys(at + written, (text.length - read) * 3, KEY_OVERREAD);
    }
  }

  /** The last batch's owners view (ownersAt): undefined until there is one, and again once the memory is replaced. */
  #ownersView: Int32Array | undefined;
  /** Its offset in memory (a typed array's byteOffset is a slow read in Node 20). */
  #ownersOffset = 0;

  /**
   * The `count` owners a batch wrote at `results` (planBatch), as a view of memory: the last one
   * again while it fits, so that batches of one size, the common case, make no view each.
   */
  ownersAt(results: number, count: number): Int32Array {
    let view = this.#ownersView;
    if (view === undefined || this.#ownersOffset !== results || view.length !== count) {
      view = this.#ownersView = new Int32Array(this.bytes.buffer, results, count);
      this.#ownersOffset = results;
    }
    return view;
  }

  /**
   * Make linear memory reach at least `end` bytes. Throws a RangeError, having changed nothing,
   * when it cannot: past 4 GiB (65,536 pages; memory.grow refuses more), or when the engine or the
   * host refuses to grow.
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
    if (this.bytes.buffer !== memory.buffer) this.#adopt(this.wasm);
  }

  /**
   * After a call whose scratch may have grown memory: when memory reaches past `keep` (what the
   * call's routine use and some idle room need), move to a fresh instance of just the ring's size,
   * so that one batch of giant keys is not kept for the life of the ring.
   */
  giveBack(keep: number): void {
    if (this.bytes.length > Math.max(keep, this.neededBytes)) this.compact();
  }

  /** Bytes the ring needs (nodes, index and room for keys): what a compacted copy would use. */
  get neededBytes(): number {
    return this.scratch + KEY_ROOM;
  }

  /** Put this ring into `to` (a fresh memory), laid out anew in just the memory it needs, with its index as it is. */
  protected copyInto(to: RingMemory): void {
    to.ring = homeOf(this.n);
    to.resize(this.n, this.bits);
    to.reserve(to.neededBytes);
    to.bytes.set(this.bytes.subarray(this.ring, this.ring + this.n * ENTRY_BYTES), to.ring);
    to.bytes.set(this.bytes.subarray(this.table, this.scratch), to.table);
  }

  /**
   * Move the ring to a fresh instance sized to it (linear memory cannot shrink in place); on any
   * failure keep the larger memory, which is correct, just less thrifty.
   */
  protected compact(): void {
    try {
      const fresh = new RingMemory(this.scheme, this.make);
      this.copyInto(fresh);
      this.#adopt(fresh.wasm);
      ({ ring: this.ring, table: this.table, scratch: this.scratch } = fresh);
    } catch {
      // Keep the larger memory.
    }
  }
}
