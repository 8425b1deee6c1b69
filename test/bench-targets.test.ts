// The bench's verdicts on its targets: every target still judged, at its limit, by the section that
// measures it (bench/targets.mjs), and the rule (verdictOf): a target is met, missed, or
// below the floor only when the floor itself misses it and the figure is no better than its floor.
import { readdirSync, readFileSync } from "node:fs";
import { expect, it } from "vitest";
import { floorWithCollections, fmt, highestFloor, judge, TARGETS, takeVerdicts, verdictOf } from "../bench/targets.mjs";

/** Every target, its limit and direction, and the section that judges it. */
const JUDGED = {
  build: { limit: 0.25, atMost: true, section: "build-speed" },
  add: { limit: 0.02, atMost: true, section: "build-speed" },
  pureAdd: { limit: 3, atMost: true, section: "build-speed" },
  ketamaBuild: { limit: 1, atMost: true, section: "build-speed" },
  bestBatch: { limit: 1.1, atMost: true, section: "batch-sizes" },
  bestIndexes: { limit: 1.15, atMost: true, section: "batch-sizes" },
  indexesFloor: { limit: 1.1, atMost: true, section: "batch-sizes" },
  bestBytes: { limit: 1.15, atMost: true, section: "batch-sizes" },
  bytesFloor: { limit: 1.2, atMost: true, section: "batch-sizes" },
  pureMany: { limit: 3, atMost: false, section: "batch-sizes" },
  loop: { limit: 2, atMost: false, section: "batch-sizes" },
  kind: { limit: 1.2, atMost: true, section: "string-kinds" },
  kindIndexes: { limit: 1.2, atMost: true, section: "string-kinds" },
  peakMemory: { limit: 2, atMost: true, section: "call-memory" },
  memoryBack: { limit: 1, atMost: true, section: "call-memory" },
  heapPerId: { limit: 1, atMost: true, section: "call-memory" },
  dialect: { limit: 1.05, atMost: true, section: "dialects" },
  updateScale: { limit: 3, atMost: true, section: "updates" },
  memoryKept: { limit: 32, atMost: true, section: "memory-back" },
  boundedLoads: { limit: 2, atMost: true, section: "gateway" },
  exclude: { limit: 1.25, atMost: true, section: "gateway" },
  suggest: { limit: 1000, atMost: true, section: "gateway" },
  startup: { limit: 2, atMost: true, section: "startup" },
  cli: { limit: 5, atMost: true, section: "cli" },
};

it("judges every target at its limit, each in the section that measures it", () => {
  expect(Object.keys(TARGETS).sort()).toEqual(Object.keys(JUDGED).sort());
  const sections = new URL("../bench/sections/", import.meta.url);
  const sources = Object.fromEntries(readdirSync(sections).map((name) => [name.replace(/\.mjs$/, ""), readFileSync(new URL(name, sections), "utf8")]));
  for (const [key, { limit, atMost, section }] of Object.entries(JUDGED)) {
    expect({ key, limit: TARGETS[key].limit, atMost: TARGETS[key].atMost }).toEqual({ key, limit, atMost });
    const judging = Object.keys(sources).filter((name) => sources[name].includes(`judge(TARGETS.${key},`));
    expect({ key, judging }).toEqual({ key, judging: [section] });
  }
});

it("keeps each verdict with its target, limit and figures as printed", () => {
  takeVerdicts();
  expect(judge(TARGETS.add, { where: "into 1,000,000 nodes", measured: 0.0086 })).toBe("met");
  expect(judge(TARGETS.pureMany, { where: "16,384 ids per call", measured: 2.9, floor: 2.95 })).toBe("below the floor");
  expect(takeVerdicts()).toEqual([
    { target: "adding a weight-1,000 region to it, of the same hashing (<= 2.00%)", where: "into 1,000,000 nodes", measured: "0.86%", floor: "", verdict: "met" },
    { target: "pure routeMany / WebAssembly routeMany (>= 3.00x)", where: "16,384 ids per call", measured: "2.90x", floor: "2.95x", verdict: "below the floor" },
  ]);
  expect(takeVerdicts()).toEqual([]);
});

it("prints a quantity's target and figures in its unit", () => {
  takeVerdicts();
  expect(judge(TARGETS.memoryKept, { where: "WebAssembly, case a", measured: 286.2 })).toBe("missed");
  expect(judge(TARGETS.suggest, { where: "9 regions", measured: 164.3 })).toBe("met");
  expect(takeVerdicts().map(({ target, measured }) => ({ target, measured }))).toEqual([
    { target: "external memory after an update, over before the case (<= 32.00 MiB)", measured: "286 MiB" },
    { target: "suggestVnodes for 9 regions: an answer in the hundreds, past 1,000, or none up to 10,000 (<= 1000 ms)", measured: "164 ms" },
  ]);
});

