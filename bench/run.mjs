// `npm run bench`: the figures behind bench/RESULTS.md, measured side by side in one run.
// Engines come from the built package (dist/), as users get them.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import HashRing from "hashring";
import { fileURLToPath } from "node:url";
import { barChart, writeChart } from "./chart.mjs";
import { buildIfStale } from "../scripts/build-if-stale.mjs";
import { ModelRouter as CryptoPortRouter } from "../test/support/model.mjs";
import { batchSizes } from "./sections/batch-sizes.mjs";
import { printTargets, takeVerdicts } from "./targets.mjs";
import { dialectsSection } from "./sections/dialects.mjs";
import { ringScale } from "./sections/ring-scale.mjs";
import { batchesOf, eachKey, fmt, machine, medianMs, progress, ratio, ringMemory, sessionIds, table, timeRounds } from "./lib.mjs";

const USAGE = `Usage: node bench/run.mjs [section ...]   (npm run bench: all sections)
Sections: route, batches, ring-size, ring-scale, builds, build-speed, memory, batch-sizes, dialects.
With no names, all of them; a full run also writes the chart docs/bench.svg. dist/ is built first
when it is older than its sources; each section runs in a process of its own. Progress goes to
stderr; the report (markdown) to stdout.`;
const SECTIONS = ["route", "batches", "ring-size", "ring-scale", "builds", "build-speed", "memory", "batch-sizes", "dialects"];
const chosen = process.argv.slice(2);
if (chosen.includes("--help") || chosen.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = chosen.find((name) => !SECTIONS.includes(name));
if (unknown !== undefined) {
  process.stderr.write(`bench: unknown section ${JSON.stringify(unknown)} (sections: ${SECTIONS.join(", ")})\n`);
  process.exit(2);
}
const running = SECTIONS.filter((section) => chosen.length === 0 || chosen.includes(section));
/**
 * Set in a section's own process (see runEachSection): the file its results go to, and its place
 * among the sections run ("3/9").
 */
const { BENCH_STATE: stateFile, BENCH_PLACE: place } = process.env;
if (stateFile === undefined) {
  // The sections measure the built package: build it now (the arguments are known good) if
  // anything it is built from is newer.
  try {
    buildIfStale("bench: building dist/ first (npm run build)\n");
  } catch {
    process.stderr.write("bench: npm run build failed (its errors are above); nothing was measured\n");
    process.exit(1);
  }
  await runEachSection();
  process.exit();
}
/** Start a section if it was asked for: say so on stderr, and return whether to run it. */
const wanted = (section) => {
  if (!running.includes(section)) return false;
  const [index, count] = place.split("/").map(Number);
  progress.begin(index, count, section);
  return true;
};
// The engines come from the built package, loaded only once the arguments are known good.
const { RegionRouter: WasmRouter } = await import("../dist/node.js");
const { RegionRouter: PureRouter } = await import("../dist/pure.js");
/** What the chart shows, filled in as the sections run. */
const measured = {};

const keys = sessionIds(1 << 16);
const batches = batchesOf(keys);
const ROUNDS = "median of 5 alternating rounds";

function rings(regions) {
  const make = (Router) => {
    const r = new Router();
    for (const [name, w] of regions) r.addRegion(name, w);
    return r;
  };
  const points = regions[0][1];
  // hashring puts `vnode count` x `replicas` points per server; match the ring's points exactly.
  const hashring = new HashRing(
    Object.fromEntries(regions.map(([name]) => [name, 1])),
    "md5",
    points % 4 === 0 ? { "vnode count": points / 4, replicas: 4 } : { "vnode count": points, replicas: 1 },
  );
  // The floor under any route(): one JS -> WebAssembly call that only hashes a key already in
  // memory (36 bytes, UUID-sized). MD5 is 64 dependent steps; no lookup can finish before it.
  const floor = ringMemory(make(WasmRouter));
  const at = floor.planKey(36);
  floor.bytes.set(new TextEncoder().encode(keys[1].padEnd(36, "0").slice(0, 36)), at);
  return [
    ["floor: WebAssembly MD5 of a 36-byte key already in memory, nothing else", eachKey(() => floor.wasm.md5Into(at, 36, at) ?? 1)],
    ["WebAssembly engine", eachKey(((r) => (k) => r.route(k))(make(WasmRouter)))],
    ["pure engine", eachKey(((r) => (k) => r.route(k))(make(PureRouter)))],
    ["hand-written port (node:crypto + BigInt)", eachKey(((r) => (k) => r.route(k))(make(CryptoPortRouter)))],
    ["npm hashring 3.2.0", eachKey((k) => hashring.get(k))],
  ];
}

const small = [["sf", 3], ["london", 3], ["bangalore", 3]];
const large = Array.from({ length: 100 }, (_, i) => [`region-${i}`, 160]);
const million = Array.from({ length: 100 }, (_, i) => [`region-${i}`, 10_000]);

for (const [label, regions] of wanted("route") ? [["small ring: sf, london, bangalore x 3 (9 points)", small], ["large ring: 100 regions x 160 (16,000 points)", large]] : []) {
  const results = timeRounds(rings(regions), batches, { label: label.slice(0, label.indexOf(":")) });
  const wasm = results[1];
  measured[regions === small ? "small" : "large"] = results;
  console.log(`## route(), one key per call: ${label} (${ROUNDS})\n`);
  table(
    ["implementation", "ns/route", "vs WebAssembly"],
    results.map((r) => [r.name, fmt(r.ns), `${fmt(ratio(r, wasm), 2)}x`]),
  );
}

// Batches: routeMany over 1,024 ids per call against route() one by one, both engines.
if (wanted("batches")) {
  const routers = { wasm: new WasmRouter(), pure: new PureRouter() };
  for (const r of Object.values(routers)) r.addRegions(small);
  const results = timeRounds(
    [
      ["WebAssembly routeMany (SIMD, 16 keys per MD5 pass)", (ids) => routers.wasm.routeMany(ids)],
      ["WebAssembly route, one call per key", eachKey((k) => routers.wasm.route(k))],
      ["pure routeMany", (ids) => routers.pure.routeMany(ids)],
      ["pure route, one call per key", eachKey((k) => routers.pure.route(k))],
    ],
    batches,
    { label: "routeMany and route, 1,024 ids per call" },
  );
  measured.batches = results;
  const many = results[0];
  console.log(`## Batches: 1,024 ids (sess-N and UUIDs, 12-36 bytes) per call, small ring (${ROUNDS})\n`);
  table(
    ["implementation", "ns per id", "ids per second", "WebAssembly routeMany is"],
    results.map((r) => [r.name, fmt(r.ns), `${fmt(1e3 / r.ns, 2)} M`, `${fmt(ratio(r, many), 2)}x faster`]),
  );
}

/**
 * A floor for the big ring, as a task: the small ring's route(), then one read at a random line of
 * a `bytes`-long array, at an address that waits for the route's answer, as a lookup's read waits
 * for its MD5, and nothing else: no index, no scan. 2 MB is 2 bytes a node for a million nodes,
 * half of our keys (the 4 MB row): about 7 bits to name one of 100 owners and 9 of position, as
 * compact as a practical layout gets (fewer position bits send more lookups to a second, cold read
 * to break ties). What such a read costs is the machine's, not the router's.
 */
function farRead(router, bytes) {
  const far = new Int32Array(bytes / 4).fill(1);
  const lines = bytes / 64;
  const lineOf = new Int32Array(keys.length);
  for (let i = 0, x = 7; i < keys.length; i++) lineOf[i] = (x = (Math.imul(x, 1664525) + 1013904223) >>> 0) % lines;
  const offsetOf = new Map(batches.map((batch, b) => [batch, b * batch.length]));
  let sink = 0;
  const name = `floor: small ring's route + one dependent random read in ${bytes >> 20} MB`;
  return [name, (batch) => {
    const at = offsetOf.get(batch);
    for (let i = 0; i < batch.length; i++) sink += far[(lineOf[at + i] << 4) + (router.route(batch[i]).length & 1)];
    return sink;
  }];
}

// Ring size: single-key route on a 1,000,000-node ring against the small ring.
if (wanted("ring-size")) {
  const big = new WasmRouter();
  big.addRegions(million);
  const little = new WasmRouter();
  little.addRegions(small);
  const tasks = [["small", eachKey((k) => little.route(k))], ["big", eachKey((k) => big.route(k))]];
  const [a, b, ...floors] = timeRounds([...tasks, farRead(little, 2 << 20), farRead(little, 4 << 20)], batches, { time: 300, label: "9 vs 1,000,000 nodes" });
  measured.ringSize = [a, b];
  const rounds = (r) => ` (rounds: ${r.rounds.map((x, i) => fmt(x / a.rounds[i], 2)).join(", ")})`;
  console.log(`## Ring size: WebAssembly route(), 9 nodes vs 1,000,000 nodes (${ROUNDS})\n`);
  table(
    ["ring", "ns/route", "vs small ring"],
    [
      ["small ring (9 nodes)", fmt(a.ns), "1.00x"],
      ["1,000,000-node ring", fmt(b.ns), `${fmt(ratio(b, a), 2)}x${rounds(b)}`],
      ...floors.map((f) => [f.name, fmt(f.ns), `${fmt(ratio(f, a), 2)}x${rounds(f)}`]),
    ],
  );
  // Why: the big ring's extra cost is where its data sits in the caches. Cycling through fewer
  // distinct ids touches fewer of its index entries and keys; the lookup's work is the same.
  const rows = [];
  for (const distinct of [16, 1024, 8192]) {
    const few = batchesOf(Array.from({ length: 1024 * 8 }, (_, i) => keys[i % distinct]));
    const [c, d] = timeRounds(tasks, few, { rounds: 3, label: `${distinct.toLocaleString("en")} distinct ids` });
    rows.push([`${distinct.toLocaleString("en")} distinct ids, cycled`, fmt(c.ns), fmt(d.ns), `${fmt(ratio(d, c), 2)}x`]);
  }
  rows.push([`${keys.length.toLocaleString("en")} distinct ids (the table above)`, fmt(a.ns), fmt(b.ns), `${fmt(ratio(b, a), 2)}x`]);
  console.log("The same by how many distinct ids a run cycles through (3 alternating rounds):\n");
  table(["ids", "9 nodes, ns/route", "1,000,000 nodes, ns/route", "ratio"], rows);
}

if (wanted("ring-scale")) ringScale({ WasmRouter, PureRouter, batches });

// Ring builds: 1,000,000 virtual nodes, against node:crypto only hashing their names; then one
// weight-1000 region merged into (and removed from) that ring.
if (wanted("builds")) {
  const cryptoNames = medianMs(() => {
    for (const [name, w] of million) for (let i = 0; i < w; i++) createHash("md5").update(`${name}#${i}`).digest();
  }, { runs: 3, label: "node:crypto hashing 1,000,000 names" });
  const buildRows = [];
  for (const [name, Router] of [["WebAssembly engine", WasmRouter], ["pure engine", PureRouter]]) {
    const full = medianMs((r) => r.addRegions(million), { runs: 3, setup: () => new Router(), label: `${name}: build 1,000,000 nodes` });
    const fleet = medianMs((r) => { for (const [n, w] of large) r.addRegion(n, w); }, { runs: 5, setup: () => new Router(), label: `${name}: 100 addRegion calls` });
    const ring = new Router();
    ring.addRegions(million);
    const add = medianMs(() => { ring.addRegion("tokyo", 1000); ring.removeRegion("tokyo"); }, { runs: 5, label: `${name}: add and remove a region` });
    const addOnly = medianMs((r) => r.addRegion("tokyo", 1000), { runs: 5, setup: () => (ring.removeRegion("tokyo"), ring), label: `${name}: add a region` });
    buildRows.push([name, fmt(full), `${fmt((full / cryptoNames) * 100)}%`, fmt(addOnly, 2), `${fmt((addOnly / cryptoNames) * 100, 2)}%`, fmt(add - addOnly, 2), fmt(fleet)]);
  }
  console.log("## Ring builds (ms, median)\n");
  console.log(`node:crypto just hashing the 1,000,000 virtual-node names: ${fmt(cryptoNames)} ms\n`);
  table(
    ["implementation", "build 1,000,000 nodes (addRegions)", "of node:crypto's hashing", "add weight-1000 region to it", "of node:crypto's hashing", "remove it again", "100 regions x 160, one addRegion each"],
    buildRows,
  );
}

if (wanted("build-speed")) await (await import("./sections/build-speed.mjs")).buildSpeed();

// Memory: linear memory of a WebAssembly router holding 1,000,000 virtual nodes.
if (wanted("memory")) {
  const r = new WasmRouter();
  r.addRegions(million);
  const mem = ringMemory(r);
  const ringBytes = mem.table - mem.ring;
  const indexBytes = mem.scratch - mem.table;
  console.log("## Memory per virtual node (1,000,000-node WebAssembly ring)\n");
  table(
    ["what", "bytes", "bytes per virtual node"],
    [
      ["ring: 4-byte keys (owner, 16 bits of position) + 16-byte tails (the position)", ringBytes, fmt(ringBytes / 1e6, 2)],
      ["index (bucket starts)", indexBytes, fmt(indexBytes / 1e6, 2)],
      ["whole linear memory", mem.wasm.memory.buffer.byteLength, fmt(mem.wasm.memory.buffer.byteLength / 1e6, 2)],
    ],
  );
}

if (wanted("batch-sizes")) batchSizes({ WasmRouter, PureRouter });
if (wanted("dialects")) dialectsSection({ WasmRouter, PureRouter, batches, ROUNDS });

progress.done();
appendFileSync(stateFile, `${JSON.stringify({ measured, verdicts: takeVerdicts() })}\n`);

/**
 * Run each section in a process of its own, one after another (a section run after others in one
 * process ran in the JIT and heap state they left: the batch-size section alone measured routeMany
 * 1.02x its floor at 4,096 ids a call, and after the sections before it 1.06-1.21x, bench/
 * RESULTS.md run 21); each appends what it measured and its verdicts as a line of JSON to a file.
 * Then the verdicts in one table, and the chart when its sections ran.
 */
async function runEachSection() {
  console.log(`# region-router benchmark\n\n${machine()}\n`);
  const dir = mkdtempSync(join(tmpdir(), "region-router-bench-"));
  const state = join(dir, "sections.jsonl");
  writeFileSync(state, "");
  let parts;
  try {
    for (const [i, section] of running.entries()) {
      const env = { ...process.env, BENCH_STATE: state, BENCH_PLACE: `${i + 1}/${running.length}` };
      const { status, signal } = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), section], { stdio: "inherit", env });
      if (status !== 0) {
        process.stderr.write(`bench: section ${section} failed (${signal ?? `exit status ${status}`})\n`);
        process.exitCode = 1;
        return;
      }
    }
    parts = readFileSync(state, "utf8").trim().split("\n").map((line) => JSON.parse(line));
  } finally {
    rmSync(dir, { recursive: true });
  }
  const results = Object.assign({}, ...parts.map((part) => part.measured));
  printTargets(parts.flatMap((part) => part.verdicts));
  if (results.small && results.batches && results.ringSize) {
    writeChart(fileURLToPath(new URL("../docs/bench.svg", import.meta.url)), benchChart(results));
  } else {
    process.stderr.write("docs/bench.svg not written: it needs the route, batches and ring-size sections\n");
  }
}

