// Small helpers shared by the benchmark scripts: timing, formatting, machine description.
import { readFileSync } from "node:fs";
import os from "node:os";
import { Bench } from "tinybench";

/** Session ids like a gateway sees: `sess-N` and UUID-shaped, 12-36 bytes. */
export function sessionIds(count, seed = 1) {
  let x = seed >>> 0 || 1;
  const next = () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0), x);
  const hex = (n) => next().toString(16).padStart(8, "0").slice(0, n);
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0 ? `sess-${next() % 10_000_000}` : `${hex(8)}-${hex(4)}-4${hex(3)}-a${hex(3)}-${hex(8)}${hex(4)}`,
  );
}

/**
 * Time per key (ns) of each task, measured in alternating rounds: every round runs each task for
 * `time` ms with tinybench, so the VM's slow and fast phases (other tenants) fall on all tasks
 * alike. A task is `[name, run]` where `run(batch)` handles one batch of keys; `batches` are taken in
 * turn, so the keys are new to every task call. Returns `{ name, ns, rounds }` per task: the median
 * over rounds and each round's figure (for per-round ratios).
 */
export function timeRounds(tasks, batches, { rounds = 5, time = 200, label = "timing" } = {}) {
  const perKey = batches[0].length;
  const results = tasks.map(([name]) => ({ name, rounds: [] }));
  let next = 0;
  for (let round = 0; round < rounds; round++) {
    progress.step(`${label}: round ${round + 1} of ${rounds}`);
    tasks.forEach(([name, run], i) => {
      const bench = new Bench({ time, warmupTime: round === 0 ? 200 : 20 });
      bench.add(name, () => run(batches[next++ % batches.length]));
      bench.runSync();
      results[i].rounds.push((bench.tasks[0].result.latency.p50 * 1e6) / perKey);
    });
  }
  for (const r of results) r.ns = median(r.rounds);
  return results;
}

/** The median of per-round ratios a[i] / b[i]. */
export function ratio(a, b) {
  return median(a.rounds.map((x, i) => x / b.rounds[i]));
}

export function median(xs) {
  const sorted = [...xs].sort((x, y) => x - y);
  return sorted[sorted.length >> 1];
}

/** The mean of the middle half of xs: a median that is not stuck on a coarse clock's ticks. */
export function middleMean(xs) {
  const sorted = [...xs].sort((x, y) => x - y);
  const middle = sorted.slice(sorted.length >> 2, sorted.length - (sorted.length >> 2));
  return middle.reduce((sum, x) => sum + x, 0) / middle.length;
}

/** `keys` cut into batches of `size`. */
export function batchesOf(keys, size = 1024) {
  return Array.from({ length: Math.floor(keys.length / size) }, (_, i) => keys.slice(i * size, (i + 1) * size));
}

/** A single-key function as a batch task: route every key of the batch, one call each. */
export function eachKey(route) {
  let sink = 0;
  return (batch) => {
    for (let i = 0; i < batch.length; i++) if (route(batch[i]) !== null) sink++;
    return sink;
  };
}

/** Median wall time (ms) of `fn` over `runs` runs, with a fresh `setup()` value each time. */
export function medianMs(fn, { runs = 5, setup = () => undefined, label = "timing" } = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    progress.step(`${label}: run ${i + 1} of ${runs}`);
    const arg = setup();
    const t0 = performance.now();
    fn(arg);
    times.push(performance.now() - t0);
  }
  return median(times);
}

/**
 * Where a run is, on stderr so that stdout stays the report: "[2/5] batches: round 3 of 5". On a
 * terminal one line is redrawn in place; elsewhere (a log, CI) each step is a line of its own.
 */
export const progress = {
  section: "",
  begin(index, count, name) {
    this.section = `[${index}/${count}] ${name}`;
    this.step("starting");
  },
  step(what) {
    const line = `${this.section}: ${what}`;
    process.stderr.write(process.stderr.isTTY ? `\r\x1b[K${line}` : `${line}\n`);
  },
  done() {
    if (process.stderr.isTTY) process.stderr.write("\r\x1b[K");
  },
};

/**
 * The ring behind a router, of either engine: the benchmark's one reach past the API (the
 * router's internals, under a Symbol.for key), for ring sizes, the MD5 floor and memory figures.
 */
export function ringOf(router) {
  const internals = router[Symbol.for("region-router internals")];
  if (typeof internals !== "function") throw new Error("cannot reach the router's ring: update ringOf() in bench/lib.mjs");
  return internals.call(router).ring;
}

/**
 * The WebAssembly engine's linear memory behind a router (its layout: ring, table, scratch; and the
 * module's exports).
 */
export function ringMemory(router) {
  // The WebAssembly ring is its memory (WasmRing extends RingMemory, src/engines/wasm/layout.ts).
  const mem = ringOf(router);
  if (!mem?.wasm) throw new Error("cannot reach the WebAssembly ring's memory: update ringMemory() in bench/lib.mjs");
  return mem;
}

export function machine() {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return `${cpu}${cpuGeneration()}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${new Date().toISOString().slice(0, 10)}`;
}

/**
 * " (family 26, model 2, 2096 MHz)" from /proc/cpuinfo where there is one: a VM's model name ("AMD
 * EPYC") can hide different processors, whose SIMD and page faults cost differently.
 */
function cpuGeneration() {
  try {
    const info = readFileSync("/proc/cpuinfo", "utf8");
    const field = (name) => new RegExp(`^${name}\\s*:\\s*(.+)$`, "m").exec(info)?.[1];
    const mhz = field("cpu MHz");
    return ` (family ${field("cpu family") ?? "?"}, model ${field("model") ?? "?"}${mhz ? `, ${Math.round(Number(mhz))} MHz` : ""})`;
  } catch {
    return "";
  }
}

export { fmt } from "./format.mjs";

/** Print a markdown table. */
export function table(header, rows) {
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log();
}
