// Excluding regions costs the regions excluded, not a pass over every region: route(), routeBytes()
// and preferenceList() look the excluded names up, BoundedLoads.acquire() takes its E as it is, and
// the batch calls set the excluded owners in tables kept while the router stays at one version and
// put them back after. Shown by the router's own region table and owner table never being walked
// (they are spied on where they live), and the kept tables by random sequences of calls with
// changing exclusions and updates, nested calls from getters and calls that fail midway, every
// answer against the definition (the first region of preferenceList not excluded).
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { arrowLayout } from "../src/bench/arrow.js";
import { BoundedLoads } from "../src/bounded-loads.js";
import { internalsOf } from "../src/internals.js";
import type { RouterOptions } from "../src/options.js";
import { buildRouter } from "./support/build.js";
import { engines, type Router } from "./support/engines.js";
import { expected } from "./support/exclude.js";

const ids = Array.from({ length: 60 }, (_, i) => (i % 5 ? `sess-${i}` : `é-${i}`));
const encoder = new TextEncoder();

/** Every answer a router gives `list` with `exclude`, by each call, as region names: they must all be the definition's. */
function answers(router: Router, list: readonly string[], exclude: readonly string[], regions = router.regions()): Record<string, (string | null)[]> {
  const named = (indexes: Int32Array) => [...indexes].map((index) => (index < 0 ? null : regions[index]));
  const { data, offsets } = arrowLayout(list);
  return {
    route: list.map((id) => router.route(id, { exclude })),
    routeBytes: list.map((id) => router.routeBytes(encoder.encode(id), { exclude })),
    routeMany: router.routeMany(list, { exclude }),
    routeIndexes: named(router.routeIndexes(list, undefined, { exclude })),
    routeManyBytes: named(router.routeManyBytes(data, offsets, undefined, { exclude })),
  };
}

function expectAnswers(router: Router, list: readonly string[], exclude: readonly string[]): void {
  const want = list.map((id) => expected(router, id, exclude));
  for (const [call, got] of Object.entries(answers(router, list, exclude))) expect(got, `${call}, exclude ${JSON.stringify(exclude)}`).toEqual(want);
}

