// The public RegionRouter, engine-agnostic: validation, the region table (name <-> owner, weight,
// insertion order) and the API. The engine (a Ring) owns the positions and the search; code outside
// the class reaches them through ./internals.ts.
import { ringReader } from "./operations/arcs.js";
import { fingerprint } from "./operations/fingerprint.js";
import { checkVnodeCount, describeDialect, readDialect, type ResolvedRouterOptions, type RouterOptions } from "./options.js";
import type { Dialect } from "./dialects.js";
import { distinctOwnersFrom } from "./operations/preference.js";
import { exclusionOf, readExclude, routeAround, type Exclusion, type RouteOptions } from "./operations/exclude.js";
import { BatchTables, type BatchTableSource } from "./operations/batch-tables.js";
import { DAMAGED, regionOf, type RegionTable, type Ring, type Scheme, type VnodeRun } from "./engines/ring.js";
import { shares } from "./operations/shares.js";
import { copyMeta, parseSnapshot, toSnapshot, weightsOf, type RouterSnapshot } from "./operations/snapshot.js";
import { answersIn, bytesInto, countOffsets, indexesInto, privateOffsets, readBytes, readOutBeside, readOutView, readSpans } from "./operations/indexes.js";
import { checkInteger, checkNotReading, checkRegion, checkSessionId, checkWeight, describe, MAX_REGIONS, readIdsLength, readPairs, setInto } from "./validate.js";
import { takeHandedRing, withHandedRing } from "./handed-ring.js";
import { INTERNALS, type RouterInternals } from "./router-internals.js";

interface RegionEntry {
  readonly owner: number;
  readonly weight: number;
  /** Its virtual nodes' names: weight x a per-weight count, or the dialect's share of all names (set as the entry is made). */
  names: number;
}

export class RegionRouterBase {
  // The region table. An update changes it only after the ring has changed (#commit), so a throwing
  // update leaves everything as it was.
  /** Region name -> owner and weight, in weights() order (re-adding moves a region to the end). */
  #regions = new Map<string, RegionEntry>();
  /** Owner -> region name: what the engine's owners mean. */
  #names: (string | undefined)[] = [];
  /** Owners freed by removeRegion, reused so churn does not grow the table. */
  #freeOwners: number[] = [];
  /** Updates committed to the table (RouterInternals.version). */
  #version = 0;
  /** The batch call reading its ids (whose getters run the caller's code) now, if one is: no update meanwhile. */
  #reading: string | undefined;
  /** Regions owning positions (names > 0): whether an exclusion leaves one, without a pass over all. */
  #owning = 0;
  /** The batch calls' tables, kept while the table stays at one version. */
  #tables = new BatchTables();
  /** The ring's dialect and its options. */
  #dialect: Dialect;
  /** The engine: the positions and the search over them. */
  #ring: Ring;
  /** The snapshot's meta, if fromJSON was given one: the caller's data, outside the fingerprint. */
  #meta: Record<string, unknown> | undefined;

  /** `ringFor` makes the engine's empty ring for the dialect's scheme, which options name. */
  protected constructor(ringFor: (scheme: Scheme) => Ring, options?: RouterOptions) {
    this.#dialect = readDialect(options, "options");
    this.#ring = takeHandedRing(new.target) ?? ringFor(this.#dialect.scheme);
  }

