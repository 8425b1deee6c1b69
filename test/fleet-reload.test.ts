// The fleet reload pattern of docs/operations.md under churn: a process swaps its router 10,000
// times between snapshots (fromJSON, swapped only when the fingerprint changes) while it routes,
// and every answer is the one a fresh router from the snapshot in force gives, never null.
import { describe, expect, it } from "vitest";
import { RegionRouter as WasmRegionRouter } from "../src/node.js";
import { RegionRouter as PureRegionRouter } from "../src/pure.js";

const SWAPS = 10_000;

/** Three rings, and the first again with other meta (the same ring: no swap). */
const snapshots = [
  { version: 1, vnodesPerWeight: 8, regions: [["sf", 3], ["london", 3], ["bangalore", 3]], meta: { revision: 1 } },
  { version: 1, vnodesPerWeight: 8, regions: [["sf", 3], ["london", 1], ["bangalore", 3], ["tokyo", 2]], meta: { revision: 2 } },
  { version: 1, compatibleWith: "hashring", regions: [["london", 2], ["tokyo", 1]] },
  { version: 1, vnodesPerWeight: 8, regions: [["bangalore", 3], ["london", 3], ["sf", 3]], meta: { revision: 3, updatedAt: "later" } },
];
/** Which ring each snapshot is (the last is the first's ring). */
const ringOf = [0, 1, 2, 0];

const ids = Array.from({ length: 97 }, (_, i) => `sess-${i}-${"x".repeat(i % 7)}`);

/** A small deterministic generator (mulberry32), so a failure replays. */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

describe.each([
  ["wasm", WasmRegionRouter],
  ["pure", PureRegionRouter],
] as const)("fleet reloads on the %s engine", (_, RegionRouter) => {
  it(`swaps rings ${SWAPS} times while routing, every answer the snapshot's own`, () => {
    // What a fresh router from each ring answers, each snapshot sent through JSON text as a store would.
    const fresh = snapshots.map((snapshot) => RegionRouter.fromJSON(JSON.parse(JSON.stringify(snapshot))));
    const expected = fresh.map((router) => ids.map((id) => router.route(id)));
    const fingerprints = fresh.map((router) => router.fingerprint());
    expect(fingerprints[3]).toBe(fingerprints[0]);
    expect(new Set(fingerprints).size).toBe(3);

    let current = RegionRouter.fromJSON(snapshots[0]);
    let inForce = 0;
    let swapped = 0;
    const next = random(34);
    for (let swap = 0; swap < SWAPS; swap++) {
      const s = Math.floor(next() * snapshots.length);
      const candidate = RegionRouter.fromJSON(snapshots[s]);
      if (candidate.fingerprint() !== current.fingerprint()) {
        current = candidate;
        swapped++;
      }
      // The ring in force: the candidate's whenever its fingerprint matched or it was swapped in.
      inForce = ringOf[s];
      expect(current.fingerprint()).toBe(fingerprints[inForce]);
      const picked = [0, 1, 2].map(() => Math.floor(next() * ids.length));
      const batch = current.routeMany(picked.map((i) => ids[i]));
      picked.forEach((i, k) => {
        const answer = current.route(ids[i]);
        expect(answer).not.toBeNull();
        expect(answer).toBe(expected[inForce][i]);
        expect(batch[k]).toBe(answer);
      });
    }
    // The rings did alternate, and a meta-only change never swapped.
    expect(swapped).toBeGreaterThan(SWAPS / 3);
    expect(swapped).toBeLessThan(SWAPS);
    expect(current.routeMany(ids)).toEqual(expected[inForce]);
  });
});
