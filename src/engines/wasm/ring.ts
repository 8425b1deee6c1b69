// The WebAssembly engine: the ring lives in linear memory, whose every address layout.ts (the class
// this one extends) owns; hashing, sorting, merging and searching run in assembly/, and an update
// of a few nodes is made in place (in-place.ts). Each call asks layout.ts for its memory, which
// checks it can have it, and only then lets WebAssembly or in-place.ts touch it.
import { type Answers, checkKey, DAMAGED, DIGEST_BYTES, longestId, positionsPerName, type RegionTable, regionAt, type Ring, type VnodeRun, type WalkOn } from "../ring.js";
import { encodeUtf8, maxUtf8Bytes } from "../../utf8.js";
import { fillInto, lengthOfView } from "../../validate.js";
import { DIGEST, KEY_BYTES, NAME_DIGITS } from "./constants.generated.js";
import { ENTRY_BYTES, homeOf, roomFor, runFrom, type UpdatePlan } from "./layout.js";
import { fitsInPlace, insertInPlace, nodesAt, removeInPlace } from "./in-place.js";
import { GhostedMemory } from "./ghosts.js";
import { leavesGhosts } from "../ghosts.js";
import { searched } from "../doomed.js";
import { CHUNK, CHUNK_BYTES, CHUNK_TEXT, chunkEnd, largestChunk, OFFSETS, routeBatch, routeOffsetsChunk, routePairsChunk, within, writeOwners } from "./chunks.js";

/**
 * The fewest ids the batch calls (routeMany, routeIndexes, routeBytes) write into memory as a
 * batch: one or two they route one by one, as route() does, for less than one pass of the SIMD
 * module's lanes costs (from three on, the batch costs no more).
 */
export const SMALLEST_BATCH = 3;

/** routeMany's offsets while its keys are read; a call made from a getter meanwhile makes its own. */
let spareOffsets: Uint32Array | undefined;

/** After an update, give memory back (by moving to a fresh instance) when this much is idle. */
const IDLE_BYTES = 1 << 20;

export class WasmRing extends GhostedMemory implements Ring {
  /** One more than the highest owner ever added: the removal mask's length. */
  #maskLength = 0;

  /** False from the first in-place write of an update until its last: see Ring.intact. */
  intact = true;

  get size(): number {
    this.#check();
    return this.nodes;
  }

