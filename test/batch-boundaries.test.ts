// routeMany around every internal boundary gives exactly route()'s answers, on every engine (the
// SIMD and the scalar WebAssembly modules included): the WebAssembly engine's chunks (CHUNK keys,
// CHUNK_TEXT code units), V8's large arrays (16,384 elements and up), its memory growing in the
// middle of a batch and given back after it, its text turning from ASCII to UTF-8 (spans converted in
// WebAssembly), and surrogate pairs split across two keys (then it encodes key by key). The end of
// memory is test/memory-edges.test.ts's.
import { readFileSync } from "node:fs";
import { describe, expect, it, vi } from "vitest";
import { CHUNK, CHUNK_TEXT } from "../src/engines/wasm/chunks.js";
import type { WasmRing } from "../src/engines/wasm/ring.js";
import { RegionRouter as PureRegionRouter } from "../src/pure.js";
import { internalsOf } from "../src/internals.js";
import { buildRouter } from "./support/build.js";
import { engines, type Router } from "./support/engines.js";

const seed: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3]];

/** Keys of every shape: ASCII of 0-70 bytes (around one MD5 block, 55), 2-, 3- and 4-byte UTF-8. */
const shaped = (i: number): string => {
  switch (i % 7) {
    case 0:
      return `sess-${i}`;
    case 1:
      return "k".repeat(i % 71);
    case 2:
      return `é-${i}-${"ü".repeat(i % 30)}`;
    case 3:
      return `東京-${i}`;
    case 4:
      return `${i}-😀-${"x".repeat(i % 50)}`;
    case 5:
      return "";
    default:
      return `${(i * 2654435761) >>> 0}-${i}`.padEnd(36, "0");
  }
};
const ascii = (i: number): string => (i % 3 === 0 ? `sess-${i}` : `${i}`.padStart(36 - (i % 20), "a"));

/** routeMany(keys) against route() key by key, on the router and on a pure twin. */
function expectRoutes(router: Router, keys: string[]): void {
  const expected = keys.map((key) => router.route(key));
  expect(router.routeMany(keys)).toEqual(expected);
  expect(buildRouter(PureRegionRouter, seed).routeMany(keys)).toEqual(expected);
}

/** The WebAssembly ring behind a router, or undefined for the pure engine. */
const wasmRing = (router: Router): WasmRing | undefined => {
  const ring = internalsOf(router).ring;
  return "wasm" in ring ? (ring as WasmRing) : undefined;
};

it("has the boundaries the tests below are built around", () => {
  expect(CHUNK).toBeGreaterThan(12);
  expect(CHUNK_TEXT).toBeGreaterThan(CHUNK * 64);
});

describe.each(engines)("routeMany around its boundaries on the %s engine", (_, RegionRouter) => {
  const sizes = [CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK - 1, 2 * CHUNK, 2 * CHUNK + 1, 4 * CHUNK + 13, 16_385];

  it.each(sizes)("equals route() for %i keys of every shape", (size) => {
    const router = buildRouter(RegionRouter, seed);
    expectRoutes(router, Array.from({ length: size }, (_, i) => shaped(i)));
  });

  it.each(sizes)("equals route() for %i ASCII keys, then the same with one non-ASCII key last", (size) => {
    const router = buildRouter(RegionRouter, seed);
    const keys = Array.from({ length: size }, (_, i) => ascii(i));
    expectRoutes(router, keys);
    keys[size - 1] = "ä";
    expectRoutes(router, keys);
  });

  // The chunk ends once its keys reach CHUNK_TEXT code units: a first key of CHUNK_TEXT + d units.
  it.each([-2, -1, 0, 1, 2])("equals route() when the first key is CHUNK_TEXT %+i code units long", (d) => {
    const router = buildRouter(RegionRouter, seed);
    for (const filler of ["a", "é", "東"]) {
      const keys = [filler.repeat(CHUNK_TEXT + d), ...Array.from({ length: CHUNK + 5 }, (_, i) => shaped(i))];
      expectRoutes(router, keys);
      // And the same reached by many keys: the last one crosses the limit by d.
      const many = Array.from({ length: 100 }, () => filler.repeat(1000));
      many.push(filler.repeat(CHUNK_TEXT - 100_000 + d), "after", "é");
      expectRoutes(router, many);
    }
  });

  it("equals route() when a surrogate pair straddles two keys (each half alone is U+FFFD)", () => {
    const router = buildRouter(RegionRouter, seed);
    const high = "\uD83D";
    const low = "\uDE00";
    const pairs = [
      ["a" + high, low + "b"],
      [high, low],
      [high, "", low],
      ["x".repeat(60) + high, low + "y".repeat(60)],
      ["é" + high, low],
      [high, high + low, low],
      // Past sixteen code units, where the walk takes ASCII sixteen bytes at a time.
      ["é".repeat(20) + high, low],
      ["😀".repeat(9) + "x".repeat(15) + high, low + "😀".repeat(9)],
    ];
    for (const split of pairs) {
      const keys = [...Array.from({ length: 20 }, (_, i) => shaped(i)), ...split, "😀", "tail"];
      expectRoutes(router, keys);
      // And the key at the straddle as the last of one chunk and the first of the next.
      const long = [...Array.from({ length: CHUNK - 1 }, (_, i) => ascii(i)), ...split, ...Array.from({ length: 5 }, (_, i) => shaped(i))];
      expectRoutes(router, long);
    }
  });

  it("equals route() when a key in the middle of a batch makes memory grow, and gives that memory back after", () => {
    const router = buildRouter(RegionRouter, seed);
    const ring = wasmRing(router);
    const before = ring?.bytes.length ?? 0;
    const giant = "é".repeat(3_000_000);
    const keys = [...Array.from({ length: 600 }, (_, i) => shaped(i)), giant, ...Array.from({ length: 600 }, (_, i) => shaped(i + 600))];
    const grow = vi.spyOn(WebAssembly.Memory.prototype, "grow");
    let owners: (string | null)[];
    try {
      owners = router.routeMany(keys);
      if (ring) expect(grow).toHaveBeenCalled();
    } finally {
      grow.mockRestore();
    }
    // 6 MB of UTF-8 was written; the memory it took is not kept (route() below takes its own).
    if (ring) expect(wasmRing(router)!.bytes.length).toBeLessThan(before + (2 << 20));
    expect(owners).toEqual(keys.map((key) => router.route(key)));
    expectRoutes(router, Array.from({ length: 2 * CHUNK + 3 }, (_, i) => shaped(i)));
  });
});

it("the bench's floors work in routeMany's chunks", () => {
  // bench/floors.mjs: routeMany is judged by batch size against floors cut as it cuts.
  const section = readFileSync(new URL("../bench/floors.mjs", import.meta.url), "utf8");
  expect(section).toMatch(new RegExp(`^const FLOOR_CHUNK = ${CHUNK};$`, "m"));
});

it("the README's limits table states the chunk routeMany works in", () => {
  const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
  const row = readme.split("\n").find((line) => line.startsWith("| ids per `routeMany` call |"));
  expect(row).toContain(`chunks of at most ${CHUNK.toLocaleString("en-US")} ids or ${CHUNK_TEXT / 1024} Ki characters inside`);
});
