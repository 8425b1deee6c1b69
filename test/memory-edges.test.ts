// routeMany at the very end of WebAssembly linear memory. The SIMD module reads every key as 64
// bytes from its start (assembly/md5x12.ts, fillLane), so memory must stay readable 64 bytes past
// the last key's start, however little room the batch itself needs. This drives batches to the
// edge through the public API only: a spy on WebAssembly.Memory.prototype.grow (calling through)
// tells whether a batch made memory grow, a search finds the largest batch that does not, and the
// batches just under that size, whose text ends where the memory does, must route as the pure
// engine does (without the room past the keys, the SIMD module traps: out of bounds).
import { afterEach, describe, expect, it, vi } from "vitest";
import { RegionRouter as ScalarRegionRouter } from "../src/browser.js";
import { RegionRouter } from "../src/index.js";
import { RegionRouter as PureRegionRouter } from "../src/pure.js";
import { buildRouter } from "./support/build.js";

const seed: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3]];
/** routeMany's keys per WebAssembly call (src/engines/wasm/ring.ts): a batch up to this size is one text. */
const CHUNK = 4096;

/** One key, then `empties` empty ones: they all start where the first one's UTF-8 ends. */
const batch = (first: string, empties: number): string[] => [first, ...Array<string>(empties).fill("")];

/** Tails of every UTF-8 width, from nothing to past what fits in the 64 bytes. */
const firstKeys = [
  ...Array.from({ length: 40 }, (_, n) => "x".repeat(n)),
  ...Array.from({ length: 12 }, (_, n) => "é".repeat(n + 1)),
  ...Array.from({ length: 12 }, (_, n) => "東".repeat(n + 1)),
  "😀".repeat(5),
];

describe.each([
  ["wasm", RegionRouter],
  ["wasm-scalar", ScalarRegionRouter],
] as const)("routeMany at the end of linear memory on the %s engine", (_, Router) => {
  afterEach(() => vi.restoreAllMocks());

  /** A new seed router, warmed by one small batch (whatever a first routeMany sets up is set up). */
  const fresh = () => {
    const router = buildRouter(Router, seed);
    router.routeMany(["warm"]);
    return router;
  };

  /** Whether routing `keys` on a fresh router makes its memory grow (the grow still happens). */
  const grows = (keys: string[]): boolean => {
    const router = fresh();
    const grow = vi.spyOn(WebAssembly.Memory.prototype, "grow");
    try {
      router.routeMany(keys);
      return grow.mock.calls.length > 0;
    } finally {
      grow.mockRestore();
    }
  };

  const expected = new Map<string, (string | null)[]>();
  const pure = buildRouter(PureRegionRouter, seed);
  const answer = (keys: string[]) => {
    const first = keys[0];
    if (!expected.has(first)) expected.set(first, pure.routeMany([first, ""]));
    const [routeOfFirst, routeOfEmpty] = expected.get(first)!;
    return [routeOfFirst, ...Array<string | null>(keys.length - 1).fill(routeOfEmpty)];
  };

  const label = (key: string) => (key ? `${[...key].length} × "${[...key][0]}"` : "empty");
  it.each(firstKeys.map((key) => [label(key), key] as const))("routes batches that just fit in memory, the first key %s", (_label, first) => {
    // The smallest number of empty keys after `first` that makes memory grow (binary search: more keys need more room).
    let lo = 0;
    let hi = CHUNK - 1;
    expect(grows(batch(first, hi)), `a batch of ${CHUNK} keys must outgrow a fresh ring's memory, or this test no longer reaches the edge`).toBe(true);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (grows(batch(first, mid))) hi = mid;
      else lo = mid + 1;
    }
    // The largest batches that fit without growing: their keys end within a few bytes of the memory's end.
    const router = fresh();
    for (let empties = Math.max(0, lo - 6); empties < lo; empties++) {
      const keys = batch(first, empties);
      expect(router.routeMany(keys)).toEqual(answer(keys));
    }
    // And the first that grows.
    const keys = batch(first, lo);
    expect(router.routeMany(keys)).toEqual(answer(keys));
  });
});
