// Ring builds and updates against node:crypto hashing the same names: a 1,000,000-node build, a
// weight-1,000 region added to it and removed, a fleet of 100 regions added one by one, the pure
// engine's add against the WebAssembly engine's, and a libketama ring of 1,000,000 positions beside
// the default's, with the build's floors (the ring's memory written for the first time; the names
// hashed by the WebAssembly engine). Each task once a round after a full collection.
import crypto from "node:crypto";
import { importCoreOnly } from "../core-only.mjs";
import { hashingFloor } from "../floors.mjs";
import { fmt, table } from "../lib.mjs";
import { median, msRounds, ratio } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const ROUNDS = 9;
/** The default dialect's 1,000,000 virtual nodes: 1,000 regions of weight 1,000. */
const REGIONS = Array.from({ length: 1000 }, (_, i) => [`region-${i}`, 1000]);
/** 100 regions of 160 nodes, added one addRegion call at a time. */
const FLEET = Array.from({ length: 100 }, (_, i) => [`region-${i}`, 160]);
/** libketama's 1,000,000 positions: 6,250 regions of weight 1 get 40 names of 4 points each. */
const KETAMA = Array.from({ length: 6250 }, (_, i) => [`region-${i}`, 1]);

/**
 * What a 1,000,000-node build writes at least: its WebAssembly memory, 20.7 bytes a node (a 4-byte
 * key and a 16-byte position each, the index, the scratch its updates keep), grown for the build,
 * so every page of it is new to the process. The floor writes one byte in each 4 KiB page of a
 * fresh WebAssembly memory that size: the first touch of each page, a page fault the kernel pays.
 */
const RING_BYTES = 20.7e6;
function touchFreshMemory() {
  const bytes = new Uint8Array(new WebAssembly.Memory({ initial: Math.ceil(RING_BYTES / 65536) }).buffer);
  for (let at = 0; at < bytes.length; at += 4096) bytes[at] = 1;
  return bytes.length;
}

/** MD5 of a string as node:crypto gives it most cheaply: crypto.hash (Node 20.12+), else createHash. */
const md5 = crypto.hash ? (name) => crypto.hash("md5", name) : (name) => crypto.createHash("md5").update(name).digest("hex");

/** The virtual-node names of REGIONS, as flat strings (JSON.parse makes them so; ropes would be flattened first). */
const names = () => JSON.parse(JSON.stringify(REGIONS.flatMap(([region, weight]) => Array.from({ length: weight }, (_, i) => `${region}#${i}`))));

