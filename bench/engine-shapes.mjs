// Issue 12, "the two engines": the tuned pure engine (bench/tuned-pure-ring.ts, shipped until issue
// 12) against the simple one that replaced it (src/engines/pure/ring.ts) and the WebAssembly engine
// (dist/index.js), side by side in
// alternating rounds, at the Ring interface (no router on top). Both pure engines are bundled from
// their sources here with esbuild, so they run the same MD5 and UTF-8 code (src/engines/pure/md5.ts,
// src/utf8.ts); the WebAssembly engine is the built package's (run `npm run build` first).
// Before any timing, the simple engine must give the tuned and WebAssembly engines' answers on random
// rings (and the golden and tie vectors through the router); the script aborts if it does not.
//   node --expose-gc bench/engine-shapes.mjs      (a few minutes; the report, markdown, on stdout)
//   node bench/engine-shapes.mjs --check          (the correctness checks alone)
import { build } from "esbuild";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { batchesOf, fmt, machine, median, medianMs, progress, ratio, table, timeRounds } from "./lib.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const INTERNALS = Symbol.for("region-router internals");
const SECTIONS = 3;

// The two pure engines and the router, from source, in one bundle (one copy of MD5 for both).
const bundled = await build({
  stdin: {
    contents: [
      'export { PureRing } from "./bench/tuned-pure-ring.ts";',
      'export { RegionRouterBase } from "./src/router.ts";',
      'export { PureRing as SimpleRing } from "./src/engines/pure/ring.ts";',
      'export { Md5 } from "./src/engines/pure/md5.ts";',
      'export { encodeUtf8, maxUtf8Bytes } from "./src/utf8.ts";',
      'export { OWNER_NAMES } from "./test/support/owners.ts";',
    ].join("\n"),
    resolveDir: root,
    sourcefile: "engine-shapes-entry.ts",
    loader: "ts",
  },
  bundle: true,
  format: "esm",
  platform: "neutral",
  target: "es2022",
  write: false,
  logLevel: "warning",
});
const dir = mkdtempSync(join(tmpdir(), "engine-shapes-"));
writeFileSync(join(dir, "engines.mjs"), bundled.outputFiles[0].text);
const { encodeUtf8, maxUtf8Bytes, Md5, OWNER_NAMES, PureRing, RegionRouterBase, SimpleRing } = await import(pathToFileURL(join(dir, "engines.mjs")).href);
rmSync(dir, { recursive: true });
const { RegionRouter: WasmRouter } = await import("../dist/node.js");

const ENGINES = [
  ["tuned pure", () => new PureRing()],
  ["simple pure", () => new SimpleRing()],
  ["WebAssembly", () => new WasmRouter()[INTERNALS]().ring],
];

console.log(`# Engine shapes (issue 12)\n\n${machine()}${globalThis.gc ? "" : " (run without --expose-gc)"}\n`);

// ---------------------------------------------------------------------------------------------
// 1. Correctness: the simple engine against the other two, then against the reference's vectors.
progress.begin(1, SECTIONS, "correctness");

let seed = 12;
const random = () => ((seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0), seed / 2 ** 32);
const int = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
const NAMES = ["r", "région-", "東京-", "🙂", "a#b-", ""];

function fail(what) {
  progress.done();
  console.error(`engine-shapes: the simple engine is wrong: ${what}`);
  process.exit(1);
}

/**
 * A run of the default dialect's virtual nodes (src/engines/ring.ts, VnodeRun): `${region}#0` ...,
 * ranked by owner; `region` kept for the checks that name nodes.
 */
const runOf = (owner, region, count) => ({ owner, prefix: `${region}#`, count, rank: owner, region });

/** A ring's routeMany of keys, into a new array: each owner named by its number (OWNER_NAMES). */
const regionsOf = (ring, keys) => {
  const out = new Array(keys.length);
  ring.routeMany(keys, out, OWNER_NAMES);
  return out;
};
/** JSON text of a value, typed arrays as arrays and BigInts as decimal strings. */
const text = (value) => JSON.stringify(value, (_, v) => (typeof v === "bigint" ? `${v}` : ArrayBuffer.isView(v) ? Array.from(v) : v));

/** Fail unless f gives the same answer on every ring. */
function sameEverywhere(rings, what, f) {
  const [want, ...others] = rings.map((ring) => text(f(ring)));
  if (others.some((got) => got !== want)) fail(what);
}

