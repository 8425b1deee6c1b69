// Small helpers shared by the benchmark scripts: timing, formatting, machine description.
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
 * Time per key (ns) of `route` over `keys`, with tinybench: each sample routes a batch, so the
 * harness's own overhead is spread over BATCH keys. Returns { name, ns } in input order.
 */
export function timePerKey(tasks, keys, { batch = 1024, time = 600 } = {}) {
  const bench = new Bench({ time, warmupTime: 200 });
  let cursor = 0;
  let sink = 0;
  for (const [name, route] of tasks) {
    bench.add(name, () => {
      const start = cursor;
      cursor = (cursor + batch) % (keys.length - batch);
      for (let i = start; i < start + batch; i++) if (route(keys[i]) !== null) sink++;
    });
  }
  bench.runSync();
  if (sink < 0) console.log(sink);
  return bench.tasks.map((t) => ({ name: t.name, ns: (t.result.latency.p50 * 1e6) / batch }));
}

/** Median wall time (ms) of `fn` over `runs` runs, with a fresh `setup()` value each time. */
export function medianMs(fn, { runs = 5, setup = () => undefined } = {}) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const arg = setup();
    const t0 = performance.now();
    fn(arg);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[times.length >> 1];
}

export function machine() {
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return `${cpu}, ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB; Node ${process.version}; ${new Date().toISOString().slice(0, 10)}`;
}

export const fmt = (x, digits = 1) => (x >= 100 ? x.toFixed(0) : x.toFixed(digits));

/** Print a markdown table. */
export function table(header, rows) {
  console.log(`| ${header.join(" | ")} |`);
  console.log(`|${header.map(() => "---").join("|")}|`);
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
  console.log();
}
