// Ring dialects: how other consistent-hash libraries place and search their rings, so a router can
// give, key for key, the answer of the library a team already runs. Each dialect is its library's
// virtual-node names (region + separator + decimal index), how many names a region gets (with the
// library's own arithmetic where weights are relative), and the Scheme the engines follow (128-bit
// positions or 32-bit ketama points, at-or-after or strictly-after search, which of equal points
// wins). The sources each was read from, and what is not copied, are in docs/dialects.md.
import type { Scheme } from "./engines/ring.js";

export type DialectName =
  | "region-router"
  | "consistent-hash-ring"
  | "uhashring"
  | "uhashring-ketama"
  | "hashring"
  | "libketama"
  | "hash_ring";

/** The largest per-weight or per-node count an option accepts (vnodesPerWeight, replicas, vnodes, vnodeCount). */
export const MAX_VNODES_PER_WEIGHT = 10_000;

/** An option: its default and its largest value (every option is an integer from 1). */
type OptionRule = readonly [fallback: number, max: number];
const count = (fallback: number): OptionRule => [fallback, MAX_VNODES_PER_WEIGHT];
/** Ketama replicas: points per name, one per 32-bit word of the 128-bit digest. */
const REPLICAS: OptionRule = [4, 4];

/** A relative dialect's names for one region: its weight, the total weight, the number of regions, the options. */
type Share = (weight: number, total: number, regions: number, options: Readonly<Record<string, number>>) => number;

/**
 * A dialect's rule: [separator (between the region's name and the index), options (name ->
 * [default, max], in the order snapshots and fingerprints list them), Scheme.points (a number, or
 * the option that gives it), Scheme.strict, Scheme.lastWins, share]. share is the library's
 * arithmetic for relative weights (every region counts, weight-0 ones included; no names when the
 * total is 0); without it, weights are absolute: weight x the first option names.
 */
type DialectRule = readonly [string, Readonly<Record<string, OptionRule>>, number | string, boolean, boolean, Share?];

const RULES: Readonly<Record<DialectName, DialectRule>> = {
  // The reference (region_router.py): `${region}#${i}`, bisect_left.
  "region-router": ["#", { vnodesPerWeight: count(1) }, 0, false, false],
  // The blog post's ConsistentHashRing: `${node}:vnode:${i}`, bisect_right, `replicas` per node
  // (the post has no weights: weight w gives w x replicas, an extension).
  "consistent-hash-ring": [":vnode:", { replicas: count(150) }, 0, true, false],
  // uhashring 2.x default mode (ring_meta.py): `${node}-${w}` for w < vnodes x weight, the 128-bit
  // MD5 integer, bisect (right).
  uhashring: ["-", { vnodes: count(160) }, 0, true, false],
  // uhashring 2.x, hash_fn="ketama" (ring_ketama.py): (vnodes x len(nodes) x weight) // weight_sum
  // names per node (integers below 2^53, so exact in doubles), `replicas` little-endian words each,
  // bisect (right); of equal points the ring dict keeps the last written.
  "uhashring-ketama": ["-", { vnodes: count(40), replicas: REPLICAS }, "replicas", true, true, (weight, total, regions, { vnodes }) => Math.floor((vnodes * regions * weight) / total)],
  // npm hashring 3.2.0 (index.js continuum): Math.floor(weight / total * vnodes * servers), JS
  // doubles in that order (7 equal servers get 39 names of 40), `replicas` words each; a stable
  // sort, then a search for the first point >= the key's: the first generated of equal points.
  hashring: ["-", { vnodeCount: count(40), replicas: REPLICAS }, "replicas", false, false, (weight, total, regions, { vnodeCount }) => Math.floor((weight / total) * vnodeCount * regions)],
  // libketama (RJ/ketama, ketama.c): floorf(pct * 40.0 * (float)numservers), pct a C float, the
  // product a double that floorf takes as a float; four words per name; glibc's qsort (a stable
  // merge sort) and a search for the first point >= the key's: the first generated of equal points.
  libketama: ["-", {}, 4, false, false, (weight, total, regions) => Math.floor(Math.fround(Math.fround(Math.fround(weight) / Math.fround(total)) * 40 * regions))],
  // Python hash_ring 1.3.1 (Doist/hash_ring): math.floor((40 * len(nodes) * weight) / total), three
  // words per name, bisect (right); of equal points the ring dict keeps the last written.
  hash_ring: ["-", {}, 3, true, true, (weight, total, regions) => Math.floor((40 * regions * weight) / total)],
};

/** Every dialect's name, the default first. */
export const DIALECTS = Object.keys(RULES) as DialectName[];

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
  /** Names per region for these weights (all regions, in order). */
  names(weights: readonly number[]): number[];
}

/** The options of a dialect: name -> [default, largest value]. */
export function optionRules(name: DialectName): Readonly<Record<string, OptionRule>> {
  return RULES[name][1];
}

/** The dialect `name` with `options` (already checked: every key known, every value in range). */
export function dialect(name: DialectName, options: Readonly<Record<string, number>>): Dialect {
  const [separator, , points, strict, lastWins, share] = RULES[name];
  const perWeight = Object.values(options)[0];
  return {
    name,
    options,
    scheme: { points: typeof points === "string" ? options[points] : points, strict, lastWins },
    relative: share !== undefined,
    prefix: (region) => region + separator,
    names(weights) {
      const total = weights.reduce((sum, weight) => sum + weight, 0);
      return weights.map((weight) => (!share ? weight * perWeight : total > 0 ? share(weight, total, weights.length, options) : 0));
    },
  };
}
