// Constructor options (and a snapshot's, which are the same fields): the dialect and its options,
// read by one function for every caller (the constructor, fromJSON, the CLI's flags), and the
// virtual-node budget per region.
import { dialect, isDialectName, MAX_VNODES_PER_WEIGHT, optionRules, DIALECTS, OPTION_NAMES, type Dialect, type DialectName, type OptionName } from "./dialects.js";
import { checkInteger, describe, fieldsOf } from "./validate.js";

export { MAX_VNODES_PER_WEIGHT };
export type { DialectName };

/** Whether key is some dialect's option. */
const isOptionName = (key: string): boolean => (OPTION_NAMES as readonly string[]).includes(key);

/**
 * The type of another dialect's option: its name says which dialect is in force, so that
 * TypeScript's error reads "Type 'number' is not assignable to type 'NotAnOptionOf<"hashring">'".
 */
export interface NotAnOptionOf<D extends DialectName> {
  readonly "is not an option of compatibleWith": D;
}

/**
 * Each dialect's options (the union distributed), every other dialect's option a type error too:
 * without it, TypeScript takes `{ vnodesPerWeight: 3, vnodes: 2 }` (no `compatibleWith` there to
 * tell the union's members apart).
 */
type Only<T> = T extends { readonly compatibleWith?: DialectName | undefined }
  ? T & { readonly [K in Exclude<OptionName, keyof T>]?: NotAnOptionOf<NonNullable<T["compatibleWith"]>> | undefined }
  : never;

/**
 * Options for `new RegionRouter(options)`: a dialect (`compatibleWith`, by default the reference,
 * "region-router") and that dialect's own options, spelled as its library spells them. Another
 * dialect's option is a TypeError (and a type error). Written out for the documentation; a type
 * test checks it against src/dialects.ts's rows. The default dialect comes last: where options
 * have no compatibleWith, TypeScript reports against the last member, which is then the one meant.
 */
export type RouterOptions = Only<DialectOptions>;

/** Each dialect's own options, its member of RouterOptions (see there). */
type DialectOptions =
  | { readonly compatibleWith: "consistent-hash-ring"; /** Virtual nodes per node (per unit of weight), default 150. */ readonly replicas?: number | undefined }
  | { readonly compatibleWith: "uhashring"; /** Virtual nodes per unit of weight, default 160. */ readonly vnodes?: number | undefined }
  | {
      readonly compatibleWith: "uhashring-ketama";
      /** Names per node before weighting, default 40. */
      readonly vnodes?: number | undefined;
      /** Points per name, 1-4, default 4. */
      readonly replicas?: number | undefined;
    }
  | {
      readonly compatibleWith: "hashring";
      /** hashring's 'vnode count': names per server before weighting, default 40. */
      readonly vnodeCount?: number | undefined;
      /** Points per name, 1-4, default 4 (hashring's compatibility: 'hash_ring' is 3). */
      readonly replicas?: number | undefined;
    }
  | { readonly compatibleWith: "libketama" }
  | { readonly compatibleWith: "hash_ring" }
  | {
      readonly compatibleWith?: "region-router" | undefined;
      /**
       * Virtual nodes per unit of weight (default 1, which is the reference): a region of weight w
       * gets `${region}#0` … `${region}#${w * k - 1}`. More virtual nodes bring shares closer to weights.
       */
      readonly vnodesPerWeight?: number | undefined;
    };

/**
 * The options a router holds (`router.options`, a suggestion's `options`): its dialect's member of
 * RouterOptions with `compatibleWith` and every option filled in, so that narrowing on
 * `compatibleWith` gives numbers (another dialect's option reads as undefined, and is never there:
 * a constructor takes it back under exactOptionalPropertyTypes too).
 */
export type ResolvedRouterOptions = DialectOptions extends infer T
  ? T extends unknown
    ? { readonly [K in keyof T]-?: NonNullable<T[K]> } & { readonly [K in Exclude<OptionName, keyof T>]?: never }
    : never
  : never;

/** The most virtual nodes (names) one region may have: 2^24. */
export const MAX_VNODES = 2 ** 24;

