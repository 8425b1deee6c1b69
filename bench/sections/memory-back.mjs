// Memory given back at an update: external memory (process.memoryUsage() after a full collection,
// WebAssembly's included) once a case is over, the router alive, within 32 MiB of before, both
// engines.
import { fmt, progress, routerOf, SMALL_RING, table } from "../lib.mjs";
import { collectGarbage } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

/** Each case: its name, the router it starts from (regions, options), and what it does to it after routeMany(["a", "b", "c"]). */
const CASES = [
  { name: 'routeMany(["a", "b", "c"]), route() of 100,000,000 characters, addRegion("tokyo", 3)', ring: [SMALL_RING], run: (router) => (router.route("x".repeat(1e8)), router.addRegion("tokyo", 3)) },
  { name: "5,010,000 nodes (vnodesPerWeight 10,000, weights 500 and 1), routeMany, removeRegion of the 500", ring: [[["big", 500], ["small", 1]], { vnodesPerWeight: 10_000 }], run: (router) => router.removeRegion("big") },
];

/** external and arrayBuffers (MiB) after two full collections. */
function memory() {
  for (const _ of [1, 2]) collectGarbage();
  const { external, arrayBuffers } = process.memoryUsage();
  return { external: external / 2 ** 20, arrayBuffers: arrayBuffers / 2 ** 20 };
}

export default function memoryBack({ WasmRouter, PureRouter }) {
  const rows = [];
  for (const [engine, Router] of [["WebAssembly", WasmRouter], ["pure", PureRouter]]) {
    // The engine loaded and a first router made and dropped: what any router costs once is not the case's.
    routerOf(Router, SMALL_RING).routeMany(["a", "b", "c"]);
    for (const [i, { name, ring, run }] of CASES.entries()) {
      progress.step(`${engine}: case ${i + 1} of ${CASES.length}`);
      const before = memory();
      const router = routerOf(Router, ...ring);
      router.routeMany(["a", "b", "c"]);
      run(router);
      const after = memory();
      if (router.route("sess-1") === null) throw new Error("bench: the router lost its regions");
      const kept = after.external - before.external;
      rows.push([engine, name, fmt(before.external), fmt(after.external), fmt(kept), fmt(after.arrayBuffers - before.arrayBuffers)]);
      judge(TARGETS.memoryKept, { where: `${engine}, case ${"ab"[i]}`, measured: kept });
    }
  }
  table(
    ["engine", "case", "external before", "external after", "kept", "of which array buffers"],
    rows,
    "Memory given back after updates: process.memoryUsage() after a full collection, the router still alive (MiB)",
  );
}
