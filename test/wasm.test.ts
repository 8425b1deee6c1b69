// The WebAssembly module itself: tiny, import-free, current with assembly/, and its memory handling.
import { describe, expect, it, vi } from "vitest";
import { renderGenerated } from "../scripts/build-wasm.mjs";
import { readFileSync } from "node:fs";
import { simdWasm, coreWasm } from "../src/engines/wasm/code.generated.js";
import { coreBytes, DATA_END, decodeHex, instantiate } from "../src/engines/wasm/module.js";
import { addOnImports, simdBytes, fromHex, instantiateWithSimd, simdSupported, type SimdExports } from "../src/engines/wasm/simd.js";
import { RingMemory } from "../src/engines/wasm/layout.js";
import { WasmRing } from "../src/engines/wasm/ring.js";
import { CryptoPortRouter } from "../bench/crypto-port.mjs";

describe("the WebAssembly modules", () => {
  it("each fits the 4 KiB budget, so it compiles synchronously anywhere", () => {
    for (const bytes of [coreBytes(), simdBytes()]) expect(bytes.length).toBeLessThanOrEqual(4096);
  });

  it("decodeHex, which browsers use, gives the bytes Node's Buffer gives: both modules, every byte value", () => {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i)).toString("hex");
    for (const hex of [coreWasm, simdWasm, everyByte]) {
      expect(Buffer.from(decodeHex(hex)).equals(Buffer.from(hex, "hex"))).toBe(true);
    }
  });

  it("under Node, the entries with the add-on decode the modules with Buffer, not the loop", () => {
    const from = vi.spyOn(Buffer, "from");
    try {
      expect(Buffer.from(fromHex(simdWasm)).equals(Buffer.from(simdBytes()))).toBe(true);
      expect(from).toHaveBeenCalledWith(simdWasm, "hex");
    } finally {
      from.mockRestore();
    }
  });

  it("the core imports nothing; the SIMD add-on imports only the core's memory and locate", () => {
    const core = new WebAssembly.Module(coreBytes());
    expect(WebAssembly.Module.imports(core)).toEqual([]);
    expect(WebAssembly.Module.exports(core).map((e) => e.name)).toEqual(
      expect.arrayContaining(["memory", "routeMany", "locate", "hashVnodes", "sortEntries", "mergeEntries"]),
    );
    const batch = new WebAssembly.Module(simdBytes());
    expect(WebAssembly.Module.imports(batch).map((i) => `${i.module}.${i.name}:${i.kind}`).sort()).toEqual([
      "env.locate:function",
      "env.md5Constants:global",
      "env.memory:memory",
    ]);
  });

  it("the SIMD add-on loads on the first routeMany where it validates, and its static data clears the core's", () => {
    expect(simdSupported()).toBe(WebAssembly.validate(simdBytes()));
    const simd = instantiateWithSimd() as SimdExports;
    const scalar = instantiate();
    // The core's static data ends below the add-on's memoryBase (asconfig.json), and the add-on's
    // static data and working memory below DATA_END, where the wrapper's layout begins.
    expect(scalar.heapBase()).toBeLessThanOrEqual(2048);
    const add = new WebAssembly.Instance(new WebAssembly.Module(simdBytes()), addOnImports(simd)).exports as unknown as {
      heapBase(): number;
    };
    expect(add.heapBase()).toBeGreaterThan(2048);
    expect(add.heapBase()).toBeLessThanOrEqual(DATA_END);
    expect(simd.batchLoaded).toBe(false);
    simd.routeMany(0, 0, 0, DATA_END, 0, DATA_END, 1, 0);
    expect(simd.batchLoaded).toBe(simdSupported());
    expect("batchLoaded" in scalar).toBe(false);
  });

  it("the committed src/engines/wasm/code.generated.ts is what assembly/ compiles to", async () => {
    const committed = readFileSync(new URL("../src/engines/wasm/code.generated.ts", import.meta.url), "utf8");
    expect(committed).toBe(await renderGenerated());
  });

  it("gives each ring its own memory", () => {
    expect(instantiate().memory).not.toBe(instantiate().memory);
  });
});

describe("the WebAssembly ring's memory", () => {
  const memoryOf = (ring: WasmRing): WebAssembly.Memory => (ring as unknown as { mem: { wasm: { memory: WebAssembly.Memory } } }).mem.wasm.memory;

  it("keeps routing correctly after memory.grow replaced the buffer under its views", () => {
    const ring = new WasmRing();
    const model = new CryptoPortRouter();
    ring.update([], [{ owner: 0, name: "sf", count: 3 }]);
    model.addRegion("sf", 3);
    const first = memoryOf(ring).buffer;
    ring.update([], [{ owner: 1, name: "london", count: 20_000 }]);
    model.addRegion("london", 20_000);
    expect(memoryOf(ring).buffer).not.toBe(first);
    const names = ["sf", "london"];
    for (let i = 0; i < 500; i++) expect(names[ring.route(`k${i}`)]).toBe(model.route(`k${i}`));
  });

  it.each([
    ["the SIMD add-on", instantiateWithSimd],
    ["the core's scalar loop", instantiate],
  ] as const)("routes a batch ending 64 bytes before the end of memory with %s (keys are read 64 bytes from their start)", (_, make) => {
    const ring = new WasmRing(new RingMemory(make));
    ring.update([], [{ owner: 0, name: "sf", count: 3 }, { owner: 1, name: "london", count: 3 }]);
    // Thirteen keys (a full SIMD group and one more), the last empty, so the last read ends exactly
    // where memory does: reserveScratch keeps those 64 bytes, and a longer read would trap.
    const keys = [...Array.from({ length: 12 }, (_, i) => "k".repeat(i * 4)), ""];
    const text = new TextEncoder().encode(keys.join(""));
    const mem = ring.mem;
    const spans = mem.scratch;
    mem.reserveScratch(keys.length * 12 + text.length);
    const at = mem.bytes.length - 64 - text.length;
    expect(at).toBeGreaterThan(spans + keys.length * 12);
    mem.bytes.set(text, at);
    let end = 0;
    keys.forEach((k, i) => {
      mem.words[(spans >>> 2) + 2 * i] = end;
      mem.words[(spans >>> 2) + 2 * i + 1] = end += k.length;
    });
    const out = new Int32Array(keys.length);
    ring.routeSpans(at, spans, keys.length, out, 0);
    expect([...out]).toEqual(keys.map((k) => ring.route(k)));
  });

  it("gives memory back after a large region is removed", () => {
    const ring = new WasmRing();
    ring.update([], [{ owner: 0, name: "big", count: 400_000 }]);
    const big = memoryOf(ring).buffer.byteLength;
    expect(big).toBeGreaterThan(400_000 * 20);
    ring.update([0], [{ owner: 1, name: "small", count: 10 }]);
    expect(memoryOf(ring).buffer.byteLength).toBeLessThan(big / 4);
    expect(ring.route("anything")).toBe(1);
    expect(ring.size).toBe(10);
  });
});
