// src/bench/: the alternating rounds both benches use (dist/cli/bench-kit.js for bench/), the ids laid
// out as routeManyBytes takes them, and npm hashring as `region-router bench --compare hashring` builds it.
import v8 from "node:v8";
import { describe, expect, it } from "vitest";
import { arrowLayout } from "../src/bench/arrow.js";
import { timeCalls, unitIds } from "../src/bench/calls.js";
import { hashringOf } from "../src/bench/hashring.js";
import { alternate, inUnits, median, perIdRounds, ratio } from "../src/bench/rounds.js";
import { RegionRouter } from "../src/index.js";

/** Spin `ms` of this process's user CPU time (what perIdRounds times). */
function spinCpu(ms: number): void {
  for (const t0 = process.cpuUsage().user; process.cpuUsage().user - t0 < ms * 1000; );
}

describe("alternate", () => {
  it("runs every task once a round, in the same order without groups, and gives each figure's rounds and median", async () => {
    const ran: string[] = [];
    const rounds: number[] = [];
    const results = await alternate([{ name: "a" }, { name: "b" }], {
      rounds: 3,
      label: "test",
      onRound: (label, round, total) => {
        expect(label).toBe("test");
        rounds.push(round * 10 + total);
      },
      measure: ({ name }, round) => {
        ran.push(`${name}${round}`);
        return { ns: name === "a" ? [5, 1, 3][round] : 2 * (round + 1) };
      },
    });
    expect(ran).toEqual(["a0", "b0", "a1", "b1", "a2", "b2"]);
    expect(rounds).toEqual([3, 13, 23]);
    expect(results[0]).toMatchObject({ name: "a", rounds: { ns: [5, 1, 3] }, ns: 3 });
    expect(results[1]).toMatchObject({ name: "b", rounds: { ns: [2, 4, 6] }, ns: 4 });
    // The per-round ratios are 2.5, 0.25, 0.5: their median, not the ratio of the medians.
    expect(ratio(results[0], results[1])).toBe(0.5);
  });

  it("rotates the tasks within their groups and the groups themselves from round to round", async () => {
    const orders: string[] = [];
    const tasks = ["a", "b", "c", "d"].map((name) => ({ name }));
    await alternate(tasks, { rounds: 2, label: "groups", group: 2, measure: ({ name }, round) => (orders.push(`${round}${name}`), { ns: 1 }) });
    expect(orders).toEqual(["0a", "0b", "0c", "0d", "1d", "1c", "1b", "1a"]);
  });

  it("stops at maxRounds, and runs beforeRound first in each round", async () => {
    const seen: string[] = [];
    const [result] = await alternate([{ name: "a" }], {
      rounds: 9,
      maxRounds: 2,
      label: "capped",
      beforeRound: (round) => seen.push(`before ${round}`),
      measure: (_, round) => (seen.push(`run ${round}`), { ms: round }),
    });
    expect(seen).toEqual(["before 0", "run 0", "before 1", "run 1"]);
    expect(result.rounds.ms).toEqual([0, 1]);
  });
});

it("median leaves out NaN, is the mean of the middle two of an even count, and NaN when nothing is left", () => {
  expect(median([3, NaN, 1, 2])).toBe(2);
  expect(median([287, 8397])).toBe(4342);
  expect(median([4, 1, 3, 2])).toBe(2.5);
  expect(median([NaN, 7])).toBe(7);
  expect(median([NaN])).toBeNaN();
});

it("inUnits gives whole batches in turn, at least minIds ids a unit", () => {
  const batches = [[1, 2, 3], [4, 5, 6], [7, 8, 9]];
  const next = inUnits(batches, 5);
  expect(next()).toEqual([batches[0], batches[1]]);
  expect(next()).toEqual([batches[2], batches[0]]);
});

it("perIdRounds gives CPU time per id of every task, with a unit's ids counted", async () => {
  let calls = 0;
  const busy = (batch: readonly number[]) => {
    calls++;
    let sum = 0;
    for (let k = 0; k < 20_000; k++) sum += batch[k % batch.length];
    return sum;
  };
  const costs: number[] = [];
  const results = await perIdRounds([{ name: "busy", run: busy, next: inUnits([[1, 2, 3, 4]], 8) }], {
    rounds: 2,
    time: 5,
    label: "per id",
    onTimingCost: ({ cpu }) => costs.push(cpu),
  });
  expect(costs).toHaveLength(2);
  expect(results[0].rounds.ns).toHaveLength(2);
  expect(results[0].ns).toBeGreaterThan(0);
  // A unit is two batches of four ids: at least two units a round, and one more before the first.
  expect(calls).toBeGreaterThanOrEqual(2 * (1 + 2 + 2));
  expect(results[0].work).toBeNaN();
});

