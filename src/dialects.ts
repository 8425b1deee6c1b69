// Ring dialects: how other consistent-hash libraries place and search their rings, so a router can
// give, key for key, the answer of the library a team already runs. A dialect is one row of RULES:
// its library's virtual-node names (region + separator + decimal index), its options, how many
// names a region gets (with the library's own arithmetic where weights are relative), and the
// Scheme the engines follow (128-bit positions or 32-bit ketama points, at-or-after or
// strictly-after search, which of equal points wins). Everything that lists options (the reader,
// snapshots, fingerprints, the CLI's flags and help) reads them from the rows. The sources each
// was read from, and what is not copied, are in docs/dialects.md.
import type { Scheme, VnodeRun } from "./engines/ring.js";

/**
 * The largest count of names an option accepts (vnodesPerWeight, vnodes, vnodeCount and
 * consistent-hash-ring's replicas); the ketama dialects' replicas, points per name, stop at 4.
 */
export const MAX_VNODES_PER_WEIGHT = 10_000;

/** An option of a dialect: an integer from 1 to `max`, `default` when not given. */
export interface OptionRow {
  readonly default: number;
  readonly max: number;
  /** What it means, briefly (the demo's tooltip). */
  readonly doc: string;
}

/**
 * A relative dialect's names for one region: its weight, the total weight, the number of regions,
 * the options, and the region's name where the caller has it.
 */
type Share = (weight: number, total: number, regions: number, options: Readonly<Record<string, number>>, region?: string) => number;

/** A dialect: everything that differs between dialects. */
export interface DialectRow {
  /** Between the region's name and a virtual node's index. */
  readonly separator: string;
  /**
   * The options, in the order snapshots, fingerprints and the CLI list them. Where weights are
   * absolute (no `share`), the first multiplies weights.
   */
  readonly options: Readonly<Record<string, OptionRow>>;
  /** Scheme.points: 0 for 128-bit positions, else 32-bit points per name, or the option that gives it. */
  readonly points: number | string;
  /** Scheme.strict: a key goes to the first position strictly after its own (bisect_right). */
  readonly strict: boolean;
  /** Scheme.lastWins: of equal points, the last generated owns it. */
  readonly lastWins: boolean;
  /**
   * The library's arithmetic for relative weights (every region counts, weight-0 ones included; no
   * names when the total is 0); without it, weights are absolute: weight x the first option names.
   */
  readonly share?: Share;
}

/** The option that counts a region's names (per unit of weight, or per node before weighting): a dialect's first, what suggestVnodes chooses. */
const count = (fallback: number, doc: string): OptionRow => ({ default: fallback, max: MAX_VNODES_PER_WEIGHT, doc });
/** Ketama replicas: points per name, one per 32-bit word of the 128-bit digest. */
const replicas = (doc: string): OptionRow => ({ default: 4, max: 4, doc });

