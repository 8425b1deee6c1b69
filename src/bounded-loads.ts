// BoundedLoads: consistent hashing with bounded loads over a router (HAProxy's hash-balance-factor
// with weights; Mirrokni, Thorup and Zadimoghaddam's bounded loads). Each region may hold at most
// its weight's share of loadFactor x the sessions held (plus the one arriving); a session goes to
// the first region of its preference list with room, and stays there while that region is
// eligible. It reads the router through the internals seam alone (its ring, not its methods, which
// a subclass may change), so it sits beside the entries, above the router.
import { positionsPerName, type Ring } from "./engines/ring.js";
import { checkRouter, internalsOf, type HasInternals, type RouterInternals } from "./internals.js";
import { readExclude } from "./operations/exclude.js";
import { tiesLostByOwner, walkOwners } from "./operations/preference.js";
// A type alone: erased, so no arrow up to the entries at run time.
import type { AnyRegionRouter } from "./exports.js";
import { MAX_KEYS as MAX_HELD, SessionTable } from "./session-table.js";
import { checkSessionId, describe, optionFields } from "./validate.js";

/** Options of `new BoundedLoads(router, options)`. */
export interface BoundedLoadsOptions {
  /** Each region's cap is this factor of its fair share of the sessions (a number from 1 to 100, default 1.25). */
  readonly loadFactor?: number | undefined;
}

/** Options of `acquire(sessionId, options)`. */
export interface AcquireOptions {
  /** Regions the session may not go to (down, draining); names that are not regions are ignored. */
  readonly exclude?: (Iterable<string> & object) | undefined;
}

/** The sessions a region holds: one object per region, which its sessions' entries share. */
interface Load {
  readonly region: string;
  count: number;
}

/** The eligible regions E of the rule, in weights() order, with what their caps need. */
interface Eligible {
  /** Region -> its place in E. */
  readonly index: ReadonlyMap<string, number>;
  /** Weight of each region of E. */
  readonly weights: readonly number[];
  /** C: the sum of the weights before each region of E. */
  readonly before: readonly number[];
  /** W: the sum of E's weights. */
  readonly total: number;
  /** The load of each region of E (a count of 0 for one holding none). */
  readonly loads: readonly Load[];
  /** Owner (the ring's) -> its region's place in E, -1 for an owner whose region is not in E. */
  readonly ofOwner: Int32Array;
  /** E less nothing. */
  readonly whole: Less;
}

/**
 * E of a router's region table and owner -> region table, all regions eligible: those that own
 * positions and have weight > 0, each with the load `loadOf` gives it. A region with names has
 * none when every point it has lost a tie (tiesLostByOwner).
 */
function eligibleOf({ ring, regions, names }: RouterInternals, loadOf: (region: string) => Load): Eligible {
  const index = new Map<string, number>(), weights: number[] = [], before: number[] = [], held: Load[] = [];
  const perName = positionsPerName(ring.scheme), tiesLost = new Map<string, number>();
  for (const [owner, count] of tiesLostByOwner(ring)) tiesLost.set(names[owner] as string, count);
  let total = 0;
  for (const [region, { weight, names: count }] of regions) {
    if (weight === 0 || count === 0 || tiesLost.get(region) === count * perName) continue;
    index.set(region, weights.length);
    weights.push(weight);
    before.push(total);
    held.push(loadOf(region));
    total += weight;
  }
  const ofOwner = new Int32Array(names.length).fill(-1);
  names.forEach((region, owner) => (ofOwner[owner] = index.get(region as string) ?? -1));
  return { index, weights, before, total, loads: held, ofOwner, whole: { places: [], total } };
}

/**
 * E less some of its regions, without a new E: their places in E (ascending), and W less their
 * weights. A region's C in it is its C in E less the weights of the left-out places before its own.
 */
interface Less {
  readonly places: readonly number[];
  readonly total: number;
}

/** E (`all`) less the `excluded` regions it holds (names it does not hold ignored): a look-up each. */
function lessOf(all: Eligible, excluded: ReadonlySet<string>): Less {
  const places: number[] = [];
  let total = all.total;
  for (const region of excluded) {
    const place = all.index.get(region);
    if (place !== undefined) places.push(place), (total -= all.weights[place]);
  }
  return places.length === 0 ? all.whole : { places: places.sort((a, b) => a - b), total };
}

