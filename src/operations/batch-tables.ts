// The tables a router's batch calls hand the engine: owner -> region name with the excluded regions'
// owners unnamed (routeMany), and owner -> index in regions() with them marked EXCLUDED
// (routeIndexes, routeManyBytes). Copies of both are kept while the region table stays at one
// version, and a call with regions excluded sets their owners in the copies and puts them back
// after: excluding a few regions costs those few, not a pass over every region.
import { EXCLUDED, type RegionTable } from "../engines/ring.js";
import { exclusionOf, type ExcludeTable, type Exclusion } from "./exclude.js";
import { indexTable, type IndexTable } from "./indexes.js";

/** What the batch tables are made from: the router's region table as RouterInternals gives it, and its owning count. */
export interface BatchTableSource extends ExcludeTable {
  readonly names: RegionTable;
  readonly version: number;
}

/** One router's batch tables (each router makes its own). */
export class BatchTables {
  #version = -1;
  /** The owner -> index table with nothing excluded, and the copies lent to calls that exclude. */
  #base: IndexTable | undefined;
  #names: (string | undefined)[] | undefined;
  #indexes: Int32Array | undefined;
  /** Whether a call has the copies: a call made meanwhile (from a getter among its ids) gets its own. */
  #lent = false;

  /** The owner -> index table with nothing excluded, made once per version (the copies when first lent). */
  indexes(source: BatchTableSource): IndexTable {
    if (this.#version !== source.version || this.#base === undefined) {
      [this.#version, this.#base, this.#names, this.#indexes] = [source.version, indexTable(source.names, source.regions), undefined, undefined];
    }
    return this.#base;
  }

  /**
   * call(owner -> region name, owner -> index, the exclusion), the `excluded` regions' owners
   * unnamed in the one and marked EXCLUDED in the other.
   */
  lend<R>(source: BatchTableSource, excluded: ReadonlySet<string> | undefined, call: (names: RegionTable, indexes: IndexTable, exclusion?: Exclusion) => R): R {
    const base = this.indexes(source);
    const exclusion = excluded && exclusionOf(excluded, source);
    if (exclusion === undefined || exclusion.owners.size === 0) return call(source.names, base, exclusion);
    const own = this.#lent;
    const [names, table] = own ? [source.names.slice(), base.table.slice()] : [(this.#names ??= source.names.slice()), (this.#indexes ??= base.table.slice())];
    for (const owner of exclusion.owners) (names[owner] = undefined), (table[owner] = EXCLUDED);
    const indexes = { table, open: exclusion.open, excludes: true, engineTable: table };
    if (own) return call(names, indexes, exclusion);
    this.#lent = true;
    try {
      return call(names, indexes, exclusion);
    } finally {
      this.#lent = false;
      // The kept copies as they were: the excluded owners named and indexed again.
      for (const owner of exclusion.owners) (names[owner] = source.names[owner]), (table[owner] = base.table[owner]);
    }
  }
}
