// movement(before, after): exact identities on random changes, and agreement with sampling.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { movement as pureMovement } from "../src/pure.js";
import { movement, type Movement } from "../src/index.js";
import { movementBetween } from "../src/operations/movement.js";
import { arrayReader } from "./support/ring-reader.js";
import { definition, op, vnodesPerWeight } from "./support/arbitraries.js";
import { buildRouter, otherEngine } from "./support/build.js";
import { engines, type Router } from "./support/engines.js";
import { KEY_SPACE, ModelRouter, movementOf, type ModelRing } from "./support/model.mjs";
import { apply, type Op } from "./support/replay.mjs";
import { expectRejectedUnchanged } from "./support/state.js";

type Flows = Movement["flows"];

const SAMPLES = 20_000;
const keys = Array.from({ length: SAMPLES }, (_, i) => `movement-sample-${i}`);

/** The flows sampling finds: fixed keys, so the outcome is deterministic (MD5 spreads them evenly). */
function sampledFlows(before: Router, after: Router): Map<string, number> {
  const counts = new Map<string, number>();
  for (const key of keys) {
    const from = before.route(key), to = after.route(key);
    if (from === to) continue;
    const pair = JSON.stringify([from, to]);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return new Map([...counts].map(([pair, count]) => [pair, count / SAMPLES]));
}

/** Six binomial standard deviations plus a few samples' worth: generous, and the keys are fixed anyway. */
const tolerance = (p: number) => 6 * Math.sqrt((p * (1 - p)) / SAMPLES) + 5 / SAMPLES;

function expectMatchesSampling(before: Router, after: Router): Movement {
  const exact = movement(before, after);
  const sampled = sampledFlows(before, after);
  const exactByPair = new Map(exact.flows.map((f) => [JSON.stringify([f.from, f.to]), f.fraction]));
  for (const pair of new Set([...sampled.keys(), ...exactByPair.keys()])) {
    const p = exactByPair.get(pair) ?? 0;
    expect(Math.abs((sampled.get(pair) ?? 0) - p), `flow ${pair}: exact ${p}`).toBeLessThanOrEqual(tolerance(p));
  }
  const sampledMoved = [...sampled.values()].reduce((a, b) => a + b, 0);
  expect(Math.abs(sampledMoved - exact.moved)).toBeLessThanOrEqual(tolerance(exact.moved));
  return exact;
}

const seed: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3]];