  /** A router from a toJSON() snapshot, of the class it is called on; throws, building nothing, on any flaw. */
  static fromJSON<T extends RegionRouterBase>(this: new (options?: RouterOptions) => T, value: unknown): T {
    if (typeof this !== "function" || !(this.prototype instanceof RegionRouterBase)) {
      throw new TypeError(`fromJSON must be called on a RegionRouter class, as RegionRouter.fromJSON(snapshot) (not detached from it), got this = ${describe(this)}`);
    }
    const { dialect, options, regions, meta } = parseSnapshot(value);
    const router = new this(options);
    // A subclass's constructor may add regions (the snapshot's replace them), not change the dialect.
    const [made, wanted] = [describeDialect(router.#dialect), describeDialect(dialect)];
    if (made !== wanted) throw new TypeError(`fromJSON: the constructor made ${made}, not the snapshot's ${wanted}: pass the options on to super()`);
    checkNotReading(router.#reading); // the constructor may have handed back a router a batch call reads
    if (router.#regions.size > 0) [router.#ring, router.#regions, router.#names, router.#freeOwners, router.#owning] = [router.#ring.empty(), new Map(), [], [], 0];
    router.addRegions(regions);
    router.#meta = meta;
    return router;
  }

  /** The dialect's options, as the constructor would take them: `{ compatibleWith, ...its options }`. */
  get options(): ResolvedRouterOptions {
    return { compatibleWith: this.#dialect.name, ...this.#dialect.options } as ResolvedRouterOptions;
  }

  /** Virtual nodes per unit of weight in the default dialect (1 unless given); undefined in the others. */
  get vnodesPerWeight(): number | undefined {
    return this.#dialect.options.vnodesPerWeight;
  }

  /** Add a region of `weight`, or replace an existing region's weight (it moves to the end of weights()). */
  addRegion(region: string, weight = 1): void {
    checkRegion(region);
    checkWeight(weight);
    this.#commit(new Map([[region, weight + 0]])); // -0 is stored as 0
  }

  /**
   * Add or re-weight many regions with one merge: the same result as calling addRegion for each
   * [region, weight] in order (a region listed twice ends with its last weight, at its last place),
   * at the cost of one ring update. Validates every entry before changing anything. A plain object
   * of region -> weight (as hashring and uhashring take) is read as its own entries, in their order.
   */
  addRegions(entries: Iterable<readonly [string, number]>): void;
  addRegions(entries: Readonly<Record<string, number>>): void;
  /** Either shape, for a value that may be either (as suggestVnodes takes it). */
  addRegions(entries: Iterable<readonly [string, number]> | Readonly<Record<string, number>>): void;
  addRegions(entries: Iterable<readonly [string, number]> | Readonly<Record<string, number>>): void {
    const changes = new Map<string, number | null>();
    for (const [region, weight] of readPairs(entries, "entries")) {
      // A region listed twice ends with its last weight, at its last place.
      changes.delete(region);
      changes.set(region, weight + 0);
    }
    this.#commit(changes);
  }

  /**
   * Make `changes` the router's, all or nothing: region -> its new weight (the region goes to the
   * end of weights(), in this order), or null for a region removeRegion then drops from the table.
   * Everything that can refuse comes first (a new region's owner, a freed one first: a RangeError
   * past MAX_REGIONS; each name count: a RangeError past MAX_VNODES), then the ring's update, and
   * only then the table. An update costs its regions and the ring's merge, except in a relative
   * dialect, where a region's names depend on every weight: there every region is rebuilt.
   */
  #commit(changes: ReadonlyMap<string, number | null>): void {
    checkNotReading(this.#reading);
    const [regions, free] = [this.#regions, this.#freeOwners];
    // The regions made again: the changed ones, after every other in a relative dialect.
    const rerun = new Map<string, number | null>();
    if (this.#dialect.relative) for (const [region, { weight }] of regions) if (!changes.has(region)) rerun.set(region, weight);
    for (const [region, weight] of changes) rerun.set(region, weight);
    let taken = 0, fresh = 0, owning = this.#owning;
    const remove: VnodeRun[] = [];
    const entries: [string, RegionEntry][] = [];
    for (const [region, weight] of rerun) {
      const known = regions.get(region);
      if (known) remove.push(this.#dialect.run(region, known.owner, known.names, 0));
      if (known && known.names > 0) owning--;
      const owner = known ? known.owner : taken < free.length ? free[free.length - ++taken] : this.#names.length + fresh++;
      if (owner >= MAX_REGIONS) throw new RangeError(`at most ${MAX_REGIONS} regions: no room for ${describe(region)}`);
      if (weight !== null) entries.push([region, { owner, weight, names: 0 }]);
    }
    const counts = this.#dialect.names(entries.map(([, { weight }]) => weight), entries.map(([region]) => region));
    const add: VnodeRun[] = [];
    // Ranks: in a relative dialect every region is made again, so j is its place in the table; the
    // absolute dialects' positions are 128-bit (src/dialects.ts), where ranks decide nothing.
    entries.forEach(([region, entry], j) => {
      checkVnodeCount(region, entry.weight, (entry.names = counts[j]));
      if (entry.names > 0) add.push(this.#dialect.run(region, entry.owner, entry.names, j)), owning++;
    });
    this.#update(remove, add);
    // The table, which nothing above changed.
    free.length -= taken;
    for (const [region, entry] of entries) {
      if (changes.has(region)) regions.delete(region);
      regions.set(region, entry);
      this.#names[entry.owner] = region;
    }
    this.#owning = owning;
    this.#version++;
  }

  /**
   * The ring's update, all or nothing. The table is committed only after it, so a ring that a
   * failure left damaged (Ring.intact) is rebuilt from the table, as it was, before the error goes
   * on; if even that fails, the ring stays damaged, refuses every question, and the error says so.
   */
  #update(remove: readonly VnodeRun[], add: readonly VnodeRun[]): void {
    try {
      this.#ring.update(remove, add);
    } catch (error) {
      if (this.#ring.intact) throw error;
      try {
        const ring = this.#ring.empty();
        const runs: VnodeRun[] = [];
        for (const [region, { owner, names }] of this.#regions) {
          if (names > 0) runs.push(this.#dialect.run(region, owner, names, runs.length));
        }
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
    this.#commit(new Map([[region, null]]));
    this.#regions.delete(region);
    this.#names[entry.owner] = undefined;
    this.#freeOwners.push(entry.owner);
    return true;
  }

  /**
   * The region a session id routes to; null when no region owns a position. With
   * `options.exclude`, the first region of its preferenceList() not excluded (./operations/exclude.ts).
   */
  route(sessionId: string, options?: RouteOptions): string | null {
    checkSessionId(sessionId);
    if (options === undefined) return regionOf(this.#ring.route(sessionId), this.#names);
    // The names first: an iterable's code may update the router or change an argument.
    const excluded = readExclude(options);
    return this.#around(this.#ring.locate(sessionId), excluded);
  }

  /**
   * route() for every session id, in order, in one call to the engine (Ring.routeMany). Each id is
   * read once and checked as read (a TypeError naming sessionIds[i]); no copy is made. With
   * `options.exclude`, the ids that land on an excluded region walk on from there. A getter among
   * the ids may not update the router (#read).
   */
  routeMany(sessionIds: readonly string[], options?: RouteOptions): (string | null)[] {
    const excluded = options === undefined ? undefined : readExclude(options);
    const out = new Array<string | null>(readIdsLength(sessionIds));
    this.#read("routeMany", () => {
      if (excluded === undefined) this.#ring.routeMany(sessionIds, out, this.#names);
      else this.#tables.lend(this.#source(), excluded, (names, _, exclusion) =>
        this.#ring.routeMany(sessionIds, out, names, (node) => routeAround(this.#ring, node, this.#names, exclusion as Exclusion)));
    });
    return out;
  }

  /** `read` (of `call`'s ids) with every update refused meanwhile: a getter's update throws, changing nothing. */
  #read(call: string, read: () => void): void {
    const outer = this.#reading;
    this.#reading = call;
    try {
      read();
    } finally {
      this.#reading = outer;
    }
  }

  /** Region names in weights() order: the table routeIndexes() and routeManyBytes() answer indexes into. */
  regions(): string[] {
    return [...this.#regions.keys()];
  }

  /**
   * For each session id, the index in regions() of route(id, options), -1 where that is null, into
   * `out` (an Int32Array of at least sessionIds.length, or a new one), which it returns. Ids are
   * read and checked as routeMany reads them (a bad one leaves the answers before it in out, the
   * router as it was); a getter among them may not update the router.
   */
  routeIndexes(sessionIds: readonly string[], out?: Int32Array, options?: RouteOptions): Int32Array {
    const excluded = options === undefined ? undefined : readExclude(options);
    const length = readIdsLength(sessionIds);
    const answers = answersIn(readOutView(out), length);
    this.#read("routeIndexes", () => this.#tables.lend(this.#source(), excluded, (_, indexes) => indexesInto(this.#ring, sessionIds, length, answers, indexes)));
    return out ?? answers;
  }

  /** route() of a session id given as bytes (a Uint8Array), hashed as they are: UTF-8 gives the string's answer. */
  routeBytes(sessionId: Uint8Array, options?: RouteOptions): string | null {
    const excluded = options === undefined ? undefined : readExclude(options);
    return this.#around(this.#ring.locateBytes(readBytes(sessionId, "sessionId")), excluded);
  }

  /**
   * routeIndexes() for ids given as bytes in Apache Arrow's Binary/Utf8 layout: id i is
   * data[offsets[i] .. offsets[i + 1]), for offsets.length - 1 ids, hashed as they are.
   */
  routeManyBytes(data: Uint8Array, offsets: Int32Array, out?: Int32Array, options?: RouteOptions): Int32Array {
    const excluded = options === undefined ? undefined : readExclude(options);
    const bytes = readBytes(data, "data"), given = readSpans(offsets);
    // Out read before the offsets are checked: nothing of the caller's runs after that.
    const view = readOutView(out);
    const count = countOffsets(bytes, given);
    const { answers, written, offsetsShared } = readOutBeside(view, count, [bytes, given]);
    const spans = offsetsShared ? privateOffsets(bytes, given, count) : given;
    if (excluded === undefined) bytesInto(this.#ring, bytes, spans, count, written, this.#tables.indexes(this.#source()));
    else this.#tables.lend(this.#source(), excluded, (_, indexes) => bytesInto(this.#ring, bytes, spans, count, written, indexes));
    if (written !== answers) setInto(answers, written);
    return out ?? answers;
  }

  /** The answer for a key that landed on node `start`: its region unless `excluded` (most are not), else a walk on. */
  #around(start: number, excluded: ReadonlySet<string> | undefined): string | null {
    const region = start < 0 ? null : (this.#names[this.#ring.ownerAt(start)] as string);
    return region === null || !excluded?.has(region) ? region : routeAround(this.#ring, start, this.#names, exclusionOf(excluded, this.#source()));
  }

  /** The region table as exclusionOf and the batch tables read it. */
  #source(): BatchTableSource {
    return { names: this.#names, regions: this.#regions, owning: this.#owning, version: this.#version };
  }

  /** @internal See ./internals.ts. */
  [INTERNALS](): RouterInternals {
    return { ring: this.#ring, names: this.#names, dialect: this.#dialect, regions: this.#regions, version: this.#version };
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
    return distinctOwnersFrom(this.#ring, start, n, this.#owning).map((owner) => this.#names[owner] as string);
  }

  /** An independent copy, of the same class, dialect and options. */
  clone(): this {
    const Class = this.constructor as new (options: RouterOptions) => this;
    const ring = this.#ring.clone();
    const copy = withHandedRing(ring, Class, () => new Class(this.options));
    // Whatever the constructor did (a subclass's defaults or options), the copy is this router.
    copy.#ring = copy.#ring === ring && copy.#version === 0 ? ring : this.#ring.clone();
    copy.#dialect = this.#dialect;
    copy.#version++;
    copy.#regions = new Map(this.#regions);
    copy.#names = this.#names.slice();
    copy.#freeOwners = this.#freeOwners.slice();
    copy.#owning = this.#owning;
    copy.#meta = this.#meta === undefined ? undefined : copyMeta(this.#meta);
    return copy;
  }

  /**
   * Region -> the exact fraction of the key space it owns (the arcs ending at its positions), for
   * every region in weights() order; all 0 on a ring without positions, else summing to 1.
   */
  shares(): Map<string, number> {
    return shares(ringReader(this.#ring, this.#names), this.#regions.keys());
  }

  /**
   * `{ version: 1, vnodesPerWeight, regions: [[region, weight], ...] }` (regions in weights()
   * order); in another dialect, `compatibleWith` and its options in place of vnodesPerWeight; and
   * `meta` (a copy) when the router came from a snapshot with one.
   */
  toJSON(): RouterSnapshot {
    return toSnapshot(this.#dialect, weightsOf(this.#regions), this.#meta);
  }

  /** MD5 (32 hex digits) of the canonical ring definition: the same for the same definition everywhere. */
  fingerprint(): string {
    return fingerprint(this.#ring, this.#dialect, weightsOf(this.#regions));
  }

  /** A new Map of region -> weight, in insertion order. */
  weights(): Map<string, number> {
    return weightsOf(this.#regions);
  }
}
