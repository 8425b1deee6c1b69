// The tuned pure-TypeScript engine that shipped until issue 12, kept as the benchmark's baseline
// (bench/engine-shapes.mjs bundles it with esbuild): the same ring and the same index as the WebAssembly engine
// (assembly/ring.ts), over typed arrays in the JS heap. Positions are four big-endian 32-bit words
// with the sign bit flipped, so plain signed int32 comparisons order them as unsigned 128-bit
// numbers and V8 never boxes a word as a heap number.
import { checkKey, indexBits, regionOf, sortBits, type Answers, type RegionTable, type Ring, type VnodeRun } from "../src/engines/ring.ts";
import { encodeUtf8, maxUtf8Bytes } from "../src/utf8.ts";
import { bswap32, Md5 } from "../src/engines/pure/md5.ts";

const FLIP = 0x80000000 | 0;

/** Position order: is entry i of `words` below the key (k0..k3)? */
function below(words: Int32Array, i: number, k0: number, k1: number, k2: number, k3: number): boolean {
  const p = i << 2;
  const w0 = words[p];
  if (w0 !== k0) return w0 < k0;
  const w1 = words[p + 1];
  if (w1 !== k1) return w1 < k1;
  const w2 = words[p + 2];
  return w2 !== k2 ? w2 < k2 : words[p + 3] < k3;
}

function bucketOf(word0: number, bits: number): number {
  return (word0 ^ FLIP) >>> (32 - bits);
}

/** table[b] = first entry whose top `bits` bits are >= b; table[2^bits] = n. */
function buildTable(words: Int32Array, n: number, bits: number): Int32Array {
  const table = new Int32Array((1 << bits) + 1);
  // Entry i starts every bucket from the one after the previous entry's up to its own (a fill, not
  // a loop over buckets: most of a small ring's 4,096 buckets are empty); the rest start at n.
  let b = 0;
  for (let i = 0; i < n; i++) {
    const bucket = bucketOf(words[i << 2], bits);
    if (bucket >= b) {
      table.fill(i, b, bucket + 1);
      b = bucket + 1;
    }
  }
  table.fill(n, b);
  return table;
}

interface Entries {
  words: Int32Array;
  owners: Int32Array;
}

function copyEntry(from: Entries, i: number, to: Entries, j: number): void {
  to.words.set(from.words.subarray(i << 2, (i << 2) + 4), j << 2);
  to.owners[j] = from.owners[i];
}

/** Counting sort on the top bits, then insertion sort inside each (tiny) bucket. */
function sortEntries(src: Entries, n: number): Entries {
  const bits = sortBits(n);
  const buckets = 1 << bits;
  const starts = new Int32Array(buckets + 1);
  for (let i = 0; i < n; i++) starts[bucketOf(src.words[i << 2], bits) + 1]++;
  for (let b = 0; b < buckets; b++) starts[b + 1] += starts[b];
  const dst: Entries = { words: new Int32Array(n * 4), owners: new Int32Array(n) };
  const cursor = starts.slice(0, buckets);
  for (let i = 0; i < n; i++) copyEntry(src, i, dst, cursor[bucketOf(src.words[i << 2], bits)]++);
  const w = dst.words, o = dst.owners;
  for (let b = 0; b < buckets; b++) {
    for (let i = starts[b] + 1; i < starts[b + 1]; i++) {
      const p = i << 2;
      const k0 = w[p], k1 = w[p + 1], k2 = w[p + 2], k3 = w[p + 3], owner = o[i];
      let j = i;
      for (; j > starts[b] && !below(w, j - 1, k0, k1, k2, k3); j--) {
        w.copyWithin(j << 2, (j - 1) << 2, j << 2);
        o[j] = o[j - 1];
      }
      w[j << 2] = k0;
      w[(j << 2) + 1] = k1;
      w[(j << 2) + 2] = k2;
      w[(j << 2) + 3] = k3;
      o[j] = owner;
    }
  }
  return dst;
}

export class PureRing implements Ring {
  private readonly md5Hasher = new Md5();

  constructor(
    private words: Int32Array = new Int32Array(0),
    private owners: Int32Array = new Int32Array(0),
    private n = 0,
    private bits = 1,
    private table: Int32Array = new Int32Array(3),
  ) {}

  get size(): number {
    return this.n;
  }