/** The headline chart: ns per id for single keys, batches and the two ring sizes, one scale. */
function benchChart({ small, batches: many, ringSize }) {
  const ns = (results, i, label, ours = true) => ({ label, value: results[i].ns, ours });
  return barChart({
    title: "region-router: nanoseconds per session id (shorter is faster)",
    footnote: `${machine()}; median of 5 alternating rounds (npm run bench)`,
    format: (value) => `${value >= 100 ? Math.round(value).toLocaleString("en") : value.toFixed(1)} ns`,
    groups: [
      {
        title: "route(), one id per call, 9-node ring",
        bars: [
          ns(small, 1, "WebAssembly route"),
          ns(small, 2, "pure-TypeScript route"),
          ns(small, 3, "hand-written port (node:crypto + BigInt)", false),
          ns(small, 4, "npm hashring 3.2.0", false),
        ],
      },
      {
        title: "batches of 1,024 ids, 9-node ring",
        bars: [
          ns(many, 0, "WebAssembly routeMany (SIMD)"),
          ns(many, 1, "WebAssembly route, one call per id"),
          ns(many, 2, "pure-TypeScript routeMany"),
        ],
      },
      {
        title: "ring size: WebAssembly route()",
        bars: [ns(ringSize, 0, "9 nodes"), ns(ringSize, 1, "1,000,000 nodes")],
      },
    ],
  });
}
