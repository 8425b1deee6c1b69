// The pure-TypeScript engine, kept simple on purpose: a position is 128 bits as four big-endian
// uint32 words; the ring is those positions in ascending order with their owners beside them.
// Positions are made in one place (placeName for names, placeKey for keys, both following the
// ring's Scheme) and searched in one (lowerBound). Measured against the tuned engine it replaced
// (bench/tuned-pure-ring.ts, bench/engine-shapes.mjs, numbers in bench/RESULTS.md): lookups 1.1x
// slower on small rings (MD5 is most of the time) and 1.4x on a million nodes, builds 2x slower
// (Array.prototype.sort), updates 4-10x faster (old nodes are copied in whole stretches, not one by
// one).
import { positionsPerName, REFERENCE_SCHEME, type Ring, type Scheme, type VnodeRun } from "../ring.js";
import { encodeUtf8, maxUtf8Bytes } from "../../utf8.js";
import { bswap32, Md5 } from "./md5.js";

const md5 = new Md5();

/** MD5 of the UTF-8 of text, into md5.state (little-endian words). */
function hash(text: string): Int32Array {
  md5.digest(encodeUtf8(text, md5.reserve(maxUtf8Bytes(text)), 0));
  return md5.state;
}

/**
 * A key's position under the scheme, into out[0 .. 4): the digest big-endian, or for 32-bit
 * points its first little-endian word x 2^96.
 */
function placeKey(scheme: Scheme, key: string, out: Uint32Array): void {
  const state = hash(key);
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

/** Position i of a against position j of b, as 128-bit numbers: negative, 0 or positive. */
function compare(a: Uint32Array, i: number, b: Uint32Array, j: number): number {
  for (let k = 0; k < 4; k++) {
    const x = a[4 * i + k], y = b[4 * j + k];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Binary search: the first index in [lo, hi) whose position is >= position j of key (else hi). */
function lowerBound(positions: Uint32Array, lo: number, hi: number, key: Uint32Array, j: number): number {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(positions, mid, key, j) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class PureRing implements Ring {
  /** The key being looked up, hashed. */
  readonly #key = new Uint32Array(4);

  constructor(
    readonly scheme: Scheme = REFERENCE_SCHEME,
    private positions = new Uint32Array(0),
    private owners = new Int32Array(0),
  ) {}

  get size(): number {
    return this.owners.length;
  }

  route(key: string): number {
    const i = this.locate(key);
    return i < 0 ? -1 : this.owners[i];
  }

  routeMany(keys: readonly string[], out = new Int32Array(keys.length)): Int32Array {
    for (let i = 0; i < keys.length; i++) out[i] = this.route(keys[i]);
    return out;
  }

  /** The first position at or after the key's (see Ring.positionAt), wrapping to the first; -1 on an empty ring. */
  locate(key: string): number {
    const n = this.size;
    if (n === 0) return -1;
    placeKey(this.scheme, key, this.#key);
    const i = lowerBound(this.positions, 0, n, this.#key, 0);
    return i === n ? 0 : i;
  }

  ownerAt(index: number): number {
    return this.owners[index];
  }

  positionAt(index: number): bigint {
    let position = 0n;
    for (let k = 0; k < 4; k++) position = (position << 32n) | BigInt(this.positions[4 * index + k]);
    return position;
  }

  update(remove: readonly number[], add: readonly VnodeRun[]): void {
    // The new nodes, hashed, then sorted.
    const perName = positionsPerName(this.scheme);
    let m = 0;
    for (const run of add) m += run.count * perName;
    const added = new Uint32Array(4 * m), addedOwners = new Int32Array(m);
    let at = 0;
    for (const { owner, prefix, count, rank } of add) {
      addedOwners.fill(owner, at >> 2, (at >> 2) + count * perName);
      for (let i = 0; i < count; i++) at = placeName(this.scheme, prefix + i, rank, i, added, at);
    }
    const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => compare(added, a, added, b));
    // The ring after the change, in fresh arrays swapped in at the end (a throw changes nothing):
    // the old nodes but the removed owners', copied in whole stretches, and each new node spliced
    // in at its place, found by binary search from where the last one went.
    const removed = new Uint8Array(remove.reduce((most, owner) => Math.max(most, owner + 1), 0));
    for (const owner of remove) removed[owner] = 1;
    const old = this;
    const n = old.size;
    const positions = new Uint32Array(4 * (n + m)), owners = new Int32Array(n + m);
    let from = 0, out = 0;
    /** Copy the old nodes from `from` up to `to`, but the removed owners'. */
    const copyOld = (to: number): void => {
      while (from < to) {
        let end = remove.length === 0 ? to : from;
        while (end < to && removed[old.owners[end]] !== 1) end++;
        positions.set(old.positions.subarray(4 * from, 4 * end), 4 * out);
        owners.set(old.owners.subarray(from, end), out);
        out += end - from;
        from = Math.min(end + 1, to);
      }
    };
    for (const b of order) {
      copyOld(lowerBound(old.positions, from, n, added, b));
      positions.set(added.subarray(4 * b, 4 * b + 4), 4 * out);
      owners[out++] = addedOwners[b];
    }
    copyOld(n);
    // Both views first, then both fields: nothing can fail between the two assignments.
    const kept = positions.subarray(0, 4 * out), keptOwners = owners.subarray(0, out);
    this.positions = kept;
    this.owners = keptOwners;
  }

  md5(text: string): Uint8Array {
    const state = hash(text);
    // The digest's bytes: each state word's, little-endian.
    return Uint8Array.from({ length: 16 }, (_, i) => state[i >> 2] >>> (8 * (i & 3)));
  }

  /** Updates build new arrays and swap them in: a failure leaves the old ones in place. */
  get intact(): boolean {
    return true;
  }

  empty(): Ring {
    return new PureRing(this.scheme);
  }

  clone(): Ring {
    return new PureRing(this.scheme, this.positions.slice(), this.owners.slice());
  }
}
