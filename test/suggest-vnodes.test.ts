// suggestVnodes against routers built with every count: the answer is the smallest count whose
// ring's shares() are all within maxDeviation of the weights' shares (each smaller count checked
// by brute force), its deviation is the one shares() gives, to the bit; the sweep's shares equal
// shares() count by count, ties of 32-bit points included; bad input is named.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DIALECTS, optionRules, type DialectName } from "../src/dialects.js";
import { suggestVnodes, sweptShares, type ChosenCounts } from "../src/operations/suggest-vnodes.js";
import type { RouterOptions } from "../src/options.js";
import { positionsOf } from "../src/internals.js";
import { buildRouter } from "./support/build.js";
import { engines } from "./support/engines.js";

const SEED = 3_407;
const tested = engines.filter(([name]) => name === "wasm" || name === "pure");

/** Each dialect that has a per-weight count, with that count's name. */
const planned: [RouterOptions, string][] = [
  [{}, "vnodesPerWeight"],
  [{ compatibleWith: "consistent-hash-ring" }, "replicas"],
  [{ compatibleWith: "uhashring" }, "vnodes"],
  [{ compatibleWith: "uhashring-ketama", replicas: 2 }, "vnodes"],
  [{ compatibleWith: "hashring" }, "vnodeCount"],
];

/** The largest |share - weight / total| of a router's shares(), as the issue defines it. */
function deviationOf(shares: Map<string, number>, regions: readonly (readonly [string, number])[]): number {
  const weights = new Map(regions);
  const total = [...weights.values()].reduce((a, b) => a + b, 0);
  let most = 0;
  for (const [region, share] of shares) most = Math.max(most, Math.abs(share - (weights.get(region) as number) / total));
  return most;
}

describe.each(tested)("suggestVnodes checked on the %s engine", (_, RegionRouter) => {
  const routerFor = (regions: readonly (readonly [string, number])[], options: RouterOptions) => buildRouter(RegionRouter, regions as [string, number][], options as never, { oneCall: true });

  /** Brute force: every count below the answer misses, the answer meets it with the deviation given. */
  function expectMinimal(regions: readonly (readonly [string, number])[], options: RouterOptions, option: string, maxDeviation: number): number {
    const suggestion = suggestVnodes(regions, { ...options, maxDeviation } as never);
    const chosen = (suggestion.options as unknown as Record<string, number>)[option];
    const router = routerFor(regions, suggestion.options);
    expect(suggestion.options).toEqual(router.options);
    expect(suggestion.deviation).toBe(deviationOf(router.shares(), regions));
    expect(suggestion.deviation).toBeLessThanOrEqual(maxDeviation);
    for (let k = 1; k < chosen; k++) {
      const smaller = routerFor(regions, { ...options, [option]: k } as RouterOptions);
      expect(deviationOf(smaller.shares(), regions), `${option} ${k}`).toBeGreaterThan(maxDeviation);
    }
    return chosen;
  }

  it.each(planned)("gives the smallest count, checked by brute force, for fixed rings (%o)", (options, option) => {
    const answers = [
      expectMinimal([["sf", 1], ["london", 1], ["bangalore", 1]], options, option, 0.05),
      expectMinimal([["a", 1], ["b", 2], ["c", 3], ["idle", 0], ["東京", 2]], options, option, 0.04),
      expectMinimal([["solo", 3]], options, option, 0),
    ];
    expect(answers[2]).toBe(1);
    // The fixed cases are not all answered by 1: the scan went past it.
    expect(Math.max(...answers)).toBeGreaterThan(1);
  });

  it.each(planned)("gives the smallest count for random rings and targets (%o)", (options, option) => {
    const regions = fc.uniqueArray(fc.tuple(fc.constantFrom("a", "b", "c", "d", "e", "f", "10.0.0.1:11211", "é"), fc.integer({ min: 0, max: 4 })), {
      selector: ([region]) => region,
      minLength: 1,
      maxLength: 6,
    });
    fc.assert(
      fc.property(regions.filter((list) => list.some(([, w]) => w > 0)), fc.double({ min: 0.03, max: 0.3, noNaN: true }), (list, maxDeviation) => {
        expectMinimal(list, options, option, maxDeviation);
      }),
      { seed: SEED, numRuns: 12 },
    );
  });
});

