// suggestVnodes(): the smallest count of names (the dialect's option that counts them, its first:
// vnodesPerWeight, vnodes, vnodeCount or consistent-hash-ring's replicas; never the ketama
// dialects' replicas, points per name) for which every region's exact share is within maxDeviation
// of its weight's share. Shares are not monotonic in the count, so every count is tried from 1 upward:
// names only ever join as the count grows (weight x k, or the relative dialects' floor(share x k),
// which never falls as k grows), so one sweep over the positions of the largest count tried gives
// the shares of every smaller one (./share-sweep.ts). The largest count is doubled until a count
// passes or none can.
import { dialect, MAX_VNODES_PER_WEIGHT, optionRules, type Dialect } from "../dialects.js";
import { bswap32, Md5 } from "../engines/pure/md5.js";
import { encodeUtf8, maxUtf8Bytes } from "../utf8.js";
import { dialectOfFields, type ResolvedRouterOptions, type RouterOptions } from "../options.js";
import { describe, fieldsOf, MAX_REGIONS, readPairs } from "../validate.js";
import { lowerBound } from "../lower-bound.js";
import { MAX_SWEPT_POSITIONS, sweepShares, type GrowingRing } from "./share-sweep.js";

/** What suggestVnodes returns: a constructor argument, and its largest deviation. */
export interface VnodeSuggestion {
  /** A complete constructor argument: `{ compatibleWith, ...the dialect's options }`, the per-weight count chosen. */
  readonly options: ResolvedRouterOptions;
  /** The largest |share - weight / total weight| over the regions, shares as shares() gives them. */
  readonly deviation: number;
}

/** The count suggestVnodes chooses in each dialect: its first option (src/dialects.ts; test/suggest-vnodes.test.ts holds the two alike). */
export interface ChosenCounts {
  "region-router": "vnodesPerWeight";
  "consistent-hash-ring": "replicas";
  uhashring: "vnodes";
  "uhashring-ketama": "vnodes";
  hashring: "vnodeCount";
  libketama: never;
  hash_ring: never;
}

/** The type of the count suggestVnodes chooses, when given: TypeScript's error names it. */
export interface ChosenBySuggestVnodes {
  readonly "is what suggestVnodes chooses: leave it out": never;
}

/** Each dialect's options (RouterOptions' members) less the count suggestVnodes chooses; none for a dialect without one (it throws). */
type WithoutCount<T> = T extends { readonly compatibleWith?: infer D }
  ? [ChosenCounts[NonNullable<D> & keyof ChosenCounts]] extends [never]
    ? never
    : Omit<T, ChosenCounts[NonNullable<D> & keyof ChosenCounts]> & { readonly [K in ChosenCounts[NonNullable<D> & keyof ChosenCounts]]?: ChosenBySuggestVnodes | undefined }
  : never;

/** The options of suggestVnodes: the dialect's, less the count it chooses, and maxDeviation. */
export type SuggestOptions = WithoutCount<RouterOptions> & { readonly maxDeviation: number };

/** The first count tried as the largest; doubled from there. */
const FIRST_REACH = 16;

/** A region's generation order (its rank, then name index x points + word), as one exact double. */
const GENERATION = 2 ** 26;

/** The dialect to plan for: its name, options and the count being chosen. */
interface Plan {
  readonly option: string;
  readonly at: (count: number) => Dialect;
  readonly regions: readonly (readonly [string, number])[];
  readonly weights: readonly number[];
  /** The regions' names, in order (a dialect may count a name's nodes by it). */
  readonly names: readonly string[];
}

/**
 * The smallest count from 1 to MAX_VNODES_PER_WEIGHT whose ring gives every region of `entries`
 * (as addRegions reads them) a share within `options.maxDeviation` of weight / total weight.
 * A RangeError when none does (or the dialect has no such count); TypeErrors name bad input.
 */
