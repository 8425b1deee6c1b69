// The simplest pure engine that keeps the Ring contract (src/engines/ring.ts): the "cheap to change"
// candidate of issue 12, measured against the tuned engine (src/engines/pure/ring.ts) by
// bench/engine-shapes.mjs. A node's position is its MD5 as four big-endian uint32 words; the ring is
// those positions in ascending order with their owners beside them. route = binary search; update =
// hash the new nodes, sort them with Array.prototype.sort, splice them in among the nodes that stay
// (the old nodes in whole stretches: a first version, copying them one by one, took 19x the
// WebAssembly engine's time to add 1,000 nodes to a 1,000,000-node ring; this one 2-3x).
// It imports TypeScript from src/ (the package's own MD5 and UTF-8 code): run it through esbuild, as
// bench/engine-shapes.mjs does.
import { bswap32, Md5 } from "../src/engines/pure/md5.ts";
import { vnodePrefix } from "../src/engines/ring.ts";
import { encodeUtf8, maxUtf8Bytes } from "../src/utf8.ts";

const md5 = new Md5();

/** MD5 of the UTF-8 of text, as a position: four big-endian uint32 words, into out[at .. at + 4). */
function hashInto(text, out, at) {
  md5.digest(encodeUtf8(text, md5.reserve(maxUtf8Bytes(text)), 0));
  for (let k = 0; k < 4; k++) out[at + k] = bswap32(md5.state[k]);
}

/** Position i of a against position j of b, as 128-bit numbers: negative, 0 or positive. */
function compare(a, i, b, j) {
  for (let k = 0; k < 4; k++) {
    const x = a[4 * i + k], y = b[4 * j + k];
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** Binary search: the first index in [lo, hi) whose position is >= position j of key (else hi). */
function lowerBound(positions, lo, hi, key, j) {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compare(positions, mid, key, j) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export class SimpleRing {
  /** The key being looked up, hashed. */
  #key = new Uint32Array(4);

  constructor(positions = new Uint32Array(0), owners = new Int32Array(0)) {
    this.positions = positions;
    this.owners = owners;
  }

  get size() {
    return this.owners.length;
  }

  route(key) {
    const i = this.locate(key);
    return i < 0 ? -1 : this.owners[i];
  }

  routeMany(keys) {
    const out = new Int32Array(keys.length);
    for (let i = 0; i < keys.length; i++) out[i] = this.route(keys[i]);
    return out;
  }

  /** The first position >= MD5(key) (bisect_left), wrapping to the first; -1 on an empty ring. */
  locate(key) {
    const n = this.size;
    if (n === 0) return -1;
    hashInto(key, this.#key, 0);
    const i = lowerBound(this.positions, 0, n, this.#key, 0);
    return i === n ? 0 : i;
  }

  ownerAt(index) {
    return this.owners[index];
  }

  positionAt(index) {
    let position = 0n;
    for (let k = 0; k < 4; k++) position = (position << 32n) | BigInt(this.positions[4 * index + k]);
    return position;
  }

  update(remove, add) {
    // The new nodes `${name}#${i}`, hashed, then sorted.
    const m = add.reduce((sum, run) => sum + run.count, 0);
    const added = new Uint32Array(4 * m), addedOwners = new Int32Array(m);
    let j = 0;
    for (const { owner, name, count } of add) {
      for (let i = 0; i < count; i++, j++) {
        hashInto(vnodePrefix(name) + i, added, 4 * j);
        addedOwners[j] = owner;
      }
    }
    const order = Array.from({ length: m }, (_, i) => i).sort((a, b) => compare(added, a, added, b));
    // The ring after the change, in fresh arrays swapped in at the end (a throw changes nothing):
    // the old nodes but the removed owners', copied in whole stretches, and each new node spliced
    // in at its place, found by binary search from where the last one went.
    const removed = new Uint8Array(Math.max(-1, ...remove) + 1); // 1 for an owner to drop
    for (const owner of remove) removed[owner] = 1;
    const old = { positions: this.positions, owners: this.owners };
    const positions = new Uint32Array(4 * (this.size + m)), owners = new Int32Array(this.size + m);
    let from = 0, out = 0;
    /** Copy the old nodes from `from` up to `to`, but the removed owners'. */
    const copyOld = (to) => {
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
      copyOld(lowerBound(old.positions, from, old.owners.length, added, b));
      for (let k = 0; k < 4; k++) positions[4 * out + k] = added[4 * b + k];
      owners[out++] = addedOwners[b];
    }
    copyOld(old.owners.length);
    this.positions = positions.subarray(0, 4 * out);
    this.owners = owners.subarray(0, out);
  }

  md5(text) {
    const words = new Uint32Array(4);
    hashInto(text, words, 0);
    // The digest's bytes are the position's, big-endian.
    return Uint8Array.from({ length: 16 }, (_, i) => words[i >> 2] >>> (24 - 8 * (i & 3)));
  }

  clone() {
    return new SimpleRing(this.positions.slice(), this.owners.slice());
  }
}