describe("the sweep's shares", () => {
  it.each(planned)("equal shares() count by count (%o)", (options, option) => {
    const regions: [string, number][] = [["sf", 2], ["london", 1], ["zero", 0], ["bangalore", 3]];
    const swept = sweptShares(regions, options, 40);
    expect(swept).toHaveLength(40);
    for (const k of [1, 2, 3, 7, 19, 40]) {
      const router = buildRouter(tested[1][1], regions, { ...options, [option]: k } as never, { oneCall: true });
      expect(swept[k - 1], `${option} ${k}`).toEqual(router.shares());
    }
  });

  it.each([
    [{ compatibleWith: "hashring", replicas: 4 } as RouterOptions, "vnodeCount"],
    [{ compatibleWith: "uhashring-ketama", replicas: 4 } as RouterOptions, "vnodes"],
  ])("equal shares() on 32-bit rings with equal points, the first or the last generated winning (%o)", (options, option) => {
    const regions: [string, number][] = Array.from({ length: 8 }, (_, i) => [`node-${i}`, 1 + (i % 3)]);
    const router = buildRouter(tested[0][1], regions, { ...options, [option]: 2_000 } as never, { oneCall: true });
    // Some 64,000 points among 2^32 values: these names give two regions an equal point.
    const { positions, owners } = positionsOf(router);
    expect(positions.filter((p, i) => i > 0 && p === positions[i - 1] && owners[i] !== owners[i - 1])).toHaveLength(1);
    expect(sweptShares(regions, options, 2_000)[1_999]).toEqual(router.shares());
  });
});

