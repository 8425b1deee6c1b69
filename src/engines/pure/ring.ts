// The pure-TypeScript engine, kept simple on purpose: a position is 128 bits as four big-endian
// uint32 words; the ring is those positions in ascending order with their owners beside them.
// Positions are made in one place (placeName for names, placeKey for a key's digest, both
// following the ring's Scheme) and searched in one (lowerBound). Updates work in place, in arrays
// with room to spare (PureRing.update), and new nodes are sorted in typed arrays (sortedOrder).
import { checkKey, indexOf, longestId, positionsPerName, REFERENCE_SCHEME, regionAt, type Answers, type Footprint, type RegionTable, type Ring, type Scheme, type VnodeRun, type WalkOn } from "../ring.js";
import { encodeUtf8, maxUtf8Bytes } from "../../utf8.js";
import { lengthOfView, windowOf } from "../../validate.js";
import { bswap32, littleEndianWords, Md5 } from "./md5.js";
import { lowerBound } from "../../lower-bound.js";
import { newArray } from "./arrays.js";
import { doomedNodes } from "../doomed.js";
import { answerAt, indexAtSlot, leaveGhosts, leavesGhosts, refillable, slotAt, type Ghosts } from "../ghosts.js";
import { capacityFor, compare, lowerBoundBelow, sortedOrder } from "./order.js";

const md5 = new Md5();

/** MD5 of the UTF-8 of text, into md5.state (little-endian words). */
function hash(text: string): Int32Array {
  return digestOf(encodeUtf8(text, md5.reserve(maxUtf8Bytes(text)), 0));
}

/** The most of md5's buffer kept after a digest: a buffer grown past it (a giant key) is let go. */
const KEPT_BYTES = 1 << 20;

/** MD5 of the first len bytes of md5's buffer (where the caller wrote its key), into md5.state; the buffer let go past KEPT_BYTES, unless `keep`. */
function digestOf(len: number, keep = false): Int32Array {
  md5.digest(len);
  if (!keep) md5.release(KEPT_BYTES);
  return md5.state;
}

/** Ids up to this many bytes are copied a byte at a time; a longer one by a view of it, whose object costs less than its copy. */
const COPIED_BYTES = 1024;

/** MD5 of data[start .. end), into md5.state (digestOf); a batch of short ids makes no object per id. */
function bytesHash(data: Uint8Array, start: number, end: number, keep = false): Int32Array {
  const bytes = md5.reserve(end - start);
  if (end - start > COPIED_BYTES) bytes.set(windowOf(data, start, end));
  else for (let i = start; i < end; i++) bytes[i - start] = data[i];
  return digestOf(end - start, keep);
}

/** A digest's words, as MD5 leaves them in md5.state (locateDigest). */
const digestWords = new Int32Array(4);

/**
 * A key's position under the scheme, from its MD5 digest (state: little-endian words), into
 * out[0 .. 4): the digest big-endian, or for 32-bit points its first little-endian word x 2^96.
 */
function placeKey(scheme: Scheme, state: Int32Array, out: Uint32Array): void {
  const wide = scheme.points === 0;
  out[0] = wide ? bswap32(state[0]) : state[0];
  for (let k = 1; k < 4; k++) out[k] = wide ? bswap32(state[k]) : 0;
}

/**
 * The positions of one name (Scheme.points of them, or one) into out from word `at`, stored one key
 * step lower for a strict scheme (see Ring.positionAt). A point's low 64 bits are its generation
 * order, (rank, index x points + j), complemented when the last generated wins, so that equal
 * points sort with the one that owns them first. Returns the next free word.
 */
