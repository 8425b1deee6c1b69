// The memory of a 1,000,000-id call: routeMany's peak resident memory during the call over what it
// was before (Linux: VmHWM, reset through /proc/self/clear_refs), against the ids' own UTF-8 (at
// most 2x); the JavaScript heap that routeIndexes and routeManyBytes allocate into a given array
// (less than a byte per id); and the WebAssembly memory after each and after giant keys, no more
// than a 4,096-id call leaves.
import fs from "node:fs";
import v8 from "node:v8";
import { encoded } from "../floors.mjs";
import { fmt, progress, routerOf, sessionIds, SMALL_RING, table, wasmMemoryOf } from "../lib.mjs";
import { collectGarbage, median } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const status = (field) => Number(fs.readFileSync("/proc/self/status", "utf8").match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? NaN) * 1024;

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
  const { data, offsets } = encoded(ids);
  const out = new Int32Array(ids.length);
  const router = routerOf(WasmRouter, SMALL_RING);
  router.routeMany(ids.slice(0, 4096));
  const wasmBytes = () => wasmMemoryOf(router).total;
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
  const afterMillion = wasmBytes();
  router.routeMany(["a".repeat(1 << 22), "東".repeat(1 << 21)]);
  const afterGiant = wasmBytes();
  // Each call once to warm it, then the median of three.
  const heap = ["routeIndexes", "routeManyBytes"].map((name) => {
    const call = name === "routeIndexes" ? () => router.routeIndexes(ids, out) : () => router.routeManyBytes(data, offsets, out);
    call();
    return { name, perId: median([0, 1, 2].map(() => heapAllocated(call))) / ids.length, wasm: wasmBytes() };
  });
  const giant = encoded(["a".repeat(1 << 22), "東".repeat(1 << 21)]);
  router.routeManyBytes(giant.data, giant.offsets, out);
  const afterGiantBytes = wasmBytes();
  const [mb, utf8, peak] = [(bytes) => `${fmt(bytes / 2 ** 20, 1)} MiB`, data.length, median(peaks)];
  table(
    ["what", "bytes", "of the ids' UTF-8"],
    [
      ["the ids' own UTF-8", mb(utf8), "1.00x"],
      ["routeMany: peak resident memory during the call, over before it (median of 3; VmHWM)", Number.isNaN(peak) ? "n/a (no /proc/self/clear_refs)" : mb(peak), Number.isNaN(peak) ? "" : `${fmt(peak / utf8, 2)}x`],
      ...heap.map(({ name, perId }) => [`${name} into a given array: JavaScript heap allocated (median of 3), per id`, fmt(perId, 2), ""]),
      ["WebAssembly memory after a 4,096-id routeMany", mb(small), ""],
      ["... after the 1,000,000-id routeMany (reused, not grown)", mb(afterMillion), ""],
      ["... after a routeMany with two giant keys (4 Mi chars each; 10 MiB of UTF-8), given back", mb(afterGiant), ""],
      ...heap.map(({ name, wasm }) => [`... after the 1,000,000-id ${name} calls`, mb(wasm), ""]),
      ["... after a routeManyBytes of the same giant keys", mb(afterGiantBytes), ""],
    ],
    "Memory of one 1,000,000-id call",
  );
  if (!Number.isNaN(peak)) judge(TARGETS.peakMemory, { where: "1,000,000 ids", measured: peak / utf8 });
  judge(TARGETS.memoryBack, { where: "after 1,000,000 ids, then two giant keys", measured: Math.max(afterMillion, afterGiant) / small });
  for (const { name, perId } of heap) judge(TARGETS.heapPerId, { where: `${name}, 1,000,000 ids`, measured: perId });
  judge(TARGETS.memoryBack, { where: "routeIndexes and routeManyBytes of 1,000,000 ids, then giant keys", measured: Math.max(...heap.map(({ wasm }) => wasm), afterGiantBytes) / small });
}
