// Region indexes and byte ids (regions(), routeIndexes(), routeBytes(), routeManyBytes()) on every
// engine and in every dialect: each answer is route()'s region, as its index in regions() (-1 for
// null), with and without exclude; ids as bytes hash as given (UTF-8 routes as its string, other
// bytes as MD5 of themselves, as each library's model hashes them); Arrow offsets of every shape;
// batches across the WebAssembly engine's chunks; out given, reused and refused; and every bad
// input a clear error that changes nothing (out included, but for an id found bad as it is read).
import { createHash } from "node:crypto";
import { spawnSync } from "node:child_process";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { DIALECTS } from "../src/dialects.js";
import { CHUNK, CHUNK_BYTES } from "../src/engines/wasm/chunks.js";
import type { RouterOptions } from "../src/options.js";
import { definition, sessionId, vnodesPerWeight } from "./support/arbitraries.js";
import { buildRouter } from "./support/build.js";
import { library } from "./support/dialect-model.mjs";
import { engines, type Router } from "./support/engines.js";
import { ResizableArrayBuffer } from "./support/buffers.js";
import { expectRejectedUnchanged } from "./support/state.js";

const encoder = new TextEncoder();
const REGIONS: [string, number][] = [["sf", 3], ["london", 2], ["idle", 0], ["東京", 4], ["bangalore", 1]];

/** Ids as Arrow lays out a Utf8 column: their UTF-8 in one buffer after `lead` bytes, n + 1 offsets. */
function arrow(ids: readonly (string | Uint8Array)[], lead = 0): { data: Uint8Array; offsets: Int32Array } {
  const parts = ids.map((id) => (typeof id === "string" ? encoder.encode(id) : id));
  const data = new Uint8Array(lead + parts.reduce((sum, part) => sum + part.length, 0));
  const offsets = new Int32Array(parts.length + 1);
  offsets[0] = lead;
  parts.forEach((part, i) => {
    data.set(part, offsets[i]);
    offsets[i + 1] = offsets[i] + part.length;
  });
  return { data, offsets };
}

/** route()'s answers as indexes into regions(), -1 for null. */
function indexesOf(router: Router, ids: readonly string[], options?: { exclude: string[] }): number[] {
  const regions = router.regions();
  return ids.map((id) => {
    const region = router.route(id, options);
    return region === null ? -1 : regions.indexOf(region);
  });
}

/**
 * Until the function returned is called: WebAssembly memory that cannot grow, and no Uint8Array of
 * `bytes` or more (the pure engine's MD5 buffer), each a RangeError "no memory here".
 */
function memoryRefused(bytes: number): () => void {
  return memoryWatched(bytes, () => {
    throw new RangeError("no memory here");
  });
}

/**
 * `grown()` called as WebAssembly memory grows, or a Uint8Array of `bytes` or more is made (the pure
 * engine's MD5 buffer), before it happens (a throw refuses it); a function that puts both back.
 */
function memoryWatched(bytes: number, grown: () => void): () => void {
  const original = WebAssembly.Memory.prototype.grow;
  const grow = vi.spyOn(WebAssembly.Memory.prototype, "grow").mockImplementation(function (this: WebAssembly.Memory, delta: number) {
    grown();
    return original.call(this, delta);
  });
  const Bytes = globalThis.Uint8Array;
  globalThis.Uint8Array = new Proxy(Bytes, {
    construct: (target, args, newTarget) => {
      if (typeof args[0] === "number" && args[0] >= bytes) grown();
      return Reflect.construct(target, args, newTarget);
    },
  });
  return () => {
    grow.mockRestore();
    globalThis.Uint8Array = Bytes;
  };
}

const batch = fc.array(sessionId, { maxLength: 12 });
const DIALECT_OPTIONS = DIALECTS.map((compatibleWith) => ({ compatibleWith }) as RouterOptions);

