// The WebAssembly engine's updates made in place (src/engines/wasm/in-place.ts): a few nodes
// removed and added on a big ring without a pass over it (no removeOwners, mergeEntries or
// buildTable), the index kept where it is, and the ring always the one built anew; room that runs
// out, an index size one bit off, copies and compaction; long random sequences of updates through
// the router against the model; the sort module's shiftIndex against the core's loop.
import { describe, expect, it } from "vitest";
import { internalsOf } from "../src/internals.js";
import { indexBits, type Scheme, type VnodeRun } from "../src/engines/ring.js";
import { PureRing } from "../src/engines/pure/ring.js";
import { roomFor } from "../src/engines/wasm/layout.js";
import { instantiate, type CoreExports } from "../src/engines/wasm/module.js";
import { WasmRing } from "../src/engines/wasm/ring.js";
import { sortModule } from "../src/engines/wasm/simd.js";
import { engines } from "./support/engines.js";
import { ownerOf, position, preferenceOf, ringOf } from "./support/model.mjs";
import { expectSameRings, schemes, threeRings } from "./support/same-rings.js";

/** The calls that make an update's pass over the ring. */
const PASSES = ["removeOwners", "mergeEntries", "buildTable"] as const;

/** The passes `ring` makes during `body` (its instance's calls counted). */
function passesOf(ring: WasmRing, body: () => void): string[] {
  const calls: string[] = [];
  const wasm = ring.wasm as unknown as Record<string, (...args: number[]) => number>;
  const originals = PASSES.map((name) => [name, wasm[name]] as const);
  for (const [name, call] of originals) wasm[name] = (...args) => (calls.push(name), call(...args));
  try {
    body();
  } finally {
    for (const [name, call] of originals) wasm[name] = call;
  }
  return calls;
}

const run = (owner: number, count: number, prefix = `r${owner}#`): VnodeRun => ({ owner, prefix, count, rank: owner });

/** The ring built in one go from `runs`, on the pure engine. */
function built(scheme: Scheme, runs: VnodeRun[]): PureRing {
  const ring = new PureRing(scheme);
  ring.update([], runs);
  return ring;
}

/** One scheme of each kind: 128-bit positions, searched at or after and strictly after; 32-bit points, first or last wins. */
const KINDS = schemes.filter(({ points, strict, lastWins }) => (points === 0 && !lastWins) || (points === 4 && strict === lastWins));

