// The WebAssembly module itself: tiny, import-free, current with assembly/, and its memory handling.
import { describe, expect, it, vi } from "vitest";
import { renderConstants, renderGenerated } from "../scripts/build-wasm.mjs";
import { readFileSync } from "node:fs";
import { simdWasm, coreWasm, simd16Wasm } from "../src/engines/wasm/code.generated.js";
import { DATA_END, LANES, MD5_K, X12_BLOCKS, X12_DIGESTS, X12_STATE, X16_BLOCKS } from "../src/engines/wasm/constants.generated.js";
import { decodeHex, instantiate, type CoreExports } from "../src/engines/wasm/module.js";
import { fromHex, instantiateWithSimd, simdModule } from "../src/engines/wasm/simd.js";
import { instantiateWithSimd16, simd16Module } from "../src/engines/wasm/simd16.js";
import { RegionRouter as NodeRouter } from "../src/node.js";
import { RegionRouter as SimdRouter } from "../src/index.js";
import { internalsOf } from "../src/internals.js";
import { CHUNK } from "../src/engines/wasm/chunks.js";
import { WasmRing } from "../src/engines/wasm/ring.js";
import { REFERENCE_SCHEME } from "../src/engines/ring.js";
import { ModelRouter } from "./support/model.mjs";
import { OWNER_NAMES, ownersOf } from "./support/owners.js";

/** The ids of a module's sections, in order (the binary format: a header, then id, LEB128 size, payload). */
function sectionIds(bytes: Uint8Array): number[] {
  const ids: number[] = [];
  for (let at = 8; at < bytes.length; ) {
    ids.push(bytes[at++]);
    let size = 0;
    for (let shift = 0; ; shift += 7) {
      const byte = bytes[at++];
      size |= (byte & 0x7f) << shift;
      if (byte < 0x80) break;
    }
    at += size;
  }
  return ids;
}

const DATA_SECTION = 11;
const coreBytes = decodeHex(coreWasm);
const simdBytes = fromHex(simdWasm);

/** The SIMD modules' constants (assembly/memory-map.ts: X12_STATE 16 bytes, X12_MASKS 128, X12_KEY_BYTES 64). */
const LANE_CONSTANT_BYTES = X12_DIGESTS - X12_STATE;