function placeName(scheme: Scheme, name: string, rank: number, index: number, out: Uint32Array, at: number): number {
  const state = hash(name);
  const step = scheme.strict ? 1 : 0;
  if (scheme.points === 0) {
    let borrow = step;
    for (let k = 3; k >= 0; k--) {
      const word = bswap32(state[k]) >>> 0;
      out[at + k] = word - borrow;
      borrow = borrow > word ? 1 : 0;
    }
    return at + 4;
  }
  const flip = scheme.lastWins ? 0xffffffff : 0;
  for (let j = 0; j < scheme.points; j++, at += 4) {
    out[at] = state[j] - step;
    out[at + 1] = 0;
    out[at + 2] = rank ^ flip;
    out[at + 3] = (index * scheme.points + j) ^ flip;
  }
  return at;
}

export class PureRing implements Ring {
  /** The key being looked up, hashed. */
  readonly #key = new Uint32Array(4);
  /** Nodes on the ring: the first #n of owners (and 4 x #n words of positions); the rest is room. */
  #n: number;
  /** Removed nodes still in their slots until the next update (../ghosts.ts); undefined when there are none. */
  #ghosts: Ghosts | undefined;

  constructor(
    readonly scheme: Scheme = REFERENCE_SCHEME,
    private positions: Uint32Array<ArrayBuffer> = new Uint32Array(0),
    private owners: Int32Array<ArrayBuffer> = new Int32Array(0),
  ) {
    this.#n = owners.length;
  }

  get size(): number {
    return this.#n - (this.#ghosts?.slots.length ?? 0);
  }

  /** A name's positions as this ring stores them (doomedNodes' PlaceName: rank and index change only low words). */
  readonly #place = (name: string, out: Uint32Array, at: number): void => void placeName(this.scheme, name, 0, 0, out, at);

  route(key: string): number {
    return this.#ownerOf(hash(key));
  }

