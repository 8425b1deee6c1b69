// Constructor options and the virtual-node budget they imply.
import { checkInteger, checkRecord, describe } from "./validate.js";

/** Options for `new RegionRouter(options)`. */
export interface RouterOptions {
  /**
   * Virtual nodes per unit of weight (default 1, which is the reference): a region of weight w gets
   * `${region}#0` … `${region}#${w * k - 1}`. More virtual nodes bring shares closer to weights.
   */
  readonly vnodesPerWeight?: number;
}

/** The largest vnodesPerWeight accepted. */
export const MAX_VNODES_PER_WEIGHT = 10_000;

/** The most virtual nodes one region may have (weight × vnodesPerWeight): 2^24. */
export const MAX_VNODES = 2 ** 24;

/**
 * A vnodesPerWeight as written in options or a snapshot: absent (undefined) means 1, the
 * reference; anything else, null included, must be an integer from 1 to MAX_VNODES_PER_WEIGHT.
 */
export function readVnodesPerWeight(value: unknown, parameter: string): number {
  if (value === undefined) return 1;
  checkInteger(value, parameter, 1, MAX_VNODES_PER_WEIGHT);
  return value;
}

/** vnodesPerWeight from a constructor's options (undefined, or an object with only known keys). */
export function parseOptions(options: unknown): number {
  if (options === undefined) return 1;
  checkRecord(options, "options", ["vnodesPerWeight"]);
  return readVnodesPerWeight(options.vnodesPerWeight, "options.vnodesPerWeight");
}

/** A region's virtual-node count, or a RangeError when it passes MAX_VNODES. */
export function vnodeCount(region: string, weight: number, vnodesPerWeight: number): number {
  const count = weight * vnodesPerWeight;
  if (count > MAX_VNODES) {
    throw new RangeError(
      `weight × vnodesPerWeight must be at most MAX_VNODES (${MAX_VNODES}) for region ${describe(region)}, ` +
        `got ${weight} × ${vnodesPerWeight} = ${count}`,
    );
  }
  return count;
}
