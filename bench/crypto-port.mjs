// The router a user would write by hand from the Python reference: node:crypto MD5, BigInt
// positions, a sorted array re-sorted on every change, bisect_left, wrap. It is the benchmark's
// "hand-written port" and the property tests' independent model (test/properties.test.ts).
import { createHash } from "node:crypto";

/** @param {string} s */
export const position = (s) => BigInt(`0x${createHash("md5").update(s, "utf8").digest("hex")}`);

export class CryptoPortRouter {
  /** @type {Map<bigint, string>} */
  #ring = new Map();
  /** @type {bigint[]} */
  #sorted = [];
  /** @type {Map<string, number>} */
  #weights = new Map();

  /** @param {string} region @param {number} [weight] */
  addRegion(region, weight = 1) {
    if (this.#weights.has(region)) this.removeRegion(region);
    this.#weights.set(region, weight);
    for (let i = 0; i < weight; i++) this.#ring.set(position(`${region}#${i}`), region);
    this.#resort();
  }

  /** @param {string} region @returns {boolean} */
  removeRegion(region) {
    const weight = this.#weights.get(region);
    if (weight === undefined) return false;
    this.#weights.delete(region);
    for (let i = 0; i < weight; i++) this.#ring.delete(position(`${region}#${i}`));
    this.#resort();
    return true;
  }

  /** @param {string} sessionId @returns {string | null} */
  route(sessionId) {
    const sorted = this.#sorted;
    if (sorted.length === 0) return null;
    const h = position(sessionId);
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] < h) lo = mid + 1;
      else hi = mid;
    }
    return /** @type {string} */ (this.#ring.get(sorted[lo === sorted.length ? 0 : lo]));
  }

  /** @returns {Map<string, number>} */
  weights() {
    return new Map(this.#weights);
  }

  #resort() {
    this.#sorted = [...this.#ring.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
}