describe.each(engines)("region indexes and byte ids on the %s engine", (engine, RegionRouter) => {
  it("regions() is weights()' names in order, a new array each call", () => {
    const router = buildRouter(RegionRouter, REGIONS);
    expect(router.regions()).toEqual([...router.weights().keys()]);
    router.regions().push("mutated");
    router.addRegion("sf", 5);
    expect(router.regions()).toEqual(["london", "idle", "東京", "bangalore", "sf"]);
    router.removeRegion("idle");
    expect(router.regions()).toEqual(["london", "東京", "bangalore", "sf"]);
    expect(new RegionRouter().regions()).toEqual([]);
  });

  it("routeIndexes, routeManyBytes and routeBytes answer as route(), in the reference dialect", () => {
    fc.assert(
      fc.property(definition, vnodesPerWeight, batch, (regions, k, ids) => {
        const router = buildRouter(RegionRouter, regions, k);
        const want = indexesOf(router, ids);
        expect([...router.routeIndexes(ids)]).toEqual(want);
        const { data, offsets } = arrow(ids, 3);
        expect([...router.routeManyBytes(data, offsets)]).toEqual(want);
        for (const id of ids) expect(router.routeBytes(encoder.encode(id))).toBe(router.route(id));
      }),
      { numRuns: 120 },
    );
  });

  it.each(DIALECT_OPTIONS.map((options) => [options.compatibleWith, options] as const))("in %s: as route(), and with exclude as route(id, { exclude })", (_, options) => {
    fc.assert(
      fc.property(definition, batch, fc.array(fc.boolean(), { maxLength: 7 }), (regions, ids, mask) => {
        const router = buildRouter(RegionRouter, regions, options, { oneCall: true });
        const exclude = regions.filter((_, i) => mask[i]).map(([region]) => region);
        const { data, offsets } = arrow(ids);
        for (const opts of [undefined, { exclude }]) {
          const want = indexesOf(router, ids, opts);
          expect([...router.routeIndexes(ids, undefined, opts)]).toEqual(want);
          expect([...router.routeManyBytes(data, offsets, undefined, opts)]).toEqual(want);
          ids.forEach((id, i) => expect(router.routeBytes(data.subarray(offsets[i], offsets[i + 1]), opts)).toBe(router.route(id, opts)));
        }
      }),
      { numRuns: 20 },
    );
  });

  it.each(DIALECT_OPTIONS.map((options) => [options.compatibleWith, options] as const))("in %s: bytes that are not UTF-8 hash as they are, as the library does", (dialect, options) => {
    const router = buildRouter(RegionRouter, REGIONS, options, { oneCall: true });
    const model = library(dialect as string, REGIONS);
    const raw = [Uint8Array.of(0x73, 0xff), Uint8Array.of(0x73, 0xfe), Uint8Array.of(0xc3), Uint8Array.of(0xed, 0xa0, 0x80), new Uint8Array(0), Uint8Array.from({ length: 300 }, (_, i) => (i * 37) & 0xff)];
    const { data, offsets } = arrow(raw, 1);
    const regions = router.regions();
    const batchAnswers = router.routeManyBytes(data, offsets);
    raw.forEach((bytes, i) => {
      const digest = createHash("md5").update(bytes).digest();
      const want = model.lookup(model.space === 1n << 128n ? BigInt(`0x${digest.toString("hex")}`) : BigInt(digest.readUInt32LE(0)));
      expect(router.routeBytes(bytes)).toBe(want);
      expect(regions[batchAnswers[i]]).toBe(want);
    });
  });

  // Fewer than three ids go one by one; more in chunks of CHUNK ids, CHUNK_TEXT code units or
  // CHUNK_BYTES bytes; ASCII and not, a giant id alone in its chunk.
  it.each([0, 1, 2, 3, CHUNK - 1, CHUNK, CHUNK + 1, 3 * CHUNK + 2])("a batch of %i ids, into a reused out longer than the batch", (size) => {
    const router = buildRouter(RegionRouter, REGIONS, 10);
    const ids = Array.from({ length: size }, (_, i) => (i % 5 === 2 ? `é-${i}-😀` : `sess-${i * 7919}`));
    if (size > 3) ids[size >> 1] = "g".repeat(CHUNK_BYTES + 7);
    const want = indexesOf(router, ids);
    const out = new Int32Array(size + 3).fill(77);
    expect(router.routeIndexes(ids, out)).toBe(out);
    expect([...out]).toEqual([...want, 77, 77, 77]);
    out.fill(77);
    const { data, offsets } = arrow(ids, 2);
    expect(router.routeManyBytes(data, offsets, out)).toBe(out);
    expect([...out]).toEqual([...want, 77, 77, 77]);
  });

  it("ids that are scattered, repeated, out of place: any ascending offsets into data", () => {
    const router = buildRouter(RegionRouter, REGIONS, 10);
    const text = "xxsess-1sess-22sess-333" + "y".repeat(CHUNK_BYTES) + "zz";
    const data = encoder.encode(text);
    // Empty ids, an id repeated at the same offsets, ids a chunk's worth of bytes apart.
    const offsets = Int32Array.of(2, 2, 8, 15, 15, 23, 23 + CHUNK_BYTES, 23 + CHUNK_BYTES + 2);
    const ids = Array.from({ length: offsets.length - 1 }, (_, i) => text.slice(offsets[i], offsets[i + 1]));
    expect([...router.routeManyBytes(data, offsets)]).toEqual(indexesOf(router, ids));
    expect([...router.routeManyBytes(data, Int32Array.of(5))]).toEqual([]);
  });

  it("an empty ring, a ring of weight 0 only, every region excluded: -1 and null", () => {
    const ids = ["a", "b", "c", "sess-1"];
    const { data, offsets } = arrow(ids);
    for (const router of [new RegionRouter(), buildRouter(RegionRouter, [["idle", 0]])]) {
      expect([...router.routeIndexes(ids)]).toEqual([-1, -1, -1, -1]);
      expect([...router.routeManyBytes(data, offsets)]).toEqual([-1, -1, -1, -1]);
      expect(router.routeBytes(data.subarray(0, 1))).toBeNull();
    }
    const router = buildRouter(RegionRouter, REGIONS);
    const all = { exclude: router.regions() };
    expect([...router.routeIndexes(ids, undefined, all)]).toEqual([-1, -1, -1, -1]);
    expect([...router.routeManyBytes(data, offsets, undefined, all)]).toEqual([-1, -1, -1, -1]);
    expect(router.routeBytes(data.subarray(0, 1), all)).toBeNull();
    // One region left: every id goes there.
    const left = { exclude: ["sf", "london", "bangalore"] };
    expect([...router.routeIndexes(ids, undefined, left)]).toEqual([3, 3, 3, 3]);
  });

  it("the index table follows every update, and a copy of the router has its own", () => {
    const router = buildRouter(RegionRouter, REGIONS, 5);
    const ids = Array.from({ length: 300 }, (_, i) => `sess-${i}`);
    const out = new Int32Array(ids.length);
    const { data, offsets } = arrow(ids);
    const check = () => {
      expect([...router.routeIndexes(ids, out)]).toEqual(indexesOf(router, ids));
      expect([...router.routeManyBytes(data, offsets, out)]).toEqual(indexesOf(router, ids));
    };
    check();
    router.addRegion("sf", 1);
    check();
    router.removeRegion("london");
    check();
    router.addRegions([["paris", 2], ["london", 4]]);
    check();
    const copy = router.clone();
    copy.removeRegion("paris");
    check();
    expect([...copy.routeIndexes(ids)]).toEqual(indexesOf(copy, ids));
  });

  it("a detached buffer, or a view past the end of a resized one: a TypeError naming it, never V8's message", () => {
    const router = buildRouter(RegionRouter, REGIONS);
    const detached = new Uint8Array(4);
    structuredClone(detached.buffer, { transfer: [detached.buffer] });
    const resizable = new ResizableArrayBuffer(8, { maxByteLength: 16 });
    const shrunk = new Uint8Array(resizable, 4, 4);
    resizable.resize(2);
    const message = (name: string) => new RegExp(`^${name} must be .*, got one whose buffer is detached or was resized past it$`);
    for (const bytes of [detached, shrunk]) {
      expectRejectedUnchanged([router], () => router.routeBytes(bytes), TypeError, message("sessionId"));
      expectRejectedUnchanged([router], () => router.routeManyBytes(bytes, new Int32Array([0, 0])), TypeError, message("data"));
    }
    const { data, offsets } = arrow(["a", "bb"]);
    const gone = new Int32Array(3);
    structuredClone(gone.buffer, { transfer: [gone.buffer] });
    expectRejectedUnchanged([router], () => router.routeManyBytes(data, gone), TypeError, message("offsets"));
    expectRejectedUnchanged([router], () => router.routeManyBytes(data, offsets, gone), TypeError, message("out"));
    // An empty id, and a view of a buffer resized to hold it, are ids.
    expect(router.routeBytes(new Uint8Array(0))).toBe(router.route(""));
    expect(router.routeBytes(new Uint8Array(new ResizableArrayBuffer(0, { maxByteLength: 4 })))).toBe(router.route(""));
  });

  it("out in shared memory that data reaches through another SharedArrayBuffer object: the answers of unshared memory", () => {
    const router = buildRouter(RegionRouter, REGIONS);
    const ids = Array.from({ length: 3000 }, (_, i) => `s${i}`);
    const { data: bytes, offsets } = arrow(ids);
    const memory = new SharedArrayBuffer(4 * ids.length + bytes.length);
    const alias = structuredClone(memory); // the same memory, as another thread would see it
    const data = new Uint8Array(memory, 0, bytes.length);
    data.set(bytes);
    const out = new Int32Array(alias, 0, ids.length);
    expect([...router.routeManyBytes(data, offsets, out)]).toEqual(indexesOf(router, ids));
  });

  it("offsets of any values, extremes included: accepted exactly when all are >= 0, ascending and the last within data", () => {
    const router = buildRouter(RegionRouter, REGIONS);
    const data = encoder.encode("abcdef");
    const offset = fc.oneof(fc.integer({ min: -2, max: 8 }), fc.constantFrom(2 ** 31 - 1, 2 ** 31 - 2, -(2 ** 31), -(2 ** 31) + 1));
    // Ascending offsets with one of them lowered (a single descent, anywhere), as well as any values.
    const lowered = fc
      .tuple(fc.array(fc.nat(6), { minLength: 2, maxLength: 14 }), fc.nat(13), fc.integer({ min: 1, max: 3 }))
      .map(([values, at, by]) => values.sort((a, b) => a - b).map((value, i) => (i === at % values.length ? value - by : value)));
    fc.assert(
      fc.property(fc.oneof(fc.array(offset, { minLength: 1, maxLength: 14 }), lowered), (values) => {
        const offsets = Int32Array.from(values);
        const out = new Int32Array(values.length).fill(9);
        const valid = values.every((value, i) => value >= 0 && (i === 0 || value >= values[i - 1])) && values[values.length - 1] <= data.length;
        if (!valid) {
          expect(() => router.routeManyBytes(data, offsets, out)).toThrow(RangeError);
          expect(out.every((index) => index === 9)).toBe(true);
          return;
        }
        const ids = values.slice(1).map((end, i) => data.subarray(values[i], end));
        expect([...router.routeManyBytes(data, offsets, out).subarray(0, ids.length)]).toEqual(ids.map((id) => router.regions().indexOf(router.routeBytes(id) as string)));
      }),
      { numRuns: 400 },
    );
  });

  it("out with a Proxy among its prototypes: reading it runs none of the Proxy's code (its built-in tag decides), and the offsets are checked as given", () => {
    const router = buildRouter(RegionRouter, REGIONS);
    const ids = ["user:1", "user:2", "user:3"];
    const expected = ids.map((id) => router.regions().indexOf(router.route(id) as string));
    let runs = 0;
    const hostile = (change: () => void): Int32Array => {
      const out = new Int32Array(3).fill(9);
      Object.setPrototypeOf(out, new Proxy(Object.create(Int32Array.prototype) as object, { getPrototypeOf: () => (runs++, change(), Int32Array.prototype) }));
      return out;
    };
    // Its code would make the offsets bad, or shrink the data under them.
    const spoilt = arrow(ids);
    expect([...router.routeManyBytes(spoilt.data, spoilt.offsets, hostile(() => spoilt.offsets.set([2e9, -5], 1)))]).toEqual(expected);
    const buffer = new ResizableArrayBuffer(18, { maxByteLength: 18 });
    const data = new Uint8Array(buffer);
    data.set(encoder.encode(ids.join("")));
    expect([...router.routeManyBytes(data, arrow(ids).offsets, hostile(() => buffer.resize(6)))]).toEqual(expected);
    expect(runs).toBe(0);
    // Out's buffer with a Proxy for its prototype: once the offsets are checked, no code of it runs.
    const kept = arrow(ids);
    const keptOut = new Int32Array(3);
    const spoil = (): void => void kept.offsets.set([2e9, -5], 1);
    Object.setPrototypeOf(keptOut.buffer, new Proxy(ArrayBuffer.prototype, { get: (target, key) => (spoil(), Reflect.get(target, key, keptOut.buffer)), getPrototypeOf: () => (spoil(), ArrayBuffer.prototype) }));
    expect([...router.routeManyBytes(kept.data, kept.offsets, keptOut)]).toEqual(ids.map((id) => router.regions().indexOf(router.route(id) as string)));
    expect([...kept.offsets]).toEqual([...arrow(ids).offsets]);
  });

  it("bad input checked before anything is read: an error naming it, and nothing changed, out included", () => {
    const router = buildRouter(RegionRouter, REGIONS);
    const out = new Int32Array(8).fill(9);
    const { data, offsets } = arrow(["a", "bb", "ccc"]);
    const rejected = (action: () => unknown, error: new (...args: never[]) => Error, message: RegExp) => {
      expectRejectedUnchanged([router], action, error, message);
      expect([...out]).toEqual([9, 9, 9, 9, 9, 9, 9, 9]);
    };
    rejected(() => router.routeIndexes("abc" as never, out), TypeError, /^sessionIds must be an array/);
    rejected(() => router.routeIndexes(["a"], [0] as never), TypeError, /^out must be an Int32Array.*got an array/);
    rejected(() => router.routeIndexes(["a"], new Uint32Array(1) as never), TypeError, /^out must be an Int32Array.*got a Uint32Array of length 1/);
    rejected(() => router.routeIndexes(["a", "b", "c"], out.subarray(0, 2)), RangeError, /^out must hold at least 3 indexes, got an Int32Array of length 2/);
    rejected(() => router.routeIndexes(["a"], out, { exclude: "sf" } as never), TypeError, /^options\.exclude must be an iterable/);
    rejected(() => router.routeIndexes(["a"], out, { exlude: [] } as never), TypeError, /^options\.exlude is not a route option/);
    rejected(() => router.routeManyBytes("abc" as never, offsets, out), TypeError, /^data must be a Uint8Array .*got "abc"/);
    rejected(() => router.routeManyBytes(data, [0, 1] as never, out), TypeError, /^offsets must be an Int32Array .*got an array/);
    rejected(() => router.routeManyBytes(data, new Uint32Array(2) as never, out), TypeError, /^offsets must be an Int32Array .*got a Uint32Array/);
    rejected(() => router.routeManyBytes(data, new Int32Array(0), out), RangeError, /^offsets must be an Int32Array of n \+ 1 ascending offsets into data, got an empty one/);
    rejected(() => router.routeManyBytes(data, Int32Array.of(-1, 2), out), RangeError, /^offsets must be .* \(a Uint8Array of length 6\), got offsets\[0\] = -1$/);
    rejected(() => router.routeManyBytes(data, Int32Array.of(3, 1, 6), out), RangeError, /^offsets must be .*, got offsets\[1\] = 1 after 3$/);
    rejected(() => router.routeManyBytes(data, Int32Array.of(0, 3, 1, 6), out), RangeError, /^offsets must be an Int32Array of n \+ 1 ascending offsets into data \(a Uint8Array of length 6\), got offsets\[2\] = 1 after 3$/);
    rejected(() => router.routeManyBytes(data, Int32Array.of(0, 3, 7), out), RangeError, /^offsets must be .*, got offsets\[2\] = 7, past the end of data \(a Uint8Array of length 6\)$/);
    // The first flaw is named, whichever check meets it: past data before a descent, or at the start.
    rejected(() => router.routeManyBytes(data, Int32Array.of(0, 9, 2, 6), out), RangeError, /^offsets must be .*, got offsets\[1\] = 9, past the end of data \(a Uint8Array of length 6\)$/);
    rejected(() => router.routeManyBytes(data, Int32Array.of(7, 1), out.subarray(0, 1)), RangeError, /^offsets must be .*, got offsets\[0\] = 7, past the end of data/);
    rejected(() => router.routeManyBytes(data, Int32Array.of(0, 2, -1, 6), out), RangeError, /^offsets must be .* \(a Uint8Array of length 6\), got offsets\[2\] = -1$/);
    // A step from the highest offset to the lowest, whose difference wraps to 1 in 32 bits: alone, and within four offsets checked at once.
    rejected(() => router.routeManyBytes(data, Int32Array.of(2 ** 31 - 1, -(2 ** 31)), out), RangeError, /^offsets must be .*, got offsets\[0\] = 2147483647, past the end of data/);
    rejected(() => router.routeManyBytes(data, Int32Array.of(0, 1, 2, 2 ** 31 - 1, -(2 ** 31)), out), RangeError, /^offsets must be .*, got offsets\[3\] = 2147483647, past the end of data/);
    rejected(() => router.routeManyBytes(data, offsets, out.subarray(0, 2)), RangeError, /^out must hold at least 3/);
    rejected(() => router.routeManyBytes(data, offsets, out, { exclude: [1] } as never), TypeError, /^options\.exclude\[0\] must be a string/);
    rejected(() => router.routeBytes("sess-1" as never), TypeError, /^sessionId must be a Uint8Array .*got "sess-1"/);
    rejected(() => router.routeBytes(new Uint16Array(2) as never), TypeError, /^sessionId must be a Uint8Array .*got a Uint16Array of length 2/);
    rejected(() => router.routeIndexes(["a"], { exclude: ["sf"] } as never), TypeError, /^out must be an Int32Array, or undefined for a new one \(options come after out\), got an object$/);
    // A view given another kind's prototype, or one that inherits it, is still its own kind: the
    // built-in tag, not the prototype chain, decides (else a Uint8Array out would keep the low byte
    // of each index, and Float64Array offsets would be read as whole numbers); an object that is no
    // view is none, whatever its prototype.
    for (const posing of [<T extends object>(view: object, Kind: { prototype: T }): T => Object.setPrototypeOf(view, Kind.prototype) as T, <T extends object>(view: object, Kind: { prototype: T }): T => Object.setPrototypeOf(view, Object.create(Kind.prototype) as object) as T]) {
      rejected(() => router.routeIndexes(["a"], posing(new Uint8Array(8), Int32Array)), TypeError, /^out must be an Int32Array.*got a Uint8Array of length 8$/);
      rejected(() => router.routeManyBytes(data, posing(new Uint8Array(4), Int32Array), out), TypeError, /^offsets must be an Int32Array.*got a Uint8Array of length 4$/);
      rejected(() => router.routeManyBytes(data, posing(new Float64Array([0, 1.5, 3, 4]), Int32Array), out), TypeError, /^offsets must be an Int32Array.*got a Float64Array of length 4$/);
      rejected(() => router.routeManyBytes(posing(new Int8Array(6), Uint8Array), offsets, out), TypeError, /^data must be a Uint8Array.*got an Int8Array of length 6$/);
      rejected(() => router.routeBytes(posing(new Int32Array([0x73736573, 0x2d]), Uint8Array)), TypeError, /^sessionId must be a Uint8Array.*got an Int32Array of length 2$/);
      rejected(() => router.routeBytes(posing({}, Uint8Array)), TypeError, /^sessionId must be a Uint8Array.*got an object$/);
      rejected(() => router.routeManyBytes(data, offsets, posing({}, Int32Array)), TypeError, /^out must be an Int32Array.*got an object$/);
    }
  });

  it.each([3, CHUNK - 1, CHUNK + 7, 2 * CHUNK])("a bad id at %i: a TypeError naming it as it is read, the router as it was, out holding the answers before it (with exclude, as it was)", (at) => {
    const router = buildRouter(RegionRouter, REGIONS);
    const ids = [...Array.from({ length: at }, (_, i) => `sess-${i}`), 5, "sess-x"];
    const regions = router.regions();
    const message = new RegExp(`^sessionIds\\[${at}\\] must be a string, got 5`);
    const out = new Int32Array(ids.length + 1).fill(9);
    expectRejectedUnchanged([router], () => router.routeIndexes(ids as never, out), TypeError, message);
    expect([...out]).toEqual([...ids.slice(0, at).map((id) => regions.indexOf(router.route(id as string) as string)), 9, 9, 9]);
    // With exclude naming a region the answers reach out only once walked on: out is left as it was.
    out.fill(9);
    expectRejectedUnchanged([router], () => router.routeIndexes(ids as never, out, { exclude: ["sf"] }), TypeError, message);
    expect(out.every((index) => index === 9)).toBe(true);
    // An exclude naming none is no exclude: the answers before the bad id are written.
    for (const exclude of [[], ["nowhere"]]) {
      out.fill(9);
      expectRejectedUnchanged([router], () => router.routeIndexes(ids as never, out, { exclude }), TypeError, message);
      expect([...out]).toEqual([...ids.slice(0, at).map((id) => regions.indexOf(router.route(id as string) as string)), 9, 9, 9]);
    }
  });

  it.each([3, CHUNK - 1, CHUNK + 7, 2 * CHUNK])("a getter among the ids that throws at %i: its error, the router as it was, out holding the answers before it", (at) => {
    const router = buildRouter(RegionRouter, REGIONS);
    const ids = Array.from({ length: at + 2 }, (_, i) => `sess-${i}`);
    const boom = new Error("boom");
    Object.defineProperty(ids, at, { get: () => { throw boom; } });
    const out = new Int32Array(ids.length + 1).fill(9);
    expect(() => router.routeIndexes(ids, out)).toThrow(boom);
    expect([...out]).toEqual([...ids.slice(0, at).map((id) => router.regions().indexOf(router.route(id) as string)), 9, 9, 9]);
  });

  it("typed arrays of a subclass: their own length, subarray, set and fill never run inside a call (no answers of two rings, nothing past the data)", () => {
    const router = buildRouter(RegionRouter, REGIONS);
    const ids = Array.from({ length: 3 * CHUNK + 5 }, (_, i) => `sess-${i}-${"x".repeat(i % 40)}`);
    const want = indexesOf(router, ids);
    let ran = 0;
    // Each of a subclass's own members updates the router (or lies) when run.
    const sneaky = <T extends Uint8Array | Int32Array>(Type: new (buffer: ArrayBuffer) => T): new (buffer: ArrayBuffer) => T => {
      const Sneaky = class extends (Type as new (buffer: ArrayBuffer) => Uint8Array) {};
      for (const method of ["subarray", "set", "fill", "slice", "at"]) {
        Object.defineProperty(Sneaky.prototype, method, {
          value(this: T, ...args: unknown[]) {
            ran++;
            router.addRegion(`n${ran}`, 5);
            return (Type.prototype as unknown as Record<string, (...a: unknown[]) => unknown>)[method].apply(this, args);
          },
        });
      }
      for (const getter of ["length", "byteLength", "byteOffset", "buffer"]) {
        const intrinsic = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array.prototype), getter)!.get!;
        Object.defineProperty(Sneaky.prototype, getter, {
          get(this: T) {
            ran++;
            const value = intrinsic.call(this) as unknown;
            return getter === "length" ? (value as number) + 1000 : value;
          },
        });
      }
      return Sneaky as unknown as new (buffer: ArrayBuffer) => T;
    };
    const { data, offsets } = arrow(ids);
    const SneakyBytes = sneaky(Uint8Array);
    const SneakyInts = sneaky(Int32Array);
    const bytes = new SneakyBytes(data.buffer as ArrayBuffer);
    const spans = new SneakyInts(offsets.buffer as ArrayBuffer);
    const answers = new Int32Array(ids.length);
    const out = new SneakyInts(answers.buffer as ArrayBuffer);
    expect(router.routeManyBytes(bytes, spans, out)).toBe(out);
    expect([...answers]).toEqual(want);
    answers.fill(9);
    expect(router.routeIndexes(ids, out)).toBe(out);
    expect([...answers]).toEqual(want);
    expect(router.routeBytes(new SneakyBytes(encoder.encode(ids[7]).buffer as ArrayBuffer))).toBe(router.route(ids[7]));
    expect(ran).toBe(0);
    // Its length as the built-in getter gives it: a short out is refused by its real length.
    expect(() => router.routeIndexes(ids, new SneakyInts(new ArrayBuffer(4 * (ids.length - 1))))).toThrow(RangeError);
    expect(router.weights().size).toBe(REGIONS.length);
  });

  it("plain typed arrays with members of their own: none of them runs or is believed inside a call (no answers of two rings, nothing past the data)", () => {
    const router = buildRouter(RegionRouter, REGIONS);
    const ids = Array.from({ length: 3 * CHUNK + 5 }, (_, i) => `sess-${i}-${"x".repeat(i % 40)}`);
    const want = indexesOf(router, ids);
    let ran = 0;
    // Members put on the view itself (its prototype the class's own): each updates the router when run, lengths lie.
    const sneaky = <T extends Uint8Array | Int32Array>(view: T, lie = 1000): T => {
      const update = () => router.addRegion(`n${++ran}`, 5);
      for (const method of ["subarray", "set", "fill", "slice", "at"]) Object.defineProperty(view, method, { value: () => (update(), new Uint8Array(0)) });
      for (const getter of ["byteLength", "byteOffset", "buffer"]) Object.defineProperty(view, getter, { get: () => (update(), 0) });
      Object.defineProperty(view, "length", { get: () => (update(), view.byteLength + lie) });
      Object.defineProperty(view, "constructor", { value: { [Symbol.species]: function (buffer: ArrayBuffer, at: number, n: number) { update(); return new Uint8Array(n); } } });
      return view;
    };
    // A window of a column (the first offset past 0), so that every chunk's bytes are a part of data.
    const fresh = () => {
      const { data, offsets } = arrow(ids, 7);
      return { data: sneaky(data), offsets: sneaky(offsets), out: sneaky(new Int32Array(ids.length)) };
    };
    const { data, offsets, out } = fresh();
    expect(router.routeManyBytes(data, offsets, out)).toBe(out);
    expect([...new Int32Array(out)]).toEqual(want);
    expect([...router.routeManyBytes(fresh().data, fresh().offsets, undefined, { exclude: ["sf"] })]).toEqual(indexesOf(router, ids, { exclude: ["sf"] }));
    const again = fresh().out;
    expect(router.routeIndexes(ids, again)).toBe(again);
    expect([...new Int32Array(again)]).toEqual(want);
    expect(router.routeBytes(sneaky(encoder.encode(ids[7])))).toBe(router.route(ids[7]));
    expect(router.routeBytes(sneaky(encoder.encode("x".repeat(5000))))).toBe(router.route("x".repeat(5000)));
    expect(ran).toBe(0);
    // Bounds by the built-in getters: offsets past data's real end refused, a short out by its real length.
    const short = arrow(ids.slice(0, 40));
    const past = Int32Array.from({ length: 41 }, (_, i) => i * 100);
    expect(() => router.routeManyBytes(sneaky(short.data, 1 << 20), past)).toThrow(/^offsets must be .*past the end of data \(a Uint8Array of length \d+\)$/);
    expect(() => router.routeIndexes(ids, sneaky(new Int32Array(ids.length - 1)))).toThrow(new RangeError(`out must hold at least ${ids.length} indexes, got an Int32Array of length ${ids.length - 1}`));
    expect([...router.routeManyBytes(short.data, sneaky(short.offsets, -35))]).toEqual(indexesOf(router, ids.slice(0, 40)));
    expect(router.weights().size).toBe(REGIONS.length);
  });

  it("refuses an out that shares memory with the ids (its answers would overwrite ids still to be read)", () => {
    const router = buildRouter(RegionRouter, REGIONS);
    const buffer = new ArrayBuffer(64);
    const data = new Uint8Array(buffer, 0, 32);
    const offsets = new Int32Array(buffer, 32, 4).fill(0);
    expect(() => router.routeManyBytes(data, offsets, new Int32Array(buffer, 0, 3))).toThrow(/^out must not share memory with data or offsets, got an Int32Array of length 3 over data$/);
    expect(() => router.routeManyBytes(data, offsets, new Int32Array(buffer, 40, 3))).toThrow(/^out must not share memory with data or offsets, got an Int32Array of length 3 over offsets$/);
    // Beside them in the same buffer is fine.
    const beside = new Int32Array(buffer, 48, 3);
    expect([...router.routeManyBytes(data, offsets, beside)]).toEqual(indexesOf(router, ["", "", ""]));
  });

  // Its checks come first; then the only failure left is memory for the ids, taken before any
  // answer is written. A first call leaves memory for a chunk of short ids; the second's giant id
  // needs more, which is refused. (The answers are a twin router's: route() of the giant id keeps
  // its memory until the next update.)
  it.each([CHUNK + 500, 1])("memory that cannot be had for a giant id after %i short ones (a batch; two ids, one by one): a RangeError, out as it was", (shorts) => {
    const [router, twin] = [buildRouter(RegionRouter, REGIONS), buildRouter(RegionRouter, REGIONS)];
    const short = Array.from({ length: shorts }, (_, i) => `sess-${i}`);
    const warm = arrow(short);
    router.routeManyBytes(warm.data, warm.offsets);
    const ids = [...short, "x".repeat(1 << 26)];
    const { data, offsets } = arrow(ids);
    for (const options of [undefined, { exclude: ["sf"] }]) {
      const out = new Int32Array(ids.length).fill(7);
      const restore = memoryRefused(1 << 26);
      try {
        expect(() => router.routeManyBytes(data, offsets, out, options)).toThrow(engine === "pure" ? /^no memory to hash an id of 67108864 bytes \(a buffer of 134217728\)$/ : /^WebAssembly memory cannot grow to \d+ bytes$/);
      } finally {
        restore();
      }
      expect(out.every((index) => index === 7)).toBe(true);
      expect([...router.routeManyBytes(data, offsets, out, options)]).toEqual(indexesOf(twin, ids, options));
    }
  });

  it("answers from where each batch left them: regions added one by one move a batch's scratch, mostly within memory as it is", () => {
    // Only new names, each added last: every owner is its region's index, and the engine copies owners straight out.
    const router = new RegionRouter();
    const ids = Array.from({ length: 300 }, (_, i) => `sess-${i}`);
    const { data, offsets } = arrow(ids);
    const out = new Int32Array(ids.length);
    for (let i = 0; i < 24; i++) {
      router.addRegion(`region-${i}`, 1 + (i % 5));
      expect([...router.routeManyBytes(data, offsets, out)]).toEqual(indexesOf(router, ids));
      expect([...router.routeIndexes(ids, out)]).toEqual(indexesOf(router, ids));
    }
  });

  it("takes the room of its largest chunk before it writes an answer: a giant id among short ones grows memory while out is untouched", () => {
    const router = buildRouter(RegionRouter, REGIONS);
    const short = Array.from({ length: CHUNK + 500 }, (_, i) => `sess-${i}`);
    const warm = arrow(short);
    router.routeManyBytes(warm.data, warm.offsets);
    const ids = [...short, "x".repeat(1 << 22), ...short];
    const { data, offsets } = arrow(ids);
    const out = new Int32Array(ids.length).fill(7);
    const untouched: boolean[] = [];
    const restore = memoryWatched(1 << 22, () => untouched.push(out.every((index) => index === 7)));
    try {
      router.routeManyBytes(data, offsets, out);
    } finally {
      restore();
    }
    expect(untouched.length).toBeGreaterThan(0);
    expect(untouched).not.toContain(false);
    expect([...out]).toEqual(indexesOf(router, ids));
  });

  it("takes a Buffer, a slice of a larger buffer, and typed arrays of another realm", async () => {
    const router = buildRouter(RegionRouter, REGIONS);
    const ids = ["sess-1", "東京-7", "x"];
    const { data, offsets } = arrow(ids);
    const buffer = Buffer.concat([Buffer.from("zzzz"), Buffer.from(data)]);
    const shifted = offsets.map((offset) => offset + 4);
    expect([...router.routeManyBytes(buffer, shifted)]).toEqual(indexesOf(router, ids));
    expect(router.routeBytes(Buffer.from("sess-1"))).toBe(router.route("sess-1"));
    const { runInNewContext } = await import("node:vm");
    const foreign = runInNewContext("({ data: new Uint8Array(d), offsets: new Int32Array(o), out: new Int32Array(3) })", { d: [...data], o: [...offsets] });
    expect([...router.routeManyBytes(foreign.data, foreign.offsets, foreign.out)]).toEqual(indexesOf(router, ids));
  });

  it.each([0, 7, CHUNK - 1, CHUNK, CHUNK + 5])("a getter at id %i that updates the router: the update refused, the router as it was, out holding the answers before it (with exclude, as it was)", (at) => {
    const router = buildRouter(RegionRouter, REGIONS);
    const [regions, fingerprint] = [router.regions(), router.fingerprint()];
    const ids = Array.from({ length: CHUNK + 20 }, (_, i) => `sess-${i}`);
    const read = ids.slice();
    let tries = 0;
    Object.defineProperty(read, at, { get: () => (tries++, router.removeRegion("sf"), router.addRegion("b", 50), ids[at]) });
    const refused = /^cannot update the router while routeIndexes reads sessionIds \(a getter among them\): read the ids into an array first$/;
    const before = indexesOf(router, ids.slice(0, at));
    for (const exclude of [undefined, ["london"]]) {
      const out = new Int32Array(ids.length).fill(9);
      expect(() => router.routeIndexes(read, out, exclude && { exclude })).toThrow(refused);
      expect([...out]).toEqual([...(exclude ? [] : before), ...Array(exclude ? ids.length : ids.length - at).fill(9)]);
      expect([router.regions(), router.fingerprint()]).toEqual([regions, fingerprint]);
    }
    expect(tries).toBe(2);
    // A getter that catches the refusal lets the call answer, every id on the router as it is.
    Object.defineProperty(read, at, { get: () => { expect(() => router.addRegion("b", 50)).toThrow(refused); return ids[at]; } });
    expect([...router.routeIndexes(read)]).toEqual(indexesOf(router, ids));
  });

  type Resizable = InstanceType<typeof ResizableArrayBuffer>;
  it.each([
    ["detaches", (buffer: Resizable): void => void structuredClone(buffer, { transfer: [buffer] })],
    ["shrinks", (buffer: Resizable): void => buffer.resize(8)],
  ] as const)("a getter among the ids that %s out's buffer: a RangeError naming out, the router as it was", (_, change) => {
    const router = buildRouter(RegionRouter, REGIONS);
    // Past one chunk of the WebAssembly engine's, so that answers are written before and after the getter.
    const ids = Array.from({ length: 2500 }, (_, i) => `sess-${i}`);
    const expected = indexesOf(router, ids);
    for (const options of [undefined, { exclude: ["sf"] }]) {
      const buffer = new ResizableArrayBuffer(4 * ids.length, { maxByteLength: 4 * ids.length });
      const read = ids.slice();
      Object.defineProperty(read, 1800, { get: () => (change(buffer), ids[1800]) });
      expect(() => router.routeIndexes(read, new Int32Array(buffer), options)).toThrow(/^out must hold 2500 indexes until the call returns, but sessionIds \(a getter\) detached or shrank its buffer: now an Int32Array of length [02]$/);
      expect([...router.routeIndexes(ids)]).toEqual(expected);
    }
  });

  it.each([10, 3000])("a getter among %i ids that shrinks out's resizable buffer and another that grows it back: every answer, none lost meanwhile", (count) => {
    const router = buildRouter(RegionRouter, REGIONS);
    const ids = Array.from({ length: count }, (_, i) => `sess-${i}`);
    // Within one chunk of the WebAssembly engine's and past the first (its answers written before the getters).
    const [shrink, grow] = count === 10 ? [3, 6] : [1100, 1101];
    for (const options of [undefined, { exclude: ["sf"] }]) {
      const buffer = new ResizableArrayBuffer(4 * count, { maxByteLength: 4 * count });
      const read = ids.slice();
      Object.defineProperty(read, shrink, { get: () => (buffer.resize(0), ids[shrink]) });
      Object.defineProperty(read, grow, { get: () => (buffer.resize(4 * count), ids[grow]) });
      const out = new Int32Array(buffer);
      expect(router.routeIndexes(read, out, options)).toBe(out);
      expect([...out]).toEqual(indexesOf(router, ids, options));
    }
  });

  it("routeMany too: a getter among the ids may not update the router (its update refused, the router as it was)", () => {
    const router = buildRouter(RegionRouter, REGIONS);
    const [weights, fingerprint] = [router.weights(), router.fingerprint()];
    const ids = Array.from({ length: 2500 }, (_, i) => `sess-${i}`);
    // After a routeIndexes of its own (which reads ids too), the getter's update is still refused, naming routeMany.
    Object.defineProperty(ids, 1200, { get: () => (router.routeIndexes(["a", "b", "c"]), router.removeRegion("sf"), "sess-1200") });
    for (const options of [undefined, { exclude: ["london"] }]) {
      expect(() => router.routeMany(ids, options)).toThrow(/^cannot update the router while routeMany reads sessionIds \(a getter among them\): read the ids into an array first$/);
      expect([router.weights(), router.fingerprint()]).toEqual([weights, fingerprint]);
    }
    // Out of the call, the same update goes through; then the getter's is a no-op, and the ids
    // route on the router as it stands, with or without exclude.
    expect(router.removeRegion("sf")).toBe(true);
    const read = ids.slice();
    expect(router.routeMany(read)).toEqual(read.map((id) => router.route(id)));
    expect(router.routeMany(ids, { exclude: [] })).toEqual(read.map((id) => router.route(id)));
  });
});

