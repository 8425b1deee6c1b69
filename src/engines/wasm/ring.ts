// The WebAssembly engine: the ring lives in linear memory, whose every address layout.ts (the class
// this one extends) owns; hashing, sorting, merging and searching run in assembly/. Each call asks
// layout.ts for its memory, which checks it can have it, and only then lets WebAssembly touch it.
import type { Ring, VnodeRun } from "../ring.js";
import { DAMAGED, positionsPerName } from "../ring.js";
import { encodeUtf8, encodeUtf8Bulk, maxUtf8Bytes } from "../../utf8.js";
import { RingMemory } from "./layout.js";

/**
 * routeMany works in chunks of at most this many keys and, past the first key, this many UTF-16
 * code units of them, so that its scratch memory stays bounded and a chunk's keys joined stay far
 * below V8's longest string (2^29 - 24 code units).
 */
const CHUNK = 4096;
const CHUNK_TEXT = 1 << 22;

/** After an update, give memory back (by moving to a fresh instance) when this much is idle. */
const IDLE_BYTES = 1 << 20;

/** Room for the decimal digits of a vnode index (below 2^32). */
const DIGITS = 10;

export class WasmRing extends RingMemory implements Ring {
  /** One more than the highest owner ever added: the removal mask's length. */
  #maskLength = 0;

  /** False from the first in-place write of an update until its last: see Ring.intact. */
  intact = true;

  get size(): number {
    this.#check();
    return this.n;
  }

  /** A damaged ring (see Ring.intact) answers nothing rather than something wrong. */
  #check(): void {
    if (!this.intact) throw new Error(DAMAGED);
  }

  route(key: string): number {
    const i = this.locate(key);
    return i < 0 ? -1 : this.ownerAt(i);
  }

  routeMany(keys: readonly string[]): Int32Array {
    this.#check();
    const out = new Int32Array(keys.length);
    if (this.n === 0) return out.fill(-1);
    for (let start = 0; start < keys.length; ) start = this.#routeChunk(keys, start, out);
    return out;
  }

  /**
   * One WebAssembly call for a chunk: its keys' UTF-8 back to back, written with one encodeInto
   * of the joined chunk when it is all ASCII (then byte offsets are the string offsets), else key
   * by key; each key's [start, end) in the plan's spans. The chunk starts at keys[from] and ends
   * at CHUNK keys or CHUNK_TEXT code units, whichever comes first; returns where it ended.
   */
  #routeChunk(keys: readonly string[], from: number, out: Int32Array): number {
    // Appending builds a rope that encodeInto copies out once: measured 15% faster than join(""),
    // and routeMany 2-4% faster. The same pass finds where the chunk ends.
    const limit = Math.min(keys.length, from + CHUNK);
    let joined = "";
    let to = from;
    while (to < limit && joined.length < CHUNK_TEXT) joined += keys[to++];
    const count = to - from;
    const plan = this.planBatch(count, maxUtf8Bytes(joined));
    const { bytes, words } = this;
    let end = 0;
    if (encodeUtf8Bulk(joined, bytes, plan.text) === joined.length) {
      for (let i = from, w = plan.spans >>> 2; i < to; i++, w += 2) {
        words[w] = end;
        words[w + 1] = end += keys[i].length;
      }
    } else {
      for (let i = from, w = plan.spans >>> 2; i < to; i++, w += 2) {
        words[w] = end;
        words[w + 1] = end += encodeUtf8(keys[i], bytes, plan.text + end);
      }
    }
    this.routeSpans(plan.text, plan.spans, plan.results, count, out, from);
    return to;
  }

  /** The one WebAssembly call for a batch laid out by planBatch (keys at text); owners into out[at...]. */
  routeSpans(text: number, spans: number, results: number, count: number, out: Int32Array, at: number): void {
    this.wasm.routeMany(text, spans, count, this.ring, this.n, this.table, this.bits, this.form, results);
    out.set(new Int32Array(this.bytes.buffer, results, count), at);
  }

  locate(key: string): number {
    this.#check();
    const at = this.planKey(maxUtf8Bytes(key));
    return this.wasm.locate(at, encodeUtf8(key, this.bytes, at), this.ring, this.n, this.table, this.bits, this.form);
  }

  update(remove: readonly number[], add: readonly VnodeRun[]): void {
    let m = 0;
    let maskLength = this.#maskLength;
    let nameBytes = 0;
    const perName = positionsPerName(this.scheme);
    for (const run of add) {
      m += run.count * perName;
      maskLength = Math.max(maskLength, run.owner + 1);
      nameBytes = Math.max(nameBytes, maxUtf8Bytes(run.prefix) + DIGITS);
    }
    // Everything is reserved before anything is touched; from the first write on, a failure (only a
    // WebAssembly trap could) leaves intact false, and the router rebuilds the ring.
    const plan = this.planUpdate(m, maskLength, nameBytes);
    const { wasm, n, bits, table } = this;
    this.intact = false;
    let kept = n;
    if (remove.length > 0 && n > 0) {
      this.bytes.fill(0, plan.mask, plan.mask + maskLength);
      for (const owner of remove) this.bytes[plan.mask + owner] = 1;
      kept = wasm.removeOwners(this.ring, kept, plan.mask);
    }
    // The new nodes, hashed into a run (an empty ring's own place) and sorted there.
    let { keys, tails } = plan;
    for (const { owner, prefix, count, rank } of add) {
      wasm.hashVnodes(plan.name, encodeUtf8(prefix, this.bytes, plan.name), count, owner, rank, this.form, keys, tails);
      keys += count * perName * 4;
      tails += count * perName * 16;
    }
    if (m > 0) wasm.sortEntries(plan.keys, plan.tails, m, plan.counts);
    this.resize(kept + m);
    // Merged into a ring that lost nothing and keeps its index size, the index grows from the old
    // one, without a pass over the ring; otherwise it is built anew.
    const grown = m > 0 && n > 0 && kept === n && this.bits === bits;
    if (m > 0 && n > 0) wasm.mergeEntries(this.ring, kept, plan.keys, m, grown ? table : 0, this.table, this.bits, plan.bounds);
    if (!grown) wasm.buildTable(this.ring, this.n, this.table, this.bits);
    this.#maskLength = maskLength;
    this.intact = true;
    if (this.bytes.length - this.neededBytes > IDLE_BYTES + this.neededBytes / 4) this.compact();
  }

  md5(text: string): Uint8Array {
    // The digest overwrites the text's first 16 bytes: md5Into reads all of it first.
    const at = this.planKey(maxUtf8Bytes(text) + 16);
    this.wasm.md5Into(at, encodeUtf8(text, this.bytes, at), at);
    return this.bytes.slice(at, at + 16);
  }

  empty(): Ring {
    return new WasmRing(this.scheme, this.make);
  }

  clone(): Ring {
    this.#check();
    const copy = new WasmRing(this.scheme, this.make);
    this.copyInto(copy);
    copy.#maskLength = this.#maskLength;
    return copy;
  }
}