export default async function buildSpeed({ WasmRouter, PureRouter }) {
  const { RegionRouter: ScalarRouter } = await importCoreOnly();
  const engines = [
    ["WebAssembly, SIMD build module (region-router in Node)", WasmRouter],
    ["WebAssembly, core only (as without SIMD)", ScalarRouter],
    ["pure TypeScript (region-router/pure)", PureRouter],
  ];
  /** A 1,000,000-node router per engine, for the adds; each round adds tokyo to it after removing it. */
  const big = engines.map(([, Router]) => new Router());
  big.forEach((router) => router.addRegions(REGIONS));
  const hashOnly = hashingFloor(WasmRouter, names());
  // Each WebAssembly engine's ketama build right after its default build, so that the two meet the
  // machine in the same state.
  const results = await msRounds(
    [
      // Made afresh each round (untimed): kept alive, a million strings make every collection mark them.
      { name: "node:crypto: crypto.hash(\"md5\", name) of the 1,000,000 names", setup: names, run: (all) => { for (const name of all) md5(name); } },
      { name: "floor: the first write of fresh memory the ring's size (20.7 MB, one byte a page)", setup: () => null, run: touchFreshMemory },
      { name: `floor: ${hashOnly.name}`, setup: () => null, run: hashOnly.run },
      ...engines.flatMap(([name, Router], i) => [
        { name: `build: ${name}`, setup: () => new Router(), run: (r) => r.addRegions(REGIONS) },
        ...(i < 2 ? [{ name: `ketama build: ${name}`, setup: () => new Router({ compatibleWith: "libketama" }), run: (r) => r.addRegions(KETAMA) }] : []),
      ]),
      ...engines.map(([name], i) => ({ name: `add a weight-1,000 region: ${name}`, setup: () => (big[i].removeRegion("tokyo"), big[i]), run: (r) => r.addRegion("tokyo", 1000) })),
      ...engines.map(([name], i) => ({ name: `remove it again: ${name}`, setup: () => (big[i].addRegion("tokyo", 1000), big[i]), run: (r) => r.removeRegion("tokyo") })),
      ...engines.map(([name, Router]) => ({ name: `100 regions x 160, one addRegion each: ${name}`, setup: () => new Router(), run: (r) => { for (const [region, weight] of FLEET) r.addRegion(region, weight); } })),
    ],
    { rounds: ROUNDS, label: "1,000,000-node builds and adds" },
  );
  const [hashing, touch, hashFloor, simdBuild, simdKetama, scalarBuild, scalarKetama, pureBuild, ...updates] = results;
  const [adds, removes, fleets] = [0, 1, 2].map((k) => updates.slice(3 * k, 3 * k + 3));
  const builds = [simdBuild, scalarBuild, pureBuild];
  const spread = (r) => `${fmt(Math.min(...r.rounds.ms))}-${fmt(Math.max(...r.rounds.ms))}`;
  const row = (r, cell, digits = 1) => [r.name, fmt(r.ms, digits), spread(r), cell(ratio(r, hashing, "ms")), `${fmt(r.cpu, digits)}, ${cell(ratio(r, hashing, "cpu"))}`];
  const times = (note) => (x) => `${fmt(x, 3)}x${note}`;
  const percent = (note) => (x) => `${fmt(x * 100, 2)}%${note}`;
  console.log(`## Build speed: 1,000,000 virtual nodes (median of ${ROUNDS} alternating rounds, ms)\n`);
  console.log(`node:crypto hashing the 1,000,000 names alone (${crypto.hash ? "crypto.hash" : "createHash"}): ${fmt(hashing.ms)} ms (rounds ${spread(hashing)}; CPU ${fmt(hashing.cpu)} ms)\n`);
  table(
    ["what", "ms (median)", "ms (fastest-slowest round)", "of node:crypto's hashing (target)", "the same on CPU time (ms, ratio)"],
    [
      ...[touch, hashFloor].map((r) => row(r, times(""))),
      ...builds.map((r, i) => row({ ...r, name: `${r.name}: 1,000 regions x weight 1,000` }, times(i === 0 ? " (<= 0.25x)" : ""))),
      ...adds.map((r, i) => row(r, percent(i === 0 ? " (<= 2%)" : ""), 2)),
      ...[...removes, ...fleets].map((r) => row(r, percent(""), 2)),
    ],
  );
  // Per round: the two floors summed, and the build less the first (its own work).
  const perRound = (f) => median(simdBuild.rounds.ms.map((_, i) => f(i) / hashing.rounds.ms[i]));
  const floors = perRound((i) => touch.rounds.ms[i] + hashFloor.rounds.ms[i]);
  const ownWork = perRound((i) => simdBuild.rounds.ms[i] - touch.rounds.ms[i]);
  const verdict = judge(TARGETS.build, { where: "1,000 regions x weight 1,000, region-router in Node", measured: ratio(simdBuild, hashing, "ms"), floor: floors });
  console.log(
    `The SIMD build's floors summed (the ring's memory written once, the names hashed): ${fmt(floors, 3)}x node:crypto's hashing ` +
      `(the build's target <= 0.25x: ${verdict}); the build less the first floor (hashing, sorting, the index) ${fmt(ownWork, 3)}x (medians of per-round ratios).\n`,
  );
  judge(TARGETS.add, { where: "into 1,000,000 nodes, region-router in Node", measured: ratio(adds[0], hashing, "ms") });
  judge(TARGETS.pureAdd, { where: "a weight-1,000 region into 1,000,000 nodes", measured: ratio(adds[2], adds[0], "ms") });
  console.log("The pure engine's add against the WebAssembly engine's (target <= 3x):\n");
  table(
    ["engines", "ratio (median of rounds)"],
    [
      ["pure / WebAssembly with SIMD build module", `${fmt(ratio(adds[2], adds[0], "ms"), 2)}x`],
      ["pure / WebAssembly core only", `${fmt(ratio(adds[2], adds[1], "ms"), 2)}x`],
    ],
  );
  console.log("A 1,000,000-position ketama ring (libketama: 6,250 regions, 40 names of 4 points each) against the default's 1,000,000 names:\n");
  const ketama = [simdKetama, scalarKetama];
  table(
    ["engine", "default, ms", "libketama, ms", "libketama / default, per position"],
    ketama.map((r, i) => [engines[i][0], fmt(builds[i].ms), fmt(r.ms), `${fmt(ratio(r, builds[i], "ms"), 2)}x`]),
  );
  ketama.forEach((r, i) => judge(TARGETS.ketamaBuild, { where: engines[i][0], measured: ratio(r, builds[i], "ms") }));
}
