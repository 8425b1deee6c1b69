// The WebAssembly module itself: tiny, import-free, current with assembly/, and its memory handling.
import { describe, expect, it } from "vitest";
import { renderGenerated } from "../scripts/build-wasm.mjs";
import { readFileSync } from "node:fs";
import { instantiate, wasmBytes } from "../src/wasm/module.js";
import { WasmRing } from "../src/wasm/ring.js";
import { CryptoPortRouter } from "../bench/crypto-port.mjs";

describe("the WebAssembly module", () => {
  it("fits the 4 KiB budget and imports nothing, so it compiles synchronously anywhere", () => {
    const bytes = wasmBytes();
    expect(bytes.length).toBeLessThanOrEqual(4096);
    const module = new WebAssembly.Module(bytes);
    expect(WebAssembly.Module.imports(module)).toEqual([]);
    const exported = WebAssembly.Module.exports(module).map((e) => e.name);
    expect(exported).toEqual(expect.arrayContaining(["memory", "route", "locate", "hashVnodes", "sortEntries", "mergeEntries"]));
  });

  it("the committed src/wasm/code.generated.ts is what assembly/ compiles to", async () => {
    const committed = readFileSync(new URL("../src/wasm/code.generated.ts", import.meta.url), "utf8");
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
    ring.update([], [{ slot: 0, name: "sf", count: 3 }]);
    model.addRegion("sf", 3);
    const first = memoryOf(ring).buffer;
    ring.update([], [{ slot: 1, name: "london", count: 20_000 }]);
    model.addRegion("london", 20_000);
    expect(memoryOf(ring).buffer).not.toBe(first);
    const names = ["sf", "london"];
    for (let i = 0; i < 500; i++) expect(names[ring.route(`k${i}`)]).toBe(model.route(`k${i}`));
  });

  it("gives memory back after a large region is removed", () => {
    const ring = new WasmRing();
    ring.update([], [{ slot: 0, name: "big", count: 400_000 }]);
    const big = memoryOf(ring).buffer.byteLength;
    expect(big).toBeGreaterThan(400_000 * 20);
    ring.update([0], [{ slot: 1, name: "small", count: 10 }]);
    expect(memoryOf(ring).buffer.byteLength).toBeLessThan(big / 4);
    expect(ring.route("anything")).toBe(1);
    expect(ring.size).toBe(10);
  });
});