describe.each(engines)("movement on the %s engine", (name, RegionRouter) => {
  const Other = otherEngine(name);

  it.each<[string, () => [Router, Router]]>([
    ["adding a region", () => [buildRouter(RegionRouter, seed), buildRouter(RegionRouter, [...seed, ["tokyo", 3]])]],
    ["removing a region", () => [buildRouter(RegionRouter, seed), buildRouter(RegionRouter, [["sf", 3], ["bangalore", 3]])]],
    ["re-weighting a region", () => [buildRouter(RegionRouter, seed), buildRouter(RegionRouter, [["sf", 9], ["london", 3], ["bangalore", 3]])]],
    ["several changes at once", () => [buildRouter(RegionRouter, [...seed, ["paris", 2]]), buildRouter(RegionRouter, [["sf", 1], ["london", 5], ["tokyo", 4], ["paris", 0]])]],
    ["a different vnodesPerWeight", () => [buildRouter(RegionRouter, seed), buildRouter(RegionRouter, seed, 40)]],
    ["the other engine with k = 10 and a new region", () => [buildRouter(RegionRouter, seed, 10), buildRouter(Other, [...seed, ["tokyo", 3]], 10)]],
    ["from an empty ring", () => [new RegionRouter(), buildRouter(RegionRouter, seed)]],
    ["to a ring of weight-0 regions", () => [buildRouter(RegionRouter, seed), buildRouter(RegionRouter, [["sf", 0]])]],
  ])("agrees with sampling on %s", (_, make) => {
    const [before, after] = make();
    const exact = expectMatchesSampling(before, after);
    expect(exact.moved).toBeGreaterThan(0);
  });

  it("sends everything from null on an empty before, to null on an empty after", () => {
    const ring = buildRouter(RegionRouter, seed);
    const fromEmpty = movement(new RegionRouter(), ring);
    expect(fromEmpty.moved).toBe(1);
    expect(fromEmpty.flows.map((f) => [f.from, f.to, f.fraction])).toEqual([...ring.shares()].sort((a, b) => b[1] - a[1]).map(([r, s]) => [null, r, s]));
    expect(movement(ring, new RegionRouter()).flows.every((f) => f.to === null)).toBe(true);
    expect(movement(new RegionRouter(), new RegionRouter())).toEqual({ moved: 0, flows: [] });
  });

  const change = fc.record({ regions: definition, k: vnodesPerWeight, k2: vnodesPerWeight, ops: fc.array(op, { maxLength: 6 }) });
  type Change = { regions: [string, number][]; k: number; k2: number; ops: Op[] };
  const makePair = ({ regions, k, k2, ops }: Change): [Router, Router] => {
    const before = buildRouter(RegionRouter, regions, k);
    const after = buildRouter(Other, regions, k2);
    apply(after, ops);
    return [before, after];
  };

  it("equals the model's movement, flows and their order included", () => {
    fc.assert(
      fc.property(change, (c) => {
        const after = buildRouter(ModelRouter, c.regions, c.k2);
        apply(after, c.ops);
        expect(movement(...makePair(c))).toEqual(movementOf(buildRouter(ModelRouter, c.regions, c.k).ring, after.ring));
      }),
      { numRuns: 100 },
    );
  });

  it("is exact bookkeeping: flows sum to moved, sorted, and net flows equal the change in shares", () => {
    fc.assert(
      fc.property(change, (c) => {
        const [before, after] = makePair(c);
        const { moved, flows } = movement(before, after);
        expect(Math.abs(flows.reduce((a, f) => a + f.fraction, 0) - moved)).toBeLessThan(1e-12);
        for (let i = 1; i < flows.length; i++) expect(flows[i - 1].fraction).toBeGreaterThanOrEqual(flows[i].fraction);
        const pairs = flows.map((f) => JSON.stringify([f.from, f.to]));
        expect(new Set(pairs).size).toBe(pairs.length);
        const net = new Map<string | null, number>();
        for (const f of flows) {
          expect(f.from).not.toBe(f.to);
          expect(f.fraction).toBeGreaterThan(0);
          net.set(f.to, (net.get(f.to) ?? 0) + f.fraction);
          net.set(f.from, (net.get(f.from) ?? 0) - f.fraction);
        }
        const sharesBefore = before.shares(), sharesAfter = after.shares();
        for (const region of new Set([...sharesBefore.keys(), ...sharesAfter.keys()])) {
          const change = (sharesAfter.get(region) ?? 0) - (sharesBefore.get(region) ?? 0);
          expect(Math.abs(change - (net.get(region) ?? 0))).toBeLessThan(1e-12);
        }
      }),
      { numRuns: 100 },
    );
  });

  it("reversed, swaps every flow's direction", () => {
    fc.assert(
      fc.property(change, (c) => {
        const [before, after] = makePair(c);
        const forward = movement(before, after);
        const backward = movement(after, before);
        const swap = (flows: Flows) => flows.map((f) => JSON.stringify([f.to, f.from, f.fraction])).sort();
        expect(backward.moved).toBe(forward.moved);
        expect(swap(backward.flows)).toEqual(forward.flows.map((f) => JSON.stringify([f.from, f.to, f.fraction])).sort());
      }),
      { numRuns: 60 },
    );
  });

  it("on adding X: every flow goes to X and moved is X's share afterwards, exactly", () => {
    fc.assert(
      fc.property(definition, vnodesPerWeight, fc.integer({ min: 1, max: 12 }), (regions, k, weight) => {
        const before = buildRouter(RegionRouter, regions.filter(([r]) => r !== "X"), k);
        const after = before.clone();
        after.addRegion("X", weight);
        const { moved, flows } = movement(before, after);
        expect(flows.every((f) => f.to === "X")).toBe(true);
        expect(moved).toBe(after.shares().get("X"));
      }),
      { numRuns: 80 },
    );
  });

  it("is zero between a router and its clone, or the same definition on the other engine", () => {
    const ring = buildRouter(RegionRouter, seed, 7);
    expect(movement(ring, ring.clone())).toEqual({ moved: 0, flows: [] });
    expect(movement(ring, Other.fromJSON(ring.toJSON()))).toEqual({ moved: 0, flows: [] });
  });

  it("is the same function from both entry points", () => {
    const before = buildRouter(RegionRouter, seed), after = buildRouter(RegionRouter, [...seed, ["tokyo", 1]]);
    expect(pureMovement(before, after)).toEqual(movement(before, after));
  });

  it.each([
    ["null before", (r: Router) => movement(null as never, r), /before/],
    ["a plain object after", (r: Router) => movement(r, {} as never), /after/],
    ["a look-alike router", (r: Router) => movement(new ModelRouter() as never, r), /before/],
    ["a missing after", (r: Router) => (movement as (a: unknown) => unknown)(r), /after/],
  ])("rejects %s with a TypeError, changing nothing", (_, call, message) => {
    const router = buildRouter(RegionRouter, seed);
    expectRejectedUnchanged([router], () => call(router), TypeError, message);
  });
});

