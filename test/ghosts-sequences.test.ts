// Ghosts through the router, in random sequences: rings of a few hundred small regions, where
// removing one or two leaves ghosts (an update of few nodes among many) and adding them back may
// refill them, mixed with new regions, re-weights, clones and snapshots. After every step both
// engines answer, call for call, as a pure router built anew from weights(): in the three absolute
// dialects, where ghosts stand, and in two relative ones (32-bit points), where every update
// rebuilds the ring and none may be left. Then BoundedLoads, whose walks read the ring in index
// space, against the model of its rule reading a router built anew.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { WasmRing } from "../src/engines/wasm/ring.js";
import { internalsOf } from "../src/internals.js";
import { BoundedLoads, RegionRouter as WasmRouter, type RouterOptions } from "../src/node.js";
import { RegionRouter as PureRouter } from "../src/pure.js";
import { BoundedLoadsModel, type RouterView } from "./support/bounded-loads-model.js";

type AnyRouter = WasmRouter | PureRouter;

/**
 * The dialects and their rings' sizes, in regions: in the absolute ones (one or two nodes a region)
 * large enough that a removal of three regions leaves ghosts (under 1 / SEARCH_COST of the nodes).
 */
const DIALECTS: { options: RouterOptions; min: number }[] = [
  { options: { vnodesPerWeight: 1 }, min: 780 },
  { options: { compatibleWith: "consistent-hash-ring", replicas: 1 }, min: 780 },
  { options: { compatibleWith: "uhashring", vnodes: 2 }, min: 1560 },
  { options: { compatibleWith: "hashring", vnodeCount: 2 }, min: 300 },
  { options: { compatibleWith: "libketama" }, min: 120 },
];

/** A step: remove some regions (in one update or one by one; with `ends`, those of the ring's first and last nodes first), add removed ones back, add a new one, re-weight one, or go on with a clone or a snapshot's router. */
type Step =
  | { kind: "remove"; picks: number[]; together: boolean; ends: boolean }
  | { kind: "back"; picks: number[] }
  | { kind: "new"; weight: number }
  | { kind: "weight"; pick: number; weight: number }
  | { kind: "clone" }
  | { kind: "snapshot" };

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant("remove" as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }), together: fc.boolean(), ends: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant("back" as const), picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("new" as const), weight: fc.integer({ min: 1, max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("weight" as const), pick: fc.nat(), weight: fc.integer({ min: 0, max: 2 }) }) },
  { weight: 1, arbitrary: fc.constant({ kind: "clone" as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: "snapshot" as const }) },
);

/** Every answer a router gives for `ids`, regions named (indexes through regions()). */
function answers(router: AnyRouter, ids: string[], exclude: string[]) {
  const named = (indexes: Int32Array) => [...indexes].map((i) => (i < 0 ? null : router.regions()[i]));
  const data = new TextEncoder().encode(ids.join(""));
  const offsets = new Int32Array(ids.length + 1);
  ids.forEach((id, i) => (offsets[i + 1] = offsets[i] + Buffer.byteLength(id)));
  return {
    route: ids.map((id) => router.route(id)),
    many: router.routeMany(ids),
    indexes: named(router.routeIndexes(ids)),
    bytes: named(router.routeManyBytes(data, offsets)),
    excluded: router.routeMany(ids, { exclude }),
    excludedIndexes: named(router.routeIndexes(ids, undefined, { exclude })),
    preference: ids.slice(0, 60).map((id) => router.preferenceList(id, 4)),
    shares: [...router.shares()],
    snapshot: router.toJSON(),
    fingerprint: router.fingerprint(),
  };
}

