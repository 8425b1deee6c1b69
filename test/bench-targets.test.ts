// The bench's verdicts on issue 14's targets (bench/verdict.mjs): a target is met, missed, or
// below the floor only when the floor itself misses it and the figure is no better than its floor.
import { expect, it } from "vitest";
import { fmt } from "../bench/format.mjs";
import { floorWithCollections, highestFloor, verdictOf } from "../bench/verdict.mjs";

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
