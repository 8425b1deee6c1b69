// Floors: what the steps no implementation of a call can skip cost on this machine, measured beside
// the call (targets.mjs). The WebAssembly work goes through the Ring contract (ring.routeBytes).
import crypto from "node:crypto";
import { arrowLayout } from "../dist/cli/bench-kit.js";
import { ringOf, routerOf } from "./lib.mjs";

const encoder = new TextEncoder();

/** routeMany's chunk (CHUNK, src/engines/wasm/chunks.ts; a test holds the two equal): a floor pays a chunk's fixed cost as often. */
const FLOOR_CHUNK = 1008;

/**
 * The floor tasks of the batch calls on a ring of `regions` ([name, weight] pairs): the ids'
 * UTF-8 alone, the WebAssembly work alone on `uuids` already encoded as `bytes` (a window of its
 * offsets, as the call beside it), and one call's steps together without the router around them
 * (no validation, no copy of the ids).
 */
export function batchFloors(WasmRouter, regions) {
  const router = routerOf(WasmRouter, regions);
  const ring = ringOf(router);
  const names = regions.map(([name]) => name);
  // 1,000,000 ids of 36 bytes, as many as the largest batch, and their UTF-8: the bytes calls' ids.
  const uuids = Array.from({ length: 1_000_000 }, () => crypto.randomUUID());
  const bytes = arrowLayout(uuids);
  const byteOwners = new Int32Array(1_000_000);
  // One chunk's UTF-8 (up to 36 code units an id), offsets and owners.
  const [text, offsets, chunkOwners] = [new Uint8Array(3 * 36 * FLOOR_CHUNK), new Int32Array(FLOOR_CHUNK + 1), new Int32Array(FLOOR_CHUNK)];

  /**
   * One call's steps over ids up to `upTo`: "utf8", per chunk the ids joined and one encodeInto;
   * "owners", then one routeBytes; "names", then each owner's region name into a new array, returned.
   */
  function bareCall(ids, upTo) {
    const out = upTo === "names" ? new Array(ids.length) : chunkOwners;
    for (let from = 0; from < ids.length; from += FLOOR_CHUNK) {
      const count = Math.min(FLOOR_CHUNK, ids.length - from);
      let joined = "";
      for (let i = 0; i < count; i++) offsets[i + 1] = (joined += ids[from + i]).length;
      const { written } = encoder.encodeInto(joined, text);
      if (upTo === "utf8") continue;
      if (written !== joined.length) {
        // Not ASCII: byte offsets id by id, the least JavaScript can do (the engine converts the chunk's in WebAssembly).
        for (let i = 0; i < count; i++) offsets[i + 1] = offsets[i] + Buffer.byteLength(ids[from + i]);
      }
      ring.routeBytes(text, offsets, count, 1, chunkOwners);
      if (upTo === "names") for (let i = 0; i < count; i++) out[from + i] = names[chunkOwners[i]];
    }
    return out;
  }
  // The bare call is a floor only if it does the whole work: its answers are routeMany's.
  const sample = uuids.slice(0, 3 * FLOOR_CHUNK + 5).map((id, i) => (i % 3 ? id : `Ω${id}`));
  if (JSON.stringify(bareCall(sample, "names")) !== JSON.stringify(router.routeMany(sample))) {
    throw new Error("bench: the floor's bare call routes differently from routeMany");
  }
  return {
    uuids, bytes,
    utf8: { name: "floor: the ids' UTF-8 (one encodeInto a chunk)", run: (ids) => bareCall(ids, "utf8") },
    /** The WebAssembly work alone on the ids of `offsets` (a window of bytes.offsets: the one the call beside it takes). */
    wasm: (offsets) => ({ name: "floor: the WebAssembly work alone (routeBytes)", run: () => ring.routeBytes(bytes.data, offsets, offsets.length - 1, 1, byteOwners) }),
    call: { name: "floor: one call's steps, no router", run: (ids) => bareCall(ids, "names") },
    bare: { name: "floor: the same, no answer array", run: (ids) => bareCall(ids, "owners") },
  };
}
