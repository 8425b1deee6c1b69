// Constructor options (and a snapshot's, which are the same fields): the dialect and its options,
// read by one function, and the virtual-node budget per region.
import { dialect, DIALECTS, MAX_VNODES_PER_WEIGHT, optionRules, type Dialect, type DialectName } from "./dialects.js";
import { checkInteger, checkObject, describe } from "./validate.js";

export { MAX_VNODES_PER_WEIGHT };
export type { DialectName };

/** Every dialect's option names. */
type OptionName = "vnodesPerWeight" | "replicas" | "vnodes" | "vnodeCount";

/**
 * Each dialect's options (the union distributed), every other dialect's option a type error too:
 * without it, TypeScript takes `{ vnodesPerWeight: 3, vnodes: 2 }` (no `compatibleWith` there to
 * tell the union's members apart).
 */
type Only<T> = T extends unknown ? T & { readonly [K in Exclude<OptionName, keyof T>]?: never } : never;

/**
 * Options for `new RegionRouter(options)`: a dialect (`compatibleWith`, by default the reference,
 * "region-router") and that dialect's own options, spelled as its library spells them. Another
 * dialect's option is a TypeError (and a type error).
 */
export type RouterOptions = Only<
  | {
      readonly compatibleWith?: "region-router";
      /**
       * Virtual nodes per unit of weight (default 1, which is the reference): a region of weight w
       * gets `${region}#0` … `${region}#${w * k - 1}`. More virtual nodes bring shares closer to weights.
       */
      readonly vnodesPerWeight?: number;
    }
  | { readonly compatibleWith: "consistent-hash-ring"; /** Virtual nodes per node (per unit of weight), default 150. */ readonly replicas?: number }
  | { readonly compatibleWith: "uhashring"; /** Virtual nodes per unit of weight, default 160. */ readonly vnodes?: number }
  | {
      readonly compatibleWith: "uhashring-ketama";
      /** Names per node before weighting, default 40. */
      readonly vnodes?: number;
      /** Points per name, 1-4, default 4. */
      readonly replicas?: number;
    }
  | {
      readonly compatibleWith: "hashring";
      /** hashring's 'vnode count': names per server before weighting, default 40. */
      readonly vnodeCount?: number;
      /** Points per name, 1-4, default 4 (hashring's compatibility: 'hash_ring' is 3). */
      readonly replicas?: number;
    }
  | { readonly compatibleWith: "libketama" }
  | { readonly compatibleWith: "hash_ring" }
>;

/** Every dialect's option names. */
const OPTION_NAMES: readonly string[] = [...new Set(DIALECTS.flatMap((name) => Object.keys(optionRules(name))))];

/** The most virtual nodes (names) one region may have: 2^24. */
export const MAX_VNODES = 2 ** 24;

/**
 * The dialect a record of options names, with every option read: `compatibleWith` (absent: the
 * reference) and the dialect's options (absent: the default; null is not absent). `parameter` names
 * the record in errors ("options", "snapshot"); `fields` are its other fields (a snapshot's
 * version and regions), which are not options.
 */
export function readDialect(record: unknown = {}, parameter: string, fields: readonly string[] = []): Dialect {
  checkObject(record, parameter);
  const { compatibleWith = "region-router" } = record as { compatibleWith?: unknown };
  if (!DIALECTS.includes(compatibleWith as DialectName)) {
    // Not a string: a TypeError; a string that names no dialect: a RangeError.
    const Error = typeof compatibleWith === "string" ? RangeError : TypeError;
    throw new Error(`${parameter}.compatibleWith must be one of ${DIALECTS.join(", ")}, got ${describe(compatibleWith)}`);
  }
  const name = compatibleWith as DialectName;
  const rules = optionRules(name);
  const refuse = (key: string) => {
    throw new TypeError(`${parameter}.${key} is not an option of compatibleWith "${name}" (its options: ${Object.keys(rules).join(", ") || "none"})`);
  };
  // Options are read as any property is, own or inherited (a getter of a class, Object.create of
  // defaults), so every enumerable name, own or inherited, must be one (not just a name that
  // Object.prototype has: toString is no option), and another dialect's option is refused wherever
  // it is found (a class's getter is not enumerable).
  for (const key in record) {
    if (key !== "compatibleWith" && !fields.includes(key) && !Object.hasOwn(rules, key)) refuse(key);
  }
  for (const key of OPTION_NAMES) if (key in record && !Object.hasOwn(rules, key)) refuse(key);
  const options: Record<string, number> = {};
  for (const [key, [fallback, max]] of Object.entries(rules)) {
    const value = (record as Record<string, unknown>)[key];
    if (value !== undefined) checkInteger(value, `${parameter}.${key}`, 1, max);
    options[key] = value === undefined ? fallback : value;
  }
  return dialect(name, options);
}

/** A RangeError when a region's name count passes MAX_VNODES. */
export function checkVnodeCount(region: string, weight: number, count: number): void {
  if (count > MAX_VNODES) {
    throw new RangeError(`region ${describe(region)} of weight ${weight} would have ${count} virtual nodes, more than MAX_VNODES (${MAX_VNODES})`);
  }
}
