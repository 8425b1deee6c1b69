// Snapshots: toJSON()'s plain-data form of a ring definition, and its strict reader for fromJSON().
// The reader checks everything before anything is built, so a bad snapshot never half-builds a router.
import { readVnodesPerWeight, vnodeCount } from "../options.js";
import { checkRecord, describe, readPairs } from "../validate.js";

export interface RouterSnapshot {
  readonly version: 1;
  readonly vnodesPerWeight: number;
  /** [region, weight] pairs in weights() order (weight-0 regions included). */
  readonly regions: [string, number][];
}

/** A validated ring definition. */
export interface RingDefinition {
  readonly vnodesPerWeight: number;
  readonly regions: readonly (readonly [string, number])[];
}

export function toSnapshot(vnodesPerWeight: number, weights: Iterable<[string, number]>): RouterSnapshot {
  return { version: 1, vnodesPerWeight, regions: [...weights] };
}

export function parseSnapshot(value: unknown): RingDefinition {
  if (typeof value === "string") {
    throw new TypeError(`snapshot must be an object (what toJSON() returns; JSON.parse text first), got ${describe(value)}`);
  }
  checkRecord(value, "snapshot", ["version", "vnodesPerWeight", "regions"]);
  const { version, regions } = value;
  if (typeof version !== "number") throw new TypeError(`snapshot.version must be the number 1, got ${describe(version)}`);
  if (version !== 1) throw new RangeError(`snapshot.version ${describe(version)} is not supported (this version reads 1)`);
  const vnodesPerWeight = readVnodesPerWeight(value.vnodesPerWeight, "snapshot.vnodesPerWeight");
  if (!Array.isArray(regions)) {
    throw new TypeError(`snapshot.regions must be an array of [region, weight] pairs, got ${describe(regions)}`);
  }
  const out = readPairs(regions, "snapshot.regions");
  const firstIndex = new Map<string, number>();
  out.forEach(([region, weight], i) => {
    const first = firstIndex.get(region);
    if (first !== undefined) {
      throw new RangeError(`snapshot.regions[${i}][0] ${describe(region)} repeats snapshot.regions[${first}][0]`);
    }
    vnodeCount(region, weight, vnodesPerWeight);
    firstIndex.set(region, i);
  });
  return { vnodesPerWeight, regions: out };
}
