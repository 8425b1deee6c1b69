// The linear memory of a WebAssembly router holding 1,000,000 virtual nodes, per node.
import { fmt, routerOf, table, wasmMemoryOf } from "../lib.mjs";

export default function memory({ WasmRouter }) {
  const bytes = wasmMemoryOf(routerOf(WasmRouter, Array.from({ length: 100 }, (_, i) => [`region-${i}`, 10_000])));
  table(
    ["what", "bytes", "bytes per virtual node"],
    [
      ["ring: 4-byte keys (owner, 16 bits of position) + 16-byte tails (the position)", bytes.ring, fmt(bytes.ring / 1e6, 2)],
      ["index (bucket starts)", bytes.index, fmt(bytes.index / 1e6, 2)],
      ["whole linear memory", bytes.total, fmt(bytes.total / 1e6, 2)],
    ],
    "Memory per virtual node (1,000,000-node WebAssembly ring)",
  );
}