describe("the WebAssembly modules", () => {
  it("each fits the 4 KiB budget, so it compiles synchronously anywhere", () => {
    for (const bytes of [coreBytes, simdBytes]) expect(bytes.length).toBeLessThanOrEqual(4096);
  });

  it("decodeHex, which browsers use, gives the bytes Node's Buffer gives: both modules, every byte value", () => {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i)).toString("hex");
    for (const hex of [coreWasm, simdWasm, everyByte]) {
      expect(Buffer.from(decodeHex(hex)).equals(Buffer.from(hex, "hex"))).toBe(true);
    }
  });

  it("under Node, the entries with the SIMD module decode the modules with Buffer, not the loop", () => {
    const from = vi.spyOn(Buffer, "from");
    try {
      expect(Buffer.from(fromHex(simdWasm)).equals(Buffer.from(simdBytes))).toBe(true);
      expect(from).toHaveBeenCalledWith(simdWasm, "hex");
    } finally {
      from.mockRestore();
    }
  });

  it("the core imports nothing; the SIMD modules import only the core's memory and its own routeMany", () => {
    const core = new WebAssembly.Module(coreBytes);
    expect(WebAssembly.Module.imports(core)).toEqual([]);
    expect(WebAssembly.Module.exports(core).map((e) => e.name).sort()).toEqual(
      ["buildTable", "hashVnodes", "locate", "md5Into", "memory", "mergeEntries", "removeOwners", "routeMany", "sortEntries", "utf8Spans"],
    );
    const simd = new WebAssembly.Module(simdBytes);
    expect(WebAssembly.Module.imports(simd).map((i) => `${i.module}.${i.name}:${i.kind}`).sort()).toEqual([
      "env.memory:memory",
      "env.routeMany:function",
    ]);
    expect(WebAssembly.Module.exports(simd).map((e) => e.name)).toEqual(["routeMany"]);
    // The sixteen-lane module (Node's entry only) has utf8Spans too.
    const simd16 = new WebAssembly.Module(fromHex(simd16Wasm));
    expect(WebAssembly.Module.imports(simd16)).toEqual(WebAssembly.Module.imports(simd));
    expect(WebAssembly.Module.exports(simd16).map((e) => e.name)).toEqual(["routeMany", "utf8Spans"]);
  });

  it("neither module has static data, so nothing but assembly/memory-map.ts places memory below DATA_END", () => {
    // A data segment would be placed by the compiler, where the other module's fixed areas may be.
    expect(sectionIds(coreBytes)).not.toContain(DATA_SECTION);
    expect(sectionIds(simdBytes)).not.toContain(DATA_SECTION);
    expect(DATA_END % 16).toBe(0);
    expect(MD5_K + 256).toBeLessThanOrEqual(X12_BLOCKS);
    expect(X12_STATE + LANE_CONSTANT_BYTES).toBeLessThanOrEqual(DATA_END);
    expect(DATA_END).toBeLessThanOrEqual(4096);
  });

  it("routeMany's chunks are a whole number of every SIMD module's passes", () => {
    expect(Object.values(LANES).sort()).toEqual([12, 12, 16]);
    for (const lanes of Object.values(LANES)) expect(CHUNK % lanes).toBe(0);
  });

  it("attaches the SIMD module on the first routeMany, once, where it validates; the scalar instance never does", () => {
    // Attaching writes the SIMD module's constants where the core says: watch them.
    const constants = (wasm: CoreExports) => new Uint8Array(wasm.memory.buffer, X12_STATE, LANE_CONSTANT_BYTES);
    const emptyBatch = (wasm: CoreExports) => wasm.routeMany(0, 0, 0, DATA_END, 0, DATA_END, 12, 0, 0, 8);
    const simd = instantiateWithSimd();
    const scalar = instantiate();
    emptyBatch(scalar);
    expect(constants(scalar).every((byte) => byte === 0)).toBe(true);
    expect(constants(simd).every((byte) => byte === 0)).toBe(true);
    emptyBatch(simd);
    expect(constants(simd).some((byte) => byte !== 0)).toBe(simdModule() !== null);
    constants(simd).fill(0);
    emptyBatch(simd);
    expect(constants(simd).every((byte) => byte === 0)).toBe(true);
  });

  it("attaches the sixteen-lane module in Node's entry (its lanes 12-15 hash in their own area), the twelve-lane one in /simd's", () => {
    // The sixteen-lane module's blocks, digests and lane keys are the last of the fixed addresses
    // (assembly/memory-map.ts); only that module writes them.
    const ownArea = (wasm: CoreExports) => new Uint8Array(wasm.memory.buffer, X16_BLOCKS, DATA_END - X16_BLOCKS);
    const sixteenKeys = (make: () => CoreExports) => {
      const ring = new WasmRing(REFERENCE_SCHEME, make);
      ring.update([], [{ owner: 0, prefix: "sf#", count: 3, rank: 0 }, { owner: 1, prefix: "london#", count: 3, rank: 1 }]);
      const keys = Array.from({ length: 16 }, (_, i) => `sess-${i}`);
      const out = new Array<string | null>(16);
      ring.routeMany(keys, out, OWNER_NAMES);
      expect(ownersOf(out)).toEqual(keys.map((k) => ring.route(k)));
      return ownArea(ring.wasm).some((byte) => byte !== 0);
    };
    expect(simd16Module()).not.toBeNull();
    expect(sixteenKeys(instantiateWithSimd16)).toBe(true);
    expect(sixteenKeys(instantiateWithSimd)).toBe(false);
    // The entries' routers make their instances so.
    const makeOf = (router: NodeRouter | SimdRouter) => (internalsOf(router).ring as unknown as { make: unknown }).make;
    expect(makeOf(new NodeRouter())).toBe(instantiateWithSimd16);
    expect(makeOf(new SimdRouter())).toBe(instantiateWithSimd);
  });

  it("routes with the twelve-lane module where the sixteen-lane one cannot be had", async () => {
    vi.resetModules();
    vi.doMock("../src/engines/wasm/code.generated.js", async (original) => ({ ...(await original<object>()), simd16Wasm: "00" }));
    const fallback = await import("../src/engines/wasm/simd16.js");
    const { WasmRing: FreshRing } = await import("../src/engines/wasm/ring.js");
    expect(fallback.simd16Module()).toBeNull();
    const ring = new FreshRing(REFERENCE_SCHEME, fallback.instantiateWithSimd16);
    ring.update([], [{ owner: 0, prefix: "sf#", count: 3, rank: 0 }, { owner: 1, prefix: "london#", count: 3, rank: 1 }]);
    const keys = Array.from({ length: 40 }, (_, i) => `k${i}`);
    const out = new Array<string | null>(keys.length);
    ring.routeMany(keys, out, OWNER_NAMES);
    expect(ownersOf(out)).toEqual(keys.map((k) => ring.route(k)));
    // The twelve-lane module attached: its constants are written.
    expect(new Uint8Array(ring.wasm.memory.buffer, X12_STATE, 16).some((byte) => byte !== 0)).toBe(true);
    vi.doUnmock("../src/engines/wasm/code.generated.js");
    vi.resetModules();
  });

  it("the committed src/engines/wasm/code.generated.ts is what assembly/ compiles to", async () => {
    const committed = readFileSync(new URL("../src/engines/wasm/code.generated.ts", import.meta.url), "utf8");
    expect(committed).toBe(await renderGenerated());
  });

  it("the committed src/engines/wasm/constants.generated.ts holds assembly/'s shared constants as asc computes them", async () => {
    const committed = readFileSync(new URL("../src/engines/wasm/constants.generated.ts", import.meta.url), "utf8");
    expect(committed).toBe(await renderConstants());
  });

  it("gives each ring its own memory", () => {
    expect(instantiate().memory).not.toBe(instantiate().memory);
  });
});

