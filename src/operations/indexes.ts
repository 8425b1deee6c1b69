// Region indexes and byte ids: routeIndexes() and routeManyBytes() answer each id with its region's
// place in regions() (weights() order) in an Int32Array the caller may reuse, so a batch makes no
// string and no array per id; routeManyBytes() takes ids as Apache Arrow lays out a Binary or Utf8
// column (the bytes in one buffer, n + 1 ascending Int32 offsets). The engine writes the indexes
// through an owner -> index table (Ring.routeIndexes, Ring.routeBytes), which marks the excluded
// regions' owners: their ids come back with the node they landed on, and walk on from there.
import { excludedAt, type RegionTable, type Ring } from "../engines/ring.js";
import { bufferOfView, byteLengthOfView, byteOffsetOfView, describe, isShared, lengthOfView, mayChange, onResizable, readTypedArray, setInto, windowOf } from "../validate.js";
import { walkOwners } from "./preference.js";

/** Owner -> index table of a router, seen with some regions excluded. */
export interface IndexTable {
  /** Owner -> its region's index in weights() order; -1 for a free owner, EXCLUDED for an excluded region's. */
  readonly table: Int32Array;
  /** Whether a region that owns positions is not excluded (else every id walks to nothing). */
  readonly open: boolean;
  /** Whether some region is excluded: then routed ids may need walkExcluded. */
  readonly excludes: boolean;
  /** The table the engine writes owners through: undefined when every owner is its region's index (nothing to look up). */
  readonly engineTable: Int32Array | undefined;
}

/** The router's table (`names`, `regions`: see RouterInternals) as indexes, nothing excluded (./batch-tables.ts marks excluded owners). */
export function indexTable(names: RegionTable, regions: ReadonlyMap<string, { readonly owner: number; readonly names: number }>): IndexTable {
  const table = new Int32Array(names.length).fill(-1);
  let index = 0;
  let open = false;
  let identity = true;
  for (const [, { owner, names: count }] of regions) {
    table[owner] = index;
    if (count > 0) open = true;
    if (owner !== index) identity = false;
    index++;
  }
  return { table, open, excludes: false, engineTable: identity ? undefined : table };
}

/** `out` as readTypedArray gives it (reading it runs no code of the caller's, a Proxy among its prototypes included), undefined for none. */
export function readOutView(out: unknown): Int32Array | undefined {
  return out === undefined ? undefined : readTypedArray(out, Int32Array, "out", "an Int32Array, or undefined for a new one (options come after out)");
}

/** Where `count` answers go: `view` (readOutView's) if it holds them, else a RangeError; a new array for none. */
export function answersIn(view: Int32Array | undefined, count: number): Int32Array {
  if (view === undefined) return new Int32Array(count);
  if (lengthOfView.call(view) < count) throw new RangeError(`out must hold at least ${count} indexes, got ${describe(view)}`);
  return view;
}

/**
 * answersIn for ids that `inputs` (routeManyBytes' data, then its offsets) hold, which runs no
 * code of the caller's (after readOutView, the inputs checked in between): its first `count` must
 * share no memory with them (writing an answer must not change an id still to be read), and
 * `written` is where the engine writes: `answers`, or a new array to copy into it at the end where
 * `answers` is in shared memory that an input may reach through another SharedArrayBuffer object
 * (one per thread, or per structuredClone). `offsetsShared`: the offsets are in shared memory,
 * which another thread may change while they are read (see privateOffsets).
 */
export function readOutBeside(view: Int32Array | undefined, count: number, inputs: readonly [Uint8Array, Int32Array]): { answers: Int32Array; written: Int32Array; offsetsShared: boolean } {
  const answers = answersIn(view, count);
  if (view === undefined) return { answers, written: answers, offsetsShared: mayChange(bufferOfView(inputs[1])) };
  // Views of their class's own (readTypedArray's): their getters are the built-in ones. A buffer's
  // prototype may be anything (a Proxy): isShared asks no prototype.
  const buffer = bufferOfView(answers);
  const shared = isShared(buffer);
  let alias = false, offsetsShared = false;
  for (let k = 0; k < inputs.length; k++) {
    const input = inputs[k];
    const other = bufferOfView(input);
    if (other === buffer && overlap(answers, 4 * count, input)) {
      throw new RangeError(`out must not share memory with data or offsets, got ${describe(answers)} over ${k ? "offsets" : "data"}`);
    }
    if (shared && other !== buffer && isShared(other)) alias = true;
    if (k === 1) offsetsShared = other === buffer ? shared : mayChange(other);
  }
  return { answers, written: alias ? new Int32Array(count) : answers, offsetsShared };
}

/** Whether the first `bytes` of `view` share memory with `other` (a view of the same buffer). */
function overlap(view: ArrayBufferView, bytes: number, other: ArrayBufferView): boolean {
  const from = byteOffsetOfView(view), start = byteOffsetOfView(other);
  return from < start + byteLengthOfView(other) && start < from + bytes;
}

/**
 * Offsets in shared memory, which another thread may change between their check and the engine's
 * reads (a trap, or ids past the data): a copy of them, checked again, which nothing else can
 * change. A RangeError names an offset made bad meanwhile.
 */
export function privateOffsets(data: Uint8Array, offsets: Int32Array, count: number): Int32Array {
  const copy = new Int32Array(windowOf(offsets, 0, count + 1));
  countOffsets(data, copy);
  return copy;
}