/**
 * floor(a x b / d) exactly, for non-negative safe integers a, b and d > 0 whose quotient is safe: in
 * doubles while the product is below 2^53 (an exact product, and x - x % d an exact multiple of d),
 * else in BigInt (with many regions of large weight, r x (C + w) passes 2^53).
 */
export function floorProductOver(a: number, b: number, d: number): number {
  const x = a * b;
  // A product of 2^53 or more rounds to a double of at least 2^53, so this test is exact.
  if (x <= Number.MAX_SAFE_INTEGER) return (x - (x % d)) / d;
  return Number((BigInt(a) * BigInt(b)) / BigInt(d));
}

/**
 * T = ceil((h + 1) x p / 100): what the caps add up to. At most 2^24 sessions are held (MAX_KEYS)
 * and p is at most 10,000, so (h + 1) x p stays below 2^38: exact in doubles.
 */
export function capTotal(held: number, percent: number): number {
  const n = (held + 1) * percent + 99;
  return (n - (n % 100)) / 100;
}

/**
 * The cap of E's region of weight w with C the weights before it, for caps adding up to T over a
 * total weight W: max(1, w x s + floor((C + w) x r / W) - floor(C x r / W)), s = floor(T / W),
 * r = T mod W. (w x s <= T: exact.)
 */
export function capOf(weight: number, before: number, total: number, capsTotal: number): number {
  const r = capsTotal % total;
  const s = (capsTotal - r) / total;
  return Math.max(1, weight * s + floorProductOver(before + weight, r, total) - floorProductOver(before, r, total));
}

/**
 * Bounded loads over `router` (any entry's RegionRouter, any dialect): acquire(sessionId) places a
 * session on the first region of its preference list that is eligible (owns positions, weight > 0,
 * not excluded) and holds fewer sessions than its cap, and keeps it there while that region stays
 * eligible. The router may change between calls: caps follow it, and sessions held by a region
 * that left stay held until released or acquired again. Every call is all-or-nothing.
 */
export class BoundedLoads {
  #router: AnyRegionRouter & HasInternals;
  /** p = round(100 x loadFactor). */
  readonly #percent: number;
  /** Session -> the load of the region holding it (so that release needs one lookup). */
  readonly #held = new SessionTable<Load>();
  /** Region -> its load, for regions holding sessions. */
  readonly #loads = new Map<string, Load>();
  /**
   * The router's table version (RouterInternals.version) when E was last made, and E: one
   * comparison a call, and E is made again only after the router changed.
   */
  #version = -1;
  #all: Eligible | undefined;
  /** #choose's walk: its stop test made once, not a closure per call. */
  readonly #walk = new Walk();

  constructor(router: AnyRegionRouter, options?: BoundedLoadsOptions) {
    checkRouter(router, "router");
    const given = optionFields(options, "options", ["loadFactor"], "BoundedLoads").get("loadFactor");
    const loadFactor = given === undefined ? 1.25 : given;
    if (typeof loadFactor !== "number") {
      throw new TypeError(`options.loadFactor must be a number from 1 to 100, got ${describe(loadFactor)}`);
    }
    if (!(loadFactor >= 1 && loadFactor <= 100)) {
      throw new RangeError(`options.loadFactor must be a number from 1 to 100, got ${describe(loadFactor)}`);
    }
    this.#router = router;
    this.#percent = Math.round(100 * loadFactor);
  }

  /**
   * Place new sessions by `router` from now on (a ring reloaded as a new router: fromJSON's): the
   * held sessions stay held by their regions, named as before, as after an update of the router in
   * place; a region the new router lacks is one that left.
   */
  setRouter(router: AnyRegionRouter): void {
    checkRouter(router, "router");
    this.#router = router;
    // E is made again: another router's table version says nothing about this one's.
    this.#version = -1;
  }

  /** The number of sessions held. */
  get held(): number {
    return this.#held.size;
  }

  /** A new Map of region -> sessions it holds; regions holding none are left out. */
  loads(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [region, { count }] of this.#loads) out.set(region, count);
    return out;
  }

