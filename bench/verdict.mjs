// The rule by which the bench judges a target (bench/targets.mjs), apart so that a test can hold it.

/**
 * "met" when `measured` is within `limit` (at most it when `atMost`, a cost; at least it
 * otherwise, a speed-up); "below the floor" when it is not, and neither is `floor`, what the figure
 * would be were the implementation at its floor (measured in the same rounds); "missed" otherwise.
 * A floor is a lower bound on cost: a figure more than 10% better than its floor shows that the
 * floor was not one (measured in a disturbed phase, or not a step the implementation must take),
 * and it then proves nothing.
 * @param {{ measured: number, limit: number, atMost: boolean, floor?: number | null }} figure
 * @returns {"met" | "missed" | "below the floor"}
 */
export function verdictOf({ measured, limit, atMost, floor = null }) {
  const meets = (/** @type {number} */ x) => (atMost ? x <= limit : x >= limit);
  if (meets(measured)) return "met";
  const floorHolds = floor !== null && (atMost ? measured >= floor * 0.9 : measured <= floor / 0.9);
  return floorHolds && !meets(floor) ? "below the floor" : "missed";
}
