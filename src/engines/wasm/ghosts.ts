// Removed nodes left in their slots as ghosts until the next update: a ghost keeps its node's key
// and position, and takes the owner of the first node after it that stays (past the last, of the
// first that stays, around the ring). A key that the search stops on a ghost for would have gone
// on to that node: so every key routes as it would with the nodes gone, the index stays as it is,
// and a removal costs its own nodes, nothing moving. The next update either puts nodes back where
// the ghosts stand (a region removed and added again: its nodes have the same positions) or first
// removes the ghosts for good (in-place.ts). Until then every index-space call (Ring.locate,
// ownerAt, positionAt, size…) speaks of the ring without them (GhostedMemory); routing reads the
// slots as they are.
import { lowerBound } from "../../lower-bound.js";
import { EXCLUDED, excludedAt, indexOf } from "../ring.js";
import { KEY_BYTES, TAIL_BYTES } from "./constants.generated.js";
import { above, removeInPlace } from "./in-place.js";
import { RingMemory } from "./layout.js";

const TAIL_WORDS = TAIL_BYTES / 4;

export interface Ghosts {
  /** The ghosts' slots, ascending. */
  readonly slots: Uint32Array;
  /** slots[j] - j: the nodes before ghost j. */
  readonly before: Uint32Array;
}

/** A ring's memory with its ghosts, if any: index space, and the ghosts' start and end. */
export class GhostedMemory extends RingMemory {
  /** The ghosts standing; undefined when there are none. */
  ghosts: Ghosts | undefined = undefined;

  /** The ring's nodes, the ghosts not counted. */
  get nodes(): number {
    return this.n - (this.ghosts?.slots.length ?? 0);
  }

  ownerAt(i: number): number {
    return this.ownerOfSlot(this.#slotAt(i));
  }

  headAt(i: number): number {
    return this.headOfSlot(this.#slotAt(i));
  }

  positionAt(i: number): bigint {
    return this.positionOfSlot(this.#slotAt(i));
  }

  /** The slot of node i, counted without the ghosts. */
  #slotAt(i: number): number {
    const before = this.ghosts?.before;
    return before === undefined ? i : i + lowerBound(before, i, 0, before.length, (at, j, index) => at[j] <= index);
  }

  /** The index, counted without the ghosts, of the node a key landing on `slot` (-1: none) lands on: for a ghost, the first after it that stays. */
  indexAtSlot(slot: number): number {
    const slots = this.ghosts?.slots;
    if (slot < 0 || slots === undefined) return slot;
    const index = slot - lowerBound(slots, slot, 0, slots.length, (at, j, s) => at[j] < s);
    return index === this.nodes ? 0 : index;
  }

  /** What routeIndexes and routeBytes write for a key landing on `slot`: Ring's indexOf, an excluded node by its index. */
  answerAt(slot: number, table: Int32Array | undefined): number {
    const answer = indexOf(slot, slot < 0 ? -1 : this.ownerOfSlot(slot), table);
    return answer < EXCLUDED && this.ghosts !== undefined ? excludedAt(this.indexAtSlot(excludedAt(answer))) : answer;
  }

  /**
   * The excluded answers in out[from, to) (excludedAt(slot), as indexOf writes them from a batch's
   * slots) made to name the node by its index, as the walk that follows reads the ring.
   */
  excludedIndexes(out: Int32Array, from: number, to: number): void {
    if (this.ghosts === undefined) return;
    for (let i = from; i < to; i++) if (out[i] < EXCLUDED) out[i] = excludedAt(this.indexAtSlot(excludedAt(out[i])));
  }

  /** Turn the nodes at `doomed` (ascending slots, fewer than all; no ghosts standing) into ghosts. */
  leaveGhosts(doomed: Uint32Array): void {
    const { ring, n, words } = this;
    const keys = ring >>> 2, k = doomed.length;
    let first = 0;
    while (first < k && doomed[first] === first) first++;
    // Downwards, so that a ghost next to another takes the owner that one took.
    for (let j = k - 1; j >= 0; j--) {
      const d = doomed[j];
      const owner = words[keys + (d + 1 < n ? d + 1 : first)] & 0xffff;
      words[keys + d] = (words[keys + d] & 0xffff0000) | owner;
    }
    this.ghosts = { slots: doomed, before: doomed.map((d, j) => d - j) };
  }

  /**
   * Put the m sorted nodes of a run (keys at `runKeys`, owners only; tails at `runTails`) where the
   * ghosts stand, one each, if they belong there: as many nodes as ghosts, each in its ghost's
   * bucket, and in order with the nodes around it (after those equal to it, as every update puts
   * them). Returns false, having written nothing, when they do not.
   */
  refill(runKeys: number, runTails: number, m: number): boolean {
    const { ring, n, bits, words } = this;
    const slots = this.ghosts?.slots;
    if (slots === undefined || m !== slots.length) return false;
    const keys = ring >>> 2, tails = (ring + n * KEY_BYTES) >>> 2, run = runTails >>> 2;
    const shift = 32 - bits;
    for (let j = 0; j < m; j++) {
      const slot = slots[j], at = run + TAIL_WORDS * j;
      if (words[at + 1] >>> shift !== words[tails + TAIL_WORDS * slot + 1] >>> shift) return false;
      // The node before: the run's previous one where that fills the slot below, else the ring's.
      if (slot > 0 && !(j > 0 && slots[j - 1] === slot - 1) && above(words, tails + TAIL_WORDS * (slot - 1), at)) return false;
      if (slot + 1 < n && !(j + 1 < m && slots[j + 1] === slot + 1) && !above(words, tails + TAIL_WORDS * (slot + 1), at)) return false;
    }
    for (let j = 0; j < m; j++) {
      const slot = slots[j], at = run + TAIL_WORDS * j;
      words[keys + slot] = ((words[at + 1] << bits) & 0xffff0000) | (words[(runKeys >>> 2) + j] & 0xffff);
      words.copyWithin(tails + TAIL_WORDS * slot, at, at + TAIL_WORDS);
    }
    this.ghosts = undefined;
    return true;
  }

  /** Remove the ghosts for good, the nodes between them moved (in-place.ts). */
  settle(): void {
    if (this.ghosts !== undefined) removeInPlace(this, this.ghosts.slots, 0);
    this.ghosts = undefined;
  }
}