  // Keys land on slots (ghosts included); a walk goes on from a node's index (../ghosts.ts).
  routeMany(keys: readonly unknown[], out: Answers, names: RegionTable, walkOn?: WalkOn): void {
    const onIndex = walkOn && ((slot: number) => walkOn(indexAtSlot(this.#ghosts, slot, this.#n)));
    for (let i = 0; i < out.length; i++) {
      const key = keys[i];
      checkKey(key, i);
      const slot = this.#locate(hash(key));
      out[i] = regionAt(slot, this.owners[slot], names, onIndex);
    }
  }

  routeIndexes(keys: readonly unknown[], count: number, out: Int32Array, table?: Int32Array): void {
    for (let i = 0; i < count; i++) {
      const key = keys[i];
      checkKey(key, i);
      const slot = this.#locate(hash(key));
      out[i] = answerAt(this.#ghosts, slot, this.owners[slot], table, this.#n);
    }
  }

  locateDigest(digest: Uint8Array): number {
    return indexAtSlot(this.#ghosts, this.#locate(littleEndianWords(digest, 0, digestWords)), this.#n);
  }

  routeBytes(data: Uint8Array, spans: Int32Array | Uint32Array, count: number, stride: 1 | 2, out: Int32Array, table?: Int32Array, reserve?: boolean): void {
    // The longest id's room, taken before anything is written and kept to the end of the call.
    const keep = reserve === true;
    if (keep) md5.reserve(longestId(spans, count));
    for (let i = 0, at = 0; i < count; i++, at += stride) {
      const slot = this.#locate(bytesHash(data, spans[at], spans[at + 1], keep));
      out[i] = answerAt(this.#ghosts, slot, this.owners[slot], table, this.#n);
    }
    md5.release(KEPT_BYTES);
  }

  locateBytes(key: Uint8Array): number {
    return indexAtSlot(this.#ghosts, this.#locate(bytesHash(key, 0, lengthOfView.call(key))), this.#n);
  }

  /** route() for a key given by its digest (state: little-endian words). */
  #ownerOf(state: Int32Array): number {
    const i = this.#locate(state);
    return i < 0 ? -1 : this.owners[i];
  }

  /** The first position at or after the key's (see Ring.positionAt), wrapping to the first; -1 on an empty ring. */
  locate(key: string): number {
    return indexAtSlot(this.#ghosts, this.#locate(hash(key)), this.#n);
  }

  /** The slot a key given by its digest (state: little-endian words) lands on. */
  #locate(state: Int32Array): number {
    const n = this.#n;
    if (n === 0) return -1;
    placeKey(this.scheme, state, this.#key);
    const i = lowerBound(this.positions, this.#key, 0, n, (at, i, k) => compare(at, i, k, 0) < 0);
    return i === n ? 0 : i;
  }

  ownerAt(index: number): number {
    return this.owners[slotAt(this.#ghosts, index)];
  }

  headAt(index: number): number {
    return this.positions[4 * slotAt(this.#ghosts, index)];
  }

  positionAt(index: number): bigint {
    const slot = slotAt(this.#ghosts, index);
    let position = 0n;
    for (let k = 0; k < 4; k++) position = (position << 32n) | BigInt(this.positions[4 * slot + k]);
    return position;
  }

  /**
   * In place, in the room the arrays have (an eighth more than the nodes, from the last time they
   * were made): the removed runs' nodes (../doomed.ts finds them) go, the rest close up in whole
   * stretches, then the new nodes are spliced in from the back, each stretch of old nodes moving
   * once. Only when the nodes outgrow the room, or fill less than half of it, are the arrays made
   * anew. A removal alone of a few nodes leaves them as ghosts (../ghosts.ts), which the next
   * update refills or removes first. Everything that can fail (each allocation) comes before the
   * first write that changes a route, so a throw changes nothing a call can see.
   */
  update(remove: readonly VnodeRun[], add: readonly VnodeRun[]): void {
    // The new nodes, hashed, then sorted.
    const perName = positionsPerName(this.scheme);
    let m = 0;
    for (const run of add) m += run.count * perName;
    const added = newArray(Uint32Array, 4 * m, m), addedOwners = newArray(Int32Array, m, m);
    let at = 0;
    for (const { owner, prefix, count, rank } of add) {
      addedOwners.fill(owner, at >> 2, (at >> 2) + count * perName);
      for (let i = 0; i < count; i++) at = placeName(this.scheme, prefix + i, rank, i, added, at);
    }
    const order = sortedOrder(added, m);
    if (this.#ghosts !== undefined) {
      if (remove.every((run) => run.count === 0) && this.#refill(this.#ghosts, added, addedOwners, order)) return;
      this.#splice(this.#ghosts.slots, added, addedOwners, order, 0);
      this.#ghosts = undefined;
    }
    const n = this.#n;
    const gone = doomedNodes({ positions: this.positions, owners: this.owners, n }, remove, perName, this.#place);
    if (leavesGhosts(gone.length, m, n)) {
      const owners = this.owners;
      this.#ghosts = leaveGhosts(gone, n, (slot, from) => void (owners[slot] = owners[from]));
    } else this.#splice(gone, added, addedOwners, order, m);
  }

  /** The new nodes where the ghosts stand, if they belong there; false, nothing written, if not. */
  #refill(ghosts: Ghosts, added: Uint32Array, addedOwners: Int32Array, order: Uint32Array): boolean {
    const { positions, owners } = this;
    if (!refillable(ghosts, this.#n, order.length, (slot, j) => compare(positions, slot, added, order[j]) > 0)) return false;
    ghosts.slots.forEach((slot, j) => {
      for (let k = 0; k < 4; k++) positions[4 * slot + k] = added[4 * order[j] + k];
      owners[slot] = addedOwners[order[j]];
    });
    this.#ghosts = undefined;
    return true;
  }

  /** The nodes at `gone` (ascending slots) removed and the first m `added` (in `order`) put in, as update says. */
  #splice(gone: Uint32Array, added: Uint32Array, addedOwners: Int32Array, order: Uint32Array, m: number): void {
    const n = this.#n;
    const kept = n - gone.length;
    let { positions, owners } = this;
    const need = kept + m;
    // Room before the nodes (owners' offset into its buffer, left by #nearFront) counts in the arrays' size.
    const shrink = capacityFor(need) < this.owners.buffer.byteLength >>> 3;
    if (!shrink && gone.length + m === 1 && this.#nearFront(gone, added, addedOwners)) return;
    if (need > owners.length || shrink) {
      positions = newArray(Uint32Array, 4 * capacityFor(need), need);
      owners = newArray(Int32Array, capacityFor(need), need);
    }
    // From here on nothing allocates. The old nodes but the removed ones, to the front, in
    // stretches (in place, only those that move).
    const moved = positions !== this.positions;
    for (let g = 0, from = 0, out = 0; from < n; g++) {
      const end = g < gone.length ? gone[g] : n;
      if (moved) {
        positions.set(this.positions.subarray(4 * from, 4 * end), 4 * out);
        owners.set(this.owners.subarray(from, end), out);
      } else if (out !== from) {
        positions.copyWithin(4 * out, 4 * from, 4 * end);
        owners.copyWithin(out, from, end);
      }
      out += end - from;
      from = end + 1;
    }
    // The new nodes, from the last: each goes before the old nodes at or after it, which move up
    // past it and the new nodes still to come.
    for (let j = m - 1, i = kept; j >= 0; j--) {
      const b = order[j];
      const p = i === 0 ? 0 : lowerBoundBelow(positions, i, added, b);
      if (p < i) {
        positions.copyWithin(4 * (p + j + 1), 4 * p, 4 * i);
        owners.copyWithin(p + j + 1, p, i);
      }
      for (let k = 0; k < 4; k++) positions[4 * (p + j) + k] = added[4 * b + k];
      owners[p + j] = addedOwners[b];
      i = p;
    }
    this.positions = positions;
    this.owners = owners;
    this.#n = need;
  }

  /**
   * One node removed, or one added with room before the nodes (left by such a removal), in the first
   * half of the ring: the nodes before it move by one, into its place or into that room (the shorter
   * way), and the views start one node later or earlier. False, changing nothing, for any other update.
   */
  #nearFront(gone: Uint32Array, added: Uint32Array, addedOwners: Int32Array): boolean {
    const [n, front] = [this.#n, this.owners.byteOffset >> 2];
    const at = gone.length === 1 ? gone[0] : front > 0 && n > 0 ? lowerBoundBelow(this.positions, n, added, 0) : n;
    if (2 * at >= n) return false;
    const [positions, owners, to] = [new Uint32Array(this.positions.buffer), new Int32Array(this.owners.buffer), gone.length === 1 ? front + 1 : front - 1];
    positions.copyWithin(4 * to, 4 * front, 4 * (front + at));
    owners.copyWithin(to, front, front + at);
    if (gone.length === 0) {
      positions.set(added.subarray(0, 4), 4 * (to + at));
      owners[to + at] = addedOwners[0];
    }
    this.#n = gone.length === 1 ? n - 1 : n + 1;
    [this.positions, this.owners] = [positions.subarray(4 * to), owners.subarray(to)];
    return true;
  }

  md5(text: string): Uint8Array {
    const state = hash(text);
    // The digest's bytes: each state word's, little-endian (a loop, not Uint8Array.from of an
    // array-like, which would take an iterator set on Object.prototype).
    const digest = new Uint8Array(16);
    for (let i = 0; i < 16; i++) digest[i] = state[i >> 2] >>> (8 * (i & 3));
    return digest;
  }

  /** Updates allocate everything before their first write (see update): a failure leaves the ring as it was. */
  get intact(): boolean {
    return true;
  }

  empty(): Ring {
    return new PureRing(this.scheme);
  }

  footprint(): Footprint {
    // No index: the search is a binary search over the positions themselves.
    const bytes = this.positions.buffer.byteLength + this.owners.buffer.byteLength;
    return { positions: bytes, index: 0, total: bytes };
  }

  clone(): Ring {
    const copy = new PureRing(this.scheme, this.positions.slice(0, 4 * this.#n), this.owners.slice(0, this.#n));
    copy.#ghosts = this.#ghosts;
    return copy;
  }
}
