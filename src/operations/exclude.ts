// route() and routeMany() around excluded regions (a region down or draining): a session goes to
// the first region of its preferenceList() that is not excluded, which is where it would go with
// those regions removed (in the dialects of absolute weights; in the others, the library's replica
// order). A batch is routed by the engine as it is, through the router's table with the excluded
// owners unnamed (routeMany) or marked (routeIndexes), and only the sessions that land on an
// excluded region walk on, from the node they landed on: no id is routed twice.
import { regionOf, type RegionTable, type Ring } from "../engines/ring.js";
import { describe, eachItem, isPlain, optionFields } from "../validate.js";
import { walkOwners } from "./preference.js";

/** What route() and routeMany() take beside their session ids. */
export interface RouteOptions {
  /**
   * Regions to route around: any iterable of region names (read once per call). A session goes to
   * the first region of its preferenceList() not excluded; null when every region owning positions
   * is excluded. Names that are not regions are ignored. (An object: a string would exclude its characters.)
   */
  readonly exclude?: (Iterable<string> & object) | undefined;
}

/**
 * The names `options.exclude` gives (namesOf), for a call of `kind` ("route", "acquire"). Options
 * are a plain object read from its own properties only, and an unknown one is a TypeError (a
 * misspelt option would otherwise route to the region the caller meant to avoid).
 */
export function readExclude(options: unknown, kind = "route"): Set<string> {
  // The common case, an object of exclude alone, read without a map of its fields.
  if (typeof options === "object" && options !== null && isPlain(options)) {
    const keys = Object.keys(options);
    if (keys.length === 1 && keys[0] === "exclude") return namesOf((options as RouteOptions).exclude);
  }
  return namesOf(optionFields(options, "options", ["exclude"], kind).get("exclude"));
}

/**
 * The names of an `options.exclude` value (route's, BoundedLoads.acquire's): an iterable of strings
 * read once, each checked; none when undefined. A string is refused (a String object too): it would exclude its characters.
 */
export function namesOf(exclude: unknown): Set<string> {
  const names = new Set<string>();
  if (exclude === undefined) return names;
  if (exclude === null || typeof (exclude as Iterable<unknown>)[Symbol.iterator] !== "function" || typeof exclude === "string" || exclude instanceof String) {
    throw new TypeError(`options.exclude must be an iterable of region names, got ${describe(exclude)}`);
  }
  let i = 0;
  const add = (name: unknown): void => {
    if (typeof name !== "string") throw new TypeError(`options.exclude[${i}] must be a string, got ${describe(name)}`);
    names.add(name);
    i++;
  };
  eachItem(exclude as Iterable<unknown>, "options.exclude", add);
  return names;
}

/** What exclusionOf reads of a router's region table: its regions' owners and name counts, and how many regions own positions. */
export interface ExcludeTable {
  readonly regions: ReadonlyMap<string, { readonly owner: number; readonly names: number }>;
  readonly owning: number;
}

/** One call's excluded regions: their owners (names that are not regions left out), and whether a region owning positions is left. */
export interface Exclusion {
  readonly owners: ReadonlySet<number>;
  readonly open: boolean;
}

/** The `excluded` names as a router's table (`table`) gives them: a look-up each, no pass over every region. */
export function exclusionOf(excluded: ReadonlySet<string>, { regions, owning }: ExcludeTable): Exclusion {
  const owners = new Set<number>();
  let closed = 0;
  for (const name of excluded) {
    const entry = regions.get(name);
    if (entry === undefined) continue;
    owners.add(entry.owner);
    if (entry.names > 0) closed++;
  }
  return { owners, open: closed < owning };
}

/**
 * The first region not excluded walking clockwise from a key's position (`start`: Ring.locate's),
 * through the owner -> region table `names`; null when there is none.
 */
export function routeAround(ring: Ring, start: number, names: RegionTable, { owners, open }: Exclusion): string | null {
  if (start < 0 || !open) return null;
  return regionOf(walkOwners(ring, start, (owner) => !owners.has(owner)), names);
}
