// The algorithm written once more, as plainly as it can be, from the reference
// (scripts/reference/region_router.py) and the README's definitions: node:crypto MD5 read as a
// BigInt, a sorted array, bisect_left, wrap; arcs, preference lists, shares, movement and the
// fingerprint by exact BigInt arithmetic. Nothing here shares code with src/. The tests compare
// both engines with it, test/support/dialect-model.mjs takes its default dialect from it, and the
// benchmark (bench/run.mjs) times ModelRouter as the router a user would port by hand. Plain JavaScript with JSDoc types: node runs it from bench/, tsc checks it.
import { createHash } from "node:crypto";

/**
 * Ascending positions and the region owning each: a ring as exact arithmetic sees it.
 * @typedef {{ readonly positions: readonly bigint[], readonly owners: readonly string[] }} ModelRing
 */
/** @typedef {{ from: string | null, to: string | null, fraction: number }} ModelFlow */

/** The size of the key space: MD5 digests read as 128-bit integers. */
export const KEY_SPACE = 1n << 128n;

/**
 * MD5 of the UTF-8 of `text` (a lone surrogate as U+FFFD, like TextEncoder), as a 128-bit
 * big-endian integer: a ring position.
 * @param {string} text
 * @returns {bigint}
 */
export const position = (text) => BigInt(`0x${createHash("md5").update(text, "utf8").digest("hex")}`);

/**
 * The ring of `regions`: weight × vnodesPerWeight positions each, named "region#0", "region#1", …
 * @param {Iterable<readonly [string, number]>} regions
 * @param {number} [vnodesPerWeight]
 * @returns {ModelRing}
 */
export function ringOf(regions, vnodesPerWeight = 1) {
  /** @type {[bigint, string][]} */
  const entries = [];
  for (const [region, weight] of regions) {
    for (let i = 0; i < weight * vnodesPerWeight; i++) entries.push([position(`${region}#${i}`), region]);
  }
  return sortedRing(entries);
}

/** Ascending order of BigInts. @param {bigint} a @param {bigint} b */
const ascending = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

/** @param {[bigint, string][]} entries @returns {ModelRing} */
function sortedRing(entries) {
  entries.sort((a, b) => ascending(a[0], b[0]));
  return { positions: entries.map((e) => e[0]), owners: entries.map((e) => e[1]) };
}

/**
 * Index of the first position >= h (bisect_left), 0 past the last one (the wrap); -1 on an empty ring.
 * @param {ModelRing} ring
 * @param {bigint} h
 */
export function locate({ positions }, h) {
  if (positions.length === 0) return -1;
  let lo = 0;
  let hi = positions.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (positions[mid] < h) lo = mid + 1;
    else hi = mid;
  }
  return lo === positions.length ? 0 : lo;
}

/**
 * The region owning position h's arc: where a key hashing to h goes; null on an empty ring.
 * @param {ModelRing} ring
 * @param {bigint} h
 * @returns {string | null}
 */
export function ownerOf(ring, h) {
  const i = locate(ring, h);
  return i < 0 ? null : ring.owners[i];
}

/**
 * The first n distinct regions walking clockwise from the key.
 * @param {ModelRing} ring
 * @param {string} key
 * @param {number} n
 * @returns {string[]}
 */
export function preferenceOf(ring, key, n) {
  return distinctFrom(ring.owners, locate(ring, position(key)), n);
}

/**
 * The first n distinct owners met walking clockwise from index `start` (none from -1: an empty ring).
 * @param {readonly string[]} owners
 * @param {number} start
 * @param {number} n
 * @returns {string[]}
 */
export function distinctFrom(owners, start, n) {
  /** @type {string[]} */
  const out = [];
  for (let step = 0; start >= 0 && step < owners.length && out.length < n; step++) {
    const owner = owners[(start + step) % owners.length];
    if (!out.includes(owner)) out.push(owner);
  }
  return out;
}

/**
 * The arc a position owns, from the one before it (mod 2^128); the whole key space when alone.
 * @param {readonly bigint[]} positions
 * @param {number} i
 */
function arcEndingAt(positions, i) {
  const previous = positions[(i + positions.length - 1) % positions.length];
  return positions.length === 1 ? KEY_SPACE : (positions[i] - previous + KEY_SPACE) % KEY_SPACE;
}

/** @param {bigint} length */
const fraction = (length) => Number(length) / 2 ** 128;

/**
 * Each listed region's fraction of the key space, in the listed order (0 for none).
 * @param {ModelRing} ring
 * @param {Iterable<string>} regions
 * @returns {Map<string, number>}
 */
export function sharesOf(ring, regions) {
  const owned = new Map([...regions].map((region) => [region, 0n]));
  ring.positions.forEach((_, i) => owned.set(ring.owners[i], (owned.get(ring.owners[i]) ?? 0n) + arcEndingAt(ring.positions, i)));
  return new Map([...owned].map(([region, length]) => [region, fraction(length)]));
}

