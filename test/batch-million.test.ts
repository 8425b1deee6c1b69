// One routeMany of 1,000,000 ids of every kind of string V8 makes (flat literals,
// crypto.randomUUID() ropes, concatenations, slices, JSON.parse output, Buffer#toString output,
// one-byte and two-byte strings mixed) gives exactly route()'s answers on every engine; and the
// WebAssembly memory such a batch uses (routeMany's, routeIndexes', routeManyBytes' of the same ids
// as bytes) is the memory every small batch uses already: reused, not grown and kept.
import { describe, expect, it, vi } from "vitest";
import { arrowLayout } from "../src/bench/arrow.js";
import { SMALLEST_BATCH, type WasmRing } from "../src/engines/wasm/ring.js";
import { internalsOf } from "../src/internals.js";
import { buildRouter } from "./support/build.js";
import { engines, type Router } from "./support/engines.js";

const seed: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3], ["東京", 2]];
const COUNT = 1_000_000;

/** 1,000,000 ids, made anew (ropes are flattened in place by the first call that reads them). */
function mixedIds(): string[] {
  const literals = ["sess-a", "", "0f8fad5b-d9cb-469f-a165-70867728950e", "东京-1", "é", "x".repeat(80)];
  const text = Array.from({ length: 2000 }, (_, i) => `${i.toString(36)}-session-${i * 7919}`).join("|");
  const json = JSON.parse(JSON.stringify(Array.from({ length: 1000 }, (_, i) => `json-${i}-${"é".repeat(i % 3)}`))) as string[];
  const buffer = Buffer.from(Array.from({ length: 1000 }, (_, i) => `buf-${i}-ü`).join("\n"));
  const lines = buffer.toString().split("\n");
  const ids = new Array<string>(COUNT);
  for (let i = 0; i < COUNT; i++) {
    switch (i % 8) {
      case 0:
        ids[i] = literals[(i >> 3) % literals.length];
        break;
      case 1:
        ids[i] = crypto.randomUUID();
        break;
      case 2:
        ids[i] = "sess-" + i;
        break;
      case 3:
        ids[i] = text.slice(i % 5000, (i % 5000) + 10 + (i % 40));
        break;
      case 4:
        ids[i] = json[i % json.length];
        break;
      case 5:
        ids[i] = i % 3 === 0 ? buffer.toString("utf8", i % 900, (i % 900) + 30) : lines[i % lines.length];
        break;
      case 6:
        // Two-byte strings, some of them lone surrogates, some beside each other.
        ids[i] = i % 5 === 0 ? "\uD83D" : i % 7 === 0 ? "\uDE00-" + i : `Ω-${i}-${"東".repeat(i % 5)}`;
        break;
      default:
        ids[i] = `${i}`.padStart(60, "0");
    }
  }
  return ids;
}

/** A batch call's answers as region names: routeMany's, or the index calls' through regions(). */
function answersOf(router: Router, call: string, ids: string[]): (string | null)[] {
  if (call === "routeMany") return router.routeMany(ids);
  const bytes = ids.map((id) => new TextEncoder().encode(id));
  const offsets = Int32Array.from([0, ...bytes.map((_, i) => bytes.slice(0, i + 1).reduce((sum, b) => sum + b.length, 0))]);
  const indexes = call === "routeIndexes" ? router.routeIndexes(ids) : router.routeManyBytes(Buffer.concat(bytes), offsets);
  return [...indexes].map((index) => router.regions()[index] ?? null);
}

describe.each(engines)("a 1,000,000-id routeMany of mixed string kinds on the %s engine", (_, RegionRouter) => {
  it("gives route()'s answer for every id", () => {
    const router = buildRouter(RegionRouter, seed);
    const ids = mixedIds();
    // routeMany first, so that it meets the ropes as they were made.
    const owners = router.routeMany(ids);
    expect(owners.length).toBe(COUNT);
    for (let i = 0; i < COUNT; i++) {
      const expected = router.route(ids[i]);
      if (owners[i] !== expected) expect(`${i}: ${JSON.stringify(ids[i])} -> ${owners[i]}`).toBe(`${i}: ${JSON.stringify(ids[i])} -> ${expected}`);
    }
  });
});

describe.each(engines.filter(([name]) => name !== "pure"))("the WebAssembly memory of a 1,000,000-id batch on the %s engine", (_, RegionRouter) => {
  it.each(["routeMany", "routeIndexes", "routeManyBytes"])("%s: the memory a small batch already grew, reused: nothing grows, nothing is kept", (call) => {
    const router = buildRouter(RegionRouter, seed);
    const ids = mixedIds();
    const ring = () => internalsOf(router).ring as WasmRing;
    // A small batch of the longest keys: what routeMany grows for its scratch, it grows here.
    router.routeMany(ids.slice(0, 4096));
    const small = ring().bytes.length;
    const grow = vi.spyOn(WebAssembly.Memory.prototype, "grow");
    try {
      if (call === "routeMany") router.routeMany(ids);
      else if (call === "routeIndexes") router.routeIndexes(ids);
      else {
        const { data, offsets } = arrowLayout(ids);
        router.routeManyBytes(data, offsets);
      }
      expect(grow).not.toHaveBeenCalled();
    } finally {
      grow.mockRestore();
    }
    expect(ring().bytes.length).toBe(small);
  });

  // Fewer than SMALLEST_BATCH ids are routed one by one (route()'s path), more through a batch:
  // both give back, in each batch call (the index calls' answers named through regions()).
  it.each(["routeMany", "routeIndexes", "routeManyBytes"].flatMap((call) => [1, SMALLEST_BATCH - 1, SMALLEST_BATCH].map((length) => [call, length] as const)))("gives back what %s of giant keys grew (%i ids)", (call, length) => {
    const router = buildRouter(RegionRouter, seed);
    router.routeMany(Array(SMALLEST_BATCH).fill("warm"));
    const small = (internalsOf(router).ring as WasmRing).wasm.memory.buffer.byteLength;
    const giant = ["a".repeat(1 << 22), "東".repeat(1 << 21), "sess-1", "sess-2"].slice(0, length);
    const grow = vi.spyOn(WebAssembly.Memory.prototype, "grow");
    let owners: (string | null)[];
    try {
      owners = answersOf(router, call, giant);
      expect(grow).toHaveBeenCalled();
    } finally {
      grow.mockRestore();
    }
    // 4-10 MB of UTF-8 went through memory; what stays is what the small batch had (route() below
    // grows memory again for its own copy of each key).
    expect((internalsOf(router).ring as WasmRing).wasm.memory.buffer.byteLength).toBeLessThanOrEqual(small);
    expect(owners).toEqual(giant.map((id) => router.route(id)));
  });

  it("keeps what route() of a giant id grew only until the next update (the README's limits table)", () => {
    const router = buildRouter(RegionRouter, seed);
    router.routeMany(Array(SMALLEST_BATCH).fill("warm"));
    const bytes = () => (internalsOf(router).ring as WasmRing).wasm.memory.buffer.byteLength;
    const small = bytes();
    const owner = router.route("a".repeat(1 << 22));
    expect(bytes()).toBeGreaterThan(small + (1 << 22));
    router.addRegion("tokyo", 1);
    expect(bytes()).toBeLessThanOrEqual(small);
    expect(["sf", "london", "bangalore", "東京", "tokyo"]).toContain(owner);
  });
});
