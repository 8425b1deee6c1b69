// A fleet of gateways without shared state: N gateways (1 to 64), each with its own BoundedLoads
// over the same ring, each seeing a random share of the sessions, against one BoundedLoads that
// sees them all. For each region, its total over the fleet against its global cap (the cap one
// global BoundedLoads holding every session would give it): how far past it the fleet goes, as
// sessions arrive and then in a steady state where sessions leave and new ones arrive.
// Deterministic (seeded). Uses the built package (run `npm run build` first).
// Usage: node scripts/fleet-simulation.mjs [--sessions 10000,100000] [--seeds 3]
import { parseArgs } from "node:util";
import { BoundedLoads, RegionRouter } from "../dist/node.js";

const { values } = parseArgs({ options: { sessions: { type: "string", default: "200,1000,10000,100000" }, seeds: { type: "string", default: "3" } } });
const SESSIONS = values.sessions.split(",").map(Number);
const SEEDS = Number(values.seeds);
const GATEWAYS = [1, 2, 4, 8, 16, 32, 64];
const LOAD_FACTOR = 1.25;
/**
 * Nine regions of mixed weights, one virtual node per unit of weight: shares far from the weights'
 * (the largest region by share owns well past its cap's worth of the key space), so caps bind.
 */
const REGIONS = [["us-east", 3], ["us-west", 2], ["eu-west", 3], ["eu-central", 2], ["ap-south", 1], ["ap-northeast", 2], ["sa-east", 1], ["af-south", 1], ["me-central", 1]];

/** mulberry32: a small seeded generator of floats in [0, 1). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** How gateways share the traffic: evenly, or skewed (gateway g draws traffic in proportion to 1 / (g + 1)). */
const SPLITS = {
  even: (n) => Array.from({ length: n }, () => 1),
  skewed: (n) => Array.from({ length: n }, (_, g) => 1 / (g + 1)),
};

/**
 * The cap of every region for a session arriving with h others held, by the rule (BigInt: no
 * rounding to doubt). The global cap of a run that holds S sessions is the one for h = S - 1: what
 * the last of them faced.
 */
function capsAt(router, h) {
  const p = BigInt(Math.round(100 * LOAD_FACTOR));
  const T = ((BigInt(h) + 1n) * p + 99n) / 100n;
  const weights = [...router.weights()];
  const W = weights.reduce((sum, [, w]) => sum + BigInt(w), 0n);
  const s = T / W, r = T % W;
  let C = 0n;
  const caps = new Map();
  for (const [region, weight] of weights) {
    const w = BigInt(weight);
    const cap = w * s + ((C + w) * r) / W - (C * r) / W;
    caps.set(region, Number(cap > 1n ? cap : 1n));
    C += w;
  }
  return caps;
}

/** Sessions past each region's global cap: the worst region's excess, in sessions and as a share of its cap. */
function overshoot(totals, caps) {
  let worst = 0, worstShare = 0;
  for (const [region, cap] of caps) {
    const excess = Math.max(0, (totals.get(region) ?? 0) - cap);
    if (excess > worst || (excess === worst && excess / cap > worstShare)) [worst, worstShare] = [excess, excess / cap];
  }
  return { worst, worstShare };
}

/**
 * One run: `sessions` arrive, each at a gateway drawn by the split's weights; then as many times
 * again, a session held leaves and a new one arrives (steady state). The fleet's loads are summed
 * over its gateways and held against the global caps at ten points of the steady state; returns
 * the worst of them, and the global BoundedLoads' worst.
 */
function run(router, sessions, gateways, split, seed) {
  const next = random(seed);
  const shares = SPLITS[split](gateways);
  const sum = shares.reduce((a, b) => a + b, 0);
  const fleet = Array.from({ length: gateways }, () => new BoundedLoads(router, { loadFactor: LOAD_FACTOR }));
  const global = new BoundedLoads(router, { loadFactor: LOAD_FACTOR });
  const caps = capsAt(router, sessions - 1);
  /** Sessions held: [id, its gateway]. */
  const live = [];
  let made = 0;
  const arrive = () => {
    const id = `session-${seed}-${made++}`;
    let x = next() * sum, g = 0;
    while (g < gateways - 1 && x >= shares[g]) x -= shares[g++];
    fleet[g].acquire(id);
    global.acquire(id);
    live.push([id, g]);
  };
  const leave = () => {
    const i = Math.floor(next() * live.length);
    const [id, g] = live[i];
    live[i] = live[live.length - 1];
    live.pop();
    fleet[g].release(id);
    global.release(id);
  };
  let worstFleet = { worst: 0, worstShare: 0 }, worstGlobal = 0;
  const measure = () => {
    const totals = new Map();
    for (const gateway of fleet) for (const [region, load] of gateway.loads()) totals.set(region, (totals.get(region) ?? 0) + load);
    const now = overshoot(totals, caps);
    if (now.worst > worstFleet.worst || (now.worst === worstFleet.worst && now.worstShare > worstFleet.worstShare)) worstFleet = now;
    worstGlobal = Math.max(worstGlobal, overshoot(global.loads(), caps).worst);
  };
  for (let i = 0; i < sessions; i++) arrive();
  measure();
  for (let checkpoint = 0; checkpoint < 10; checkpoint++) {
    for (let i = 0; i < sessions / 10; i++) {
      leave();
      arrive();
    }
    measure();
  }
  return { fleet: worstFleet, global: worstGlobal };
}

const router = new RegionRouter();
router.addRegions(REGIONS);
const total = REGIONS.reduce((sum, [, w]) => sum + w, 0);
const ratios = REGIONS.map(([region, w]) => `${region} ${(router.shares().get(region) / (w / total)).toFixed(2)}`);
console.log(`Share / weight's share: ${ratios.join(", ")}`);
const percent = (x) => `${(100 * x).toFixed(1)} %`;
// One row per fleet size, one column per number of sessions held: the worst region's sessions past
// its global cap (and as a share of that cap), the worst of both splits, every seed and every point.
const rows = GATEWAYS.map((gateways) => ({ gateways, cells: [] }));
let global = 0;
for (const sessions of SESSIONS) {
  for (const row of rows) {
    let worst = { worst: 0, worstShare: 0 };
    for (const split of row.gateways === 1 ? ["even"] : Object.keys(SPLITS)) {
      for (let seed = 1; seed <= SEEDS; seed++) {
        const result = run(router, sessions, row.gateways, split, seed);
        if (result.fleet.worst > worst.worst || (result.fleet.worst === worst.worst && result.fleet.worstShare > worst.worstShare)) worst = result.fleet;
        global = Math.max(global, result.global);
      }
    }
    row.cells.push(`${worst.worst} (${percent(worst.worstShare)})`);
  }
}
const caps = SESSIONS.map((sessions) => {
  const all = [...capsAt(router, sessions - 1).values()];
  return `${Math.min(...all)}-${Math.max(...all)}`;
});
console.log(`\nloadFactor ${LOAD_FACTOR}; sessions past the global cap, worst region (the worst of ${SEEDS} seeds, even and skewed splits, 11 points of each run)\n`);
console.log(`| gateways | ${SESSIONS.map((n, i) => `${n} sessions (caps ${caps[i]})`).join(" | ")} |`);
console.log(`|---:|${SESSIONS.map(() => "---:").join("|")}|`);
for (const { gateways, cells } of rows) console.log(`| ${gateways} | ${cells.join(" | ")} |`);
console.log(`\nOne global BoundedLoads over the same sessions: ${global} past a global cap, in every run.`);
