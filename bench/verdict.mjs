// The rule by which the bench judges a target (bench/targets.mjs), apart so that a test can hold it.

/** Whether a cost is no more than 10% under its floor's: a floor it beats by more proves nothing. */
export const holds = (/** @type {number} */ cost, /** @type {number} */ floor) => cost >= 0.9 * floor;

/**
 * "met" when `measured` is within `limit` (at most it when `atMost`, a cost; else at least it, a
 * speed-up); "below the floor" when it is not and neither is `floor`, the figure at the
 * implementation's floor (measured in the same rounds), unless the figure beats its floor by more
 * than 10% (then that was no floor); "missed" otherwise. `floorHolds`, when given, says instead
 * whether the floor holds: a ratio of costs is checked on its numerator, as its denominator may
 * sit further above its own floor.
 * @param {{ measured: number, limit: number, atMost: boolean, floor?: number | null, floorHolds?: boolean }} figure
 * @returns {"met" | "missed" | "below the floor"}
 */
export function verdictOf({ measured, limit, atMost, floor = null, floorHolds: given }) {
  const meets = (/** @type {number} */ x) => (atMost ? x <= limit : x >= limit);
  if (meets(measured)) return "met";
  const floorHolds = floor !== null && (given ?? (atMost ? holds(measured, floor) : holds(floor, measured)));
  return floorHolds && !meets(floor) ? "below the floor" : "missed";
}

/**
 * One floor for a ratio of costs from several, each a lower bound on the numerator's cost (`cost`
 * ns) with the ratio it gives (`ratio`): the highest of those that hold, with floorHolds true; when
 * none holds, the first, with floorHolds false. A floor holds when the numerator (`measured` ns) is
 * no more than 10% under its cost, or as its `holds` says when given (floorWithCollections).
 * @param {number} measured
 * @param {{ cost: number, ratio: number, holds?: boolean }[]} floors
 * @returns {{ floor: number, floorHolds: boolean }}
 */
export function highestFloor(measured, floors) {
  const holding = floors.filter((floor) => floor.holds ?? holds(measured, floor.cost));
  if (holding.length === 0) return { floor: floors[0].ratio, floorHolds: false };
  return { floor: Math.max(...holding.map(({ ratio }) => ratio)), floorHolds: true };
}

/**
 * A floor measured beside a call, given the collections that fell in the call's own runs. Each is
 * { ns, work } ns per id: over all calls, and over the calls in which no collection ran (NaN when
 * none). Which of two tasks that allocate alike meets more collections in a run is luck, and one
 * costs about a 65,536-id call's work: so the floor's cost is its work plus the call's collections
 * (call.ns - call.work), holding when the call's work is no more than 10% under the floor's.
 * Without calls free of collections on either side, the floor as measured.
 * @param {{ ns: number, work: number }} floor
 * @param {{ ns: number, work: number }} call
 * @returns {{ cost: number, holds: boolean }}
 */
export function floorWithCollections(floor, call) {
  if (!Number.isFinite(floor.work) || !Number.isFinite(call.work)) return { cost: floor.ns, holds: holds(call.ns, floor.ns) };
  return { cost: floor.work + (call.ns - call.work), holds: holds(call.work, floor.work) };
}