export function suggestVnodes(entries: Iterable<readonly [string, number]>, options: SuggestOptions): VnodeSuggestion;
export function suggestVnodes(entries: Readonly<Record<string, number>>, options: SuggestOptions): VnodeSuggestion;
// Overloads, as addRegions has: TypeScript before 5.1 types a list written in the call against the
// union's Record member. The union last, for Parameters<typeof suggestVnodes>.
export function suggestVnodes(entries: Iterable<readonly [string, number]> | Readonly<Record<string, number>>, options: SuggestOptions): VnodeSuggestion;
export function suggestVnodes(entries: Iterable<readonly [string, number]> | Readonly<Record<string, number>>, options: SuggestOptions): VnodeSuggestion {
  const maxDeviation = readMaxDeviation(options);
  const plan = readPlan(entries, options);
  const total = plan.weights.reduce((sum, weight) => sum + weight, 0);
  const deviationOf = (share: (owner: number) => number) => {
    let most = 0;
    plan.weights.forEach((weight, owner) => (most = Math.max(most, Math.abs(share(owner) - weight / total))));
    return most;
  };
  const limit = largestCount(plan);
  const digests = new NameDigests(plan);
  // Each sweep starts from the empty ring; the counts an earlier sweep tried are not asked again.
  let routed = false;
  for (let tried = 0, reach = Math.min(FIRST_REACH, limit.count); ; tried = reach, reach = nextReach(reach, limit.count)) {
    let deviation = 0;
    // A ring without positions (a relative dialect's small count over many regions) routes nothing: never an answer.
    const routes = (share: (owner: number) => number) => {
      const some = plan.weights.some((_, owner) => share(owner) > 0);
      routed ||= some;
      return some;
    };
    const accept = (count: number, share: (owner: number) => number) => count > tried && routes(share) && (deviation = deviationOf(share)) <= maxDeviation;
    const found = sweepShares(growingRing(plan, digests, reach), plan.regions.length, accept);
    if (found > 0) {
      const { name, options: chosen } = plan.at(found);
      return { options: { compatibleWith: name, ...chosen } as ResolvedRouterOptions, deviation };
    }
    if (reach === limit.count) {
      const what = routed ? `every region a share within ${maxDeviation} of its weight's share` : "the ring a position (a ring of none routes nothing)";
      throw new RangeError(`no ${plan.option} from 1 to ${limit.count}${limit.why} gives ${what}`);
    }
  }
}

/** Twice the last count swept, or the largest if that is less than half as much again. */
function nextReach(reach: number, largest: number): number {
  return 3 * reach > largest ? largest : 2 * reach;
}

/** entries and options read and checked, every error naming its parameter. */
function readPlan(entries: unknown, options: SuggestOptions): Plan {
  const fields = fieldsOf(options, "options");
  const base = dialectOfFields(fields, "options", ["maxDeviation"]);
  const option = Object.keys(optionRules(base.name))[0];
  if (option === undefined) {
    throw new RangeError(`options.compatibleWith "${base.name}" has no per-weight count of virtual nodes to choose`);
  }
  if (fields.get(option) !== undefined) {
    throw new TypeError(`options.${option} is what suggestVnodes chooses: leave it out`);
  }
  const order = new Map<string, number>();
  for (const [region, weight] of readPairs(entries, "entries")) {
    order.delete(region);
    order.set(region, weight + 0);
  }
  const regions = [...order];
  if (regions.length > MAX_REGIONS) throw new RangeError(`entries must name at most ${MAX_REGIONS} regions, got ${regions.length}`);
  if (!regions.some(([, weight]) => weight > 0)) throw new RangeError("entries must hold a region of weight > 0");
  return { option, at: (count) => dialect(base.name, { ...base.options, [option]: count }), regions, weights: [...order.values()], names: [...order.keys()] };
}

function readMaxDeviation(options: SuggestOptions): number {
  const maxDeviation = fieldsOf(options, "options").get("maxDeviation");
  if (typeof maxDeviation !== "number") {
    throw new TypeError(`options.maxDeviation must be a number from 0 to 1 (a fraction of the key space), got ${describe(maxDeviation)}`);
  }
  if (!(maxDeviation >= 0 && maxDeviation <= 1)) {
    throw new RangeError(`options.maxDeviation must be a number from 0 to 1 (a fraction of the key space), got ${describe(maxDeviation)}`);
  }
  return maxDeviation;
}

/**
 * The largest count to try: MAX_VNODES_PER_WEIGHT, or the last whose ring fits a sweep (a ring that
 * does holds fewer names in all than MAX_VNODES, so no region passes that either). Names grow with
 * the count, so bisection finds it.
 */