/** `bytes` to read within a call (readTypedArray): a TypeError naming `parameter` unless a Uint8Array (a Buffer is one). */
export function readBytes(bytes: unknown, parameter: string): Uint8Array {
  return readTypedArray(bytes, Uint8Array, parameter, "a Uint8Array (a Buffer is one)");
}

const OFFSETS = "an Int32Array of n + 1 ascending offsets into data";

/** `offsets` to read within a call (readTypedArray): a TypeError unless an Int32Array. */
export function readSpans(offsets: unknown): Int32Array {
  return readTypedArray(offsets, Int32Array, "offsets", OFFSETS);
}

/**
 * The number of ids in `data` by `offsets`, Arrow's layout: n + 1 offsets, ascending, the last at
 * most data's length (the first need not be 0: a slice of a column). Every offset is checked before
 * anything is read; a flaw is an error naming it.
 */
export function countOffsets(data: Uint8Array, offsets: Int32Array): number {
  const n = lengthOfView.call(offsets) - 1;
  if (n < 0) throw new RangeError(`offsets must be ${OFFSETS}, got an empty one`);
  // The sign bits of every offset and of every step from one to the next, or-ed, four at a time
  // (half the time of a test per offset). While every offset is >= 0 a step is exact in 32 bits,
  // so the sign bit is clear only when all are >= 0 and ascending; then the last, the highest,
  // against data.
  let prev = offsets[0], signs = prev, i = 1;
  for (; i + 3 <= n; i += 4) {
    const a = offsets[i], b = offsets[i + 1], c = offsets[i + 2], d = offsets[i + 3];
    signs |= a | b | c | d | (a - prev) | (b - a) | (c - b) | (d - c);
    prev = d;
  }
  for (; i <= n; i++) {
    const a = offsets[i];
    signs |= a | (a - prev);
    prev = a;
  }
  if (signs >= 0 && prev <= lengthOfView.call(data)) return n;
  throw badOffset(data, offsets);
}

/**
 * The error naming the first offset below 0, past the end of data or below the one before it, each
 * read once; none found again (offsets in shared memory, changed by another thread meanwhile), that.
 */
function badOffset(data: Uint8Array, offsets: Int32Array): RangeError {
  let j = 0, value = 0, before = 0;
  const length = lengthOfView.call(offsets), end = lengthOfView.call(data);
  for (; j < length; j++, before = value) {
    value = offsets[j];
    if (!(value >= 0 && value <= end && (j === 0 || value >= before))) break;
  }
  if (j === length) return new RangeError(`offsets must be ${OFFSETS}, got offsets in shared memory that changed while they were read`);
  const got = `got offsets[${j}] = ${value}`;
  if (value > end) return new RangeError(`offsets must be ${OFFSETS}, ${got}, past the end of data (${describe(data)})`);
  return new RangeError(`offsets must be ${OFFSETS} (${describe(data)}), ${got}${j > 0 && value >= 0 ? ` after ${before}` : ""}`);
}

/**
 * Ring.routeIndexes of `count` ids into `answers` (answersIn's), walked on from excluded regions
 * (into a new array first, so that a bad id leaves out as it was). A getter among the ids may
 * detach or shrink out's buffer: then a RangeError naming out, on either engine, in place of
 * whatever writing into it gave.
 */
export function indexesInto(ring: Ring, ids: readonly unknown[], count: number, answers: Int32Array, indexes: IndexTable): void {
  // Out on a resizable buffer too: a getter that shrinks it and grows it back loses the answers written meanwhile.
  const written = indexes.excludes || onResizable(answers) ? new Int32Array(count) : answers;
  try {
    ring.routeIndexes(ids, count, written, indexes.engineTable);
  } finally {
    // Whatever the engine gave (answers, or an error from writing them), out must still hold them.
    outKept(answers, count);
  }
  if (written !== answers) setInto(answers, indexes.excludes ? walkExcluded(ring, written, count, indexes) : written);
}

/**
 * Ring.routeBytes of `count` ids by Arrow offsets (checked: countOffsets) into `out`, no answer
 * written before every chunk's room is had, walked on from excluded regions.
 */
export function bytesInto(ring: Ring, data: Uint8Array, offsets: Int32Array, count: number, out: Int32Array, indexes: IndexTable): void {
  ring.routeBytes(data, offsets, count, 1, out, indexes.engineTable, true);
  if (indexes.excludes) walkExcluded(ring, out, count, indexes);
}

/** A RangeError unless out (answersIn's view) still holds `count` indexes. */
function outKept(answers: Int32Array, count: number): void {
  if (lengthOfView.call(answers) < count) {
    throw new RangeError(`out must hold ${count} indexes until the call returns, but sessionIds (a getter) detached or shrank its buffer: now ${describe(answers)}`);
  }
}

/**
 * The answers the engine wrote for an excluded region (excludedAt(node): Ring's indexOf) walked on
 * from that node to the first region not excluded: its index, or -1 when every region with
 * positions is excluded (out, returned). No id is routed again.
 */
export function walkExcluded(ring: Ring, out: Int32Array, count: number, { table, open }: IndexTable): Int32Array {
  for (let i = 0; i < count; i++) {
    if (out[i] >= -1) continue;
    const owner = open ? walkOwners(ring, excludedAt(out[i]), (candidate) => table[candidate] >= 0) : -1;
    out[i] = owner < 0 ? -1 : table[owner];
  }
  return out;
}
