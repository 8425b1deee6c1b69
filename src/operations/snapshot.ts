// Snapshots: toJSON()'s plain-data form of a ring definition, and its strict reader for fromJSON().
// The reader checks everything before anything is built, so a bad snapshot never half-builds a router.
import type { Dialect } from "../dialects.js";
import { dialectOfFields, type RouterOptions } from "../options.js";
import { checkPlainObject, describe, fieldsOf, readPairs } from "../validate.js";
import { copyJsonData } from "./json-data.js";

/** A snapshot's fields besides the dialect's: the format and the regions. */
export interface SnapshotFields {
  readonly version: 1;
  /** [region, weight] pairs in weights() order (weight-0 regions included). */
  readonly regions: readonly (readonly [string, number])[];
  /** The caller's own data (a config store's fields, say), kept and returned as given, outside the fingerprint. */
  readonly meta?: Record<string, unknown>;
}

/**
 * `{ version: 1, vnodesPerWeight, regions }` in the default dialect (as before dialects existed),
 * else `{ version: 1, compatibleWith, ...its options, regions }`: one member per dialect, as
 * RouterOptions has, so another dialect's option is a type error naming the dialect in force.
 */
export type RouterSnapshot = RouterOptions extends infer T ? (T extends unknown ? T & SnapshotFields : never) : never;

/** The snapshot's fields that are not options. */
const FIELDS = ["version", "regions", "meta"];

/** A validated ring definition: the constructor's options, the regions to add, in order, and the meta, if any (a copy). */
export interface RingDefinition {
  /** The dialect read, and the same as constructor options. */
  readonly dialect: Dialect;
  readonly options: RouterOptions;
  readonly regions: readonly (readonly [string, number])[];
  readonly meta: Record<string, unknown> | undefined;
}

/** Region -> weight of a router's region table, in its order (what weights() gives, read from the table itself). */
export function weightsOf(regions: ReadonlyMap<string, { readonly weight: number }>): Map<string, number> {
  const out = new Map<string, number>();
  for (const [region, { weight }] of regions) out.set(region, weight);
  return out;
}

/** toJSON()'s snapshot of a ring definition: its dialect and options, its regions (weightsOf's), its meta. */
export function toSnapshot(dialect: Dialect, weights: Iterable<[string, number]>, meta?: Record<string, unknown>): RouterSnapshot {
  const named = dialect.name === "region-router" ? {} : { compatibleWith: dialect.name };
  const kept = meta === undefined ? {} : { meta: copyMeta(meta) };
  return { version: 1, ...named, ...dialect.options, regions: [...weights], ...kept } as RouterSnapshot;
}

/** A deep copy of a meta object already read (readMeta), so that neither the caller's object nor the router's changes the other. */
export const copyMeta = (meta: Record<string, unknown>): Record<string, unknown> => copyJsonData(meta, "meta") as Record<string, unknown>;

/** snapshot.meta, checked and copied: a plain object of JSON data, or absent. */
function readMeta(meta: unknown): Record<string, unknown> | undefined {
  if (meta === undefined) return undefined;
  checkPlainObject(meta, "snapshot.meta", "a plain object of JSON data");
  return copyJsonData(meta, "snapshot.meta") as Record<string, unknown>;
}

export function parseSnapshot(value: unknown): RingDefinition {
  if (typeof value === "string") {
    throw new TypeError(`snapshot must be an object (what toJSON() returns; JSON.parse text first), got ${describe(value)}`);
  }
  // Every field is read from the snapshot's own properties (as the constructor reads options),
  // unknown fields refused.
  const fields = fieldsOf(value, "snapshot");
  const dialect = dialectOfFields(fields, "snapshot", FIELDS, "; put your own data in snapshot.meta");
  const version = fields.get("version"), regions = fields.get("regions");
  if (typeof version !== "number") throw new TypeError(`snapshot.version must be the number 1, got ${describe(version)}`);
  if (version !== 1) throw new RangeError(`snapshot.version ${describe(version)} is not supported (this version reads 1)`);
  if (!Array.isArray(regions)) {
    throw new TypeError(`snapshot.regions must be an array of [region, weight] pairs, got ${describe(regions)}`);
  }
  const meta = readMeta(fields.get("meta"));
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
  return { dialect, options: { compatibleWith: dialect.name, ...dialect.options } as RouterOptions, regions: out, meta };
}