  route(key: string): number {
    const i = this.locate(key);
    return i < 0 ? -1 : this.owners[i];
  }

  routeMany(keys: readonly unknown[], out: Answers, names: RegionTable): void {
    for (let i = 0; i < out.length; i++) {
      const key = keys[i];
      checkKey(key, i);
      out[i] = regionOf(this.route(key), names);
    }
  }

  locate(key: string): number {
    const n = this.n;
    if (n === 0) return -1;
    const md5 = this.md5Hasher;
    md5.digest(encodeUtf8(key, md5.reserve(maxUtf8Bytes(key)), 0));
    const h = md5.state;
    const k0 = bswap32(h[0]) ^ FLIP, k1 = bswap32(h[1]) ^ FLIP;
    const k2 = bswap32(h[2]) ^ FLIP, k3 = bswap32(h[3]) ^ FLIP;
    const b = bucketOf(k0, this.bits);
    let i = this.table[b];
    const end = this.table[b + 1];
    while (i < end && below(this.words, i, k0, k1, k2, k3)) i++;
    return i === n ? 0 : i;
  }

  ownerAt(index: number): number {
    return this.owners[index];
  }

  positionAt(index: number): bigint {
    // Undo the sign flip to get back the big-endian words of the MD5 digest.
    const p = index << 2, w = this.words;
    let position = 0n;
    for (let k = 0; k < 4; k++) position = (position << 32n) | BigInt((w[p + k] ^ FLIP) >>> 0);
    return position;
  }

  update(remove: readonly number[], add: readonly VnodeRun[]): void {
    // Build everything in fresh arrays, then swap them in: a throw anywhere changes nothing.
    const run = this.hashRuns(add);
    const sorted = sortEntries(run, run.owners.length);
    const dropped = new Set(remove);
    const old: Entries = { words: this.words, owners: this.owners };
    let kept = 0;
    for (let i = 0; i < this.n; i++) if (!dropped.has(old.owners[i])) kept++;
    const m = sorted.owners.length;
    const total = kept + m;
    const out: Entries = { words: new Int32Array(total * 4), owners: new Int32Array(total) };
    // One forward merge of the surviving entries with the sorted run.
    let i = 0, j = 0;
    for (let k = 0; k < total; k++) {
      while (i < this.n && dropped.has(old.owners[i])) i++;
      const w = sorted.words;
      const takeOld = i < this.n && (j >= m || below(old.words, i, w[j << 2], w[(j << 2) + 1], w[(j << 2) + 2], w[(j << 2) + 3]));
      if (takeOld) copyEntry(old, i++, out, k);
      else copyEntry(sorted, j++, out, k);
    }
    const bits = indexBits(total);
    const table = buildTable(out.words, total, bits);
    this.words = out.words;
    this.owners = out.owners;
    this.n = total;
    this.bits = bits;
    this.table = table;
  }

  md5(text: string): Uint8Array {
    const md5 = this.md5Hasher;
    md5.digest(encodeUtf8(text, md5.reserve(maxUtf8Bytes(text)), 0));
    // MD5's digest is its four state words, each little-endian.
    return Uint8Array.from({ length: 16 }, (_, i) => md5.state[i >> 2] >>> ((i & 3) * 8));
  }

  clone(): Ring {
    return new PureRing(this.words.slice(), this.owners.slice(), this.n, this.bits, this.table.slice());
  }

  /** Hash `${prefix}${i}` for every run, writing the digits in place after the encoded prefix. */
  private hashRuns(add: readonly VnodeRun[]): Entries {
    let m = 0;
    for (const run of add) m += run.count;
    const out: Entries = { words: new Int32Array(m * 4), owners: new Int32Array(m) };
    const md5 = this.md5Hasher;
    let k = 0;
    for (const { owner, prefix, count } of add) {
      const bytes = md5.reserve(maxUtf8Bytes(prefix) + 10);
      const prefixLen = encodeUtf8(prefix, bytes, 0);
      for (let i = 0; i < count; i++, k++) {
        const digits = String(i);
        for (let d = 0; d < digits.length; d++) bytes[prefixLen + d] = digits.charCodeAt(d);
        md5.digest(prefixLen + digits.length);
        for (let w = 0; w < 4; w++) out.words[(k << 2) + w] = bswap32(md5.state[w]) ^ FLIP;
        out.owners[k] = owner;
      }
    }
    return out;
  }
}
