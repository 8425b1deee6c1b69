// The ring dialects written once more, each following its library's own code as literally as plain
// JavaScript allows (BigInt points, node:crypto MD5, a Map for Python's dict with its overwrite,
// bisect_left / bisect_right, insort (as appending and sorting: equal integers are
// indistinguishable), a stable sort, the C and JS binary searches), from the
// sources that src/dialects.ts names. The default dialect, region-router, is the reference's ring
// as test/support/model.mjs writes it (that model, and its MD5 as a 128-bit integer, are used here
// rather than written twice). Nothing here or there shares code with src/. test/dialects.test.ts
// checks it against the fixtures the real libraries (or the ports in scripts/reference/) wrote,
// then compares every engine with it on random rings and operation sequences.
//
// The router's semantics, which the model keeps too: the regions in weights() order (adding one
// that is there moves it to the end; removing drops it), and after every change the ring is a FRESH
// library instance of those regions and weights. Weight 0 is a node of weight 0 (no points, but
// counted in n); no regions, or a total weight of 0, is an empty ring (route: null).
import { createHash } from "node:crypto";
import { distinctFrom, KEY_SPACE, locate, position, ringOf } from "./model.mjs";

/** @typedef {readonly [string, number]} Region */
/** @typedef {Readonly<Record<string, number>>} Options */
/**
 * One library instance: its lookup by hash and what tests read of it.
 * @typedef {{
 *   space: bigint,
 *   strict: boolean,
 *   points: bigint[],
 *   owners: string[],
 *   names: string[],
 *   hashKey(key: string): bigint,
 *   at(h: bigint): number,
 *   lookup(h: bigint): string | null,
 * }} Library
 * space: the key space (2^128 or 2^32); strict: the lookup takes the first point strictly after
 * the key's hash (bisect_right) rather than at or after; points: the sorted points the library
 * keeps (duplicates where it keeps them), whose length is its ring's size; owners: the node its
 * walk meets at each of them (for a dict, the one the dict kept); names: the virtual-node names it
 * hashed, in generation order; at: the index of the point a hash lands on (-1 on an empty ring),
 * whose owner lookup gives.
 */
/** @typedef {Omit<Library, "lookup">} Walk */

/** @param {string} text */
const md5 = (text) => createHash("md5").update(text, "utf8").digest();
/** The digest read big-endian as a 128-bit integer (Python: int(md5(...).hexdigest(), 16)). */
const md5Int = position;
/** Little-endian 32-bit word i of a digest (ketama's (d[3+4i] << 24) | ... | d[4i]). @param {Buffer} digest @param {number} i */
const word = (digest, i) => BigInt(digest.readUInt32LE(4 * i));

