// Batches in memory: the chunks they are routed in, the one WebAssembly call that routes a chunk,
// its owners copied out, and routeBytes' chunks (which ids the next one takes, and their bytes and
// spans put where a batch plan says). ./ring.ts reads string ids into chunks and calls these.
import { lowerBound } from "../../lower-bound.js";
import { fillInto, lengthOfView, setInto, windowOf } from "../../validate.js";
import { indexOf } from "../ring.js";
import { INDEXES } from "./constants.generated.js";
import type { RingMemory } from "./layout.js";

/**
 * routeMany and routeBytes work in chunks of at most CHUNK keys, and CHUNK_TEXT UTF-16 code units
 * of them (routeBytes: CHUNK_BYTES bytes), or one key when it is longer: a chunk's text, spans,
 * results and strings stay in the L2 cache, its joined keys stay far below V8's longest string,
 * and the scratch memory is the same for every batch size, so a big batch grows nothing that a
 * small one does not reuse. A multiple of every SIMD module's lanes (LANES in
 * ./constants.generated.ts): a chunk's last pass would otherwise hash empty lanes.
 */
export const CHUNK = 1008;
export const CHUNK_TEXT = 1 << 17;
/** routeBytes' chunks cover at most as many bytes as routeMany's text may take (3 per code unit). */
export const CHUNK_BYTES = 3 * CHUNK_TEXT;

/**
 * How the WebAssembly routeMany reads a batch's spans (its `step`: bytes from one key's span to the
 * next): OFFSETS, key i is [spans[i], spans[i + 1]) (Arrow's layout: routeMany's joined keys, and
 * routeBytes' offsets copied as given); PAIRS, key i is [spans[2i], spans[2i + 1]) (routeBytes'
 * pairs: lines of a file, which their line ends separate).
 */
export const PAIRS = 8;
export const OFFSETS = 4;
export type Step = typeof PAIRS | typeof OFFSETS;

/** Fewer offsets than this routeBytes copies in a loop: a view and a set cost more. */
export const LOOP_COPY = 256;

/**
 * view[start, end) to copy from: view itself when that is all of it (a whole column, a whole
 * call's offsets), no new view made.
 */
export function within<T extends Uint8Array | Int32Array | Uint32Array>(view: T, start: number, end: number): T {
  return start === 0 && end === lengthOfView.call(view) ? view : windowOf(view, start, end);
}

/**
 * The one WebAssembly call that routes a chunk (the SIMD module's where attached): key i is the
 * bytes at keys + its span, the spans at `spans` (planBatch) as `step` lays them out; owners to
 * `results`, or with `nodes` the indexes of the nodes the keys land on. The ring is not empty.
 */
export function routeBatch(memory: RingMemory, keys: number, spans: number, count: number, results: number, step: Step, nodes = false): void {
  memory.wasm.routeMany(keys, spans, count, memory.ring, memory.n, memory.table, memory.bits, memory.form | (nodes ? INDEXES : 0), results, step);
}

/**
 * A routed chunk's answers (results: their word index in memory, -1 for an empty ring) into
 * out[at ...]: without a table its owners; with one, its nodes (routeBatch's `nodes`), each written
 * as Ring's indexOf writes it (excludedAt(node) for an EXCLUDED owner).
 */
export function writeOwners(memory: RingMemory, results: number, count: number, out: Int32Array, at: number, table?: Int32Array): void {
  if (results < 0) fillInto(out, -1, at, at + count);
  else if (table === undefined) setInto(out, memory.ownersAt(results * 4, count), at);
  else {
    const words = memory.words;
    for (let i = 0, node = 0; i < count; i++) out[at + i] = indexOf((node = words[results + i]), memory.ownerOfSlot(node), table);
  }
}

/**
 * The end of routeBytes' chunk by Arrow offsets from id `from` of `count`: at most CHUNK ids with
 * at most CHUNK_BYTES bytes in all, or one longer id.
 */