describe("an update from fromJSON while the ids are read", () => {
  it.each(engines)("%s: a class whose constructor hands back the router being read is refused as any update, the router as it was", (_, RegionRouter) => {
    const router = buildRouter(RegionRouter, REGIONS);
    const [weights, fingerprint] = [router.weights(), router.fingerprint()];
    const Base = RegionRouter as unknown as (new (options?: RouterOptions) => object) & { fromJSON(value: unknown): Router };
    class Handing extends Base {
      constructor(options?: RouterOptions) {
        super(options);
        return router;
      }
    }
    const ids = Array.from({ length: 40 }, (_, i) => `sess-${i}`);
    const read = ids.slice();
    let refusals = 0;
    Object.defineProperty(read, 5, { get: () => (expect(() => Handing.fromJSON({ version: 1, regions: [["x", 1]] })).toThrow(/^cannot update the router while routeMany reads sessionIds/), refusals++, ids[5]) });
    expect(router.routeMany(read, { exclude: ["sf"] })).toEqual(ids.map((id) => router.route(id, { exclude: ["sf"] })));
    expect([refusals, router.weights(), router.fingerprint()]).toEqual([1, weights, fingerprint]);
  });
});

describe("without a global Buffer, as in a page", () => {
  it("routeBytes and routeManyBytes refuse any other typed array and a string with their own TypeError, and route a Uint8Array as in Node", () => {
    const script = `
      delete globalThis.Buffer;
      const out = [];
      for (const url of ${JSON.stringify(["pure.js", "index.js"].map((file) => new URL(`../dist/${file}`, import.meta.url).href))}) {
        const { RegionRouter } = await import(url);
        const router = new RegionRouter();
        router.addRegions([["sf", 3], ["london", 2]]);
        const error = (call) => { try { call(); return "no error"; } catch (e) { return e.constructor.name + ": " + e.message; } };
        out.push([
          error(() => router.routeBytes(Uint16Array.of(0x173))),
          error(() => router.routeBytes(Int8Array.of(0x73))),
          error(() => router.routeBytes("abc")),
          error(() => router.routeManyBytes(Uint16Array.of(0x173), Int32Array.of(0, 1))),
          error(() => router.routeManyBytes(new TextEncoder().encode("st"), Uint32Array.of(0, 2))),
          router.routeBytes(new TextEncoder().encode("sess-1")),
          [...router.routeManyBytes(new TextEncoder().encode("sess-1sess-2"), Int32Array.of(0, 6, 12))],
        ]);
      }
      console.log(JSON.stringify(out));`;
    const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    const node = new (engines[0][1])();
    node.addRegions([["sf", 3], ["london", 2]]);
    const expected = [
      "TypeError: sessionId must be a Uint8Array (a Buffer is one), got a Uint16Array of length 1",
      "TypeError: sessionId must be a Uint8Array (a Buffer is one), got an Int8Array of length 1",
      'TypeError: sessionId must be a Uint8Array (a Buffer is one), got "abc" (string of length 3)',
      "TypeError: data must be a Uint8Array (a Buffer is one), got a Uint16Array of length 1",
      "TypeError: offsets must be an Int32Array of n + 1 ascending offsets into data, got a Uint32Array of length 2",
      node.route("sess-1"),
      ["sess-1", "sess-2"].map((id) => node.regions().indexOf(node.route(id) as string)),
    ];
    expect(JSON.parse(child.stdout)).toEqual([expected, expected]);
  });
});