let checkKeys = Array.from({ length: 100_000 }, (_, i) => (i % 10 === 9 ? `${NAMES[i % NAMES.length]}${i}é` : randomUUID()));
for (let trial = 0; trial < 12; trial++) {
  progress.step(`random ring ${trial + 1} of 12, 100,000 keys`);
  const rings = ENGINES.map(([, make]) => make());
  const apply = (remove, add) => rings.forEach((ring) => ring.update(remove, add));
  const live = new Map();
  let nextOwner = 0;
  // Three rounds of changes: add regions, re-weight some (remove and add, as the router does), drop some.
  for (let step = 0; step < 3; step++) {
    const remove = [...live.keys()].filter(() => random() < 0.3);
    const add = remove.filter(() => random() < 0.5).map((owner) => runOf(owner, live.get(owner), int(1, 50)));
    for (let k = int(step === 0 ? 1 : 0, 8); k > 0; k--) {
      const owner = nextOwner++;
      add.push(runOf(owner, `${NAMES[int(0, NAMES.length - 1)]}${owner}`, int(1, 400)));
    }
    apply(remove, add);
    for (const owner of remove) live.delete(owner);
    for (const run of add) live.set(run.owner, run.region);
    sameEverywhere(rings, `size after update ${step}`, (r) => r.size);
  }
  sameEverywhere(rings, "route()", (r) => Int32Array.from(checkKeys, (k) => r.route(k)));
  // Keys that are node names hash to a node's position exactly: bisect_left lands on that node.
  const nodeNames = [...live.values()].flatMap((name) => [0, 1, 2].map((i) => `${name}#${i}`));
  sameEverywhere(rings, "route() of a key at a node's position", (r) => nodeNames.map((k) => r.route(k)));
  sameEverywhere(rings, "routeMany()", (r) => regionsOf(r, checkKeys));
  sameEverywhere(rings, "locate()", (r) => Int32Array.from(checkKeys.slice(0, 10_000), (k) => r.locate(k)));
  sameEverywhere(rings, "ownerAt() and positionAt()", (r) => Array.from({ length: r.size }, (_, i) => [r.ownerAt(i), r.positionAt(i)]));
  sameEverywhere(rings, "md5()", (r) => checkKeys.slice(0, 1000).map((k) => [...r.md5(k)]));
  // clone(): a copy that keeps its answers when the original changes.
  const before = text(regionsOf(rings[0], checkKeys.slice(0, 10_000)));
  const copies = rings.map((r) => r.clone());
  apply([...live.keys()].slice(0, 1), []);
  if (copies.some((r) => text(regionsOf(r, checkKeys.slice(0, 10_000))) !== before)) fail("clone()");
}
// An empty ring.
sameEverywhere(ENGINES.map(([, make]) => make()), "an empty ring", (r) => [r.size, r.route("x"), regionsOf(r, ["x", "y"]), r.locate("x")]);

// The golden vectors (from the Python reference) and the tie vectors, through the router.
progress.step("golden and tie vectors through the router");
class SimpleRouter extends RegionRouterBase {
  constructor(options) {
    super((scheme) => new SimpleRing(scheme), options);
  }
}
const vectors = JSON.parse(readFileSync(join(root, "test/fixtures/vectors.json"), "utf8"));
let replayed = 0;
for (const { name, ops } of vectors.cases) {
  const router = new SimpleRouter();
  for (const op of ops) {
    if (op[0] === "add") router.addRegion(op[1], op[2]);
    else if (op[0] === "remove") router.removeRegion(op[1]);
    else if (router.route(op[1]) !== op[2]) fail(`golden case ${name}: route(${JSON.stringify(op[1])})`);
    else replayed++;
  }
}
const ties = JSON.parse(readFileSync(join(root, "test/fixtures/ties.json"), "utf8"));
for (const regions of [ties.regions, [...ties.regions].reverse()]) {
  const router = new SimpleRouter();
  router.addRegions(regions);
  for (const [key, , , region] of ties.keys) if (router.route(key) !== region) fail(`tie vector route(${JSON.stringify(key)})`);
  replayed += ties.keys.length;
}
progress.done();
console.log(
  `Correctness, before timing: the simple engine gave the tuned and WebAssembly engines' answers (route, routeMany, locate, ownerAt, positionAt, md5, clone) on 12 random rings x 100,000 keys, ` +
    `and the reference's answers on ${replayed.toLocaleString("en")} golden and tie vectors.\n`,
);
if (process.argv.includes("--check")) process.exit(0);

// ---------------------------------------------------------------------------------------------
// 2. Lookups: route() one key per call, and routeMany, on rings of 9, 10,000 and 1,000,000 nodes.
const runsOf = (regions, weight) => Array.from({ length: regions }, (_, owner) => runOf(owner, `region-${owner}`, weight));
const SIZES = [
  ["9 nodes (3 regions x 3)", [runOf(0, "sf", 3), runOf(1, "london", 3), runOf(2, "bangalore", 3)]],
  ["10,000 nodes (100 regions x 100)", runsOf(100, 100)],
  ["1,000,000 nodes (1,000 regions x 1,000)", runsOf(1000, 1000)],
];
let keys = Array.from({ length: 1 << 18 }, () => randomUUID());
const rows = [];
/** A table row: per-engine medians (with the rounds' range, if asked) and the per-round ratios between them. */
function row(label, [tuned, simple, wasm], unit, range = false) {
  const figure = (r) => `${fmt(r.ns)} ${unit}${range ? ` (${fmt(Math.min(...r.rounds))}-${fmt(Math.max(...r.rounds))})` : ""}`;
  rows.push([label, figure(tuned), figure(simple), figure(wasm), `${fmt(ratio(simple, tuned), 2)}x`, `${fmt(ratio(tuned, wasm), 2)}x`, `${fmt(ratio(simple, wasm), 2)}x`]);
}
const eachRoute = (ring) => (batch) => {
  let sink = 0;
  for (let i = 0; i < batch.length; i++) sink += ring.route(batch[i]);
  return sink;
};