describe("updates made in place", () => {
  it("remove and add a few nodes on a big ring without a pass over it, the index where it was, the ring the one built anew", () => {
    for (const scheme of KINDS) {
      const base = run(0, 40_000 / Math.max(1, scheme.points), "base#");
      const few = [1, 2, 3].map((owner) => run(owner, 3 * owner));
      const rings = threeRings(scheme);
      for (const ring of rings) ring.update([], [base, ...few]);
      for (const wasm of [rings[0], rings[1]]) {
        const { table, bits } = wasm;
        expect(passesOf(wasm, () => wasm.update([few[1]], [])), "a removal").toEqual([]);
        expect(passesOf(wasm, () => wasm.update([few[0]], [few[1], run(4, 7)])), "a removal and two additions").toEqual([]);
        expect([wasm.table, wasm.bits]).toEqual([table, bits]);
      }
      rings[2].update([few[1]], []);
      rings[2].update([few[0]], [few[1], run(4, 7)]);
      expectSameRings([built(scheme, [base, few[1], few[2], run(4, 7)]), ...rings], `${JSON.stringify(scheme)}: in place`);
    }
  });

  it("move the keys before a change and the tails after it, or every key and the tails before it, whichever moves less", () => {
    const scheme = KINDS[1];
    const singles = Array.from({ length: 40 }, (_, i) => run(i + 1, 1));
    const [wasm, , pure] = threeRings(scheme);
    for (const ring of [wasm, pure]) ring.update([], [run(0, 5000, "base#"), ...singles]);
    // The keys' start moves by a key (the keys before the change moved) or by a key and a tail (every
    // key moved). A removal leaves a ghost and moves nothing; the next update (here one of nothing)
    // removes it for good, and then the node is added back.
    const steps = new Set<number>();
    for (const single of singles) {
      for (const [remove, add, step] of [[[single], [], "removed"], [[], [], "settled"], [[], [single], "back"]] as const) {
        const ring = wasm.ring;
        expect(passesOf(wasm, () => wasm.update(remove, add))).toEqual([]);
        pure.update(remove, add);
        expect(wasm.ghosts === undefined, step).toBe(step !== "removed");
        if (step === "removed") expect(wasm.ring).toBe(ring);
        else steps.add(Math.abs(wasm.ring - ring));
        expectSameRings([pure, wasm], `${single.prefix} ${step}`);
      }
    }
    expect([...steps].sort((a, b) => a - b)).toEqual([4, 20]);
  });

  it("make an update that finds no room by a pass, which lays the ring out anew with room again", () => {
    const scheme = KINDS[0];
    const base = run(0, 40_000, "base#");
    const rings = threeRings(scheme);
    for (const ring of rings) ring.update([], [base]);
    const [wasm] = rings;
    // Each addition takes 150 places of room for keys, which holds roomFor(40,000) = 1,266.
    const passes: number[] = [];
    const added: VnodeRun[] = [];
    for (let owner = 1; owner <= 12; owner++) {
      added.push(run(owner, 150));
      passes.push(passesOf(wasm, () => wasm.update([], [added.at(-1)!])).length);
      for (const ring of rings.slice(1)) ring.update([], [added.at(-1)!]);
    }
    expect(roomFor(40_000)).toBe(1266);
    // Room for eight or so; then one pass (a merge and the index built), after which room is there again.
    const made = passes.flatMap((count, i) => (count > 0 ? [i] : []));
    expect(made.length, `passes at ${made}`).toBe(1);
    expect(made[0]).toBeGreaterThanOrEqual(7);
    expect(passes[made[0]]).toBe(2);
    expectSameRings([built(scheme, [base, ...added]), ...rings], "after room ran out");
  });

  it("keep the index's size while it stays within one bit of the ring's, and build it anew past that", () => {
    const scheme = KINDS[0];
    // 65,536 nodes take 2^15 buckets, 65,535 take 2^14: one node removed and added again keeps 2^15.
    const rings = threeRings(scheme);
    const base = run(0, 65_535, "base#");
    for (const ring of rings) ring.update([], [base, run(1, 1)]);
    const [wasm] = rings;
    expect([wasm.bits, indexBits(65_535)]).toEqual([15, 14]);
    expect(passesOf(wasm, () => wasm.update([run(1, 1)], []))).toEqual([]);
    expect(wasm.bits).toBe(15);
    for (const ring of rings.slice(1)) ring.update([run(1, 1)], []);
    expectSameRings([built(scheme, [base]), ...rings], "2^15 buckets for 65,535 nodes");
    // From 30,000 nodes (2^13 buckets) to 66,000 (2^15), 300 at a time: in place while room lasts
    // and the index is within one bit of the ring's size, by a pass that lays it out anew past that.
    const growing = new WasmRing(scheme, instantiate);
    const runs = [run(0, 30_000, "base#")];
    growing.update([], runs);
    let passes = 0;
    for (let owner = 1; owner <= 120; owner++) {
      runs.push(run(owner, 300));
      passes += Math.min(1, passesOf(growing, () => growing.update([], [runs.at(-1)!])).length);
      expect(Math.abs(growing.bits - indexBits(growing.size))).toBeLessThanOrEqual(1);
    }
    expect(growing.bits).toBeGreaterThanOrEqual(indexBits(growing.size) - 1);
    expect(growing.bits).toBeGreaterThan(13);
    expect(passes).toBeGreaterThan(0);
    expect(passes).toBeLessThan(30);
    expectSameRings([built(scheme, runs), growing], "after growing");
    // And back down, 60 nodes at a time: removals always find room, so only the index's size makes
    // a pass, once it would be two bits off.
    const shrinking = new WasmRing(scheme, instantiate);
    const parts = [run(0, 6_000, "base#"), ...Array.from({ length: 1000 }, (_, i) => run(i + 1, 60))];
    shrinking.update([], parts);
    for (const part of parts.splice(1).reverse()) {
      shrinking.update([part], []);
      expect(Math.abs(shrinking.bits - indexBits(shrinking.size)), `${shrinking.size} nodes`).toBeLessThanOrEqual(1);
    }
    expectSameRings([built(scheme, parts), shrinking], "after shrinking");
  });

  it("copy and compact a ring as its updates left it (index, table and room)", () => {
    for (const scheme of KINDS) {
      const base = run(0, Math.floor(65_535 / Math.max(1, scheme.points)), "base#");
      const ring = new WasmRing(scheme, instantiate);
      ring.update([], [base, run(1, 1)]);
      ring.update([run(1, 1)], [run(2, 5)]);
      const expected = built(scheme, [base, run(2, 5)]);
      expectSameRings([expected, ring.clone()], `${JSON.stringify(scheme)}: a clone`);
      // A giant key grows memory; the next update gives it back by moving to a fresh instance.
      const memory = ring.wasm.memory;
      ring.route("k".repeat(8 << 20));
      ring.update([run(2, 5)], [run(3, 2)]);
      expect(ring.wasm.memory).not.toBe(memory);
      expectSameRings([built(scheme, [base, run(3, 2)]), ring], `${JSON.stringify(scheme)}: compacted`);
    }
  });
});

