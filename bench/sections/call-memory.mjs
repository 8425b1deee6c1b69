// The memory of one 1,000,000-id routeMany: the process's peak resident memory during the call
// over what it was before (Linux: VmHWM, reset through /proc/self/clear_refs), against the ids'
// own UTF-8 (at most 2x); and the WebAssembly memory after it and after a call with giant keys, no
// more than a 4,096-id call leaves.
import fs from "node:fs";
import { fmt, progress, routerOf, sessionIds, SMALL_RING, table, wasmMemoryOf } from "../lib.mjs";
import { collectGarbage, median } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const status = (field) => Number(fs.readFileSync("/proc/self/status", "utf8").match(new RegExp(`${field}:\\s+(\\d+) kB`))?.[1] ?? NaN) * 1024;

export default function callMemory({ WasmRouter }) {
  progress.step("memory of a 1,000,000-id call");
  const ids = JSON.parse(JSON.stringify(sessionIds(1_000_000, 4)));
  const router = routerOf(WasmRouter, SMALL_RING);
  router.routeMany(ids.slice(0, 4096));
  const wasmBytes = () => wasmMemoryOf(router).total;
  const small = wasmBytes();
  const utf8 = ids.reduce((sum, id) => sum + Buffer.byteLength(id), 0);
  const peaks = [];
  for (let run = 0; run < 3; run++) {
    collectGarbage();
    try {
      fs.writeFileSync("/proc/self/clear_refs", "5");
    } catch {
      break;
    }
    const before = status("VmRSS");
    const out = router.routeMany(ids);
    peaks.push(status("VmHWM") - before);
    if (out.length !== ids.length) throw new Error("routeMany lost ids");
  }
  const afterMillion = wasmBytes();
  router.routeMany(["a".repeat(1 << 22), "東".repeat(1 << 21)]);
  const afterGiant = wasmBytes();
  const mb = (bytes) => `${fmt(bytes / 2 ** 20, 1)} MiB`;
  const peak = median(peaks);
  console.log("## Memory of one 1,000,000-id routeMany\n");
  table(
    ["what", "bytes", "of the ids' UTF-8"],
    [
      ["the ids' own UTF-8", mb(utf8), "1.00x"],
      ["peak resident memory during the call, over before it (median of 3; VmHWM)", Number.isNaN(peak) ? "n/a (no /proc/self/clear_refs)" : mb(peak), Number.isNaN(peak) ? "" : `${fmt(peak / utf8, 2)}x`],
      ["WebAssembly memory after a 4,096-id call", mb(small), ""],
      ["... after the 1,000,000-id call (reused, not grown)", mb(afterMillion), ""],
      ["... after a call with two giant keys (4 Mi chars each; 10 MiB of UTF-8), given back", mb(afterGiant), ""],
    ],
  );
  if (!Number.isNaN(peak)) judge(TARGETS.peakMemory, { where: "1,000,000 ids", measured: peak / utf8 });
  judge(TARGETS.memoryBack, { where: "after 1,000,000 ids, then two giant keys", measured: Math.max(afterMillion, afterGiant) / small });
}