/** The pure engines' hashing of each key of a batch (as their locate() does it), and nothing else. */
function hashOnly() {
  const md5 = new Md5();
  let sink = 0;
  return (batch) => {
    for (let i = 0; i < batch.length; i++) {
      md5.digest(encodeUtf8(batch[i], md5.reserve(maxUtf8Bytes(batch[i])), 0));
      sink += md5.state[0];
    }
    return sink;
  };
}

progress.begin(2, SECTIONS, "lookups");
const ringsBySize = [];
for (const [label, runs] of SIZES) {
  progress.step(`building ${label}`);
  const rings = ENGINES.map(([, make]) => make());
  rings.forEach((ring) => ring.update([], runs));
  ringsBySize.push(rings);
  const time = runs.length > 100 ? 400 : 200;
  const tasks = rings.map((ring, i) => [ENGINES[i][0], eachRoute(ring)]);
  // On the smallest ring, also the floor under both pure engines' route: their MD5 of the key alone.
  if (runs.length === 3) tasks.push(["floor", hashOnly()]);
  const [tuned, simple, wasm, floor] = timeRounds(tasks, batchesOf(keys, 1024), { time, label: `route, ${label}` });
  row(`route(), ${label}`, [tuned, simple, wasm], "ns/key");
  if (floor) rows.push([`(floor: the pure MD5 + UTF-8 of the key alone, no search)`, `${fmt(floor.ns)} ns/key`, "", "", "", "", ""]);
  for (const size of [1024, 65_536]) {
    if (runs.length === 100) continue; // routeMany on the smallest and the biggest ring
    const results = timeRounds(rings.map((ring, i) => [ENGINES[i][0], (batch) => regionsOf(ring, batch)]), batchesOf(keys, size), { time: time * 2, label: `routeMany ${size}, ${label}` });
    row(`routeMany, ${size.toLocaleString("en")} ids per call, ${label}`, results, "ns/id");
  }
}
progress.done();

// ---------------------------------------------------------------------------------------------
// 3. Changes: build a 1,000,000-node ring; add one weight-1,000 region to it; remove it again.
// Each in alternating rounds (every engine once per round), a fresh ring or a clone per run, the
// setup untimed.
/** Wall time (ms) of `fn(setup())` per engine, engines alternating, `rounds` rounds. */
function alternate(label, rounds, setup, fn) {
  const results = ENGINES.map(([name]) => ({ name, rounds: [] }));
  for (let round = 0; round < rounds; round++) {
    ENGINES.forEach(([name], e) => {
      globalThis.gc?.();
      results[e].rounds.push(medianMs(fn, { runs: 1, setup: () => setup(e), label: `${label}: round ${round + 1} of ${rounds}, ${name}` }));
    });
  }
  for (const r of results) r.ns = median(r.rounds);
  return results;
}

progress.begin(3, SECTIONS, "changes");
// Let the ids go: the pure engines allocate on every update, and the GC work that triggers grows with the heap.
keys = checkKeys = null;
const million = SIZES[2][1];
const tokyo = runOf(1000, "tokyo", 1000);
const big = ringsBySize[2];
ringsBySize.length = 0;
row("build 1,000,000 nodes (1,000 regions x 1,000, one update)", alternate("build", 5, (e) => ENGINES[e][1](), (ring) => ring.update([], million)), "ms", true);
row("add one weight-1,000 region to the 1,000,000-node ring", alternate("add", 11, (e) => big[e].clone(), (ring) => ring.update([], [tokyo])), "ms", true);
const withTokyo = big.map((ring) => (ring = ring.clone(), ring.update([], [tokyo]), ring));
row("remove it again", alternate("remove", 11, (e) => withTokyo[e].clone(), (ring) => ring.update([tokyo.owner], [])), "ms", true);
progress.done();

// ---------------------------------------------------------------------------------------------
// The report.
console.log("Median over alternating rounds (changes: the rounds' range in parentheses); ratios are medians of per-round ratios (below 1: the first is faster).\n");
table(["measurement", "tuned pure", "simple pure", "WebAssembly", "simple / tuned", "tuned / WebAssembly", "simple / WebAssembly"], rows);

/** Lines of a file: all, and code (not blank, not only a comment). */
function lines(path) {
  const all = readFileSync(join(root, path), "utf8").trimEnd().split("\n");
  const code = all.filter((line) => !/^\s*($|\/\/|\/\*\*?|\*)/.test(line));
  return [path, all.length, code.length];
}
table(["file", "lines", "code lines (no blank or comment-only lines)"], [lines("bench/tuned-pure-ring.ts"), lines("src/engines/pure/ring.ts"), lines("src/engines/pure/md5.ts")]);
