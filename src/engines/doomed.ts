// Which nodes of a ring an update drops: those of the removed runs. A few are found by their
// positions (each name hashed again, a binary search on its head, the owner matched among equal
// heads), so that removing one region from a large ring costs its own names and the moves, not a
// pass over every node; many (a relative dialect's update remakes every region) by one pass over
// the owners. Both engines search (searched); the pure one also scans here, the WebAssembly one
// in WebAssembly (removeOwners).
import { lowerBound } from "../lower-bound.js";
import { newArray } from "./pure/arrays.js";
import type { VnodeRun } from "./ring.js";

/**
 * Searching is worth it while the removed nodes are fewer than the ring's nodes / SEARCH_COST: a
 * name's MD5 and search cost about as much as that many steps of the pass over the owners.
 */
export const SEARCH_COST = 256;

/** Nodes as this file reads them: a ring's, in ascending order, or the removed runs', in run order. */
export interface RingNodes {
  /** Node i's head (the top 32 bits of its position) is positions[4i]. */
  readonly positions: Uint32Array;
  /** Node i's owner is the low 16 bits of owners[i]. */
  readonly owners: Int32Array | Uint32Array;
  readonly n: number;
}

/** Writes a name's positions, as the ring stores them, into out from word `at` (four words each: a head first). */
export type PlaceName = (name: string, out: Uint32Array, at: number) => void;

/**
 * The indexes of the nodes of `remove` (each run: an owner and its names, as they were added), in
 * ascending order; `perName` positions a name. Allocates before it returns, and writes nothing.
 */
export function doomedNodes(ring: RingNodes, remove: readonly VnodeRun[], perName: number, place: PlaceName): Uint32Array {
  let k = 0;
  for (const run of remove) k += run.count * perName;
  if (k === 0 || ring.n === 0) return new Uint32Array(0);
  return (k * SEARCH_COST < ring.n && searched(ring, placed(remove, k, perName, place))) || scanned(ring, remove);
}

/** The k nodes of the removed runs, placed in run order. */
function placed(remove: readonly VnodeRun[], k: number, perName: number, place: PlaceName): RingNodes {
  const positions = new Uint32Array(4 * k), owners = new Int32Array(k);
  let at = 0;
  for (const { owner, prefix, count } of remove) {
    owners.fill(owner, at, at + count * perName);
    for (let i = 0; i < count; i++, at += perName) place(prefix + i, positions, 4 * at);
  }
  return { positions, owners, n: k };
}

/**
 * The indexes in `ring` of the `removed` nodes (its heads and owners), ascending; undefined when
 * one is not there (the caller then scans). Allocates, and writes nothing.
 */
export function searched({ positions, owners, n }: RingNodes, removed: RingNodes): Uint32Array | undefined {
  const k = removed.n;
  const found = new Uint32Array(k);
  for (let count = 0; count < k; count++) {
    const head = removed.positions[4 * count], owner = removed.owners[count] & 0xffff;
    const first = lowerBound(positions, head, 0, n, headBelow);
    // Among equal heads (rare: then two of the owner's points may share one), its first node not yet taken.
    const shared = first + 1 < n && positions[4 * (first + 1)] === head;
    let p = first;
    while (p < n && positions[4 * p] === head && ((owners[p] & 0xffff) !== owner || (shared && taken(found, count, p)))) p++;
    if (p === n || positions[4 * p] !== head) return undefined;
    found[count] = p;
  }
  found.sort();
  // Each node once (a ring that did not hold what the runs say would repeat one): else the pass.
  for (let i = 1; i < k; i++) if (found[i] === found[i - 1]) return undefined;
  return found;
}

/** lowerBound's test: node p's head is below `head`. */
function headBelow(positions: Uint32Array, p: number, head: number): boolean {
  return positions[4 * p] < head;
}

/** Whether node p is among the first `count` found. */
function taken(found: Uint32Array, count: number, p: number): boolean {
  for (let i = 0; i < count; i++) if (found[i] === p) return true;
  return false;
}

/** Every node whose owner is a removed run's, by a pass over the owners (the pure engine's). */
function scanned({ owners, n }: RingNodes, remove: readonly VnodeRun[]): Uint32Array {
  const removed = new Uint8Array(remove.reduce((most, { owner }) => Math.max(most, owner + 1), 0));
  for (const { owner } of remove) removed[owner] = 1;
  const size = removed.length;
  let k = 0;
  for (let i = 0; i < n; i++) {
    const owner = owners[i];
    if (owner < size) k += removed[owner];
  }
  const found = newArray(Uint32Array, k, k);
  for (let i = 0, at = 0; at < k; i++) {
    const owner = owners[i];
    if (owner < size && removed[owner] === 1) found[at++] = i;
  }
  return found;
}