// MD5 positions never give two flows exactly the same size, so the order of equal flows (largest
// first, then by from, then by to) is checked on rings of small, hand-placed positions, given to
// the function that does the arithmetic (the engines only supply positions and owners).
describe("flows of equal size", () => {
  const ring = (placed: [bigint, string][]): ModelRing & { space: bigint } => ({ space: KEY_SPACE, positions: placed.map(([p]) => p), owners: placed.map(([, o]) => o) });
  const pairs = (before: ModelRing & { space: bigint }, after: ModelRing & { space: bigint }) => movementBetween(arrayReader(before), arrayReader(after)).flows.map((f) => [f.from, f.to]);

  it("come by from, then by to, whichever order would disagree", () => {
    // The arcs (10, 20] and (20, 30] move b -> y and c -> x: by from b first, by to c first.
    const before = ring([[10n, "a"], [20n, "b"], [30n, "c"]]);
    expect(pairs(before, ring([[10n, "a"], [20n, "y"], [30n, "x"]]))).toEqual([["b", "y"], ["c", "x"]]);
    expect(pairs(before, ring([[10n, "a"], [20n, "x"], [30n, "y"]]))).toEqual([["b", "x"], ["c", "y"]]);
    // One from, two tos of the same size.
    expect(pairs(ring([[10n, "a"], [20n, "b"], [30n, "b"]]), ring([[10n, "a"], [20n, "y"], [30n, "x"]]))).toEqual([["b", "x"], ["b", "y"]]);
  });

  it("to or from an empty ring, come by the region named", () => {
    // Two halves of the key space: the same size exactly.
    const halves = ring([[0n, "y"], [KEY_SPACE / 2n, "x"]]);
    expect(pairs(ring([]), halves)).toEqual([[null, "x"], [null, "y"]]);
    expect(pairs(halves, ring([]))).toEqual([["x", null], ["y", null]]);
  });

  it("are ordered as the model orders them on random rings of tiny positions, where sizes tie often", () => {
    const owner = fc.constantFrom("a", "b", "c", "東", "😀");
    const tiny = fc.uniqueArray(fc.tuple(fc.bigInt({ min: 0n, max: 24n }), owner), { selector: ([p]) => p, maxLength: 8 }).map((placed) => ring(placed.sort(([p], [q]) => (p < q ? -1 : 1))));
    fc.assert(
      fc.property(tiny, tiny, (before, after) => {
        expect(movementBetween(arrayReader(before), arrayReader(after))).toEqual(movementOf(before, after));
      }),
      { numRuns: 300 },
    );
  });
});
