// `node bench/run.mjs build-speed`: ring builds and updates against node:crypto hashing the same
// names (issue 14's targets: a 1,000,000-node build in at most 0.25x node:crypto's time, a weight-1000
// region added in at most 2% of it, the pure engine's add at most 3x the WebAssembly engine's), and
// a ketama ring of 1,000,000 positions beside the default's. Alternating rounds: every round times
// each task once, so a slow phase of the machine (other tenants) falls on all of them alike;
// figures are medians over rounds, ratios the median of each round's ratio. Each task starts after
// a full garbage collection, so none pays for the garbage of the one before.
import crypto from "node:crypto";
import v8 from "node:v8";
import vm from "node:vm";
import { fmt, median, progress, ratio, table } from "../lib.mjs";
import { judge } from "../targets.mjs";
import { importCoreOnly } from "../core-only.mjs";
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

const ROUNDS = 9;
/** The default dialect's 1,000,000 virtual nodes: 1,000 regions of weight 1,000. */
const REGIONS = Array.from({ length: 1000 }, (_, i) => [`region-${i}`, 1000]);
/** libketama's 1,000,000 positions: 6,250 regions of weight 1 get 40 names of 4 points each. */
const KETAMA = Array.from({ length: 6250 }, (_, i) => [`region-${i}`, 1]);

/**
 * What a 1,000,000-node build writes at least: its WebAssembly memory, 20.7 bytes a node (a 4-byte
 * key and a 16-byte position each, the index, the scratch its updates keep), which the router has
 * just grown, so every page of it is new to the process. The floor row writes one byte in each 4 KiB page of a fresh WebAssembly memory
 * that size: nothing but the first touch of each page, which the kernel pays for with a page fault
 * (measured on one VM at 13 us a page, on another at a few).
 */
const RING_BYTES = 20.7e6;
function touchFreshMemory() {
  const memory = new WebAssembly.Memory({ initial: Math.ceil(RING_BYTES / 65536) });
  const bytes = new Uint8Array(memory.buffer);
  for (let at = 0; at < bytes.length; at += 4096) bytes[at] = 1;
  return bytes.length;
}

