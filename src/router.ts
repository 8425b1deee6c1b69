// The public RegionRouter, engine-agnostic: validation, the region table (name <-> owner, weight,
// insertion order) and the API. The engine (a Ring) owns the positions and the search.
import { ownedPositions, type OwnedPositions } from "./operations/arcs.js";
import { fingerprint } from "./operations/fingerprint.js";
import { parseOptions, vnodeCount, type RouterOptions } from "./options.js";
import { distinctOwnersFrom } from "./operations/preference.js";
import { DAMAGED, type Ring, type VnodeRun } from "./engines/ring.js";
import { shares } from "./operations/shares.js";
import { parseSnapshot, toSnapshot, type RouterSnapshot } from "./operations/snapshot.js";
import { checkInteger, checkRegion, checkSessionId, checkWeight, describe, MAX_REGIONS, readPairs } from "./validate.js";

/**
 * Internal: `router[INTERNALS]()` gives its engine's ring and what the ring's owners mean, for
 * code that lives outside the class so that bundles which do not use it do not carry it:
 * movement() (src/operations/movement.ts), util.inspect's summary (src/inspect.ts), the command
 * line's ASCII-line router (src/cli/ascii-lines.ts) and the demo. A Symbol.for key: each entry
 * file has its own copy of the class, and movement() takes routers from any of them. The ring
 * itself is #private: not in Object.keys, JSON or console.log.
 */
export const INTERNALS: unique symbol = Symbol.for("region-router internals");

export interface RouterInternals {
  readonly ring: Ring;
  /** Owner -> region name (undefined: a free owner). */
  readonly names: readonly (string | undefined)[];
}

/** A router's positions in ring order and their regions' names (movement(), the demo). */
export function positionsOf(router: RegionRouterBase): OwnedPositions {
  const { ring, names } = router[INTERNALS]();
  return ownedPositions(ring, names);
}

/** Region names for a ring's owners (-1: null). */
export function namesOf(owners: Int32Array, names: readonly (string | undefined)[]): (string | null)[] {
  const out = new Array<string | null>(owners.length);
  for (let i = 0; i < owners.length; i++) out[i] = owners[i] < 0 ? null : (names[owners[i]] as string);
  return out;
}

interface RegionEntry {
  readonly owner: number;
  readonly weight: number;
}

export class RegionRouterBase {
  // The region table. An update builds the new table beside this one and swaps it in only after
  // the ring has changed, so a throwing update leaves everything as it was.
  /** Region name -> owner and weight, in weights() order (re-adding moves a region to the end). */
  #regions = new Map<string, RegionEntry>();
  /** Owner -> region name: what the engine's owners mean. */
  #names: (string | undefined)[] = [];
  /** Owners freed by removeRegion, reused so churn does not grow the table. */
  #freeOwners: number[] = [];

  /** Virtual nodes per unit of weight. */
  readonly #k: number;

  /** The engine: the positions and the search over them. */
  #ring: Ring;

  protected constructor(ring: Ring, options?: RouterOptions) {
    this.#ring = ring;
    this.#k = parseOptions(options);
  }

  /** A router from a toJSON() snapshot, of the class it is called on; throws, building nothing, on any flaw. */
  static fromJSON<T extends RegionRouterBase>(this: new (options?: RouterOptions) => T, value: unknown): T {
    const { vnodesPerWeight, regions } = parseSnapshot(value);
    const router = new this({ vnodesPerWeight });
    router.addRegions(regions);
    return router;
  }

  /** Virtual nodes per unit of weight (the constructor's option; 1 by default, as the reference). */
  get vnodesPerWeight(): number {
    return this.#k;
  }

  /** Add a region with `weight` virtual nodes, or replace an existing region's virtual nodes. */
  addRegion(region: string, weight = 1): void {
    checkRegion(region);
    checkWeight(weight);
    this.#apply([[region, weight, vnodeCount(region, weight, this.#k)]]);
  }

  /**
   * Add or re-weight many regions with one merge: the same result as calling addRegion for each
   * [region, weight] in order (a region listed twice ends with its last weight, at its last place),
   * at the cost of one ring update. Validates every entry before changing anything.
   */
  addRegions(entries: Iterable<readonly [string, number]>): void {
    this.#apply(readPairs(entries, "entries").map(([region, weight]) => [region, weight, vnodeCount(region, weight, this.#k)]));
  }