it("perIdRounds runs beforeUnit before each timed unit, outside the timing", async () => {
  let [units, before] = [0, 0];
  // 4 ms of CPU before each unit of 4 ids: were it timed, a unit would cost a millisecond an id.
  const spin = () => {
    before++;
    spinCpu(4);
  };
  const results = await perIdRounds([{ name: "idle", run: () => units++, next: inUnits([[1, 2, 3, 4]], 4) }], { rounds: 2, time: 0, minCalls: 3, label: "idle", beforeUnit: spin });
  expect(before).toBe(units - 1); // the untimed unit before round 0 has none
  expect(results[0].ns).toBeLessThan(100_000);
});

it("arrowLayout puts every id's UTF-8 after the one before, lone surrogates as U+FFFD", () => {
  const ids = ["sess-1", "", "ünï", "\ud800x", "日本"];
  const { data, offsets } = arrowLayout(ids);
  expect([...offsets]).toEqual([0, 6, 6, 11, 15, 21]);
  ids.forEach((id, i) => expect(Buffer.from(data.subarray(offsets[i], offsets[i + 1])).equals(Buffer.from(id))).toBe(true));
});

describe("hashringOf", () => {
  const ids = Array.from({ length: 2000 }, (_, i) => `session-${i}`);

  it("in the hashring dialect, builds the very ring: get() answers as route() does", () => {
    const router = new RegionRouter({ compatibleWith: "hashring", vnodeCount: 13, replicas: 3 });
    router.addRegions([["a", 1], ["b", 2], ["c", 5]]);
    const hashring = hashringOf(router, process.cwd())!;
    expect(hashring.name).toBe("npm hashring 3.2.0");
    for (const id of ids) expect(hashring.get(id)).toBe(router.route(id));
  });

  it("in another dialect, holds the same regions at their weights with hashring's defaults", () => {
    const router = new RegionRouter();
    router.addRegions([["a", 1], ["b", 2]]);
    const same = new RegionRouter({ compatibleWith: "hashring" });
    same.addRegions([["a", 1], ["b", 2]]);
    const hashring = hashringOf(router, process.cwd())!;
    for (const id of ids) expect(hashring.get(id)).toBe(same.route(id));
  });
});

it("perIdRounds' typical figure is the median unit's: one disturbed unit moves the mean, not it", async () => {
  let units = 0;
  // Seven timed units a round (after one untimed): each spins 0.3 ms of CPU, the fourth 30 ms.
  const run = () => spinCpu(++units === 5 ? 30 : 0.3);
  const [result] = await perIdRounds([{ name: "once disturbed", run, next: inUnits([[1, 2, 3, 4]], 4) }], { rounds: 1, time: 0, minCalls: 7, label: "typical" });
  expect(units).toBe(8);
  // 0.3 ms of user CPU over 4 ids is 75,000 ns an id (more with the clock's own system time, which
  // a loaded machine swells); the mean carries a seventh of 30 ms, over a million.
  expect(result.typical).toBeGreaterThan(60_000);
  expect(result.ns).toBeGreaterThan(900_000);
  expect(result.typical).toBeLessThan(result.ns / 4);
});

it("perIdRounds runs beforeTask before each task's stretch (a group's, interleaved), untimed, after the first round's untimed unit", async () => {
  for (const interleave of [false, true]) {
    const log: string[] = [];
    const task = (name: string) => ({ name, run: () => log.push(name), next: inUnits([[1]], 1) });
    const results = await perIdRounds([task("a"), task("b")], {
      rounds: 2,
      time: 0,
      minCalls: 2,
      label: "beforeTask",
      group: interleave ? 2 : 0,
      interleave,
      // A collection's worth of CPU, which no figure may count.
      beforeTask: () => (log.push("|"), spinCpu(30)),
    });
    expect(log.join("")).toBe(interleave ? "ab|abab" + "|baba" : "a|aa" + "b|bb" + "|aa" + "|bb");
    for (const { ns } of results) expect(ns).toBeLessThan(5e6);
  }
});

