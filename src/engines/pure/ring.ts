// The pure-TypeScript engine, kept simple on purpose: a node's position is its MD5 as four
// big-endian uint32 words; the ring is those positions in ascending order with their owners beside
// them. Positions are made in one function (hashInto) and searched in one (lowerBound). Measured
// against the tuned engine it replaced (bench/tuned-pure-ring.ts, bench/engine-shapes.mjs, numbers
// in bench/RESULTS.md): lookups 1.1x slower on small rings (MD5 is most of the time) and 1.4x on a
// million nodes, builds 2x slower (Array.prototype.sort), updates 4-10x faster (old nodes are
// copied in whole stretches, not one by one).
import { vnodePrefix, type Ring, type VnodeRun } from "../ring.js";
import { encodeUtf8, maxUtf8Bytes } from "../../utf8.js";
import { bswap32, Md5 } from "./md5.js";

const md5 = new Md5();

/** MD5 of the UTF-8 of text, as a position: four big-endian uint32 words, into out[at .. at + 4). */
function hashInto(text: string, out: Uint32Array, at: number): void {
  md5.digest(encodeUtf8(text, md5.reserve(maxUtf8Bytes(text)), 0));
  for (let k = 0; k < 4; k++) out[at + k] = bswap32(md5.state[k]);
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

  routeMany(keys: readonly string[]): Int32Array {
    const out = new Int32Array(keys.length);
    for (let i = 0; i < keys.length; i++) out[i] = this.route(keys[i]);
    return out;
  }

  /** The first position >= MD5(key) (bisect_left), wrapping to the first; -1 on an empty ring. */
  locate(key: string): number {
    const n = this.size;
    if (n === 0) return -1;
    hashInto(key, this.#key, 0);
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
    let m = 0;
    for (const run of add) m += run.count;
    const added = new Uint32Array(4 * m), addedOwners = new Int32Array(m);
    let j = 0;
    for (const { owner, name, count } of add) {
      const prefix = vnodePrefix(name);
      for (let i = 0; i < count; i++, j++) {
        hashInto(prefix + i, added, 4 * j);
        addedOwners[j] = owner;
      }
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
    const words = new Uint32Array(4);
    hashInto(text, words, 0);
    // The digest's bytes are the position's, big-endian.
    return Uint8Array.from({ length: 16 }, (_, i) => words[i >> 2] >>> (24 - 8 * (i & 3)));
  }

  /** Updates build new arrays and swap them in: a failure leaves the old ones in place. */
  get intact(): boolean {
    return true;
  }

  empty(): Ring {
    return new PureRing();
  }

  clone(): Ring {
    return new PureRing(this.positions.slice(), this.owners.slice());
  }
}
