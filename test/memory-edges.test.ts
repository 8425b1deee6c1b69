// routeMany at the very end of WebAssembly linear memory. The SIMD module reads every key as 64
// bytes from its start (assembly/md5x12.ts, fillLane), so memory must stay readable 64 bytes past
// the last key's start, however little room the batch itself needs. A batch here is a filler key
// of L ASCII bytes, then the key under test, then an empty key (which starts where the batch's text
// ends). A spy on WebAssembly.Memory.prototype.grow (calling through) tells whether a batch made
// memory grow, a search finds the longest filler that does not, and that batch's last key must
// start exactly 64 bytes before the end of memory (a spy on the instance's routeMany reads where
// it was told the keys are) and route as the pure engine does; without the room past the keys,
// the SIMD module traps: out of bounds.
import { afterEach, describe, expect, it, vi } from "vitest";
import { SMALLEST_BATCH, type WasmRing } from "../src/engines/wasm/ring.js";
import { RegionRouter } from "../src/index.js";
import { RegionRouter as PureRegionRouter } from "../src/pure.js";
import { internalsOf } from "../src/internals.js";
import { buildRouter } from "./support/build.js";
import { RegionRouter as ScalarRegionRouter } from "./support/core-only.js";

const seed: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3]];

/** The filler, the key under test, and an empty key: it starts where the batch's UTF-8 ends. */
const batch = (filler: number, key: string): string[] => ["f".repeat(filler), key, ""];

/** Tails of every UTF-8 width, from nothing to past what fits in the 64 bytes. */
const keys = [
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

  const ringOf = (router: InstanceType<typeof Router>) => internalsOf(router).ring as WasmRing;

  /** A new seed router, warmed by one small batch (whatever a first routeMany sets up is set up). */
  const fresh = () => {
    const router = buildRouter(Router, seed);
    router.routeMany(Array(SMALLEST_BATCH).fill("warm"));
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

  /**
   * Route `keys` on `router`, and return where the last WebAssembly routeMany call was told its
   * last key starts, as bytes before the end of memory.
   */
  const lastKeyFromEnd = (router: InstanceType<typeof Router>, keys: string[]): { owners: (string | null)[]; fromEnd: number } => {
    const ring = ringOf(router);
    const call = ring.wasm.routeMany;
    let fromEnd = -1;
    ring.wasm.routeMany = (text, spans, count, ringAt, n, table, bits, form, out, step) => {
      // The last key's start: its span's first word, `step` bytes a key.
      fromEnd = ring.bytes.length - (text + ring.words[(spans + (count - 1) * step) >>> 2]);
      call(text, spans, count, ringAt, n, table, bits, form, out, step);
    };
    try {
      return { owners: router.routeMany(keys), fromEnd };
    } finally {
      ring.wasm.routeMany = call;
    }
  };

  const pure = buildRouter(PureRegionRouter, seed);
  const answer = (keys: string[]) => pure.routeMany(keys);

  const label = (key: string) => (key ? `${[...key].length} × "${[...key][0]}"` : "empty");
  it.each(keys.map((key) => [label(key), key] as const))("routes batches that just fit in memory, the key %s", (_label, key) => {
    // The shortest filler that makes memory grow (binary search: a longer one needs more room).
    let lo = 0;
    let hi = ringOf(fresh()).bytes.length;
    expect(grows(batch(hi, key)), "a filler as long as a fresh ring's memory must outgrow it, or this test no longer reaches the edge").toBe(true);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (grows(batch(mid, key))) hi = mid;
      else lo = mid + 1;
    }
    const router = fresh();
    // The longest batch that fits: its last key starts exactly 64 bytes before the end of memory.
    const edge = lastKeyFromEnd(router, batch(lo - 1, key));
    expect(edge.fromEnd).toBe(64);
    expect(edge.owners).toEqual(answer(batch(lo - 1, key)));
    // A few shorter, and the first that grows.
    for (const filler of [lo - 6, lo - 5, lo - 4, lo - 3, lo - 2, lo]) {
      expect(router.routeMany(batch(filler, key))).toEqual(answer(batch(filler, key)));
    }
  });
});

