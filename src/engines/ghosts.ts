// Removed nodes left in their slots as ghosts until the next update, in both engines: a ghost keeps
// its node's position and takes the owner of the first node after it that stays (past the last, of
// the first that stays, around the ring). A key that a search stops on a ghost for would have gone
// on to that node: so every key routes as it would with the nodes gone, and a removal costs its
// own nodes, nothing moving. The next update either puts nodes back where the ghosts stand (a
// region removed and added again: its nodes have the same positions) or first removes the ghosts
// for good. Until then every index-space call (Ring.locate, ownerAt, positionAt, size, the nodes
// excluded answers name) speaks of the ring without them; routing reads the slots as they are.
import { lowerBound } from "../lower-bound.js";
import { SEARCH_COST } from "./doomed.js";
import { EXCLUDED, excludedAt, indexOf } from "./ring.js";

export interface Ghosts {
  /** The ghosts' slots, ascending. */
  readonly slots: Uint32Array;
  /** slots[j] - j: the nodes before ghost j. */
  readonly before: Uint32Array;
}

/** Whether an update removing k nodes and adding m, of a ring of n, leaves ghosts: a removal alone, of few (found by their positions). */
export function leavesGhosts(k: number, m: number, n: number): boolean {
  return m === 0 && k > 0 && k * SEARCH_COST < n;
}

/**
 * Ghosts at `doomed` (ascending slots of a ring of n, fewer than all): `take(slot, from)` gives the
 * node at slot the owner of the node at `from`, downwards, so that a ghost next to another takes
 * the owner that one took.
 */
export function leaveGhosts(doomed: Uint32Array, n: number, take: (slot: number, from: number) => void): Ghosts {
  // Made before the first write: an allocation that fails changes nothing.
  const ghosts = { slots: doomed, before: doomed.map((d, j) => d - j) };
  let first = 0;
  while (first < doomed.length && doomed[first] === first) first++;
  for (let j = doomed.length - 1; j >= 0; j--) take(doomed[j], doomed[j] + 1 < n ? doomed[j] + 1 : first);
  return ghosts;
}

/**
 * Whether m sorted new nodes go where the ghosts stand, one each, in order with the ring's nodes
 * around each (after those equal to it, as every update puts them): `above(slot, j)` compares the
 * ring's node at slot with new node j (true: above it), and `fits(slot, j)` is what else an engine
 * asks of the place (its index's bucket).
 */
export function refillable({ slots }: Ghosts, n: number, m: number, above: (slot: number, j: number) => boolean, fits?: (slot: number, j: number) => boolean): boolean {
  if (m !== slots.length) return false;
  for (let j = 0; j < m; j++) {
    const slot = slots[j];
    if (fits !== undefined && !fits(slot, j)) return false;
    // The nodes beside it: the new ones where they fill the slots next to it, else the ring's.
    if (slot > 0 && !(j > 0 && slots[j - 1] === slot - 1) && above(slot - 1, j)) return false;
    if (slot + 1 < n && !(j + 1 < m && slots[j + 1] === slot + 1) && !above(slot + 1, j)) return false;
  }
  return true;
}

/** The slot of the ring's node `index`, counted without the ghosts. */
export function slotAt(ghosts: Ghosts | undefined, index: number): number {
  return ghosts === undefined ? index : index + lowerBound(ghosts.before, index, 0, ghosts.before.length, (at, j, i) => at[j] <= i);
}

/**
 * The index, counted without the ghosts, of the node a key landing on `slot` (-1: none) of a ring
 * of n slots lands on: for a ghost, the first after it that stays.
 */
export function indexAtSlot(ghosts: Ghosts | undefined, slot: number, n: number): number {
  if (slot < 0 || ghosts === undefined) return slot;
  const index = slot - lowerBound(ghosts.slots, slot, 0, ghosts.slots.length, (at, j, s) => at[j] < s);
  return index === n - ghosts.slots.length ? 0 : index;
}

/** An answer as indexOf writes it from a slot (of a ring of n slots), an excluded node named by its index instead. */
export function byIndex(ghosts: Ghosts | undefined, answer: number, n: number): number {
  return answer < EXCLUDED && ghosts !== undefined ? excludedAt(indexAtSlot(ghosts, excludedAt(answer), n)) : answer;
}

/** Ring's indexOf for a key that landed on `slot` of `owner`, of a ring of n slots: an excluded node named by its index. */
export function answerAt(ghosts: Ghosts | undefined, slot: number, owner: number, table: Int32Array | undefined, n: number): number {
  return byIndex(ghosts, indexOf(slot, owner, table), n);
}