/** How a caller's faults are worded: the library's TypeError and RangeError, the CLI's UsageError. */
export interface OptionWording {
  /** `value` (the dialect as given) names no dialect. */
  unknownDialect(value: unknown): Error;
  /** `key` was given but is no option of dialect `name`. */
  notAnOption(key: string, name: DialectName): Error;
  /** The value given for `option`, checked (an integer from 1 to `max`), or a throw. */
  value(option: string, given: unknown, max: number): number;
}

/**
 * The one reader of a dialect and its options. `name`: the dialect as given; `given`: every other
 * key given, with its value (undefined: not given); `base`: the values of options not given (else
 * the dialect's defaults). Faults, in this order: the name, the first key given that is no option
 * of the dialect, then each option's value in the dialect's order.
 */
export function readOptions(name: unknown, given: ReadonlyMap<string, unknown>, wording: OptionWording, base?: Readonly<Record<string, number>>): Dialect {
  if (!isDialectName(name)) throw wording.unknownDialect(name);
  const rules = optionRules(name);
  // Another dialect's option given as undefined is not given (a config spread with the keys of every dialect).
  for (const [key, value] of given) if (!Object.hasOwn(rules, key) && !(value === undefined && isOptionName(key))) throw wording.notAnOption(key, name);
  // Own data properties (fromEntries defines them): a setter or a read-only option name on Object.prototype changes nothing.
  const options = Object.fromEntries(Object.entries(rules).map(([option, { default: fallback, max }]) => {
    const value = given.get(option);
    return [option, value !== undefined ? wording.value(option, value, max) : (base?.[option] ?? fallback)];
  }));
  return dialect(name, options);
}

/** The options' names of a dialect, for messages: "vnodeCount, replicas", "none". */
function optionList(name: DialectName): string {
  return Object.keys(optionRules(name)).join(", ") || "none";
}

/**
 * The dialect a record of options names, with every option read: `compatibleWith` (absent: the
 * reference) and the dialect's options (absent or undefined: the default; null is not absent).
 * The record must be a plain object, read from its own properties only (fieldsOf): nothing
 * inherited is read, so a polluted Object.prototype changes nothing. `parameter` names the record
 * in errors ("options").
 */
export function readDialect(record: unknown, parameter: string): Dialect {
  return dialectOfFields(fieldsOf(record === undefined ? {} : record, parameter), parameter);
}

/**
 * The dialect of a record already read into its fields; `others` are its fields that are not
 * options (a snapshot's version and regions).
 */
export function dialectOfFields(fields: ReadonlyMap<string, unknown>, parameter: string, others: readonly string[] = [], hint = ""): Dialect {
  const given = new Map([...fields].filter(([key]) => key !== "compatibleWith" && !others.includes(key)));
  const named = fields.get("compatibleWith");
  return readOptions(named === undefined ? "region-router" : named, given, {
    unknownDialect(value) {
      // Not a string: a TypeError; a string that names no dialect: a RangeError.
      const Error = typeof value === "string" ? RangeError : TypeError;
      return new Error(`${parameter}.compatibleWith must be one of ${DIALECTS.join(", ")}, got ${describe(value)}`);
    },
    notAnOption: (key, name) => new TypeError(`${parameter}.${key} is not an option of compatibleWith "${name}" (its options: ${optionList(name)})${isOptionName(key) ? "" : hint}`),
    value(option, value, max) {
      checkInteger(value, `${parameter}.${option}`, 1, max);
      return value;
    },
  });
}

/** A RangeError when a region's name count passes MAX_VNODES. */
export function checkVnodeCount(region: string, weight: number, count: number): void {
  if (count > MAX_VNODES) {
    throw new RangeError(`region ${describe(region)} of weight ${weight} would have ${count} virtual nodes, more than MAX_VNODES (${MAX_VNODES})`);
  }
}

/** A dialect and its options as messages name them: "hashring (vnodeCount 40, replicas 4)", "libketama". */
export function describeDialect({ name, options }: Dialect): string {
  const list = Object.entries(options).map(([option, value]) => `${option} ${value}`);
  return list.length === 0 ? name : `${name} (${list.join(", ")})`;
}