  /** A damaged ring (see Ring.intact) answers nothing rather than something wrong. */
  #check(): void {
    if (!this.intact) throw new Error(DAMAGED);
  }

  route(key: string): number {
    const slot = this.#slotOf(key);
    return slot < 0 ? -1 : this.ownerOfSlot(slot);
  }

  routeMany(keys: readonly unknown[], out: Answers, names: RegionTable, walkOn?: WalkOn): void {
    const total = out.length;
    // The walk goes on from a node's index (as the ring is at the time); the batch gives slots.
    const onIndex = walkOn;
    if (onIndex !== undefined) walkOn = (slot) => onIndex(this.indexAtSlot(slot));
    if (total < SMALLEST_BATCH) {
      // Inline, not through #oneByOne's callback: routeMany of one id is the common small call.
      this.#check();
      const had = this.bytes;
      try {
        for (let i = 0; i < total; i++) {
          const key = keys[i];
          checkKey(key, i);
          const slot = this.#slotOf(key);
          out[i] = regionAt(slot, slot < 0 ? -1 : this.ownerOfSlot(slot), names, walkOn);
        }
      } finally {
        this.#giveBackBatch(had);
      }
      return;
    }
    this.#readChunks(keys, total, (results, count, at) => {
      if (results < 0) return void out.fill(null, at, at + count);
      // Read through the words view (owners are below 2^16): a new Int32Array view per call would
      // cost more than the copy, in a small batch. Every owner is a region's (the ring is not empty),
      // but with `walkOn`, where the chunk's answers are its nodes.
      const words = this.words;
      if (walkOn === undefined) for (let i = 0; i < count; i++) out[at + i] = names[words[results + i]] as string;
      else for (let i = 0, slot = 0; i < count; i++) out[at + i] = regionAt((slot = words[results + i]), this.ownerOfSlot(slot), names, walkOn);
    }, walkOn !== undefined);
  }

  routeIndexes(keys: readonly unknown[], count: number, out: Int32Array, table?: Int32Array): void {
    if (count < SMALLEST_BATCH) {
      this.#oneByOne(keys, count, (slot, i) => void (out[i] = this.answerAt(slot, table)));
      return;
    }
    this.#readChunks(keys, count, (results, chunk, at) => (writeOwners(this, results, chunk, out, at, table), this.excludedIndexes(out, at, at + chunk, table)), table !== undefined);
  }

  /** A batch too small to pay for one: each key read, checked and located as route() does (its slot); memory given back as a batch's. */
  #oneByOne(keys: readonly unknown[], count: number, write: (node: number, i: number) => void): void {
    this.#check();
    const had = this.bytes;
    try {
      for (let i = 0; i < count; i++) {
        const key = keys[i];
        checkKey(key, i);
        write(this.#slotOf(key), i);
      }
    } finally {
      this.#giveBackBatch(had);
    }
  }

  /**
   * keys[0 .. total), read once each, in order, and checked as read, routed a chunk at a time:
   * `write(results, count, at)` takes each chunk's owners, or with `nodes` the nodes they land on
   * (the word index of count answers in memory, read before the next chunk; -1 when the ring was
   * empty) for keys[at .. at + count).
   */
  #readChunks(keys: readonly unknown[], total: number, write: (results: number, count: number, at: number) => void, nodes = false): void {
    // Here for a call of no ids; each chunk checks again, after its ids' getters have run.
    this.#check();
    const had = this.bytes;
    // The offsets are gathered here while the keys are read, and only then put in memory: reading
    // a key can run a getter that routes (writing its own key where the offsets go) or updates.
    const offsets = spareOffsets ?? new Uint32Array(CHUNK + 1);
    spareOffsets = undefined;
    // A loop per chunk, testing nothing per key but the text's room (cheaper than one loop over
    // all keys testing for a full chunk at every key); memory given back however it ends.
    try {
      for (let i = 0; i < total; ) {
        const end = Math.min(total, i + CHUNK);
        let joined = "";
        // Keys read since the chunk began; key k ends at offsets[k + 1] (offsets[0] is 0).
        let k = 0;
        try {
          for (; i < end; i++) {
            // A key that is a rope (crypto.randomUUID() makes one) is walked when the chunk is
            // flattened, not flattened in place: a charCodeAt(0) that flattened each would cost
            // more for fresh ids, and pay only when the same ids are routed again.
            const key = keys[i];
            checkKey(key, i);
            if (joined.length + key.length > CHUNK_TEXT && k > 0) {
              write(this.#routeChunk(joined, offsets, k, nodes), k, i - k);
              joined = "";
              k = 0;
            }
            offsets[++k] = (joined += key).length;
          }
        } finally {
          // The keys read, all of the chunk's or those before a bad key or a getter that threw:
          // their answers written, as one-by-one routing (the pure engine's) does. (A chunk whose
          // routing threw is routed again: it throws again, or writes the same answers.)
          write(this.#routeChunk(joined, offsets, k, nodes), k, i - k);
        }
      }
    } finally {
      spareOffsets = offsets;
      this.#giveBackBatch(had);
    }
  }

  /**
   * After a batch: only giant keys grow memory past what every chunk reuses (`had`, the memory's
   * view before the batch: a new one when it grew); give that back.
   */
  #giveBackBatch(had: Uint8Array): void {
    if (this.bytes !== had) this.giveBack(this.planBatch(CHUNK, 0).text + CHUNK_BYTES + IDLE_BYTES);
  }

  /**
   * One WebAssembly call for a chunk of keys, joined (a rope: appending is faster than join("")) and
   * written as UTF-8 at the batch plan's text with one encodeInto; where each key ends in
   * `offsets` (count + 1, Arrow's layout), in code units, which are bytes when the text is ASCII
   * and are turned into bytes in WebAssembly (utf8Spans) when not. A chunk is at most CHUNK keys
   * and CHUNK_TEXT code units, or one longer key (joined to another, the longest string V8 makes
   * would not hold it). Planned after its keys are read, on the ring as it is then. Returns the
   * word index of the owners (with `nodes`, of the nodes) in memory, -1 on an empty ring.
   */
  #routeChunk(joined: string, offsets: Uint32Array, count: number, nodes: boolean): number {
    this.#check();
    if (this.n === 0) return -1;
    // The same plan for every chunk: the text is always at the same place, and so its view.
    const plan = this.planBatch(CHUNK, 0);
    this.words.set(within(offsets, 0, count + 1), plan.spans >>> 2);
    if (this.writeText(joined, plan.text) !== joined.length && !this.wasm.utf8Spans(plan.text, plan.spans, count)) {
      // A surrogate pair across two keys: encode them one by one.
      for (let i = 0, w = plan.spans >>> 2, end = 0; i < count; i++) {
        this.words[++w] = end += this.writeText(joined.slice(offsets[i], offsets[i + 1]), plan.text + end);
      }
    }
    routeBatch(this, plan.text, plan.spans, count, plan.results, OFFSETS, nodes);
    return plan.results >>> 2;
  }

  routeBytes(data: Uint8Array, spans: Int32Array | Uint32Array, count: number, stride: 1 | 2, out: Int32Array, table?: Int32Array, reserve?: boolean): void {
    this.#check();
    if (this.n === 0) {
      fillInto(out, -1, 0, count);
      return;
    }
    const had = this.bytes;
    try {
      if (count < SMALLEST_BATCH) {
        // Located one by one, as locateBytes does (routeMany's small batch), the longest's room first.
        if (reserve) this.planKey(longestId(spans, count));
        for (let i = 0, at = 0; i < count; i++, at += stride) {
          out[i] = this.answerAt(this.#slotOfBytes(within(data, spans[at], spans[at + 1])), table);
        }
        return;
      }
      // The room of the largest chunk, before anything is written (a lone chunk takes its own before
      // it writes): no more, so the memory a small batch grew is all a large one of short ids needs.
      if (reserve && chunkEnd(spans, 0, count) < count) this.planBatch(CHUNK, largestChunk(spans, count));
      for (let from = 0; from < count; ) {
        this.excludedIndexes(out, from, (from = stride === 1 ? routeOffsetsChunk(this, data, spans, from, count, out, table) : routePairsChunk(this, data, spans, from, count, out, table)), table);
      }
    } finally {
      this.#giveBackBatch(had);
    }
  }

  locateDigest(digest: Uint8Array): number {
    return this.indexAtSlot(this.#slotOfBytes(digest, DIGEST));
  }

  locate(key: string): number {
    return this.indexAtSlot(this.#slotOf(key));
  }

  locateBytes(key: Uint8Array): number {
    return this.indexAtSlot(this.#slotOfBytes(key));
  }

  /** The slot a key lands on; -1 on an empty ring. */
  #slotOf(key: string): number {
    this.#check();
    const at = this.planKey(maxUtf8Bytes(key));
    return this.wasm.locate(at, encodeUtf8(key, this.bytes, at), this.ring, this.n, this.table, this.bits, this.form);
  }

  /** The slot a key given as bytes lands on, or with DIGEST in `flags` a key given by its digest. */
  #slotOfBytes(key: Uint8Array, flags = 0): number {
    this.#check();
    const length = lengthOfView.call(key), at = this.planKey(length);
    this.bytes.set(key, at);
    return this.wasm.locate(at, length, this.ring, this.n, this.table, this.bits, this.form | flags);
  }

  update(remove: readonly VnodeRun[], add: readonly VnodeRun[]): void {
    const perName = positionsPerName(this.scheme);
    const nodesOf = (runs: readonly VnodeRun[]) => runs.reduce((sum, run) => sum + run.count * perName, 0);
    const m = nodesOf(add), k = nodesOf(remove);
    const maskLength = add.reduce((most, run) => Math.max(most, run.owner + 1), this.#maskLength);
    const nameBytes = add.concat(remove).reduce((most, run) => Math.max(most, maxUtf8Bytes(run.prefix) + NAME_DIGITS), 0);
    if (this.ghosts !== undefined) {
      if (k === 0 && this.#refilled(add, m, maskLength, nameBytes)) return;
      this.intact = false;
      this.settle();
      this.intact = true;
    }
    // Everything is reserved before anything is touched; from the first write on, a failure (only a
    // WebAssembly trap could) leaves intact false, and the router rebuilds the ring.
    if (fitsInPlace(this, k, m)) {
      // The run: the added nodes, then the removed ones, hashed again to be searched for.
      const plan = this.planUpdate(m + k, maskLength, nameBytes);
      const removed = runFrom(plan, m);
      this.#hashRuns(plan, remove, m);
      const doomed = k === 0 ? new Uint32Array(0) : searched(nodesAt(this, this.ring, this.ring + this.n * KEY_BYTES, this.n), nodesAt(this, removed.keys, removed.tails, k));
      if (doomed) {
        this.#hashRuns(plan, add, 0);
        if (m > 0) this.wasm.sortEntries(plan.keys, plan.tails, m, plan.sortScratch);
        this.intact = false;
        if (leavesGhosts(k, m, this.n)) this.leaveGhosts(doomed); // nothing moves until the next update
        else {
          removeInPlace(this, doomed, m);
          insertInPlace(this, plan.keys, plan.tails, m);
        }
        this.#updated(maskLength);
        return;
      }
    }
    const plan = this.planUpdate(m, maskLength, nameBytes);
    const { wasm, n, bits, table } = this;
    this.intact = false;
    let kept = n;
    if (remove.length > 0 && n > 0) {
      this.bytes.fill(0, plan.mask, plan.mask + maskLength);
      for (const { owner } of remove) this.bytes[plan.mask + owner] = 1;
      kept = wasm.removeOwners(this.ring, kept, plan.mask);
    }
    // The new nodes, hashed into a run (an empty ring's own place) and sorted there.
    this.#hashRuns(plan, add, 0);
    if (m > 0) wasm.sortEntries(plan.keys, plan.tails, m, plan.sortScratch);
    // An empty ring's run is the ring; a ring whose room for keys has run out, or grown past need, moves to where it is laid out anew.
    const home = n === 0 ? plan.keys : homeOf(kept + m);
    const moved = n === 0 || Math.abs(this.ring - home) > (roomFor(kept + m) * KEY_BYTES) / 2;
    if (moved && n > 0) this.bytes.copyWithin(home, this.ring, this.ring + kept * ENTRY_BYTES);
    if (moved) this.ring = home;
    this.resize(kept + m);
    // Merged into a ring that lost nothing, stayed in place and keeps its index size, the index grows
    // from the old one (below the new one), without a pass over the ring; otherwise it is built anew.
    const grown = m > 0 && n > 0 && kept === n && !moved && this.bits === bits && this.table >= table;
    if (m > 0 && n > 0) wasm.mergeEntries(this.ring, kept, plan.keys, m, grown ? table : 0, this.table, this.bits, plan.bounds);
    if (!grown) wasm.buildTable(this.ring, this.n, this.table, this.bits);
    this.#updated(maskLength);
  }

  /** An update adding the m nodes of `add` alone where the ghosts stand (a region removed and added again); false, nothing changed, when they do not go there. */
  #refilled(add: readonly VnodeRun[], m: number, maskLength: number, nameBytes: number): boolean {
    if (m !== this.ghosts?.slots.length) return false;
    const plan = this.planUpdate(m, maskLength, nameBytes);
    this.#hashRuns(plan, add, 0);
    this.wasm.sortEntries(plan.keys, plan.tails, m, plan.sortScratch);
    // Checked before its first write, the refill cannot fail midway: intact stays true.
    const refilled = this.refill(plan.keys, plan.tails, m);
    if (refilled) this.#updated(maskLength);
    return refilled;
  }

  /** Hash the names of `runs` into the plan's run, from its node `first` on. */
  #hashRuns(plan: UpdatePlan, runs: readonly VnodeRun[], first: number): void {
    const perName = positionsPerName(this.scheme);
    for (const { owner, prefix, count, rank } of runs) {
      const { keys, tails } = runFrom(plan, first);
      this.wasm.hashVnodes(plan.name, encodeUtf8(prefix, this.bytes, plan.name), count, owner, rank, this.form, keys, tails);
      first += count * perName;
    }
  }

  /** The end of an update: the ring whole again, and memory past its needs given back. */
  #updated(maskLength: number): void {
    this.#maskLength = maskLength;
    this.intact = true;
    this.giveBack(this.neededBytes * 1.25 + IDLE_BYTES);
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
    copy.ghosts = this.ghosts;
    return copy;
  }
}