it("perIdRounds with warmup runs each task untimed until it is steady (3 units in a row within 1.2x its fastest, after warmup ms) or 5 x warmup ms", async () => {
  /** Spin `ms` of wall time: warm() reads the clock, as the interpreter's slowness shows. */
  const spinWall = (ms: number) => {
    for (const t0 = performance.now(); performance.now() - t0 < ms; );
  };
  // A task slow for its first 2 units (not yet compiled: steady, but not warm) and one that never settles.
  const runs = (name: string, cost: (call: number) => number) => {
    let calls = 0;
    return { name, run: () => spinWall(cost(calls++)), next: inUnits([[1]], 1), untimed: () => calls };
  };
  const slowStart = runs("slow start", (call) => (call < 2 ? 12 : 0.5));
  const unsteady = runs("unsteady", (call) => (call % 2 ? 3 : 0.3));
  const warmed: { calls: number; ms: number }[] = [];
  let start = performance.now();
  await perIdRounds([slowStart, unsteady], {
    rounds: 1,
    time: 0,
    minCalls: 1,
    warmup: 20,
    label: "warmup",
    beforeTask: () => {
      warmed.push({ calls: warmed.length === 0 ? slowStart.untimed() : unsteady.untimed(), ms: performance.now() - start });
      start = performance.now();
    },
  });
  // The slow units, then 3 steady fast ones at least, and at least warmup ms.
  expect(warmed[0].calls).toBeGreaterThanOrEqual(5);
  expect(warmed[0].ms).toBeGreaterThanOrEqual(20);
  // Never steady: stopped at 5 x warmup ms, past it by at most a unit (and a busy machine's delays).
  expect(warmed[1].ms).toBeGreaterThanOrEqual(100);
  expect(warmed[1].ms).toBeLessThan(100 + 60);
  expect(warmed[1].calls - 1).toBeGreaterThanOrEqual(100 / 3.3 - 1);
});

it("perIdRounds with interleave runs a group's tasks unit by unit, each task's figures its own", async () => {
  const log: string[] = [];
  // Two groups of two; in each, one task spins ten times the CPU of the other a unit (each figure
  // is a round's median unit: one unit disturbed by a busy machine does not move it).
  const task = (name: string, ms: number) => ({ name, run: () => (log.push(name), spinCpu(ms)), next: inUnits([[1, 2, 3, 4]], 4) });
  const tasks = [task("a", 0.4), task("b", 4), task("c", 4), task("d", 0.4)];
  const results = await perIdRounds(tasks, { rounds: 2, time: 0, minCalls: 5, label: "interleave", group: 2, interleave: true });
  // Round 0: group 0 (one untimed unit each, then a, b in turn), then group 1; round 1 turns both
  // the groups and the order within them.
  expect(log.join("")).toBe("ab" + "ab".repeat(5) + "cd" + "cd".repeat(5) + "dc".repeat(5) + "ba".repeat(5));
  expect(results.map(({ name }) => name)).toEqual(["a", "b", "c", "d"]);
  for (const result of results) expect(result.rounds.typical).toHaveLength(2);
  const [a, b, c, d] = results.map(({ typical }) => typical);
  expect(b / a).toBeGreaterThan(3);
  expect(c / d).toBeGreaterThan(3);
});

it("timeCalls (region-router bench) runs each call's stretch after a full collection, so no call pays for the one before it", async () => {
  const router = new RegionRouter();
  router.addRegions([["sf", 3], ["london", 3]]);
  const ids = Array.from({ length: 64 }, (_, i) => `sess-${i}`);
  const profiler = new v8.GCProfiler();
  profiler.start();
  const timings = await timeCalls({ router, ids, batch: 16, rounds: 2, time: 1, compare: undefined, onRound: undefined });
  const full = profiler.stop().statistics.filter(({ gcType }) => gcType === "MarkSweepCompact").length;
  // Four calls on two engines, two rounds: a collection before each stretch.
  expect(timings).toHaveLength(8);
  expect(full).toBeGreaterThanOrEqual(16);
});

it("timeCalls times every id, the last batch shorter where the ids do not fill one", async () => {
  const router = new RegionRouter();
  router.addRegions([["sf", 3], ["london", 3]]);
  const ids = Array.from({ length: 3000 }, (_, i) => `sess-${i}`);
  const seen = new Set<string>();
  // Two timed units at least, of two batches of 1,024 each: three batches, the third of 952 ids.
  await timeCalls({ router, ids, batch: 1024, rounds: 1, time: 1, compare: { name: "seen", get: (id) => seen.add(id) }, onRound: undefined });
  expect(seen.size).toBe(ids.length);
});

it("unitIds: 2,048 ids a timed unit, fewer where ids are long (as many as hold 2,048 UUIDs' bytes), never none", () => {
  expect(unitIds(65_536, 65_536 * 36)).toBe(2048);
  expect(unitIds(100, 100 * 12)).toBe(2048);
  expect(unitIds(2047, 2047 * 5001)).toBe(15);
  expect(unitIds(4, 4 * 65_537)).toBe(2);
  expect(unitIds(4, 4 * 1_000_000)).toBe(1);
  expect(unitIds(1, 0)).toBe(2048);
});