/**
 * null first, then JavaScript string order.
 * @param {string | null} x
 * @param {string | null} y
 */
const byName = (x, y) => (x === y ? 0 : x === null ? -1 : y === null ? 1 : x < y ? -1 : 1);

/**
 * What changes region between two rings: every position of either cuts the key space, and each
 * piece between cuts goes wholly to one owner in each ring. Flows are summed per (from, to) pair
 * and listed largest first, ties by from, then by to (null first, then string order).
 * @param {ModelRing} before
 * @param {ModelRing} after
 * @returns {{ moved: number, flows: ModelFlow[] }}
 */
export function movementOf(before, after) {
  const cuts = [...new Set([...before.positions, ...after.positions])].sort(ascending);
  /** @type {Map<string, { from: string | null, to: string | null, length: bigint }>} */
  const pairs = new Map();
  let moved = 0n;
  cuts.forEach((cut, i) => {
    const from = ownerOf(before, cut);
    const to = ownerOf(after, cut);
    if (from === to) return;
    const length = arcEndingAt(cuts, i);
    const key = JSON.stringify([from, to]);
    const pair = pairs.get(key) ?? { from, to, length: 0n };
    pair.length += length;
    pairs.set(key, pair);
    moved += length;
  });
  const flows = [...pairs.values()].sort((x, y) => ascending(y.length, x.length) || byName(x.from, y.from) || byName(x.to, y.to));
  return { moved: fraction(moved), flows: flows.map(({ from, to, length }) => ({ from, to, fraction: fraction(length) })) };
}

/**
 * The README's fingerprint: MD5 of the canonical definition, one "\n"-ended line each: the header,
 * vnodesPerWeight, then "<UTF-8 length>:<name> <weight>" per region sorted by the name's UTF-8 bytes.
 * @param {Iterable<readonly [string, number]>} regions
 * @param {number} [vnodesPerWeight]
 */
export function fingerprintOf(regions, vnodesPerWeight = 1) {
  const sorted = [...regions].sort(([a], [b]) => Buffer.compare(Buffer.from(a, "utf8"), Buffer.from(b, "utf8")));
  const lines = ["region-router ring v1", `vnodesPerWeight ${vnodesPerWeight}`, ...sorted.map(([r, w]) => `${Buffer.byteLength(r, "utf8")}:${r} ${w}`)];
  return createHash("md5").update(lines.map((line) => `${line}\n`).join(""), "utf8").digest("hex");
}

/**
 * The router as a user would port it by hand: regions in insertion order (re-adding moves one to
 * the end), the sorted ring rebuilt on every change. No input checks: tests give it valid input.
 */
export class ModelRouter {
  /** @type {Map<string, { weight: number, positions: bigint[] }>} */
  #regions = new Map();
  /** @type {ModelRing} */
  #ring = { positions: [], owners: [] };

  /** @param {{ vnodesPerWeight?: number }} [options] */
  constructor({ vnodesPerWeight = 1 } = {}) {
    this.vnodesPerWeight = vnodesPerWeight;
  }

  /** The sorted ring. */
  get ring() {
    return this.#ring;
  }

  /** @param {string} region @param {number} [weight] */
  addRegion(region, weight = 1) {
    this.#regions.delete(region);
    const positions = Array.from({ length: weight * this.vnodesPerWeight }, (_, i) => position(`${region}#${i}`));
    this.#regions.set(region, { weight, positions });
    this.#rebuild();
  }

  /** @param {Iterable<readonly [string, number]>} entries */
  addRegions(entries) {
    for (const [region, weight] of entries) this.addRegion(region, weight);
  }

  /** @param {string} region */
  removeRegion(region) {
    const had = this.#regions.delete(region);
    this.#rebuild();
    return had;
  }

  /** @param {string} sessionId */
  route(sessionId) {
    return ownerOf(this.#ring, position(sessionId));
  }

  /** @param {readonly string[]} sessionIds */
  routeMany(sessionIds) {
    return sessionIds.map((id) => this.route(id));
  }

  /** @param {string} sessionId @param {number} n */
  preferenceList(sessionId, n) {
    return preferenceOf(this.#ring, sessionId, n);
  }

  shares() {
    return sharesOf(this.#ring, this.#regions.keys());
  }

  /** @returns {Map<string, number>} */
  weights() {
    return new Map([...this.#regions].map(([region, { weight }]) => [region, weight]));
  }

  toJSON() {
    return { version: 1, vnodesPerWeight: this.vnodesPerWeight, regions: [...this.weights()] };
  }

  fingerprint() {
    return fingerprintOf(this.weights(), this.vnodesPerWeight);
  }

  clone() {
    const copy = new ModelRouter({ vnodesPerWeight: this.vnodesPerWeight });
    copy.addRegions(this.weights());
    return copy;
  }

  #rebuild() {
    this.#ring = sortedRing([...this.#regions].flatMap(([region, { positions }]) => positions.map((p) => /** @type {[bigint, string]} */ ([p, region]))));
  }
}