describe.each(engines)("excluding regions on the %s engine", (_, RegionRouter) => {
  it("walks neither the region table nor the owner table once the batch tables are made", () => {
    const router = buildRouter(RegionRouter, Array.from({ length: 300 }, (_, i) => [`region-${i}`, 1 + (i % 3)] as const), 2);
    const loads = new BoundedLoads(router);
    const { regions, names } = internalsOf(router);
    const exclusions = [["region-7"], ["region-7", "region-200", "nowhere"], [], ["region-299"]];
    // The tables of this version, made once: a batch call of each kind, an acquire.
    answers(router, ids.slice(0, 3), exclusions[1]);
    loads.acquire("warm", { exclude: exclusions[0] });
    const table = router.regions();
    const passes = [
      ...[Symbol.iterator, "entries", "values", "keys", "forEach"].map((method) => vi.spyOn(regions as Map<string, unknown>, method as "entries")),
      ...[Symbol.iterator, "slice", "map", "forEach", "indexOf", "entries", "values"].map((method) => vi.spyOn(names as unknown[], method as "slice")),
    ];
    for (const exclude of exclusions) {
      answers(router, ids, exclude, table);
      for (const id of ids) loads.acquire(id, { exclude });
      router.preferenceList(ids[0], 5);
    }
    for (const pass of passes) expect(pass).not.toHaveBeenCalled();
    for (const pass of passes) pass.mockRestore();
    // And the answers are the definition's.
    for (const exclude of exclusions) expectAnswers(router, ids, exclude);
  });

  const options: RouterOptions[] = [{ vnodesPerWeight: 3 }, { compatibleWith: "uhashring", vnodes: 2 }, { compatibleWith: "hashring", vnodeCount: 1, replicas: 2 }];
  it.each(options)("answers as the definition through random exclusions, updates and clones (%o)", (routerOptions) => {
    const names = ["sf", "london", "bangalore", "tokyo", "lima", "nowhere"];
    const step = fc.oneof(
      fc.record({ op: fc.constant("route" as const), exclude: fc.subarray(names), at: fc.nat(ids.length - 4) }),
      fc.record({ op: fc.constant("add" as const), region: fc.constantFrom(...names.slice(0, 5)), weight: fc.integer({ min: 0, max: 4 }) }),
      fc.record({ op: fc.constant("remove" as const), region: fc.constantFrom(...names.slice(0, 5)) }),
      fc.record({ op: fc.constant("clone" as const) }),
    );
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        let router: Router = buildRouter(RegionRouter, [["sf", 2], ["london", 1], ["bangalore", 3]], routerOptions);
        for (const s of steps) {
          if (s.op === "add") router.addRegion(s.region, s.weight);
          else if (s.op === "remove") router.removeRegion(s.region);
          else if (s.op === "clone") router = router.clone();
          else {
            expectAnswers(router, ids.slice(s.at, s.at + 4), s.exclude);
            // Nothing excluded before stays excluded.
            expect(router.routeMany(ids)).toEqual(ids.map((id) => router.route(id)));
          }
        }
      }),
      { numRuns: 60, seed: 2_741 },
    );
  });

  // The inner calls exclude a region the outer one does too: put back after them, it must still be
  // excluded for the outer call's ids still to come.
  it("a call made from a getter while another excludes gets tables of its own; both answer as the definition", () => {
    const router = buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["bangalore", 3], ["tokyo", 1]], 5);
    const outer = ids.slice();
    let inner: Record<string, (string | null)[]> | undefined;
    Object.defineProperty(outer, 7, {
      get() {
        inner = answers(router, ids, ["london", "tokyo"]);
        return ids[7];
      },
    });
    expect(router.routeMany(outer, { exclude: ["london"] })).toEqual(ids.map((id) => expected(router, id, ["london"])));
    for (const got of Object.values(inner ?? {})) expect(got).toEqual(ids.map((id) => expected(router, id, ["london", "tokyo"])));
    Object.defineProperty(outer, 7, {
      get() {
        const indexes = router.routeIndexes(ids, undefined, { exclude: ["bangalore", "sf"] });
        inner = { routeMany: router.routeMany(ids, { exclude: ["bangalore", "sf"] }), routeIndexes: [...indexes].map((index) => router.regions()[index]) };
        return ids[7];
      },
    });
    const indexes = router.routeIndexes(outer, undefined, { exclude: ["sf"] });
    expect([...indexes].map((index) => router.regions()[index])).toEqual(ids.map((id) => expected(router, id, ["sf"])));
    for (const got of Object.values(inner ?? {})) expect(got).toEqual(ids.map((id) => expected(router, id, ["bangalore", "sf"])));
    expectAnswers(router, ids, []);
  });

  it("a batch that fails midway puts its exclusions back", () => {
    const router = buildRouter(RegionRouter, [["sf", 3], ["london", 3], ["bangalore", 3]], 5);
    const bad = [...ids.slice(0, 10), 42 as never, ...ids.slice(10)];
    expect(() => router.routeMany(bad, { exclude: ["sf"] })).toThrow(/^sessionIds\[10\] must be a string, got 42$/);
    expect(() => router.routeIndexes(bad, undefined, { exclude: ["london"] })).toThrow(TypeError);
    expectAnswers(router, ids, []);
    expectAnswers(router, ids, ["bangalore"]);
  });

  it("counts the regions owning positions through every update: all of them excluded is null, one left is its answer", () => {
    const router = buildRouter(RegionRouter, [["sf", 1], ["london", 2], ["idle", 0]], 3);
    expectAnswers(router, ids, ["sf", "london"]);
    expectAnswers(router, ids, ["sf"]);
    router.addRegion("london", 0);
    expectAnswers(router, ids, ["sf"]);
    // Every region owning positions excluded: null without a walk round the ring (the node landed on read alone).
    const ownerAt = vi.spyOn(internalsOf(router).ring, "ownerAt");
    expect(router.route("x", { exclude: ["sf"] })).toBe(null);
    expect(ownerAt.mock.calls.length).toBeLessThanOrEqual(1);
    ownerAt.mockRestore();
    router.addRegion("idle", 2);
    expectAnswers(router, ids, ["sf"]);
    router.removeRegion("idle");
    expectAnswers(router, ids, ["sf"]);
    const copy = RegionRouter.fromJSON({ ...router.toJSON(), regions: [["tokyo", 1], ["sf", 1]] });
    expectAnswers(copy, ids, ["sf"]);
    expectAnswers(copy, ids, ["sf", "tokyo"]);
    expect(copy.route("x", { exclude: ["sf", "tokyo"] })).toBe(null);
    expectAnswers(router.clone(), ids, ["sf"]);
  });
});