const cost = (measured: number, floor: number | null = null) => verdictOf({ measured, limit: 1.1, atMost: true, floor });
const speedUp = (measured: number, floor: number | null = null) => verdictOf({ measured, limit: 3, atMost: false, floor });

it("meets a cost at or under its limit and a speed-up at or over it", () => {
  expect([cost(1.1), cost(0.5, 2), speedUp(3), speedUp(4, 1)]).toEqual(["met", "met", "met", "met"]);
});

it("calls a miss below the floor only when the floor misses too", () => {
  expect([cost(1.3, 1.2), cost(1.3, 1.05), cost(1.3)]).toEqual(["below the floor", "missed", "missed"]);
  expect([speedUp(2.5, 2.6), speedUp(2.5, 3.2), speedUp(2.5)]).toEqual(["below the floor", "missed", "missed"]);
});

it("does not trust a floor that the figure beats by more than 10%", () => {
  expect([cost(1.3, 1.4), cost(1.3, 1.5)]).toEqual(["below the floor", "missed"]);
  expect([speedUp(2.5, 2.3), speedUp(2.5, 2.2)]).toEqual(["below the floor", "missed"]);
});

it("checks a ratio's floor on its numerator when told how it held", () => {
  // 1.5x against floors 2.0x apart: beaten by 25%, yet below the floor when the numerator sits at
  // its own floor (only a slower denominator would meet 1.1x); missed when it does not.
  expect([cost(1.5, 2.0), verdictOf({ measured: 1.5, limit: 1.1, atMost: true, floor: 2.0, floorHolds: true })]).toEqual(["missed", "below the floor"]);
  expect(verdictOf({ measured: 1.3, limit: 1.1, atMost: true, floor: 1.2, floorHolds: false })).toBe("missed");
  expect(verdictOf({ measured: 1.05, limit: 1.1, atMost: true, floor: 1.2, floorHolds: false })).toBe("met");
});

it("takes the highest of several floors that hold, and none that the figure beats by more than 10%", () => {
  // A call's steps (cost 500, ratio 5.5x) beaten by 20%; its UTF-8 step (cost 400, ratio 4.5x) holds.
  expect(highestFloor(420, [{ cost: 500, ratio: 5.5 }, { cost: 400, ratio: 4.5 }])).toEqual({ floor: 4.5, floorHolds: true });
  expect(highestFloor(500, [{ cost: 500, ratio: 5.5 }, { cost: 400, ratio: 4.5 }])).toEqual({ floor: 5.5, floorHolds: true });
  expect(highestFloor(300, [{ cost: 500, ratio: 5.5 }, { cost: 400, ratio: 4.5 }])).toEqual({ floor: 5.5, floorHolds: false });
});

it("takes a floor's own word on whether it holds, when it gives one", () => {
  // Beaten by 40% on the whole, yet holding (its work is the call's: collections fell elsewhere).
  expect(highestFloor(300, [{ cost: 500, ratio: 5.5, holds: true }, { cost: 400, ratio: 4.5 }])).toEqual({ floor: 5.5, floorHolds: true });
  // Costing more than the figure, yet not holding (the call's work is more than 10% under it).
  expect(highestFloor(600, [{ cost: 500, ratio: 5.5, holds: false }, { cost: 400, ratio: 4.5 }])).toEqual({ floor: 4.5, floorHolds: true });
});

it("gives a floor the collections that fell in the call's runs, and judges it on work", () => {
  // The call: 200 ns an id in all, 80 in calls without a collection (120 of collections); the
  // floor: 100 in all (it met fewer), 75 without. Its cost with the call's collections: 75 + 120.
  expect(floorWithCollections({ ns: 100, work: 75 }, { ns: 200, work: 80 })).toEqual({ cost: 195, holds: true });
  // The call's work 30% under the floor's: that floor was none.
  expect(floorWithCollections({ ns: 100, work: 100 }, { ns: 200, work: 70 })).toEqual({ cost: 230, holds: false });
  // No calls without a collection on either side: the floor as measured, judged on the totals.
  expect(floorWithCollections({ ns: 100, work: NaN }, { ns: 200, work: 80 })).toEqual({ cost: 100, holds: true });
  expect(floorWithCollections({ ns: 100, work: 75 }, { ns: 85, work: NaN })).toEqual({ cost: 100, holds: false });
});

it("prints a figure that was not measured as n/a, and the rest at their precision", () => {
  // A kind's "without a collection" cell is NaN when a collection fell in every call it timed.
  expect(fmt(NaN)).toBe("n/a");
  expect(fmt(45.94)).toBe("45.9");
  expect(fmt(3.047, 2)).toBe("3.05");
  expect(fmt(158.4)).toBe("158");
});
