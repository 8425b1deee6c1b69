// What the bench's parts share besides the rounds (rounds.mjs): ids, tables, the progress line, and
// the one reach past the public API (the router's internals: its ring through the Ring contract).
import { clearStatus, eachKey, internalsOf, showStatus } from "../dist/cli/bench-kit.js";

export { fmt } from "./targets.mjs";
export { eachKey, internalsOf, machineLine as machine, sampledHashOf } from "../dist/cli/bench-kit.js";

/** n hex digits at a time from a small LCG: ids that differ (their kind matters, not their bits). */
export function hexSource(seed) {
  let x = seed >>> 0 || 1;
  return (n) => {
    let s = "";
    while (s.length < n) s += ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) >>> 4).toString(16).padStart(7, "0");
    return s.slice(0, n);
  };
}

/** A UUID-shaped id, 36 characters, of digits from hexSource's `hex`. */
export const uuidOf = (hex) => `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(12)}`;

/** Session ids like a gateway sees: `sess-N` and UUID-shaped, 12-36 bytes. */
export function sessionIds(count, seed = 1) {
  const hex = hexSource(seed);
  return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? `sess-${parseInt(hex(6), 16) % 10_000_000}` : uuidOf(hex)));
}

/** 65,536 distinct session ids in batches of 1,024, taken in turn: each id cold in cache, as in a gateway's backlog. */
export function gatewayBatches() {
  const ids = sessionIds(1 << 16);
  return Array.from({ length: 64 }, (_, i) => ids.slice(i * 1024, (i + 1) * 1024));
}

/** A router's route() (one call per id) and routeMany as tasks, named `${label} route` and `${label} routeMany`. */
export const lookups = (label, router) => [
  { name: `${label} route`, run: eachKey((id) => router.route(id)) },
  { name: `${label} routeMany`, run: (ids) => router.routeMany(ids) },
];

/** A router of class `Router` (and `options`) holding `regions` ([name, weight] pairs). */
export function routerOf(Router, regions, options) {
  const router = new Router(options);
  router.addRegions(regions);
  return router;
}

/** sf, london and bangalore of weight 3: the 9-node ring of most tables. */
export const SMALL_RING = [["sf", 3], ["london", 3], ["bangalore", 3]];

/** Thousands separated: 1,000,000. */
export const count = (n) => n.toLocaleString("en");

/** Where a run is, on stderr (stdout is the report): "[2/5] batches: round 3 of 5", on the kit's status line. */
export const progress = {
  section: "",
  begin(index, total, name) {
    this.section = `[${index}/${total}] ${name}: `;
    this.step("starting");
  },
  step: (what) => showStatus(progress.section + what),
  done: clearStatus,
};

/** Print a section's heading, its notes (a paragraph each), and a markdown table. */
export function table(header, rows, heading = "", ...notes) {
  for (const line of [heading && `## ${heading}`, ...notes].filter(Boolean)) console.log(`${line.trimEnd()}\n`);
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log();
}

/** The ring behind a router (src/internals.ts): the Ring contract, src/engines/ring.ts. */
export const ringOf = (router) => internalsOf(router).ring;

/** The WebAssembly engine with the core module alone, what region-router/simd runs without SIMD: no entry ships it, so it is bundled (scripts/sizes.mjs). */
export const CORE_ONLY = "./test/support/core-only.ts";

/** A module's code (a bundle, which imports nothing), imported from a data: URL. */
export const importCode = (code) => import(`data:text/javascript;base64,${Buffer.from(code).toString("base64")}`);