  /** Add or re-weight validated [region, weight, vnode count] entries in order, with one ring update. */
  #apply(list: readonly [string, number, number][]): void {
    const order = new Map(this.#regions);
    const touched = new Map<string, number>();
    let fresh = 0;
    const free = this.#freeOwners.slice();
    for (const [region, weight, count] of list) {
      const known = order.get(region);
      const owner = known ? known.owner : (free.pop() ?? this.#names.length + fresh++);
      if (owner >= MAX_REGIONS) throw new RangeError(`at most ${MAX_REGIONS} regions: no room for ${describe(region)}`);
      order.delete(region);
      order.set(region, { owner, weight: weight + 0 }); // -0 is stored as 0
      touched.set(region, count);
    }
    const remove: number[] = [];
    const add: VnodeRun[] = [];
    for (const [region, count] of touched) {
      const { owner } = order.get(region) as RegionEntry;
      if (this.#regions.has(region)) remove.push(owner);
      if (count > 0) add.push({ owner, name: region, count });
    }
    this.#update(remove, add);
    // The ring changed: only now commit the table.
    for (const [region, { owner }] of order) this.#names[owner] = region;
    this.#regions = order;
    this.#freeOwners = free;
  }

  /**
   * The ring's update, all or nothing. The table is committed only after it, so a ring that a
   * failure left damaged (Ring.intact) is rebuilt from the table, as it was, before the error goes
   * on; if even that fails, the ring stays damaged, refuses every question, and the error says so.
   */
  #update(remove: readonly number[], add: readonly VnodeRun[]): void {
    try {
      this.#ring.update(remove, add);
    } catch (error) {
      if (this.#ring.intact) throw error;
      const runs: VnodeRun[] = [];
      for (const [name, { owner, weight }] of this.#regions) if (weight > 0) runs.push({ owner, name, count: weight * this.#k });
      try {
        const ring = this.#ring.empty();
        ring.update([], runs);
        this.#ring = ring;
      } catch (cause) {
        throw new Error(DAMAGED, { cause });
      }
      throw error;
    }
  }

  /** Remove a region and its virtual nodes; false (and nothing changed) when it was not there. */
  removeRegion(region: string): boolean {
    checkRegion(region);
    const entry = this.#regions.get(region);
    if (!entry) return false;
    this.#update([entry.owner], []);
    this.#regions.delete(region);
    this.#names[entry.owner] = undefined;
    this.#freeOwners.push(entry.owner);
    return true;
  }

  /** The region a session id routes to; null when no region owns a position. */
  route(sessionId: string): string | null {
    checkSessionId(sessionId);
    const owner = this.#ring.route(sessionId);
    return owner < 0 ? null : (this.#names[owner] as string);
  }

  /**
   * route() for every session id, in order, in one pass: the WebAssembly engine writes the batch
   * into its memory at once and, with the SIMD module, hashes twelve ids per MD5 pass.
   */
  routeMany(sessionIds: readonly string[]): (string | null)[] {
    if (!Array.isArray(sessionIds)) {
      throw new TypeError(`sessionIds must be an array of strings, got ${describe(sessionIds)}`);
    }
    // Each element is read once, into a copy the engine routes: a getter or a proxy cannot hand
    // validation one value and the engine another. The parameter name is built only for a bad id.
    const ids = new Array<string>(sessionIds.length);
    for (let i = 0; i < ids.length; i++) {
      const id = sessionIds[i];
      if (typeof id !== "string") checkSessionId(id, `sessionIds[${i}]`);
      ids[i] = id;
    }
    return namesOf(this.#ring.routeMany(ids), this.#names);
  }

  [INTERNALS](): RouterInternals {
    return { ring: this.#ring, names: this.#names };
  }

  /**
   * The first n distinct regions met walking clockwise from the session id's position: [0] is
   * route(sessionId), [1] where it would go if [0] were removed, and so on. Shorter when fewer
   * regions own positions; n is any non-negative safe integer.
   */
  preferenceList(sessionId: string, n: number): string[] {
    checkSessionId(sessionId);
    checkInteger(n, "n", 0, Number.MAX_SAFE_INTEGER);
    const start = this.#ring.locate(sessionId);
    if (start < 0 || n === 0) return [];
    let owning = 0;
    for (const { weight } of this.#regions.values()) if (weight > 0) owning++;
    return distinctOwnersFrom(this.#ring, start, n, owning).map((owner) => this.#names[owner] as string);
  }

  /** An independent copy, of the same class and vnodesPerWeight. */
  clone(): this {
    const copy = new (this.constructor as new (options: RouterOptions) => this)({ vnodesPerWeight: this.#k });
    copy.#ring = this.#ring.clone();
    copy.#regions = new Map(this.#regions);
    copy.#names = this.#names.slice();
    copy.#freeOwners = this.#freeOwners.slice();
    return copy;
  }

  /**
   * Region -> the exact fraction of the key space it owns (the arcs ending at its positions), for
   * every region in weights() order; all 0 on a ring without positions, else summing to 1.
   */
  shares(): Map<string, number> {
    return shares(ownedPositions(this.#ring, this.#names), this.#regions.keys());
  }

  /** `{ version: 1, vnodesPerWeight, regions: [[region, weight], ...] }`, regions in weights() order. */
  toJSON(): RouterSnapshot {
    return toSnapshot(this.#k, this.weights());
  }

  /** MD5 (32 hex digits) of the canonical ring definition: the same for the same definition everywhere. */
  fingerprint(): string {
    return fingerprint(this.#ring, this.#k, this.weights());
  }

  /** A new Map of region -> weight, in insertion order. */
  weights(): Map<string, number> {
    const out = new Map<string, number>();
    for (const [region, { weight }] of this.#regions) out.set(region, weight);
    return out;
  }
}
