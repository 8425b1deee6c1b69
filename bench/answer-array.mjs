// `node bench/answer-array.mjs`: what routeMany's answer alone costs by batch size, however it is
// made: an array of n region names, new for every call (the API's answer). From 16,384 elements V8
// puts such an array in its large-object space, in pages new to the process, and every page is a
// page fault (process.resourceUsage().minorPageFault, counted here per call); below that it is
// young-generation memory, used again and again. Each way of making it is timed in alternating
// rounds (CPU time, median), beside its page faults and the kernel's share of its time: the ways
// differ by how many large arrays they pass through, not by the faults each array costs, which is
// the floor the batch-size table's "answer array" row shows from 16,384 ids a call (bench/RESULTS.md,
// run 17).
import { median } from "./lib.mjs";

const SIZES = [4096, 16_000, 16_384, 65_536, 1_000_000];
const ROUNDS = 5;
const names = ["sf", "london", "bangalore"];

/** Ways to make the answer for n ids, each filling it with names. */
const ways = {
  "new Array(n), filled (routeMany's way)": (n) => {
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = names[i % 3];
    return out;
  },
  "[] and push": (n) => {
    const out = [];
    for (let i = 0; i < n; i++) out.push(names[i % 3]);
    return out;
  },
  "new Array(n).fill(null), filled": (n) => {
    const out = new Array(n).fill(null);
    for (let i = 0; i < n; i++) out[i] = names[i % 3];
    return out;
  },
  "pieces of 1,020, concatenated": (n) => {
    const pieces = [];
    for (let from = 0; from < n; from += 1020) {
      const piece = new Array(Math.min(1020, n - from));
      for (let i = 0; i < piece.length; i++) piece[i] = names[(from + i) % 3];
      pieces.push(piece);
    }
    return pieces.length === 1 ? pieces[0] : [].concat(...pieces);
  },
};

let kept;
/** CPU ns per id, page faults per call and the kernel's share, over `calls` calls of make(n). */
function measure(make, n, calls) {
  const before = process.resourceUsage();
  const cpu = process.cpuUsage();
  for (let k = 0; k < calls; k++) kept = make(n);
  const { user, system } = process.cpuUsage(cpu);
  const faults = process.resourceUsage().minorPageFault - before.minorPageFault;
  return { ns: ((user + system) * 1e3) / (calls * n), faults: faults / calls, kernel: system / (user + system) };
}

console.log(`## The answer array alone: CPU ns per id, page faults per call (median of ${ROUNDS} alternating rounds)\n`);
console.log("| ids per call | way | ns per id | page faults per call | kernel share of the time |");
console.log("|---|---|---|---|---|");
for (const n of SIZES) {
  const calls = Math.max(5, Math.round(4e6 / n));
  const rounds = Object.fromEntries(Object.keys(ways).map((way) => [way, []]));
  for (const make of Object.values(ways)) measure(make, n, calls); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const [way, make] of Object.entries(ways)) rounds[way].push(measure(make, n, calls));
  }
  for (const [way, results] of Object.entries(rounds)) {
    const of = (key) => median(results.map((r) => r[key]));
    console.log(`| ${n.toLocaleString("en")} | ${way} | ${of("ns").toFixed(1)} | ${of("faults").toFixed(1)} | ${(100 * of("kernel")).toFixed(0)}% |`);
  }
}
if (kept.length === 0) throw new Error("unreachable: keeps the last answer alive");
