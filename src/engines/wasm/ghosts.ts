// The WebAssembly engine's ghosts (../ghosts.ts): a ghost keeps its node's key fragment and tail,
// its key taking the next staying node's owner, and the index stays as it is, each ghost's slot in
// its bucket. Index space through the shared mapping; nodes put back where the ghosts stand only in
// their own buckets, so the index stays right; the ghosts removed for good by in-place.ts.
import { answerAt, byIndex, indexAtSlot, leaveGhosts, refillable, slotAt, type Ghosts } from "../ghosts.js";
import { KEY_BYTES, TAIL_BYTES } from "./constants.generated.js";
import { above, removeInPlace } from "./in-place.js";
import { RingMemory } from "./layout.js";

const TAIL_WORDS = TAIL_BYTES / 4;

/** A ring's memory with its ghosts, if any: index space, and the ghosts' start and end. */
export class GhostedMemory extends RingMemory {
  /** The ghosts standing; undefined when there are none. */
  ghosts: Ghosts | undefined = undefined;

  /** The ring's nodes, the ghosts not counted. */
  get nodes(): number {
    return this.n - (this.ghosts?.slots.length ?? 0);
  }

  ownerAt(i: number): number {
    return this.ownerOfSlot(slotAt(this.ghosts, i));
  }

  headAt(i: number): number {
    return this.headOfSlot(slotAt(this.ghosts, i));
  }

  positionAt(i: number): bigint {
    return this.positionOfSlot(slotAt(this.ghosts, i));
  }

  /** The index of the node a key landing on `slot` (-1: none) lands on. */
  indexAtSlot(slot: number): number {
    return indexAtSlot(this.ghosts, slot, this.n);
  }

  /** What routeIndexes and routeBytes write for a key landing on `slot`: Ring's indexOf, an excluded node named by its index. */
  answerAt(slot: number, table: Int32Array | undefined): number {
    return answerAt(this.ghosts, slot, slot < 0 ? -1 : this.ownerOfSlot(slot), table, this.n);
  }

  /**
   * The excluded answers in out[from, to), written by indexOf through `table` from a batch's slots
   * (chunks.ts, writeOwners), made to name their nodes by index (answerAt); without a table the
   * answers are owners, none excluded, and nothing is read.
   */
  excludedIndexes(out: Int32Array, from: number, to: number, table: Int32Array | undefined): void {
    const { ghosts, n } = this;
    if (ghosts !== undefined && table !== undefined) for (let i = from; i < to; i++) out[i] = byIndex(ghosts, out[i], n);
  }

  /** Turn the nodes at `doomed` (ascending slots, fewer than all; no ghosts standing) into ghosts. */
  leaveGhosts(doomed: Uint32Array): void {
    const { words } = this, keys = this.ring >>> 2;
    this.ghosts = leaveGhosts(doomed, this.n, (slot, from) => void (words[keys + slot] = (words[keys + slot] & 0xffff0000) | (words[keys + from] & 0xffff)));
  }

  /**
   * Put the m sorted nodes of a run (keys at `runKeys`, owners only; tails at `runTails`) where the
   * ghosts stand, if they belong there (refillable), each in its ghost's bucket. Returns false,
   * having written nothing, when they do not.
   */
  refill(runKeys: number, runTails: number, m: number): boolean {
    const { ring, n, bits, words, ghosts } = this;
    const keys = ring >>> 2, tails = (ring + n * KEY_BYTES) >>> 2, run = runTails >>> 2;
    const tailOf = (slot: number) => tails + TAIL_WORDS * slot, runOf = (j: number) => run + TAIL_WORDS * j;
    const bucket = (at: number) => words[at + 1] >>> (32 - bits);
    if (ghosts === undefined || !refillable(ghosts, n, m, (slot, j) => above(words, tailOf(slot), runOf(j)), (slot, j) => bucket(tailOf(slot)) === bucket(runOf(j)))) return false;
    for (let j = 0; j < m; j++) {
      const slot = ghosts.slots[j];
      words[keys + slot] = ((words[runOf(j) + 1] << bits) & 0xffff0000) | (words[(runKeys >>> 2) + j] & 0xffff);
      words.copyWithin(tailOf(slot), runOf(j), runOf(j) + TAIL_WORDS);
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
