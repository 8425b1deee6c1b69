// Snapshots: toJSON()'s plain-data form of a ring definition, and its strict reader for fromJSON().
// The reader checks everything before anything is built, so a bad snapshot never half-builds a router.
import type { Dialect } from "../dialects.js";
import { readDialect, type RouterOptions } from "../options.js";
import { checkObject, describe, readPairs } from "../validate.js";

/**
 * `{ version: 1, vnodesPerWeight, regions }` in the default dialect (as before dialects existed),
 * else `{ version: 1, compatibleWith, ...its options, regions }`.
 */
export type RouterSnapshot = {
  readonly version: 1;
  readonly compatibleWith?: string;
  readonly vnodesPerWeight?: number;
  readonly replicas?: number;
  readonly vnodes?: number;
  readonly vnodeCount?: number;
  /** [region, weight] pairs in weights() order (weight-0 regions included). */
  readonly regions: [string, number][];
};

/** A validated ring definition: the constructor's options and the regions to add, in order. */
export interface RingDefinition {
  readonly options: RouterOptions;
  readonly regions: readonly (readonly [string, number])[];
}

export function toSnapshot(dialect: Dialect, weights: Iterable<[string, number]>): RouterSnapshot {
  const named = dialect.name === "region-router" ? {} : { compatibleWith: dialect.name };
  return { version: 1, ...named, ...dialect.options, regions: [...weights] };
}

export function parseSnapshot(value: unknown): RingDefinition {
  if (typeof value === "string") {
    throw new TypeError(`snapshot must be an object (what toJSON() returns; JSON.parse text first), got ${describe(value)}`);
  }
  checkObject(value, "snapshot");
  // The dialect and its options are read as the constructor reads them (own or inherited), unknown
  // fields refused.
  const { version, regions } = value as Record<string, unknown>;
  const dialect = readDialect(value, "snapshot", ["version", "regions"]);
  if (typeof version !== "number") throw new TypeError(`snapshot.version must be the number 1, got ${describe(version)}`);
  if (version !== 1) throw new RangeError(`snapshot.version ${describe(version)} is not supported (this version reads 1)`);
  if (!Array.isArray(regions)) {
    throw new TypeError(`snapshot.regions must be an array of [region, weight] pairs, got ${describe(regions)}`);
  }
  const out = readPairs(regions, "snapshot.regions");
  const firstIndex = new Map<string, number>();
  out.forEach(([region], i) => {
    const first = firstIndex.get(region);
    if (first !== undefined) {
      throw new RangeError(`snapshot.regions[${i}][0] ${describe(region)} repeats snapshot.regions[${first}][0]`);
    }
    firstIndex.set(region, i);
  });
  // Name counts past MAX_VNODES are refused by the router's addRegions, before it builds anything.
  return { options: { compatibleWith: dialect.name, ...dialect.options } as RouterOptions, regions: out };
}
