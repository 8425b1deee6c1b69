// A 1,000,000-id call's memory: routeMany's peak resident memory (Linux VmHWM) at most 2x the ids'
// UTF-8; the JavaScript heap routeIndexes and routeManyBytes allocate, under a byte per id (the
// floor of strings: what joining and encoding them allocates alone, the chunks' ropes and flat
// copies, which die with their chunk); the WebAssembly memory after each call and giant keys, no
// more than after a 4,096-id call.
import fs from "node:fs";
import v8 from "node:v8";
import { arrowLayout } from "../../dist/cli/bench-kit.js";
import { batchFloors } from "../floors.mjs";
import { fmt, progress, ringOf, routerOf, sessionIds, SMALL_RING, table } from "../lib.mjs";
import { collectGarbage, median } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const status = (field) => Number(fs.readFileSync("/proc/self/status", "utf8").match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? NaN) * 1024;
const GIANT = ["a".repeat(1 << 22), "東".repeat(1 << 21)];

/** Bytes of JavaScript heap `call` allocates: the heap's growth over it plus what collections during it freed. */
function heapAllocated(call) {
  collectGarbage();
  const profiler = new v8.GCProfiler();
  profiler.start();
  const before = v8.getHeapStatistics().used_heap_size;
  call();
  const after = v8.getHeapStatistics().used_heap_size;
  const freed = profiler.stop().statistics.map(({ beforeGC, afterGC }) => beforeGC.heapStatistics.usedHeapSize - afterGC.heapStatistics.usedHeapSize);
  return after - before + freed.reduce((sum, bytes) => sum + bytes, 0);
}

export default function callMemory({ WasmRouter }) {
  progress.step("memory of a 1,000,000-id call");
  const ids = JSON.parse(JSON.stringify(sessionIds(1_000_000, 4)));
  const { data, offsets } = arrowLayout(ids);
  const giant = arrowLayout(GIANT);
  const out = new Int32Array(ids.length);
  const router = routerOf(WasmRouter, SMALL_RING);
  router.routeMany(ids.slice(0, 4096));
  const wasmBytes = () => ringOf(router).footprint().total;
  const small = wasmBytes();
  const peaks = [];
  for (let run = 0; run < 3; run++) {
    collectGarbage();
    try {
      fs.writeFileSync("/proc/self/clear_refs", "5");
    } catch {
      break;
    }
    const before = status("VmRSS");
    const answers = router.routeMany(ids);
    peaks.push(status("VmHWM") - before);
    if (answers.length !== ids.length) throw new Error("routeMany lost ids");
  }
  const calls = [
    { name: "routeMany", run: () => router.routeMany(ids), giant: () => router.routeMany(GIANT) },
    { name: "routeIndexes", run: () => router.routeIndexes(ids, out), giant: () => router.routeIndexes(GIANT, out) },
    { name: "routeManyBytes", run: () => router.routeManyBytes(data, offsets, out), giant: () => router.routeManyBytes(giant.data, giant.offsets, out) },
  ];
  // Each call once to warm it, then the median of three; the WebAssembly memory after them, and
  // after the same call of giant keys.
  const utf8Floor = batchFloors(WasmRouter, SMALL_RING).utf8;
  utf8Floor.run(ids);
  const floorHeap = median([0, 1, 2].map(() => heapAllocated(() => utf8Floor.run(ids)))) / ids.length;
  const rows = calls.map(({ name, run, giant }) => {
    run();
    const heap = median([0, 1, 2].map(() => heapAllocated(run))) / ids.length;
    const afterIds = wasmBytes();
    giant();
    return { name, heap, wasm: Math.max(afterIds, wasmBytes()) };
  });
  const [mb, utf8, peak] = [(bytes) => `${fmt(bytes / 2 ** 20, 1)} MiB`, data.length, median(peaks)];
  table(
    ["call", "JavaScript heap allocated (median of 3), bytes per id", "WebAssembly memory after it and after two giant keys (10 MiB of UTF-8)"],
    rows.map(({ name, heap, wasm }) => [name, fmt(heap, 2), mb(wasm)]),
    "Memory of one 1,000,000-id call (routeIndexes and routeManyBytes into a given array)",
    `routeMany's peak resident memory during the call, over before it (median of 3; VmHWM): ${mb(peak)}, ${fmt(peak / utf8, 2)}x the ids' own UTF-8 (${mb(utf8)}).`,
    `WebAssembly memory after a 4,096-id routeMany: ${mb(small)}. The floor of string ids: joining them a chunk at a time and one encodeInto each (the fastest way V8 gives their UTF-8) allocates ${fmt(floorHeap, 2)} bytes per id alone, none of it kept past its chunk.`,
  );
  if (!Number.isNaN(peak)) judge(TARGETS.peakMemory, { where: "1,000,000 ids", measured: peak / utf8 });
  for (const { name, heap, wasm } of rows) {
    judge(TARGETS.memoryBack, { where: `${name} of 1,000,000 ids, then two giant keys`, measured: wasm / small });
    if (name !== "routeMany") judge(TARGETS.heapPerId, { where: `${name}, 1,000,000 ids`, measured: heap, floor: name === "routeIndexes" ? floorHeap : null });
  }
}
