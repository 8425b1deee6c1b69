// The Ring contract's routes by digest and by bytes (Ring.locateDigest, Ring.routeBytes) on every
// engine and dialect: a key's digest, or its UTF-8 given as bytes, routes as route() does; bytes that
// are not UTF-8 route as the model of each library hashes them (MD5 of the bytes themselves);
// both spans shapes, an empty ring, and batches across the WebAssembly engine's chunks (CHUNK ids,
// CHUNK_BYTES bytes, ids scattered further apart than a chunk covers).
import { createHash } from "node:crypto";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS } from "../src/dialects.js";
import { DIGEST_BYTES, type Ring } from "../src/engines/ring.js";
import { CHUNK, CHUNK_BYTES, LOOP_COPY } from "../src/engines/wasm/chunks.js";
import { internalsOf } from "../src/internals.js";
import type { RouterOptions } from "../src/options.js";
import { library, type Library } from "./support/dialect-model.mjs";
import { engines, type RouterClass } from "./support/engines.js";

const REGIONS: [string, number][] = [["sf", 3], ["london", 2], ["東京", 4], ["bangalore", 1]];
const encoder = new TextEncoder();
const md5 = (bytes: Uint8Array) => new Uint8Array(createHash("md5").update(bytes).digest());
/** The owner of the node a key of this digest lands on (Ring.locateDigest); -1 on an empty ring. */
const digestOwner = (ring: Ring, digest: Uint8Array) => {
  const node = ring.locateDigest(digest);
  return node < 0 ? -1 : ring.ownerAt(node);
};

/** A router of the dialect with REGIONS (or none), and its ring and owner -> name table. */
function ringOf(RegionRouter: RouterClass, dialect: string, regions = REGIONS) {
  const router = new RegionRouter({ compatibleWith: dialect } as RouterOptions);
  router.addRegions(regions);
  return internalsOf(router);
}

/**
 * The ids laid out in one buffer, each after a separator byte ([start, end) pairs), packed (offsets
 * from 0 to the buffer's end), and packed inside a longer buffer (offsets from 3, 5 bytes after).
 */
function laidOut(ids: readonly Uint8Array[]): { data: Uint8Array; pairs: Int32Array; offsets: Int32Array; packed: Uint8Array; inside: Uint8Array; shifted: Int32Array } {
  const total = ids.reduce((sum, id) => sum + id.length, 0);
  const data = new Uint8Array(total + ids.length);
  const packed = new Uint8Array(total);
  const pairs = new Int32Array(2 * ids.length);
  const offsets = new Int32Array(ids.length + 1);
  let at = 0;
  ids.forEach((id, i) => {
    data[at++] = 0x0a;
    data.set(id, at);
    pairs[2 * i] = at;
    pairs[2 * i + 1] = at += id.length;
    packed.set(id, offsets[i]);
    offsets[i + 1] = offsets[i] + id.length;
  });
  const inside = new Uint8Array(total + 8).fill(0x0a);
  inside.set(packed, 3);
  return { data, pairs, offsets, packed, inside, shifted: offsets.map((offset) => offset + 3) };
}

/** routeBytes of the ids with both spans shapes (offsets over the whole buffer and inside one), which must agree; the owners. */
function routeBoth(ring: Ring, ids: readonly Uint8Array[]): number[] {
  const { data, pairs, offsets, packed, inside, shifted } = laidOut(ids);
  const [byPairs, byOffsets, byShifted] = [0, 1, 2].map(() => new Int32Array(ids.length).fill(-7));
  ring.routeBytes(data, pairs, ids.length, 2, byPairs);
  ring.routeBytes(packed, offsets, ids.length, 1, byOffsets);
  ring.routeBytes(inside, shifted, ids.length, 1, byShifted);
  expect([...byOffsets]).toEqual([...byPairs]);
  expect([...byShifted]).toEqual([...byPairs]);
  return [...byPairs];
}

/** What the dialect's library gives a key whose MD5 digest this is (its lookup takes the key's hash). */
function libraryRoute(lib: Library, digest: Uint8Array): string | null {
  const hash = lib.space === 1n << 128n ? BigInt(`0x${Buffer.from(digest).toString("hex")}`) : BigInt(Buffer.from(digest).readUInt32LE(0));
  return lib.lookup(hash);
}

const STRINGS = ["", "a", "sess-1", "user:42", "é", "東京-session", "😀".repeat(3), "x".repeat(55), "y".repeat(56), "z".repeat(200), "\u0000nul"];