describe("ghosts in random sequences of updates", () => {
  it("both engines answer as a router built anew, after every step, in five dialects", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => (i % 2 ? `sess-${i}` : `${i}-ü-${i * 7919}`));
    let ghostsSeen = 0, refills = 0;
    fc.assert(
      fc.property(fc.constantFrom(...DIALECTS), fc.integer({ min: 0, max: 200 }), fc.array(step, { minLength: 1, maxLength: 8 }), ({ options, min }, more, steps) => {
        const size = min + more;
        const start = Array.from({ length: size }, (_, i): [string, number] => [`r${i}`, 1]);
        let routers: AnyRouter[] = [new WasmRouter(options), new PureRouter(options)];
        for (const router of routers) router.addRegions(start);
        const removed: [string, number][] = [];
        let added = 0;
        for (const [at, next] of steps.entries()) {
          const present = [...routers[0].weights()].filter(([, weight]) => weight > 0);
          const change = (update: (router: AnyRouter) => void) => routers.forEach(update);
          if (next.kind === "remove") {
            const { ring, names } = internalsOf(routers[0]);
            const ends = next.ends && ring.size > 0 ? [0, ring.size - 1].map((i) => names[ring.ownerAt(i)] as string) : [];
            const picked = [...ends, ...next.picks.map((pick) => present[pick % present.length][0])].slice(0, 3);
            const gone = present.filter(([region]) => picked.includes(region));
            removed.push(...gone);
            if (next.together) change((router) => router.addRegions(gone.map(([region]): [string, number] => [region, 0])));
            else change((router) => gone.forEach(([region]) => router.removeRegion(region)));
          } else if (next.kind === "back" && removed.length > 0) {
            const back = [...new Set(next.picks.map((pick) => removed[pick % removed.length]))];
            for (const entry of back) removed.splice(removed.indexOf(entry), 1);
            const ghosts = (internalsOf(routers[0]).ring as WasmRing).ghosts?.slots.length ?? 0;
            change((router) => router.addRegions(back));
            if (ghosts > 0 && (internalsOf(routers[0]).ring as WasmRing).ghosts === undefined) refills++;
          } else if (next.kind === "new") change((router) => router.addRegion(`new-${added}`, next.weight)), added++;
          else if (next.kind === "weight") change((router) => router.addRegion(present[next.pick % present.length][0], next.weight));
          else if (next.kind === "clone") routers = routers.map((router) => router.clone());
          else if (next.kind === "snapshot") routers = [WasmRouter.fromJSON(routers[0].toJSON()), PureRouter.fromJSON(routers[1].toJSON())];
          if ((internalsOf(routers[0]).ring as WasmRing).ghosts !== undefined) {
            expect(options.compatibleWith === "hashring" || options.compatibleWith === "libketama", "ghosts in a relative dialect").toBe(false);
            ghostsSeen++;
          }
          const fresh = new PureRouter(options);
          fresh.addRegions([...routers[0].weights()]);
          const exclude = present.slice(0, 3).map(([region]) => region);
          const expected = answers(fresh, ids, exclude);
          for (const router of routers) {
            const what = `${JSON.stringify(options)}, ${size} regions, step ${at} (${JSON.stringify(next)}), ${router instanceof WasmRouter ? "WebAssembly" : "pure"}`;
            expect(answers(router, ids, exclude), what).toEqual(expected);
          }
        }
      }),
      { numRuns: 30, seed: 20261207 },
    );
    // The sequences reach what they are here for: ghosts standing, and ghosts refilled.
    expect(ghostsSeen).toBeGreaterThan(10);
    expect(refills).toBeGreaterThan(0);
  }, 120_000);
});

/** A router built anew from `of`'s weights whenever they change: the ring without ghosts, for the model to read. */
function builtAnew(of: AnyRouter): RouterView {
  let key = "", fresh = new PureRouter();
  const current = () => {
    const weights = [...of.weights()];
    if (JSON.stringify(weights) !== key) [key, fresh] = [JSON.stringify(weights), new PureRouter({ vnodesPerWeight: 1 })], fresh.addRegions(weights);
    return fresh;
  };
  return { weights: () => current().weights(), preferenceList: (id, n) => current().preferenceList(id, n) };
}

describe("BoundedLoads over a router with ghosts", () => {
  it("answers as the model of its rule over the router built anew, on random sequences, both engines", () => {
    const ids = Array.from({ length: 300 }, (_, i) => `sess-${i}`);
    const REGIONS = 700;
    const op = fc.oneof(
      { weight: 6, arbitrary: fc.record({ op: fc.constant("acquire" as const), id: fc.constantFrom(...ids), exclude: fc.nat(2) }) },
      { weight: 2, arbitrary: fc.record({ op: fc.constant("release" as const), id: fc.constantFrom(...ids) }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant("remove" as const), picks: fc.array(fc.nat(REGIONS - 1), { minLength: 1, maxLength: 2 }) }) },
      { weight: 1, arbitrary: fc.record({ op: fc.constant("back" as const), pick: fc.nat() }) },
    );
    let ghostsSeen = 0, walked = 0;
    fc.assert(
      fc.property(fc.boolean(), fc.array(op, { minLength: 60, maxLength: 150 }), (wasm, steps) => {
        const router: AnyRouter = wasm ? new WasmRouter({ vnodesPerWeight: 1 }) : new PureRouter({ vnodesPerWeight: 1 });
        router.addRegions(Array.from({ length: REGIONS }, (_, i): [string, number] => [`r${i}`, 1]));
        const subject = new BoundedLoads(router, { loadFactor: 1 });
        const anew = builtAnew(router);
        const model = new BoundedLoadsModel(anew, 1);
        const removed: string[] = [];
        for (const s of steps) {
          if (s.op === "acquire") {
            // The regions that matter to the session: the first of its preference list, to route around.
            const exclude = anew.preferenceList(s.id, s.exclude);
            const region = subject.acquire(s.id, { exclude });
            expect(region).toBe(model.acquire(s.id, exclude));
            if (region !== anew.preferenceList(s.id, 1 + s.exclude)[s.exclude]) walked++;
          } else if (s.op === "release") expect(subject.release(s.id)).toBe(model.release(s.id));
          else if (s.op === "remove") {
            const gone = [...new Set(s.picks.map((i) => `r${i}`))].filter((region) => router.weights().has(region));
            router.addRegions(gone.map((region): [string, number] => [region, 0]));
            removed.push(...gone);
          } else if (removed.length > 0) router.addRegion(removed.splice(s.pick % removed.length, 1)[0], 1);
          if (wasm && (internalsOf(router).ring as WasmRing).ghosts !== undefined) ghostsSeen++;
          expect([...subject.loads()].sort()).toEqual([...model.loads()].sort());
        }
      }),
      { numRuns: 20, seed: 20261207 },
    );
    expect(ghostsSeen).toBeGreaterThan(50);
    // Sessions went past full regions (or stayed where they were held), not only to their first choice.
    expect(walked).toBeGreaterThan(50);
  }, 120_000);
});