describe("the WebAssembly ring's memory", () => {
  const memoryOf = (ring: WasmRing): WebAssembly.Memory => ring.wasm.memory;

  it("keeps routing correctly after memory.grow replaced the buffer under its views", () => {
    const ring = new WasmRing(REFERENCE_SCHEME);
    const model = new ModelRouter();
    ring.update([], [{ owner: 0, prefix: "sf#", count: 3, rank: 0 }]);
    model.addRegion("sf", 3);
    const first = memoryOf(ring).buffer;
    ring.update([], [{ owner: 1, prefix: "london#", count: 20_000, rank: 1 }]);
    model.addRegion("london", 20_000);
    expect(memoryOf(ring).buffer).not.toBe(first);
    const names = ["sf", "london"];
    for (let i = 0; i < 500; i++) expect(names[ring.route(`k${i}`)]).toBe(model.route(`k${i}`));
  });

  it.each([
    ["the SIMD module", instantiateWithSimd],
    ["the sixteen-lane SIMD module", instantiateWithSimd16],
    ["the core's scalar loop", instantiate],
  ] as const)("routes a batch ending 64 bytes before the end of memory with %s (keys are read 64 bytes from their start), its spans as pairs or as offsets", (_, make) => {
    const ring = new WasmRing(REFERENCE_SCHEME, make);
    ring.update([], [{ owner: 0, prefix: "sf#", count: 3, rank: 0 }, { owner: 1, prefix: "london#", count: 3, rank: 1 }]);
    // Thirteen keys (a full SIMD group and one more), the last empty, so the last read ends exactly
    // where memory does: planBatch keeps those 64 bytes, and a longer read would trap.
    const keys = [...Array.from({ length: 12 }, (_, i) => "k".repeat(i * 4)), ""];
    const text = new TextEncoder().encode(keys.join(""));
    const mem = ring;
    const plan = mem.planBatch(keys.length, text.length);
    const at = mem.bytes.length - 64 - text.length;
    expect(at).toBeGreaterThanOrEqual(plan.text);
    mem.bytes.set(text, at);
    const ends = keys.map((_, i) => keys.slice(0, i + 1).join("").length);
    // Step 8: [start, end) pairs; step 4: the n + 1 offsets (Arrow's layout).
    const layouts = { 8: ends.flatMap((end, i) => [i === 0 ? 0 : ends[i - 1], end]), 4: [0, ...ends] };
    for (const [step, spans] of Object.entries(layouts)) {
      mem.words.set(spans, plan.spans >>> 2);
      mem.words.fill(0xffffffff, plan.results >>> 2, (plan.results >>> 2) + keys.length);
      mem.wasm.routeMany(at, plan.spans, keys.length, mem.ring, mem.n, mem.table, mem.bits, mem.form, plan.results, Number(step));
      const owners = Array.from(mem.words.subarray(plan.results >>> 2, (plan.results >>> 2) + keys.length));
      expect(owners, `step ${step}`).toEqual(keys.map((k) => ring.route(k)));
    }
  });

  it("gives memory back after a large region is removed", () => {
    const ring = new WasmRing(REFERENCE_SCHEME);
    ring.update([], [{ owner: 0, prefix: "big#", count: 400_000, rank: 0 }]);
    const big = memoryOf(ring).buffer.byteLength;
    expect(big).toBeGreaterThan(400_000 * 20);
    ring.update([{ owner: 0, prefix: "big#", count: 400_000, rank: 0 }], [{ owner: 1, prefix: "small#", count: 10, rank: 1 }]);
    expect(memoryOf(ring).buffer.byteLength).toBeLessThan(big / 4);
    expect(ring.route("anything")).toBe(1);
    expect(ring.size).toBe(10);
  });
});
