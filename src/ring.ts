// The contract between the router (region table, validation, API) and an engine (the sorted
// virtual-node positions and the search over them). Both engines implement it; the router and the
// shared test suite never look past it.

/** `count` virtual nodes `${name}#0` … `${name}#${count - 1}`, owned by region table slot `slot`. */
export interface VnodeRun {
  readonly slot: number;
  readonly name: string;
  readonly count: number;
}

export interface Ring {
  /** Number of virtual nodes on the ring. */
  readonly size: number;
  /** The slot owning the first position >= MD5(key), wrapping to the first; -1 on an empty ring. */
  route(key: string): number;
  /** route() for each key, in order: one slot (or -1) per key. */
  routeMany(keys: readonly string[]): Int32Array;
  /** The index (in position order) of that virtual node; -1 on an empty ring. */
  locate(key: string): number;
  /** The slot owning the virtual node at a position index (0 <= index < size). */
  ownerAt(index: number): number;
  /** The 128-bit position of the virtual node at a position index (0 <= index < size). */
  positionAt(index: number): bigint;
  /**
   * Drop every virtual node of the `remove` slots, then add the `add` runs, in one merge.
   * All or nothing: when it throws (memory cannot grow), the ring is unchanged.
   */
  update(remove: readonly number[], add: readonly VnodeRun[]): void;
  /** An independent copy. */
  clone(): Ring;
}

/**
 * log2 of the number of buckets in the ring index for n virtual nodes: about n/2 to n/4 buckets,
 * so a lookup scans two to four entries and the index costs at most 2 bytes per virtual node.
 * Both engines use it, so they build identical indexes.
 */
export function indexBits(n: number): number {
  return Math.max(1, 31 - Math.clz32(n) - 1);
}