describe("a batch of 1,000,000 byte ids", () => {
  it("makes no object per id on either engine: collections of a 1 MiB young generation stay few (one object an id would make about a hundred)", () => {
    const script = `
      import { PerformanceObserver } from "node:perf_hooks";
      const count = 1_000_000, out = [];
      const data = new TextEncoder().encode(Array.from({ length: count }, () => crypto.randomUUID()).join(""));
      const offsets = new Int32Array(count + 1).map((_, i) => 36 * i), answers = new Int32Array(count);
      for (const url of ${JSON.stringify(["pure.js", "index.js"].map((file) => new URL(`../dist/${file}`, import.meta.url).href))}) {
        const { RegionRouter } = await import(url);
        const router = new RegionRouter();
        router.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
        router.routeManyBytes(data, offsets.subarray(0, 1001), answers);
        let collections = 0;
        const observer = new PerformanceObserver((list) => void (collections += list.getEntries().length));
        observer.observe({ entryTypes: ["gc"] });
        router.routeManyBytes(data, offsets, answers);
        await new Promise((resolve) => setTimeout(resolve, 20));
        observer.disconnect();
        out.push(collections);
      }
      console.log(JSON.stringify(out));`;
    const child = spawnSync(process.execPath, ["--max-semi-space-size=1", "--input-type=module", "-e", script], { encoding: "utf8" });
    expect(child.stderr).toBe("");
    const [pure, wasm] = JSON.parse(child.stdout) as number[];
    expect(pure).toBeLessThan(20);
    expect(wasm).toBeLessThan(20);
  });
});