export function chunkEnd(offsets: Int32Array | Uint32Array, from: number, count: number): number {
  const to = Math.min(count, from + CHUNK), most = offsets[from] + CHUNK_BYTES;
  return offsets[to] <= most ? to : Math.max(from + 1, lowerBound(offsets, most, from + 1, to, (at, i, limit) => at[i] <= limit) - 1);
}

/** The most bytes one of routeBytes' chunks of these offsets holds (a pass over the chunks' ends): the room the call needs. */
export function largestChunk(offsets: Int32Array | Uint32Array, count: number): number {
  let most = 0;
  for (let from = 0, to = 0; from < count; from = to) {
    to = chunkEnd(offsets, from, count);
    most = Math.max(most, offsets[to] - offsets[from]);
  }
  return most;
}

/**
 * routeBytes' next chunk by Arrow offsets, from id `from` of `count` (chunkEnd). Their bytes are
 * one run of data, copied whole (data itself when it is that run: a whole column), the offsets as
 * given; routed, and the owners written to out (writeOwners). Returns the chunk's end.
 */
export function routeOffsetsChunk(memory: RingMemory, data: Uint8Array, offsets: Int32Array | Uint32Array, from: number, count: number, out: Int32Array, table?: Int32Array): number {
  const to = chunkEnd(offsets, from, count);
  const lo = offsets[from], hi = offsets[to];
  // planBatch may have grown memory: the views are read after it.
  const plan = memory.planBatch(CHUNK, hi - lo);
  memory.bytes.set(within(data, lo, hi), plan.text);
  const words = memory.words;
  // A few offsets in a loop, unless they are all of the call's (a set of them makes no view).
  const whole = from === 0 && to + 1 === lengthOfView.call(offsets);
  if (to - from < LOOP_COPY && !whole) for (let i = from, w = plan.spans >>> 2; i <= to; i++) words[w++] = offsets[i];
  else words.set(whole ? offsets : windowOf(offsets, from, to + 1), plan.spans >>> 2);
  // The offsets as given, from keys = text - lo: WebAssembly adds them in 32 bits, where the
  // difference may be below 0 and the sum is the key's place in the copy.
  routeBatch(memory, (plan.text - lo) | 0, plan.spans, to - from, plan.results, OFFSETS, table !== undefined);
  writeOwners(memory, plan.results >>> 2, to - from, out, from, table);
  return to;
}

/**
 * routeBytes' next chunk by [start, end) pairs, from pair `from` (as routeOffsetsChunk): the bytes
 * from the first start to the last end copied whole when they are few (the ids' bytes, and what
 * lies between them), else each id's bytes copied after the last (ids scattered over data).
 */
export function routePairsChunk(memory: RingMemory, data: Uint8Array, spans: Int32Array | Uint32Array, from: number, count: number, out: Int32Array, table?: Int32Array): number {
  let lo = Infinity, hi = 0, bytes = 0, to = from;
  for (const last = Math.min(count, from + CHUNK); to < last; to++) {
    const start = spans[2 * to], end = spans[2 * to + 1];
    if (to > from && bytes + end - start > CHUNK_BYTES) break;
    bytes += end - start;
    lo = Math.min(lo, start);
    hi = Math.max(hi, end);
  }
  const whole = hi - lo <= Math.max(bytes, CHUNK_BYTES);
  const plan = memory.planBatch(CHUNK, whole ? hi - lo : bytes);
  const words = memory.words;
  let keys = plan.text;
  if (whole) {
    memory.bytes.set(within(data, lo, hi), plan.text);
    keys = (plan.text - lo) | 0;
    words.set(within(spans, 2 * from, 2 * to), plan.spans >>> 2);
  } else {
    for (let i = 2 * from, w = plan.spans >>> 2, at = 0; i < 2 * to; i += 2) {
      memory.bytes.set(windowOf(data, spans[i], spans[i + 1]), plan.text + at);
      words[w++] = at;
      words[w++] = at += spans[i + 1] - spans[i];
    }
  }
  routeBatch(memory, keys, plan.spans, to - from, plan.results, PAIRS, table !== undefined);
  writeOwners(memory, plan.results >>> 2, to - from, out, from, table);
  return to;
}