// The rows in the order users see them (error messages, the CLI's help, the docs' tables): the
// default, the other 128-bit dialects, then the ketama ones (32-bit points).
const RULES = {
  // The reference (region_router.py): `${region}#${i}`, bisect_left.
  "region-router": {
    separator: "#",
    options: { vnodesPerWeight: count(1, "virtual nodes per unit of weight") },
    points: 0,
    strict: false,
    lastWins: false,
  },
  // The blog post's ConsistentHashRing: `${node}:vnode:${i}`, bisect_right, `replicas` per node
  // (the post has no weights: weight w gives w x replicas, an extension).
  "consistent-hash-ring": {
    separator: ":vnode:",
    options: { replicas: count(150, "virtual nodes per node (per unit of weight)") },
    points: 0,
    strict: true,
    lastWins: false,
  },
  // uhashring 2.x default mode (ring_meta.py): `${node}-${w}` for w < vnodes x weight, the 128-bit
  // MD5 integer, bisect (right).
  uhashring: {
    separator: "-",
    options: { vnodes: count(160, "virtual nodes per unit of weight") },
    points: 0,
    strict: true,
    lastWins: false,
  },
  // uhashring 2.x, hash_fn="ketama" (ring_ketama.py): (vnodes x len(nodes) x weight) // weight_sum
  // names per node (integers below 2^53, so exact in doubles), `replicas` little-endian words each,
  // bisect (right); of equal points the ring dict keeps the last written.
  "uhashring-ketama": {
    separator: "-",
    options: { vnodes: count(40, "names per node before weighting"), replicas: replicas("points per name") },
    points: "replicas",
    strict: true,
    lastWins: true,
    share: (weight, total, regions, { vnodes }) => Math.floor((vnodes * regions * weight) / total),
  },
  // npm hashring 3.2.0 (index.js continuum): Math.floor(weight / total * vnodes * servers), JS
  // doubles in that order (7 equal servers get 39 names of 40), `replicas` words each; a stable
  // sort, then a search for the first point >= the key's: the first generated of equal points. A
  // server named "__proto__" gets no names: hashring looks its vnode count up in a plain object,
  // where that name is the prototype (no number), though its weight counts in the total.
  hashring: {
    separator: "-",
    options: { vnodeCount: count(40, "names per server before weighting"), replicas: replicas("points per name") },
    points: "replicas",
    strict: false,
    lastWins: false,
    share: (weight, total, regions, { vnodeCount }, region) =>
      region === "__proto__" ? 0 : Math.floor((weight / total) * vnodeCount * regions),
  },
  // libketama (RJ/ketama, ketama.c): floorf(pct * 40.0 * (float)numservers), pct a C float, the
  // product a double that floorf takes as a float; four words per name; glibc's qsort (a stable
  // merge sort) and a search for the first point >= the key's: the first generated of equal points.
  libketama: {
    separator: "-",
    options: {},
    points: 4,
    strict: false,
    lastWins: false,
    share: (weight, total, regions) => Math.floor(Math.fround(Math.fround(Math.fround(weight) / Math.fround(total)) * 40 * regions)),
  },
  // Python hash_ring 1.3.1 (Doist/hash_ring): math.floor((40 * len(nodes) * weight) / total), three
  // words per name, bisect (right); of equal points the ring dict keeps the last written.
  hash_ring: {
    separator: "-",
    options: {},
    points: 3,
    strict: true,
    lastWins: true,
    share: (weight, total, regions) => Math.floor((40 * regions * weight) / total),
  },
} as const satisfies Readonly<Record<string, DialectRow>>;

type Rows = typeof RULES;

/** Every dialect's name. */
export type DialectName = keyof Rows;

/** The options of dialect D, by name. */
export type OptionNameOf<D extends DialectName> = keyof Rows[D]["options"] & string;

/** Every dialect's option names. */
export type OptionName = { [D in DialectName]: OptionNameOf<D> }[DialectName];

/** Every dialect's name, the default first. */
export const DIALECTS = Object.keys(RULES) as DialectName[];

/** Every option of every dialect, each once, in the order the dialects list them. */
export const OPTION_NAMES = [...new Set(DIALECTS.flatMap((name) => Object.keys(RULES[name].options)))] as OptionName[];

/** Whether `value` names a dialect (an own key of RULES: "toString" names none). */
export function isDialectName(value: unknown): value is DialectName {
  return typeof value === "string" && Object.hasOwn(RULES, value);
}

/** A dialect with its options read: everything the router and the engines need of it. */
export interface Dialect {
  readonly name: DialectName;
  /** The options, every one given or defaulted, in the dialect's order. */
  readonly options: Readonly<Record<string, number>>;
  readonly scheme: Scheme;
  /** A region's names depend on the other regions' weights (so every update rebuilds the ring). */
  readonly relative: boolean;
  /** The text before a virtual node's index: region + separator. */
  prefix(region: string): string;
  /** A region's `count` virtual nodes, of `owner`, at `rank` in generation order (Ring.update's VnodeRun). */
  run(region: string, owner: number, count: number, rank: number): VnodeRun;
  /**
   * Names per region for these weights (all regions, in order); `regions`, their names, where the
   * dialect's arithmetic looks at names (hashring's "__proto__").
   */
  names(weights: readonly number[], regions?: readonly string[]): number[];
}

/** The options of a dialect: name -> default, largest value and meaning, in the dialect's order. */
export function optionRules(name: DialectName): Readonly<Record<string, OptionRow>> {
  return RULES[name].options;
}

/** The dialect `name` with `options` (already checked: every key known, every value in range). */
export function dialect(name: DialectName, options: Readonly<Record<string, number>>): Dialect {
  const row: DialectRow = RULES[name];
  const { separator, points, strict, lastWins, share } = row;
  const perWeight = Object.values(options)[0];
  const prefix = (region: string): string => region + separator;
  return {
    name,
    options,
    scheme: { points: typeof points === "string" ? options[points] : points, strict, lastWins },
    relative: share !== undefined,
    prefix,
    run: (region, owner, count, rank) => ({ owner, prefix: prefix(region), count, rank }),
    names(weights, regions) {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      return weights.map((weight, i) =>
        !share ? weight * perWeight : total > 0 ? share(weight, total, weights.length, options, regions?.[i]) : 0,
      );
    },
  };
}