/** Python's bisect_right (bisect.bisect). @param {readonly bigint[]} a @param {bigint} x */
function bisectRight(a, x) {
  let lo = 0, hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (x < a[mid]) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * `name`, recorded in `names` (a library's virtual-node names, in generation order).
 * @param {string[]} names @param {string} name
 */
function recorded(names, name) {
  names.push(name);
  return name;
}

/** @param {bigint} a @param {bigint} b */
const ascending = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** A library from its walk: its lookup is the owner of the point a hash lands on. @param {Walk} walk @returns {Library} */
function withLookup(walk) {
  return {
    ...walk,
    lookup(h) {
      const i = walk.at(h);
      return i < 0 ? null : walk.owners[i];
    },
  };
}

/**
 * A Python dict ring (point -> node, a later write overwrites) searched with bisect (right) over `keys`.
 * @param {Map<bigint, string>} ring @param {bigint[]} keys @param {bigint} space
 * @param {(key: string) => bigint} hashKey @param {string[]} names
 * @returns {Library}
 */
function dictRing(ring, keys, space, hashKey, names) {
  return withLookup({
    space,
    strict: true,
    points: keys,
    owners: keys.map((key) => /** @type {string} */ (ring.get(key))),
    names,
    hashKey,
    at(h) {
      if (ring.size === 0) return -1;
      const idx = bisectRight(keys, h);
      return idx === keys.length ? 0 : idx;
    },
  });
}

/** A ketama key: the first little-endian word of its MD5. @param {string} key */
const ketamaKey = (key) => word(md5(key), 0);
const SPACE_32 = 1n << 32n;

/**
 * The ketama "first point >= h" search of libketama's ketama_get_server and hashring's find,
 * step by step: the index, or 0 past the last point.
 * @param {readonly bigint[]} points @param {bigint} h
 */
function ketamaFind(points, h) {
  const n = points.length;
  let low = 0, high = n;
  for (;;) {
    const mid = Math.floor((low + high) / 2);
    if (mid === n) return 0;
    const here = points[mid];
    const before = mid === 0 ? 0n : points[mid - 1];
    if (h <= here && h > before) return mid;
    if (here < h) low = mid + 1;
    else high = mid - 1;
    if (low > high) return 0;
  }
}

/**
 * A continuum of (point, server) entries in generation order, stably sorted (glibc's qsort merge
 * sort, V8's TimSort), searched with ketamaFind: of equal points the first generated answers.
 * @param {{ point: bigint, server: string }[]} generated @param {string[]} names
 * @returns {Library}
 */
function continuum(generated, names) {
  const sorted = [...generated].sort((a, b) => ascending(a.point, b.point));
  const points = sorted.map((e) => e.point);
  return withLookup({
    space: SPACE_32,
    strict: false,
    points,
    owners: sorted.map((e) => e.server),
    names,
    hashKey: ketamaKey,
    at: (h) => (sorted.length === 0 ? -1 : ketamaFind(points, h)),
  });
}

/** @type {Record<string, (regions: readonly Region[], options: Options) => Library>} */
const LIBRARIES = {
  // scripts/reference/region_router.py: ring[md5("r#i")] = region, sorted(ring.keys()), bisect_left;
  // test/support/model.mjs's ringOf and ownerOf. Their sorted array of (position, region) is the
  // dict's ring: no two names "r#i" are alike (i, after the last "#", holds none), so no write
  // overwrites another (short of an MD5 collision).
  "region-router"(regions, { vnodesPerWeight = 1 }) {
    const ring = ringOf(regions, vnodesPerWeight);
    const names = regions.flatMap(([region, weight]) => Array.from({ length: weight * vnodesPerWeight }, (_, i) => `${region}#${i}`));
    return withLookup({ space: KEY_SPACE, strict: false, points: [...ring.positions], owners: [...ring.owners], names, hashKey: md5Int, at: (h) => locate(ring, h) });
  },
  // The blog's ConsistentHashRing: add_node inserts "node:vnode:i" for i < replicas (here weight x
  // replicas) with insort, ring[h] = node; get_node: bisect_right.
  "consistent-hash-ring"(regions, { replicas = 150 }) {
    /** @type {Map<bigint, string>} */
    const ring = new Map();
    /** @type {bigint[]} */
    const sortedKeys = [];
    /** @type {string[]} */
    const names = [];
    for (const [node, weight] of regions) {
      for (let i = 0; i < weight * replicas; i++) {
        const h = md5Int(recorded(names, `${node}:vnode:${i}`));
        ring.set(h, node);
        sortedKeys.push(h); // insort: the same list as appending, then sorting below
      }
    }
    return dictRing(ring, sortedKeys.sort(ascending), KEY_SPACE, md5Int, names);
  },
  // uhashring MetaRing._create_ring: ring[hashi("node-w")] = node for w < vnodes x weight;
  // _keys = sorted(ring.keys()); HashRing._get_pos: bisect (right).
  uhashring(regions, { vnodes = 160 }) {
    /** @type {Map<bigint, string>} */
    const ring = new Map();
    /** @type {string[]} */
    const names = [];
    for (const [node, weight] of regions) {
      for (let w = 0; w < vnodes * weight; w++) ring.set(md5Int(recorded(names, `${node}-${w}`)), node);
    }
    return dictRing(ring, [...ring.keys()].sort(ascending), KEY_SPACE, md5Int, names);
  },
  // uhashring KetamaRing._create_ring: ks = (vnodes x len(nodes) x weight) // weight_sum names,
  // `replicas` words each; ring[h] = node and insort(_keys, h) (duplicates kept); bisect (right).
  "uhashring-ketama"(regions, { vnodes = 40, replicas = 4 }) {
    const weightSum = regions.reduce((sum, [, weight]) => sum + BigInt(weight), 0n);
    /** @type {Map<bigint, string>} */
    const ring = new Map();
    /** @type {bigint[]} */
    const keys = [];
    /** @type {string[]} */
    const names = [];
    if (weightSum > 0n) {
      for (const [node, weight] of regions) {
        const ks = (BigInt(vnodes) * BigInt(regions.length) * BigInt(weight)) / weightSum;
        for (let w = 0n; w < ks; w++) {
          const digest = md5(recorded(names, `${node}-${w}`));
          for (let i = 0; i < replicas; i++) {
            const h = word(digest, i);
            ring.set(h, node);
            keys.push(h); // insort, as above
          }
        }
      }
    }
    return dictRing(ring, keys.sort(ascending), SPACE_32, ketamaKey, names);
  },
  // npm hashring 3.2.0 continuum(): length = Math.floor(weight / total * vnodes * servers.length)
  // in doubles, `replicas` words per name, Array.prototype.sort (stable), find().
  hashring(regions, { vnodeCount = 40, replicas = 4 }) {
    const total = regions.reduce((sum, [, weight]) => sum + weight, 0);
    /** @type {{ point: bigint, server: string }[]} */
    const generated = [];
    /** @type {string[]} */
    const names = [];
    for (const [server, weight] of regions) {
      const percentage = weight / total;
      // hashring reads each server's vnode count from a plain object, where "__proto__" is the
      // prototype, no number: that server gets no names (its weight still counts above).
      const length = server === "__proto__" ? 0 : Math.floor(percentage * vnodeCount * regions.length);
      for (let i = 0; i < length; i++) {
        const x = md5(recorded(names, `${server}-${i}`));
        for (let j = 0; j < replicas; j++) generated.push({ point: word(x, j), server });
      }
    }
    return continuum(generated, names);
  },
  // libketama ketama_create_continuum: pct = (float)memory / (float)total, ks = floorf(pct * 40.0
  // * (float)numservers) with the product in double, rounded to float by floorf's parameter; four
  // words per name; qsort; ketama_get_server.
  libketama(regions) {
    const total = regions.reduce((sum, [, memory]) => sum + memory, 0);
    /** @type {{ point: bigint, server: string }[]} */
    const generated = [];
    /** @type {string[]} */
    const names = [];
    if (total > 0) {
      for (const [server, memory] of regions) {
        const pct = Math.fround(Math.fround(memory) / Math.fround(total));
        const ks = Math.floor(Math.fround(pct * 40.0 * Math.fround(regions.length)));
        for (let k = 0; k < ks; k++) {
          const digest = md5(recorded(names, `${server}-${k}`));
          for (let h = 0; h < 4; h++) generated.push({ point: word(digest, h), server });
        }
      }
    }
    return continuum(generated, names);
  },
  // hash_ring 1.3.1 _generate_circle: factor = math.floor((40 * len(nodes) * weight) / total_weight)
  // (Python 2: integer division), three words per name, ring[key] = node, _sorted_keys appended then
  // sorted (duplicates kept); get_node_pos: bisect (right).
  hash_ring(regions) {
    const totalWeight = regions.reduce((sum, [, weight]) => sum + BigInt(weight), 0n);
    /** @type {Map<bigint, string>} */
    const ring = new Map();
    /** @type {bigint[]} */
    const sortedKeys = [];
    /** @type {string[]} */
    const names = [];
    if (totalWeight > 0n) {
      for (const [node, weight] of regions) {
        const factor = (40n * BigInt(regions.length) * BigInt(weight)) / totalWeight;
        for (let j = 0n; j < factor; j++) {
          const bKey = md5(recorded(names, `${node}-${j}`));
          for (let i = 0; i < 3; i++) {
            const key = word(bKey, i);
            ring.set(key, node);
            sortedKeys.push(key);
          }
        }
      }
    }
    sortedKeys.sort(ascending);
    return dictRing(ring, sortedKeys, SPACE_32, ketamaKey, names);
  },
};

/** Every dialect the model knows. */
export const MODEL_DIALECTS = Object.keys(LIBRARIES);

/** The dialects whose points are 32-bit ketama words. */
export const KETAMA_DIALECTS = ["uhashring-ketama", "hashring", "libketama", "hash_ring"];

/**
 * A fresh library instance of `dialect` for `regions` (in order) and `options`.
 * @param {string} dialect @param {readonly Region[]} regions @param {Options} [options]
 * @returns {Library}
 */
export function library(dialect, regions, options = {}) {
  return LIBRARIES[dialect](regions, options);
}

/**
 * The first n distinct nodes the library's walk meets from a key's point on: the router's
 * preferenceList (uhashring's range(), hash_ring's iterate_nodes() and hashring's range() walk so;
 * a dict's lost point is never met, as its owner is the winner's).
 * @param {Library} lib @param {string} key @param {number} n
 * @returns {string[]}
 */
export function preferenceOfLibrary(lib, key, n) {
  return distinctFrom(lib.owners, lib.at(lib.hashKey(key)), n);
}

/**
 * The route of each key: the library's lookup of the key's hash.
 * @param {Library} lib @param {readonly string[]} keys
 * @returns {(string | null)[]}
 */
export function routesOf(lib, keys) {
  return keys.map((key) => lib.lookup(lib.hashKey(key)));
}

/**
 * Each region's exact share of the key space: the arc ending at each distinct point goes to the
 * node a hash in that arc finds (for a strict library the arc is [previous, point), so the hash
 * point - 1 lands on it; otherwise (previous, point], so the point itself); one point owns all.
 * @param {Library} lib @param {Iterable<string>} regions (all 0 when the ring is empty)
 * @returns {Map<string, number>}
 */
export function sharesOfLibrary(lib, regions) {
  /** @type {Map<string, bigint>} */
  const owned = new Map();
  for (const region of regions) owned.set(region, 0n);
  const distinct = [...new Set(lib.points)];
  for (let i = 0; i < distinct.length; i++) {
    const length = i === 0 ? lib.space - distinct[distinct.length - 1] + distinct[0] : distinct[i] - distinct[i - 1];
    const owner = /** @type {string} */ (lib.lookup(lib.strict ? distinct[i] - 1n : distinct[i]));
    owned.set(owner, /** @type {bigint} */ (owned.get(owner)) + length);
  }
  return new Map([...owned].map(([region, length]) => [region, Number(length) / Number(lib.space)]));
}

/**
 * The regions in weights() order after `ops` ("add" moves a region to the end, "remove" drops it),
 * from `start`.
 * @param {readonly (readonly [string, string, number?])[]} ops @param {readonly Region[]} [start]
 * @returns {Region[]}
 */
export function regionsAfter(ops, start = []) {
  const order = new Map(start);
  for (const [op, region, weight] of ops) {
    order.delete(region);
    if (op === "add") order.set(region, /** @type {number} */ (weight));
  }
  return [...order];
}