describe.each(engines)("updates in place through the router (%s)", (_, Router) => {
  it("route as the model does through a long random sequence of adds, re-weights and removals among 2,000 regions", () => {
    let seed = 2026;
    const next = (n: number): number => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0), seed % n);
    const weights = new Map(Array.from({ length: 2000 }, (_, i) => [`r${i}`, 1] as [string, number]));
    const router = new Router({ vnodesPerWeight: 2 });
    router.addRegions([...weights]);
    const ring = internalsOf(router).ring as WasmRing;
    let updates = 0, inPlace = 0;
    for (let step = 0; step < 240; step++) {
      const region = step % 3 === 1 ? [...weights.keys()][next(weights.size)] : `n${next(300)}`;
      const weight = step % 3 === 0 ? 1 + next(3) : 0;
      const update = (): unknown => (weight > 0 ? router.addRegion(region, weight) : router.removeRegion(region));
      const passes = ring.wasm === undefined ? (update(), []) : passesOf(ring, update);
      weights.delete(region);
      if (weight > 0) weights.set(region, weight);
      updates++;
      if (passes.length === 0) inPlace++;
      if (step % 40 !== 39) continue;
      // Random ids, and the names of nodes that are on the ring or were (exact hits on a position).
      const model = ringOf(weights, 2);
      const ids = [...Array.from({ length: 300 }, () => `s-${next(1e9)}`), ...Array.from({ length: 100 }, () => `${next(2) ? "r" : "n"}${next(2000)}#${next(6)}`)];
      const expected = ids.map((id) => ownerOf(model, position(id)));
      expect(router.routeMany(ids), `step ${step}`).toEqual(expected);
      expect(ids.map((id) => router.route(id)), `step ${step}`).toEqual(expected);
      expect(ids.slice(0, 20).map((id) => router.preferenceList(id, 3))).toEqual(ids.slice(0, 20).map((id) => preferenceOf(model, id, 3)));
    }
    // On the WebAssembly engines most of these updates were made in place (no pass over the ring).
    if (ring.wasm !== undefined) expect(inPlace).toBeGreaterThan(0.8 * updates);
  });
});

describe("the sort module's shiftIndex", () => {
  it("adds delta to every u32 of a range, as the core's loop does, at any alignment, down to what each entry counts", () => {
    const module = sortModule();
    expect(module).not.toBeNull();
    const core = instantiate();
    const { shiftIndex } = new WebAssembly.Instance(module!, { env: { memory: core.memory } }).exports as unknown as CoreExports;
    const words = () => new Uint32Array(core.memory.buffer, 4096, 64);
    for (const [from, to, delta] of [[0, 64, -1], [1, 64, -3], [1, 2, 5], [3, 63, 1], [2, 2, -1], [5, 38, -7], [0, 63, 65_536]]) {
      const start = words().map((_, i) => 1000 + i * 3);
      const results = [core.shiftIndex, shiftIndex].map((shift) => {
        words().set(start);
        shift(4096 + 4 * from, 4096 + 4 * to, delta);
        return [...words()];
      });
      expect(results[1], `[${from}, ${to}) + ${delta}`).toEqual(results[0]);
      expect(results[0].filter((w, i) => w !== start[i]).length).toBe(delta === 0 ? 0 : to - from);
    }
  });
});
