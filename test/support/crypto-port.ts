// The router a user would write by hand from the Python reference: node:crypto MD5, BigInt
// positions, a sorted array re-sorted on every change, bisect_left, wrap. Slow on purpose of being
// obvious; it is the benchmark's "hand-written port" and the property tests' independent model.
import { createHash } from "node:crypto";

export const position = (s: string): bigint => BigInt(`0x${createHash("md5").update(s, "utf8").digest("hex")}`);

export class CryptoPortRouter {
  private readonly ring = new Map<bigint, string>();
  private sorted: bigint[] = [];
  private readonly regionWeights = new Map<string, number>();

  addRegion(region: string, weight = 1): void {
    if (this.regionWeights.has(region)) this.removeRegion(region);
    this.regionWeights.set(region, weight);
    for (let i = 0; i < weight; i++) this.ring.set(position(`${region}#${i}`), region);
    this.resort();
  }

  removeRegion(region: string): boolean {
    const weight = this.regionWeights.get(region);
    if (weight === undefined) return false;
    this.regionWeights.delete(region);
    for (let i = 0; i < weight; i++) this.ring.delete(position(`${region}#${i}`));
    this.resort();
    return true;
  }

  route(sessionId: string): string | null {
    const sorted = this.sorted;
    if (sorted.length === 0) return null;
    const h = position(sessionId);
    let lo = 0, hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid] < h) lo = mid + 1;
      else hi = mid;
    }
    return this.ring.get(sorted[lo === sorted.length ? 0 : lo]) as string;
  }

  weights(): Map<string, number> {
    return new Map(this.regionWeights);
  }

  private resort(): void {
    this.sorted = [...this.ring.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
}