// routeBytes copies the bytes its ids cover into the batch plan's text, where planBatch keeps
// memory readable 64 bytes past them: a buffer of short lines, a filler line and a short last line
// (SMALLEST_BATCH lines in all, so that they go through a batch, not one by one; spans that leave
// out the newline, as the command line gives its lines), as long as fits without growing memory,
// must route as the pure engine does, its last line read from 64 bytes before the end of memory at
// the least (without those 64 bytes, the SIMD module reads the last line past the end).
describe.each([
  ["wasm", RegionRouter],
  ["wasm-scalar", ScalarRegionRouter],
] as const)("routeBytes at the end of linear memory on the %s engine", (_, Router) => {
  afterEach(() => vi.restoreAllMocks());

  const fresh = () => {
    const router = buildRouter(Router, seed);
    router.routeMany(Array(SMALLEST_BATCH).fill("warm"));
    return router;
  };
  const ringOf = (router: InstanceType<typeof Router>) => internalsOf(router).ring as WasmRing;
  const lines = (filler: number, last: string) => [...Array<string>(SMALLEST_BATCH - 2).fill("a"), "f".repeat(filler), last];
  const piece = (filler: number, last: string) => new TextEncoder().encode(lines(filler, last).join("\n"));
  const spansOf = (filler: number, last: string) => {
    let at = 0;
    return Int32Array.from(lines(filler, last).flatMap((line) => [at, (at += line.length + 1) - 1]));
  };
  /** The owners of the piece's lines, and where WebAssembly was told the last one starts, in bytes before the end of memory. */
  const route = (router: InstanceType<typeof Router>, filler: number, last: string) => {
    const ring = ringOf(router);
    const call = ring.wasm.routeMany;
    let fromEnd = -1;
    ring.wasm.routeMany = (keys, spans, count, ...rest) => {
      fromEnd = ring.bytes.length - ((keys + ring.words[(spans >>> 2) + 2 * (count - 1)]) >>> 0);
      call(keys, spans, count, ...rest);
    };
    try {
      const owners = new Int32Array(SMALLEST_BATCH);
      ring.routeBytes(piece(filler, last), spansOf(filler, last), SMALLEST_BATCH, 2, owners);
      return { owners: [...owners], fromEnd };
    } finally {
      ring.wasm.routeMany = call;
    }
  };
  const grows = (filler: number, last: string): boolean => {
    const router = fresh();
    const grow = vi.spyOn(WebAssembly.Memory.prototype, "grow");
    try {
      route(router, filler, last);
      return grow.mock.calls.length > 0;
    } finally {
      grow.mockRestore();
    }
  };
  const pure = buildRouter(PureRegionRouter, seed);
  const owners = (router: InstanceType<typeof Router>, lines: string[]) => lines.map((line) => internalsOf(router).ring.route(line));

  it.each(["", "x", "session-42", "y".repeat(40), "z".repeat(63)])("routes the longest piece that fits, its last line %j", (last) => {
    let lo = 0;
    let hi = ringOf(fresh()).bytes.length;
    expect(grows(hi, last), "a filler as long as a fresh ring's memory must outgrow it").toBe(true);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (grows(mid, last)) hi = mid;
      else lo = mid + 1;
    }
    for (const filler of [lo - 3, lo - 2, lo - 1, lo]) {
      const router = fresh();
      const before = ringOf(router).bytes.length;
      const { owners: got, fromEnd } = route(router, filler, last);
      // Owners are numbered alike on both engines: the same regions added in the same order.
      expect(got).toEqual(owners(pure, lines(filler, last)));
      if (filler === lo - 1) {
        // The longest that fits leaves no more than its last line's room (and the 64 bytes) after it.
        expect(ringOf(router).bytes.length).toBe(before);
        expect(fromEnd).toBe(64 + last.length);
      }
    }
  });
});

// A build into an empty ring hashes the names where planUpdate put them, the SIMD build module
// reading each as 64 bytes from its start: the plan keeps those 64 bytes readable however close to
// the end of memory the rest of it ends. The first build of the most names that fits without growing
// memory must give the pure engine's ring.
describe("a first build that just fits in linear memory", () => {
  afterEach(() => vi.restoreAllMocks());

  const grows = (weight: number): boolean => {
    const router = new RegionRouter();
    const grow = vi.spyOn(WebAssembly.Memory.prototype, "grow");
    try {
      router.addRegion("edge", weight);
      return grow.mock.calls.length > 0;
    } finally {
      grow.mockRestore();
    }
  };

  it("builds as the pure engine does at the largest weight that fits, and around it", () => {
    // The SIMD build module takes over from 256 names (src/engines/wasm/simd.ts, SIMD_BUILD_NAMES).
    let lo = 256;
    let hi = 1 << 16;
    expect(grows(lo), "256 names must fit in a fresh instance's memory, or this test no longer reaches the SIMD build").toBe(false);
    expect(grows(hi)).toBe(true);
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (grows(mid)) hi = mid;
      else lo = mid + 1;
    }
    const ids = Array.from({ length: 2000 }, (_, i) => `session-${i}`);
    for (const weight of [lo - 3, lo - 2, lo - 1, lo]) {
      // "edge" alone first (the build into an empty ring), then a region merged into what it built.
      const [wasm, pure] = [new RegionRouter(), new PureRegionRouter()];
      for (const router of [wasm, pure]) {
        router.addRegion("edge", weight);
        router.addRegion("other", weight >>> 1);
      }
      expect(wasm.routeMany(ids)).toEqual(pure.routeMany(ids));
    }
  });
});