  /**
   * The region that now holds the session: the one already holding it while it is eligible, else
   * (the session released first) the first region of preferenceList(sessionId, all) that is
   * eligible and below its cap; null when no region is eligible (the session is then not held).
   */
  acquire(sessionId: string, options?: AcquireOptions): string | null {
    checkSessionId(sessionId);
    // The names first (their code may update the router), then the router as it stands.
    const excluded = options === undefined ? undefined : readExclude(options, "acquire");
    const internals = internalsOf(this.#router);
    const eligible = this.#eligible(internals);
    const less = excluded === undefined ? eligible.whole : lessOf(eligible, excluded);
    const hash = this.#held.hash(sessionId);
    const current = this.#held.get(sessionId, hash);
    if (current !== undefined && eligible.index.has(current.region) && !excluded?.has(current.region)) return current.region;
    const load = this.#choose(sessionId, internals.ring, eligible, less, this.#held.size - (current === undefined ? 0 : 1));
    if (current === undefined && load !== undefined && this.#held.size >= MAX_HELD) {
      throw new RangeError(`acquire: a BoundedLoads holds at most ${MAX_HELD} sessions; release one before acquiring ${describe(sessionId)}`);
    }
    // Nothing above changed any state: from here on, nothing can throw.
    if (current !== undefined) {
      this.#held.delete(sessionId, hash);
      this.#unload(current);
    }
    if (load === undefined) return null;
    this.#held.add(sessionId, hash, load);
    // A load holding no session is not kept (#unload): a count of 0 is a load to keep now.
    if (load.count++ === 0) this.#loads.set(load.region, load);
    return load.region;
  }

  /** Release a session: true if it was held. */
  release(sessionId: string): boolean {
    checkSessionId(sessionId);
    const load = this.#held.delete(sessionId, this.#held.hash(sessionId));
    if (load === undefined) return false;
    this.#unload(load);
    return true;
  }

  /** One session fewer on `load`: a load holding none is not kept in #loads. */
  #unload(load: Load): void {
    if (--load.count === 0) this.#loads.delete(load.region);
  }

  /**
   * The load of the first region of the session's preference list in E less `less` below its cap,
   * with h sessions held; undefined when there is none.
   */
  #choose(sessionId: string, ring: Ring, eligible: Eligible, less: Less, held: number): Load | undefined {
    if (less.total === 0) return undefined;
    // The preference list's walk on the ring itself (a subclass's route() could re-enter this),
    // stopped at the first region with room: most sessions stop at the first, route()'s.
    const start = ring.locate(sessionId);
    if (start < 0) return undefined;
    const walk = this.#walk;
    walk.eligible = eligible;
    walk.less = less;
    walk.capsTotal = capTotal(held, this.#percent);
    walk.share = Math.floor(walk.capsTotal / less.total);
    walk.found = undefined;
    // Most sessions stop at the first owner: asked here, without the walk's call. It is never one
    // the walk skips (walkOwners: a point equal to the one before it, on rings of 32-bit points,
    // where a key's position has no low bits and so lands on the first of equal points).
    if (!walk.stop(ring.ownerAt(start))) walkOwners(ring, start, walk.stop);
    return walk.found;
  }

  /**
   * E for the router as it stands, made again only after it changed. A region has one load at a
   * time: the one holding its sessions, else a new one of 0.
   */
  #eligible(internals: RouterInternals): Eligible {
    if (internals.version !== this.#version || this.#all === undefined) {
      this.#all = eligibleOf(internals, (region) => this.#loads.get(region) ?? { region, count: 0 });
      this.#version = internals.version;
    }
    return this.#all;
  }
}

/** A walk of the ring for the first owner whose region is in E and holds fewer sessions than its cap. */
class Walk {
  eligible: Eligible | undefined;
  /** The regions of E the call excludes. */
  less: Less | undefined;
  capsTotal = 0;
  /** s = floor(T / W): a region of weight w holding fewer than w x s sessions is below its cap. */
  share = 0;
  /** The load of the region the walk stopped at. */
  found: Load | undefined;
  /** walkOwners' stop test. */
  readonly stop = (owner: number): boolean => {
    const eligible = this.eligible as Eligible;
    const i = eligible.ofOwner[owner];
    if (i < 0) return false;
    const { places, total } = this.less as Less;
    let before = eligible.before[i];
    for (let k = 0; k < places.length && places[k] <= i; k++) {
      if (places[k] === i) return false;
      before -= eligible.weights[places[k]];
    }
    const { count } = eligible.loads[i];
    const weight = eligible.weights[i];
    // The cap is at least w x s (its floor terms differ by >= 0): only a load of that many or more
    // needs the cap itself, with its divisions.
    if (count >= weight * this.share && count >= capOf(weight, before, total, this.capsTotal)) return false;
    this.found = eligible.loads[i];
    return true;
  };
}
