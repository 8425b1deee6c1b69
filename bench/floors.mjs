// Floors: what the steps no implementation of a call can skip cost alone on this machine, measured
// beside the call in the same rounds, so that a target a floor already misses shows as such
// (targets.mjs). The WebAssembly work is asked of the engine through its Ring contract
// (ring.routeBytes: owners of ids given as bytes), never through its memory or exports.
import { ringOf, routerOf, sessionIds } from "./lib.mjs";

const encoder = new TextEncoder();

/** `ids` encoded once, as Arrow lays out a column of strings: their UTF-8 in one buffer, and count + 1 offsets. */
export function encoded(ids) {
  const data = new Uint8Array(3 * ids.reduce((sum, id) => sum + id.length, 0));
  const offsets = new Int32Array(ids.length + 1);
  for (let i = 0; i < ids.length; i++) offsets[i + 1] = offsets[i] + encoder.encodeInto(ids[i], data.subarray(offsets[i])).written;
  return { data: data.subarray(0, offsets[ids.length]), offsets };
}

/**
 * The floor of a build's hashing: the WebAssembly engine hashing `names` already encoded, on a ring
 * of one node (MD5 and a search with nothing to search), as a task { name, run }.
 */
export function hashingFloor(WasmRouter, names) {
  const ring = ringOf(routerOf(WasmRouter, [["one", 1]], { vnodesPerWeight: 1 }));
  const { data, offsets } = encoded(names);
  const out = new Int32Array(names.length);
  return { name: `the WebAssembly engine hashing the ${names.length.toLocaleString("en")} names already encoded, nothing else`, run: () => ring.routeBytes(data, offsets, names.length, 1, out) };
}

/**
 * The floors work in pieces of this many ids: routeMany's chunk (CHUNK, src/engines/wasm/ring.ts;
 * test/batch-boundaries.test.ts holds the two equal), so that at every batch size a floor pays a
 * chunk's fixed cost (one encodeInto, one WebAssembly call) as often as routeMany.
 */
const FLOOR_CHUNK = 1008;

/** The sum of visit(joined) over the ids joined FLOOR_CHUNK at a time (a rope, flattened by visit). */
function overJoinedChunks(ids, visit) {
  let sum = 0;
  for (let from = 0; from < ids.length; from += FLOOR_CHUNK) {
    let joined = "";
    for (let i = from, end = Math.min(ids.length, from + FLOOR_CHUNK); i < end; i++) joined += ids[i];
    sum = (sum + visit(joined)) | 0;
  }
  return sum;
}

/**
 * Byte offsets from offsets in UTF-16 code units, over `data`, the UTF-8 of the text they index:
 * where a chunk is not ASCII (the engine does the same in WebAssembly).
 */
function toByteOffsets(data, offsets, count) {
  let byte = 0;
  let unit = 0;
  for (let i = 1; i <= count; i++) {
    const end = offsets[i];
    while (unit < end) {
      const lead = data[byte];
      const length = lead < 0x80 ? 1 : lead < 0xe0 ? 2 : lead < 0xf0 ? 3 : 4;
      byte += length;
      unit += length === 4 ? 2 : 1;
    }
    offsets[i] = byte;
  }
}

/**
 * The floor tasks of routeMany on a ring of `regions` ([name, weight] pairs): each step alone
 * (the answer array, reading every id, their UTF-8 in memory, the WebAssembly work), and one
 * call's steps together without the router around them (no validation, no copy of the ids): per
 * chunk the ids joined, one encodeInto, one routeBytes, the owners named in a new array.
 */
export function batchFloors(WasmRouter, regions) {
  const router = routerOf(WasmRouter, regions);
  const ring = ringOf(router);
  const names = regions.map(([name]) => name);
  const owners = new Int32Array(1_000_000).map((_, i) => i % names.length);
  const memory = new Uint8Array(1 << 22);
  // The WebAssembly step's ids: as many as the largest batch, 36 bytes each, encoded once.
  const keys = encoded(sessionIds(1_000_000, 9).map((id) => id.padEnd(36, "0").slice(0, 36)));
  const keyOwners = new Int32Array(1_000_000);
  // One chunk's text (up to 36 code units an id, 3 bytes each at the most), offsets and owners.
  const text = new Uint8Array(3 * 36 * FLOOR_CHUNK);
  const offsets = new Int32Array(FLOOR_CHUNK + 1);
  const chunkOwners = new Int32Array(FLOOR_CHUNK);

  /** One call's steps over ids: each owner's region name into a new array, returned. */
  function bareCall(ids) {
    const out = new Array(ids.length);
    for (let from = 0; from < ids.length; from += FLOOR_CHUNK) {
      const count = Math.min(FLOOR_CHUNK, ids.length - from);
      let joined = "";
      for (let i = 0; i < count; i++) offsets[i + 1] = (joined += ids[from + i]).length;
      const { written } = encoder.encodeInto(joined, text);
      if (written !== joined.length) toByteOffsets(text, offsets, count);
      ring.routeBytes(text, offsets, count, 1, chunkOwners);
      for (let i = 0; i < count; i++) out[from + i] = names[chunkOwners[i]];
    }
    return out;
  }
  // The bare call is a floor only if it does the whole work: its answers are routeMany's.
  const sample = sessionIds(3 * FLOOR_CHUNK + 5, 11).map((id, i) => (i % 3 ? id : `Ω${id}`));
  if (JSON.stringify(bareCall(sample)) !== JSON.stringify(router.routeMany(sample))) {
    throw new Error("bench: the floor's bare call routes differently from routeMany");
  }
  return {
    answer: { name: "floor: the answer alone: new Array(n) of region names, filled from n owners", run: (ids) => {
      const out = new Array(ids.length);
      for (let i = 0; i < out.length; i++) out[i] = names[owners[i]];
      return out;
    } },
    read: { name: "floor: reading every id once (chunks of 1,008 joined and flattened: every character copied once)", run: (ids) => overJoinedChunks(ids, (joined) => joined.charCodeAt(0)) },
    utf8: { name: "floor: the ids' UTF-8 in memory (chunks of 1,008 joined, one encodeInto each)", run: (ids) => overJoinedChunks(ids, (joined) => encoder.encodeInto(joined, memory).written) },
    wasm: { name: "floor: the WebAssembly work alone, on as many ids already encoded (routeBytes)", run: (ids) => ring.routeBytes(keys.data, keys.offsets, ids.length, 1, keyOwners) },
    // The floor the targets are judged against: the steps measured apart sum to less than they
    // cost together where the answer is a large object.
    call: { name: "floor: one call's steps, no router", run: bareCall },
  };
}