describe("offsets in shared memory that another thread writes during the calls", () => {
  it.each(engines)("on the %s engine: answers or a RangeError naming offsets, never a trap, the router intact", async (_, RegionRouter) => {
    const count = 4096;
    const offsets = new Int32Array(new SharedArrayBuffer(4 * (count + 1)));
    for (let i = 0; i <= count; i++) offsets[i] = 36 * i;
    const stop = new Int32Array(new SharedArrayBuffer(4));
    const data = new TextEncoder().encode("a".repeat(36 * count));
    const { Worker } = await import("node:worker_threads");
    // The writer makes one offset, in turn, past the data, below 0 and 0, then puts it back.
    const writer = new Worker(
      `const { workerData: { offsets, stop } } = require("node:worker_threads");
       Atomics.store(stop, 0, 1);
       for (let k = 0; Atomics.load(stop, 0) === 1; k++) { const i = 1 + (k % (offsets.length - 2)), v = offsets[i]; offsets[i] = 2147483000; offsets[i] = -2147483000; offsets[i] = 0; offsets[i] = v; }`,
      { eval: true, workerData: { offsets, stop } },
    );
    // Once it writes (its start may need this thread's event loop).
    while (Atomics.load(stop, 0) === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const router = buildRouter(RegionRouter, REGIONS);
    const fingerprint = router.fingerprint(), route = router.route("a".repeat(36));
    const errors = new Set<string>();
    let answered = 0;
    try {
      // At least 1.5 s, and on until the writer met a call and a call was answered (a loaded machine
      // may give the writer's thread little time), for at most 15 s.
      for (const start = Date.now(); Date.now() - start < 1500 || ((errors.size === 0 || answered === 0) && Date.now() - start < 15_000); ) {
        try {
          router.routeManyBytes(data, offsets);
          answered++;
        } catch (error) {
          errors.add(`${(error as Error).constructor.name}: ${(error as Error).message}`);
        }
      }
    } finally {
      Atomics.store(stop, 0, 2);
      await writer.terminate();
    }
    expect([...errors].filter((message) => !/^RangeError: offsets must be an Int32Array of n \+ 1 ascending offsets into data.*, got offsets(\[\d+\] = -?\d+| in shared memory that changed while they were read)/.test(message))).toEqual([]);
    // The writer met the calls: some of them saw a bad offset.
    expect([errors.size, answered].map((n) => n > 0)).toEqual([true, true]);
    expect([router.fingerprint(), router.route("a".repeat(36)), [...router.routeManyBytes(data, Int32Array.of(0, 36, 72))]]).toEqual([fingerprint, route, [0, 0].map(() => router.regions().indexOf(route as string))]);
  });
});
