// An update costs what it touches: in a dialect of absolute weights, adding, re-weighting or
// removing k regions counts the names of those k alone and hands the ring only their nodes, however
// many regions the router holds; a dialect of relative weights counts every region's names from
// all weights, by definition, and rebuilds every region's nodes. Either way the router ends as one
// built afresh from its weights.
import { describe, expect, it, vi } from "vitest";
import { DIALECTS, dialect as dialectOf } from "../src/dialects.js";
import { internalsOf } from "../src/internals.js";
import type { RouterOptions } from "../src/options.js";
import { engines, type RouterClass } from "./support/engines.js";

const REGIONS = 2000;
const keys = Array.from({ length: 300 }, (_, i) => `sess-${i}`);

/** The first node at which two routers' rings differ in head or region (-1: none), or their size when that differs. */
function firstDifference(a: Parameters<typeof internalsOf>[0], b: Parameters<typeof internalsOf>[0]): number {
  const [x, y] = [internalsOf(a), internalsOf(b)];
  if (x.ring.size !== y.ring.size) return x.ring.size;
  for (let i = 0; i < x.ring.size; i++) {
    if (x.ring.headAt(i) !== y.ring.headAt(i) || x.names[x.ring.ownerAt(i)] !== y.names[y.ring.ownerAt(i)]) return i;
  }
  return -1;
}

/** A router of the dialect with REGIONS one-weight regions, and spies on its dialect's counting and its ring's updates. */
function watched(RegionRouter: RouterClass, compatibleWith: string) {
  const router = new RegionRouter({ compatibleWith } as RouterOptions);
  router.addRegions(Array.from({ length: REGIONS }, (_, i) => [`region-${i}`, 1]));
  const { dialect, ring } = internalsOf(router);
  const names = vi.spyOn(dialect, "names");
  const update = vi.spyOn(ring, "update");
  /** How many weights each count was given, and how many owners and runs each ring update. */
  const calls = () => ({
    counted: names.mock.calls.map(([weights]) => weights.length),
    updated: update.mock.calls.map(([remove, add]) => [remove.length, add.length]),
  });
  return { router, calls, reset: () => (names.mockClear(), update.mockClear()) };
}

// An update in an absolute dialect hands the ring ranks that are not places in the whole table:
// only 128-bit positions, where no two tie, may be made so.
it("has 128-bit positions in every dialect of absolute weights", () => {
  for (const name of DIALECTS) {
    const { relative, scheme } = dialectOf(name, {});
    if (!relative) expect(scheme.points, name).toBe(0);
  }
});

describe.each(engines)("updates on the %s engine", (_engine, RegionRouter) => {
  describe.each(DIALECTS)("in the %s dialect", (compatibleWith) => {
    const relative = dialectOf(compatibleWith, {}).relative;

    it(relative ? "count every region, and rebuild every region's nodes" : "count the changed regions alone, and update only their nodes", () => {
      const { router, calls, reset } = watched(RegionRouter, compatibleWith);
      // Each step, and what it counts, removes and adds: [relative, absolute] for each.
      const steps: [() => unknown, [number, number], [number, number], [number, number]][] = [
        [() => router.addRegion("new", 2), [REGIONS + 1, 1], [REGIONS, 0], [REGIONS + 1, 1]],
        [() => router.addRegion("region-7", 3), [REGIONS + 1, 1], [REGIONS + 1, 1], [REGIONS + 1, 1]],
        [() => router.removeRegion("region-3"), [REGIONS, 0], [REGIONS + 1, 1], [REGIONS, 0]],
        // "a" once, at its last weight; "b" (weight 0) counted, with no nodes.
        [() => router.addRegions([["a", 1], ["region-9", 2], ["a", 4], ["b", 0]]), [REGIONS + 2, 3], [REGIONS, 1], [REGIONS + 1, 2]],
      ];
      const which = relative ? 0 : 1;
      for (const [step, counted, removed, added] of steps) {
        reset();
        step();
        expect(calls()).toEqual({ counted: [counted[which]], updated: [[removed[which], added[which]]] });
      }
      // The same router as one built afresh from its weights, in weights() order.
      const fresh = RegionRouter.fromJSON(router.toJSON());
      expect([...router.weights()]).toEqual([...fresh.weights()]);
      expect(router.routeMany(keys)).toEqual(fresh.routeMany(keys));
      expect(router.fingerprint()).toBe(fresh.fingerprint());
      // Node by node: a removal that left a node behind (or took one too many) shows here, where the
      // keys above may well miss it.
      expect(firstDifference(router, fresh)).toBe(-1);
    });
  });
});