function largestCount(plan: Plan): { count: number; why: string } {
  const fits = (count: number) => {
    const d = plan.at(count);
    return d.names(plan.weights, plan.names).reduce((a, b) => a + b, 0) * Math.max(1, d.scheme.points) <= MAX_SWEPT_POSITIONS;
  };
  if (fits(MAX_VNODES_PER_WEIGHT)) return { count: MAX_VNODES_PER_WEIGHT, why: "" };
  if (!fits(1)) {
    throw new RangeError(`no ${plan.option} can be planned for these weights: even 1 gives a ring of more than the planner's ${MAX_SWEPT_POSITIONS} positions`);
  }
  const why = ` (past it the ring would have more than the planner's ${MAX_SWEPT_POSITIONS} positions)`;
  // fits(1) holds and fits(MAX_VNODES_PER_WEIGHT) does not: the last count that fits.
  return { count: lowerBound(fits, 0, 2, MAX_VNODES_PER_WEIGHT, (fit, count) => fit(count)) - 1, why };
}

/**
 * The digests of every region's names so far, as the pure engine's MD5 state (four little-endian
 * words a name), kept from one sweep to the next, larger one.
 */
class NameDigests {
  readonly #md5 = new Md5();
  readonly #words: Int32Array[];
  readonly #counts: number[];

  readonly #prefixes: readonly string[];

  constructor(plan: Plan) {
    const { prefix } = plan.at(1);
    this.#prefixes = plan.regions.map(([region]) => prefix(region));
    this.#words = plan.regions.map(() => new Int32Array(0));
    this.#counts = plan.regions.map(() => 0);
  }

  /** Region `owner`'s digests, names 0 to `names` - 1 at least hashed. */
  of(owner: number, names: number): Int32Array {
    let words = this.#words[owner];
    const had = this.#counts[owner];
    if (names <= had) return words;
    if (4 * names > words.length) {
      const grown = new Int32Array(4 * Math.max(names, 2 * had));
      grown.set(words.subarray(0, 4 * had));
      this.#words[owner] = words = grown;
    }
    const md5 = this.#md5;
    for (let i = had; i < names; i++) {
      const name = this.#prefixes[owner] + i;
      md5.digest(encodeUtf8(name, md5.reserve(maxUtf8Bytes(name)), 0));
      words.set(md5.state, 4 * i);
    }
    this.#counts[owner] = names;
    return words;
  }
}

/**
 * Every position of the counts 1 to `reach`, in the order they join, with its owner and tie order:
 * a 128-bit position is its name's digest read big-endian; a 32-bit point, one little-endian word.
 */
function growingRing(plan: Plan, digests: NameDigests, reach: number): GrowingRing {
  const { scheme } = plan.at(1);
  const limbs = scheme.points === 0 ? 4 : 1;
  const perName = Math.max(1, scheme.points);
  const n = plan.at(reach).names(plan.weights, plan.names).reduce((a, b) => a + b, 0) * perName;
  const words = new Uint32Array(n * limbs);
  const owners = new Uint16Array(n);
  const ties = new Float64Array(n);
  const ends = [0];
  let had = plan.weights.map(() => 0), p = 0;
  for (let count = 1; count <= reach; count++) {
    const names = plan.at(count).names(plan.weights, plan.names);
    names.forEach((upTo, owner) => {
      if (upTo < had[owner]) throw new Error(`${plan.option} ${count} gives region ${owner} fewer names than ${count - 1}: the sweep needs them to grow`);
      const digest = digests.of(owner, upTo);
      for (let i = had[owner]; i < upTo; i++) {
        for (let j = 0; j < perName; j++, p++) {
          if (limbs === 4) for (let k = 0; k < 4; k++) words[4 * p + k] = bswap32(digest[4 * i + k]) >>> 0;
          else words[p] = digest[4 * i + j] >>> 0;
          owners[p] = owner;
          // Of equal points the first generated wins, or the last (Scheme.lastWins): it sorts first.
          const generation = owner * GENERATION + i * perName + j;
          ties[p] = scheme.lastWins ? -generation : generation;
        }
      }
    });
    had = names;
    ends.push(p);
  }
  return { limbs, words, owners, ties, ends };
}

/** @internal Each count's exact shares from 1 to `reach`, by the sweep: for tests against shares(). */
export function sweptShares(entries: Iterable<readonly [string, number]>, options: RouterOptions, reach: number): Map<string, number>[] {
  const plan = readPlan(entries, { ...options, maxDeviation: 1 } as SuggestOptions);
  const out: Map<string, number>[] = [];
  const digests = new NameDigests(plan);
  sweepShares(growingRing(plan, digests, reach), plan.regions.length, (_, share) => {
    out.push(new Map(plan.regions.map(([region], owner) => [region, share(owner)])));
    return false;
  });
  return out;
}