/** bench/hash-floor.ts, bundled from src/ (no entry exposes the modules) and imported. */
async function importHashFloor() {
  const entry = fileURLToPath(new URL("../hash-floor.ts", import.meta.url));
  const result = await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "neutral", target: "es2022", write: false, logLevel: "warning" });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString("base64")}`);
}

/** MD5 of a string as node:crypto gives it most cheaply: crypto.hash (Node 20.12+), else createHash. */
const md5 = crypto.hash ? (name) => crypto.hash("md5", name) : (name) => crypto.createHash("md5").update(name).digest("hex");

/**
 * A full garbage collection between tasks, then a pause for the collector's background threads to
 * finish (on 2 cores they would take one from the next task): the rings the previous tasks left
 * (tens of MB of WebAssembly memory and arrays each) are otherwise collected during whichever task
 * comes next.
 */
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");
const pause = new Int32Array(new SharedArrayBuffer(4));
function collectGarbage() {
  gc();
  Atomics.wait(pause, 0, 0, 150);
}

/**
 * Time each task once per round, in turn, for `rounds` rounds, each after a full collection. A
 * task is [name, setup, run]: setup() (untimed) gives run's argument. Returns per task { name,
 * rounds (ms), ms (their median), cpuRounds, cpu }: the process's CPU time, which a machine shared
 * with other work inflates less (but which counts V8's background threads).
 */
function alternate(tasks, rounds, label) {
  const results = tasks.map(([name]) => ({ name, rounds: [], cpuRounds: [] }));
  for (let round = 0; round < rounds; round++) {
    progress.step(`${label}: round ${round + 1} of ${rounds}`);
    tasks.forEach(([, setup, run], i) => {
      const arg = setup();
      collectGarbage();
      const cpu = process.cpuUsage();
      const t0 = performance.now();
      run(arg);
      results[i].rounds.push(performance.now() - t0);
      const { user, system } = process.cpuUsage(cpu);
      results[i].cpuRounds.push((user + system) / 1000);
    });
  }
  for (const r of results) {
    r.ms = median(r.rounds);
    r.cpu = median(r.cpuRounds);
  }
  return results;
}

/** The build/update table: the engines from the built package, as users get them. */
export async function buildSpeed() {
  const { RegionRouter: SimdRouter } = await import("../../dist/node.js");
  const { RegionRouter: ScalarRouter } = await importCoreOnly();
  const { RegionRouter: PureRouter } = await import("../../dist/pure.js");
  // Made afresh for each round (untimed): kept alive, a million strings make every collection
  // during the other tasks mark them. Flat strings (JSON.parse makes them so), not the ropes that
  // concatenation makes, which crypto.hash would flatten first (measured 25% more time).
  const names = () => JSON.parse(JSON.stringify(REGIONS.flatMap(([region, weight]) => Array.from({ length: weight }, (_, i) => `${region}#${i}`))));
  const engines = [
    ["WebAssembly, SIMD build module (region-router in Node)", SimdRouter],
    ["WebAssembly, core only (as without SIMD)", ScalarRouter],
    ["pure TypeScript (region-router/pure)", PureRouter],
  ];
  /** A 1,000,000-node router per engine, for the adds; each round adds tokyo to it after removing it. */
  const big = engines.map(([, Router]) => {
    const router = new Router();
    router.addRegions(REGIONS);
    return router;
  });
  const { hashingFloor } = await importHashFloor();
  const hashOnly = hashingFloor(REGIONS.map(([region]) => region), 1000);
  const fresh = (Router, options) => () => new Router(options);
  // Each WebAssembly engine's ketama build right after its default build, so that the two meet
  // the machine in the same state.
  const results = alternate(
    [
      ["node:crypto: crypto.hash(\"md5\", name) of the 1,000,000 names", names, (all) => { for (const name of all) md5(name); }],
      ["floor: the first write of fresh memory the ring's size (20.7 MB, one byte a page)", () => null, touchFreshMemory],
      ["floor: the SIMD build module hashing the 1,000,000 names into memory already written, nothing else", () => null, hashOnly],
      ...engines.flatMap(([name, Router], i) => [
        [`build: ${name}`, fresh(Router), (r) => r.addRegions(REGIONS)],
        ...(i < 2 ? [[`ketama build: ${name}`, fresh(Router, { compatibleWith: "libketama" }), (r) => r.addRegions(KETAMA)]] : []),
      ]),
      ...engines.map(([name], i) => [`add a weight-1,000 region: ${name}`, () => (big[i].removeRegion("tokyo"), big[i]), (r) => r.addRegion("tokyo", 1000)]),
    ],
    ROUNDS,
    "1,000,000-node builds and adds",
  );
  const [hashing, touch, hashFloor, simdBuild, simdKetama, scalarBuild, scalarKetama, pureBuild, ...adds] = results;
  const builds = [simdBuild, scalarBuild, pureBuild];
  const ketama = [simdKetama, scalarKetama];
  const spread = (r) => `${fmt(Math.min(...r.rounds))}-${fmt(Math.max(...r.rounds))}`;
  /** The same ratio on CPU time. */
  const cpuRatio = (r) => ratio({ rounds: r.cpuRounds }, { rounds: hashing.cpuRounds });
  console.log(`## Build speed: 1,000,000 virtual nodes (median of ${ROUNDS} alternating rounds, ms)\n`);
  console.log(`node:crypto hashing the 1,000,000 names alone (${crypto.hash ? "crypto.hash" : "createHash"}): ${fmt(hashing.ms)} ms (rounds ${spread(hashing)}; CPU ${fmt(hashing.cpu)} ms)\n`);
  table(
    ["what", "ms (median)", "ms (fastest-slowest round)", "of node:crypto's hashing (target)", "the same on CPU time (ms, ratio)"],
    [
      ...[touch, hashFloor].map((r) => [r.name, fmt(r.ms), spread(r), `${fmt(ratio(r, hashing), 3)}x`, `${fmt(r.cpu)}, ${fmt(cpuRatio(r), 3)}x`]),
      ...builds.map((r, i) => [`${r.name}: 1,000 regions x weight 1,000`, fmt(r.ms), spread(r), `${fmt(ratio(r, hashing), 3)}x${i === 0 ? " (<= 0.25x)" : ""}`, `${fmt(r.cpu)}, ${fmt(cpuRatio(r), 3)}x`]),
      ...adds.map((r, i) => [r.name, fmt(r.ms, 2), spread(r), `${fmt(ratio(r, hashing) * 100, 2)}%${i === 0 ? " (<= 2%)" : ""}`, `${fmt(r.cpu, 2)}, ${fmt(cpuRatio(r) * 100, 2)}%`]),
    ],
  );
  // Per round: the two floors summed, and the build less the first (its own work).
  const perRound = (f) => median(simdBuild.rounds.map((_, i) => f(i) / hashing.rounds[i]));
  const floors = perRound((i) => touch.rounds[i] + hashFloor.rounds[i]);
  const ownWork = perRound((i) => simdBuild.rounds[i] - touch.rounds[i]);
  const verdict = judge({ target: "1,000,000-node build, of node:crypto's hashing of the names", where: "1,000 regions x weight 1,000, region-router in Node", measured: ratio(simdBuild, hashing), limit: 0.25, atMost: true, floor: floors });
  console.log(
    `The SIMD build's floors summed (the ring's memory written once, the names hashed): ${fmt(floors, 3)}x node:crypto's hashing ` +
      `(the build's target <= 0.25x: ${verdict}); the build less the first floor (hashing, sorting, ` +
      `the index) ${fmt(ownWork, 3)}x (medians of per-round ratios).\n`,
  );
  judge({ target: "adding a weight-1,000 region to it, of the same hashing", where: "into 1,000,000 nodes, region-router in Node", measured: ratio(adds[0], hashing), limit: 0.02, atMost: true, unit: "%" });
  judge({ target: "the pure engine's add / the WebAssembly engine's", where: "a weight-1,000 region into 1,000,000 nodes", measured: ratio(adds[2], adds[0]), limit: 3, atMost: true });
  console.log("The pure engine's add against the WebAssembly engine's (target <= 3x):\n");
  table(
    ["engines", "ratio (median of rounds)"],
    [
      ["pure / WebAssembly with SIMD build module", `${fmt(ratio(adds[2], adds[0]), 2)}x`],
      ["pure / WebAssembly core only", `${fmt(ratio(adds[2], adds[1]), 2)}x`],
    ],
  );
  console.log("A 1,000,000-position ketama ring (libketama: 6,250 regions, 40 names of 4 points each) against the default's 1,000,000 names:\n");
  table(
    ["engine", "default, ms", "libketama, ms", "libketama / default, per position"],
    ketama.map((r, i) => [engines[i][0], fmt(builds[i].ms), fmt(r.ms), `${fmt(ratio(r, builds[i]), 2)}x`]),
  );
  // Issue 13: a 1,000,000-position ketama ring builds no slower per position than the default's.
  ketama.forEach((r, i) => judge({ target: "a 1,000,000-position libketama build / the default's, per position", where: engines[i][0], measured: ratio(r, builds[i]), limit: 1, atMost: true }));
}