describe("suggestVnodes", () => {
  it("types the count it chooses as each dialect's first option (ChosenCounts against src/dialects.ts)", () => {
    // Typed against ChosenCounts (tsc checks the tests), compared with the dialects' rows.
    const chosen: { readonly [D in DialectName]: ChosenCounts[D] | undefined } = {
      "region-router": "vnodesPerWeight",
      "consistent-hash-ring": "replicas",
      uhashring: "vnodes",
      "uhashring-ketama": "vnodes",
      hashring: "vnodeCount",
      libketama: undefined,
      hash_ring: undefined,
    };
    expect(Object.keys(chosen).sort()).toEqual([...DIALECTS].sort());
    for (const name of DIALECTS) expect(chosen[name], name).toBe(Object.keys(optionRules(name))[0]);
  });

  const three: [string, number][] = [["sf", 1], ["london", 1], ["bangalore", 1]];

  it("plans nine regions with answers up to 1,000 in under a second", () => {
    const nine = Array.from({ length: 9 }, (_, i) => [`region-${i}`, 1] as [string, number]);
    for (const [options, maxDeviation] of [[{}, 0.01], [{ compatibleWith: "hashring" }, 0.003], [{ compatibleWith: "uhashring" }, 0.005]] as const) {
      const started = performance.now();
      const { options: chosen } = suggestVnodes(nine, { ...options, maxDeviation } as never);
      const count = Object.values(chosen).find((v) => typeof v === "number" && v > 4) as number;
      expect(count).toBeGreaterThan(100);
      expect(count).toBeLessThanOrEqual(1_000);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });

  it("gives the dialect's other options as given, and a complete constructor argument", () => {
    const { options } = suggestVnodes(three, { compatibleWith: "hashring", replicas: 3, maxDeviation: 0.2 });
    expect(Object.keys(options)).toEqual(["compatibleWith", "vnodeCount", "replicas"]);
    expect(options).toMatchObject({ compatibleWith: "hashring", replicas: 3 });
    expect(suggestVnodes(three, { maxDeviation: 1 })).toEqual({ options: { compatibleWith: "region-router", vnodesPerWeight: 1 }, deviation: expect.any(Number) });
  });

  it("reads entries as addRegions does: a region listed twice has its last weight, at its last place", () => {
    const twice = suggestVnodes([["a", 5], ["b", 1], ["a", 1]], { maxDeviation: 0.1 });
    expect(twice).toEqual(suggestVnodes([["b", 1], ["a", 1]], { maxDeviation: 0.1 }));
    expect(suggestVnodes(new Map(three), { maxDeviation: 0.1 })).toEqual(suggestVnodes(three, { maxDeviation: 0.1 }));
  });

  it("never answers a ring without positions (it routes nothing), though its shares of 0 are all near small weights' shares", () => {
    const servers = Array.from({ length: 49 }, (_, i) => [`10.0.0.${i}:11211`, 1] as [string, number]);
    const { options, deviation } = suggestVnodes(servers, { compatibleWith: "hashring", maxDeviation: 0.03 });
    const router = buildRouter(engines[0][1], servers, options as never);
    expect(router.route("sess-1")).not.toBeNull();
    expect(Math.max(...[...router.shares().values()].map((share) => Math.abs(share - 1 / 49)))).toBe(deviation);
    // The smallest count that routes and meets the deviation, by brute force.
    const smallest = Array.from({ length: 10 }, (_, k) => k + 1).find((count) => {
      const ring = buildRouter(engines[0][1], servers, { compatibleWith: "hashring", vnodeCount: count } as never);
      const shares = [...ring.shares().values()];
      return shares.some((share) => share > 0) && shares.every((share) => Math.abs(share - 1 / 49) <= 0.03);
    });
    expect(options).toEqual({ compatibleWith: "hashring", vnodeCount: smallest, replicas: 4 });
    expect(smallest).toBeGreaterThan(1);
    // hashring gives a server named __proto__ no points: no count makes a ring of it alone.
    expect(() => suggestVnodes([["__proto__", 1]], { compatibleWith: "hashring", maxDeviation: 1 })).toThrow(
      new RangeError("no vnodeCount from 1 to 10000 gives the ring a position (a ring of none routes nothing)"),
    );
    // Beside a server that has points: the bound is what no count meets.
    expect(() => suggestVnodes([["__proto__", 1], ["a", 1]], { compatibleWith: "hashring", maxDeviation: 0.1 })).toThrow(/gives every region a share within 0.1 of its weight's share$/);
  });

  it("rejects bad input, naming it", () => {
    const rejects = (entries: unknown, options: unknown, error: Error | RegExp, Type: typeof TypeError = TypeError) => {
      expect(() => suggestVnodes(entries as never, options as never)).toThrow(Type);
      expect(() => suggestVnodes(entries as never, options as never)).toThrow(error);
    };
    rejects(three, undefined, /^options must be an object, got undefined/);
    rejects(three, {}, /^options\.maxDeviation must be a number from 0 to 1 \(a fraction of the key space\), got undefined/);
    rejects(three, { maxDeviation: "0.01" }, /^options\.maxDeviation must be a number/);
    for (const bad of [-0.01, 1.5, NaN, Infinity]) rejects(three, { maxDeviation: bad }, /^options\.maxDeviation must be a number from 0 to 1/, RangeError);
    rejects(42, { maxDeviation: 0.1 }, /^entries must be an iterable of \[region, weight\] pairs or a plain object of region -> weight, got 42/);
    rejects([["a", -1]], { maxDeviation: 0.1 }, /^entries\[0\]\[1\] must be an integer/, RangeError);
    rejects([["", 1]], { maxDeviation: 0.1 }, /^entries\[0\]\[0\] must be a non-empty string/);
    rejects([], { maxDeviation: 0.1 }, /^entries must hold a region of weight > 0/, RangeError);
    rejects([["a", 0]], { maxDeviation: 0.1 }, /^entries must hold a region of weight > 0/, RangeError);
    rejects(three, { compatibleWith: "ketama", maxDeviation: 0.1 }, /^options\.compatibleWith must be one of/, RangeError);
    rejects(three, { compatibleWith: "libketama", maxDeviation: 0.1 }, /^options\.compatibleWith "libketama" has no per-weight count/, RangeError);
    rejects(three, { compatibleWith: "hash_ring", maxDeviation: 0.1 }, /^options\.compatibleWith "hash_ring" has no per-weight count/, RangeError);
    rejects(three, { vnodesPerWeight: 4, maxDeviation: 0.1 }, /^options\.vnodesPerWeight is what suggestVnodes chooses/);
    rejects(three, { compatibleWith: "hashring", replicas: 5, maxDeviation: 0.1 }, /^options\.replicas must be an integer from 1 to 4/, RangeError);
    rejects(three, { vnodes: 4, maxDeviation: 0.1 }, /^options\.vnodes is not an option of compatibleWith "region-router"/);
  });

  it("says when no count up to 10,000 reaches the target, or up to where the planner's ring is full", () => {
    expect(() => suggestVnodes([["a", 1], ["b", 1]], { maxDeviation: 0 })).toThrow(
      new RangeError("no vnodesPerWeight from 1 to 10000 gives every region a share within 0 of its weight's share"),
    );
    expect(() => suggestVnodes([["a", 100_000], ["b", 100_000]], { maxDeviation: 0 })).toThrow(
      new RangeError("no vnodesPerWeight from 1 to 5 (past it the ring would have more than the planner's 1048576 positions) gives every region a share within 0 of its weight's share"),
    );
    expect(() => suggestVnodes([["a", 600_000], ["b", 600_000]], { maxDeviation: 0.5 })).toThrow(
      new RangeError("no vnodesPerWeight can be planned for these weights: even 1 gives a ring of more than the planner's 1048576 positions"),
    );
  });
});