describe.each(engines)("locateDigest and routeBytes on the %s engine", (_engine, RegionRouter) => {
  describe.each(DIALECTS)("in the %s dialect", (dialect) => {
    const { ring, names } = ringOf(RegionRouter, dialect);
    const lib = library(dialect, REGIONS);

    it("route a key by its digest, and by its UTF-8, as route() does", () => {
      const ids = STRINGS.map((key) => encoder.encode(key));
      expect(ids.map((id) => ring.locateDigest(md5(id)))).toEqual(STRINGS.map((key) => ring.locate(key)));
      expect(ids.map((id) => digestOwner(ring, md5(id)))).toEqual(STRINGS.map((key) => ring.route(key)));
      expect(routeBoth(ring, ids)).toEqual(STRINGS.map((key) => ring.route(key)));
    });

    it("route bytes that are not UTF-8 as the library routes the MD5 of those bytes", () => {
      fc.assert(
        fc.property(fc.array(fc.uint8Array({ maxLength: 80 }), { minLength: 1, maxLength: 20 }), (ids) => {
          const expected = ids.map((id) => libraryRoute(lib, md5(id)));
          expect(routeBoth(ring, ids).map((owner) => names[owner])).toEqual(expected);
          expect(ids.map((id) => names[digestOwner(ring, md5(id))])).toEqual(expected);
        }),
        { numRuns: 25 },
      );
    });

    it("give -1 for every id on an empty ring", () => {
      const empty = ringOf(RegionRouter, dialect, []).ring;
      expect(empty.locateDigest(new Uint8Array(DIGEST_BYTES))).toBe(-1);
      expect(routeBoth(empty, STRINGS.map((key) => encoder.encode(key)))).toEqual(STRINGS.map(() => -1));
    });
  });

  const { ring } = ringOf(RegionRouter, "region-router");
  const ascii = (i: number) => encoder.encode(`session-${i}-${"k".repeat(i % 70)}`);
  const routes = (ids: readonly Uint8Array[]) => ids.map((id) => digestOwner(ring, md5(id)));

  it.each([0, 1, 2, 3, 12, 17, LOOP_COPY - 1, LOOP_COPY, LOOP_COPY + 1, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK + 5])("route %i ids, every one as its digest does", (count) => {
    const ids = Array.from({ length: count }, (_, i) => (i % 5 === 4 ? encoder.encode(`é${i}`) : ascii(i)));
    expect(routeBoth(ring, ids)).toEqual(routes(ids));
  });

  it.each([-1, 0, 1])("route ids whose bytes reach CHUNK_BYTES %+i, and one id longer than a chunk", (d) => {
    // Three ids filling CHUNK_BYTES + d bytes, then short ones: the chunk ends before, at or after them.
    const long = Math.floor((CHUNK_BYTES + d) / 3);
    const ids = [new Uint8Array(long).fill(0x61), new Uint8Array(long).fill(0x62), new Uint8Array(CHUNK_BYTES + d - 2 * long).fill(0x63), ascii(1), ascii(2)];
    expect(routeBoth(ring, ids)).toEqual(routes(ids));
    const giant = [ascii(3), new Uint8Array(CHUNK_BYTES + 1000).fill(0xc3), ascii(4)];
    expect(routeBoth(ring, giant)).toEqual(routes(giant));
  });

  it("route ids of a few hundred bytes, whose bytes end chunks before CHUNK ids do", () => {
    const ids = Array.from({ length: 2 * CHUNK }, (_, i) => encoder.encode(`${i}:${"v".repeat(380 + (i % 40))}`));
    expect(routeBoth(ring, ids)).toEqual(routes(ids));
  });

  it("route batches of one size again after the ring and its memory changed (no owners read from the old place)", () => {
    const router = new RegionRouter();
    router.addRegions(REGIONS);
    const ids = Array.from({ length: 50 }, (_, i) => ascii(i));
    const again = () => {
      const { ring: moving, names } = internalsOf(router);
      return routeBoth(moving, ids).map((owner) => names[owner]);
    };
    const expected = () => ids.map((id) => router.routeBytes(id));
    expect(again()).toEqual(expected());
    // More nodes move the scratch (where owners are written) past the larger ring.
    router.addRegion("tokyo", 40);
    expect(again()).toEqual(expected());
    // A giant key grows memory (a new buffer); a batch of the same size follows.
    internalsOf(router).ring.locate("g".repeat(1 << 24));
    expect(again()).toEqual(expected());
    router.removeRegion("tokyo");
    expect(again()).toEqual(expected());
  });

  it("route ids scattered further apart than a chunk covers, in any order, overlapping", () => {
    const data = new Uint8Array(3 * CHUNK_BYTES);
    for (let i = 0; i < data.length; i++) data[i] = (i * 2654435761) >>> 24;
    const spans = Int32Array.of(5, 40, data.length - 30, data.length, CHUNK_BYTES + 7, CHUNK_BYTES + 70, 5, 40, 10, 10, 20, 2 * CHUNK_BYTES);
    const out = new Int32Array(6);
    ring.routeBytes(data, spans, 6, 2, out);
    expect([...out]).toEqual(Array.from({ length: 6 }, (_, i) => digestOwner(ring, md5(data.subarray(spans[2 * i], spans[2 * i + 1])))));
  });
});
