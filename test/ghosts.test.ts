// Ghosts (src/engines/wasm/ghosts.ts): a removal made in place leaves its nodes in their slots as
// copies of the nodes after them, until the next update puts nodes back there or removes them for
// good. Every key must route as on the ring without them, every index-space call must speak of that
// ring, and the next update must end on the ring built anew. Checked on rings of one-node regions,
// where a removal's nodes can be the first, the last, neighbours, in one bucket or across buckets,
// with the pure engine (which has no ghosts) as the reference, by keys at, below and above every
// node's position.
import { describe, expect, it, vi } from "vitest";
import type { Ring, Scheme, VnodeRun } from "../src/engines/ring.js";
import { PureRing } from "../src/engines/pure/ring.js";
import type { WasmRing } from "../src/engines/wasm/ring.js";
import { TAIL_BYTES } from "../src/engines/wasm/constants.generated.js";
import { internalsOf } from "../src/internals.js";
import { movement, RegionRouter as WasmRouter } from "../src/node.js";
import { RegionRouter as PureRouter } from "../src/pure.js";
import { position } from "./support/model.mjs";
import { expectSameRings, schemes, threeRings } from "./support/same-rings.js";

const SINGLES = 2000;
const single = (owner: number, prefix = `s${owner}#`): VnodeRun => ({ owner, prefix, count: 1, rank: owner });

/** A key's digest that puts it at `position` (128-bit) or on `point` (32-bit points: the digest's first little-endian word). */
function digestAt(scheme: Scheme, value: bigint): Uint8Array {
  const digest = new Uint8Array(16);
  const view = new DataView(digest.buffer);
  if (scheme.points > 0) view.setUint32(0, Number(value & 0xffffffffn), true);
  else for (let i = 0; i < 16; i++) digest[i] = Number((value >> BigInt(8 * (15 - i))) & 0xffn);
  return digest;
}

/** Keys at, below and above every node of the reference ring, and at both ends of the key space: where each lands and its owner. */
function landings(ring: Ring, reference: Ring, scheme: Scheme): number[] {
  const top = scheme.points > 0 ? 0xffffffffn : (1n << 128n) - 1n;
  const values = [0n, top];
  for (let i = 0; i < reference.size; i++) {
    const at = scheme.points > 0 ? BigInt(reference.headAt(i)) : reference.positionAt(i);
    values.push(at, at > 0n ? at - 1n : top, at < top ? at + 1n : 0n);
  }
  return values.flatMap((value) => {
    const node = ring.locateDigest(digestAt(scheme, value));
    return [node, ring.ownerAt(node)];
  });
}

/** The ring built anew from `runs`: no ghosts. */
function builtOf(scheme: Scheme, runs: VnodeRun[]): PureRing {
  const ring = new PureRing(scheme);
  ring.update([], runs);
  return ring;
}

/** Every ring routes as the one built anew from `runs`, key for key, node for node, by strings, bytes and digests. */
function expectSame(rings: Ring[], runs: VnodeRun[], scheme: Scheme, what: string, names: string[]): void {
  const reference = builtOf(scheme, runs);
  expectSameRings([reference, ...rings], what);
  const expected = landings(reference, reference, scheme);
  const data = new TextEncoder().encode(names.join(""));
  const offsets = new Int32Array(names.length + 1);
  names.forEach((name, i) => (offsets[i + 1] = offsets[i] + new TextEncoder().encode(name).length));
  const routed = (ring: Ring) => {
    const out = new Int32Array(names.length);
    ring.routeBytes(data, offsets, names.length, 1, out);
    return [...out];
  };
  for (const ring of rings) {
    expect(landings(ring, reference, scheme), `${what}: keys at, below and above every node`).toEqual(expected);
    expect(names.map((name) => ring.route(name)), `${what}: route`).toEqual(names.map((name) => reference.route(name)));
    expect(routed(ring), `${what}: routeBytes`).toEqual(routed(reference));
  }
}

/** The longest copyWithin (in elements) of any typed array during `body`: 0 for none. */
function longestCopy(body: () => void): number {
  const copies = vi.spyOn(Object.getPrototypeOf(Uint8Array.prototype) as Uint8Array, "copyWithin");
  try {
    body();
    return Math.max(0, ...copies.mock.calls.map(([, start, end]) => (end ?? 0) - start));
  } finally {
    copies.mockRestore();
  }
}

/** The owners of the reference ring's nodes at these indexes. */
const ownersAt = (ring: Ring, indexes: number[]) => [...new Set(indexes.map((i) => ring.ownerAt((i + ring.size) % ring.size)))];

describe("ghosts: a removal made in place moves nothing, and the ring routes as if the nodes were gone", () => {
  for (const scheme of schemes.filter(({ points, strict, lastWins }) => points === 0 || (points === 4 && strict === lastWins))) {
    it(`the first and last nodes, neighbours, within a bucket and across, put back or not (${JSON.stringify(scheme)})`, () => {
      const rings = threeRings(scheme);
      const runs = Array.from({ length: SINGLES }, (_, i) => single(i));
      for (const ring of rings) ring.update([], runs);
      const pure = rings[2];
      // A pair of neighbours in one bucket of the index (2^12 buckets of 2,000 to 8,000 nodes), and one across buckets.
      const bucket = (i: number) => pure.headAt(i) >>> 20;
      let within = 1;
      while (bucket(within) !== bucket(within + 1)) within++;
      let across = 1;
      while (bucket(across) === bucket(across + 1)) across++;
      const cases: [string, number[]][] = [
        ["the first node", [0]],
        ["the last node", [-1]],
        ["the last two", [-1, -2]],
        ["the first and the last", [0, -1]],
        ["the first two and the last", [0, 1, -1]],
        ["neighbours in one bucket", [within, within + 1]],
        ["a node whose next is in a later bucket", [across]],
      ];
      const names = runs.map(({ prefix }) => `${prefix}0`);
      const without = (gone: VnodeRun[]) => runs.filter((run) => !gone.includes(run));
      for (const [what, indexes] of cases) {
        const gone = ownersAt(pure, indexes).map((owner) => runs[owner]);
        // Removed: nothing moves.
        expect(longestCopy(() => rings.forEach((ring) => ring.update(gone, []))), `${what}: removed`).toBe(0);
        for (const wasm of rings.slice(0, 2) as WasmRing[]) expect(wasm.ghosts?.slots.length, what).toBe(wasm.n - wasm.size);
        expectSame(rings, without(gone), scheme, `${what}, removed`, names);
        // Put back as they were, under other owners (nothing moving but the positions written), or
        // left out while another region comes (the ghosts removed for good first).
        const back = gone.map((run, i) => ({ ...run, owner: SINGLES + i, rank: SINGLES + i }));
        expect(longestCopy(() => rings.forEach((ring) => ring.update([], back))), `${what}: put back`).toBeLessThanOrEqual(TAIL_BYTES / 4);
        expect(rings[0].ghosts, `${what}: put back`).toBeUndefined();
        expectSame(rings, [...without(gone), ...back], scheme, `${what}, put back under other owners`, names);
        for (const ring of rings) ring.update(back, []);
        const other = single(SINGLES + 100, `other-${what}#`);
        for (const ring of rings) ring.update([], [other]);
        expect(rings[0].ghosts, `${what}: another added`).toBeUndefined();
        expectSame(rings, [...without(gone), other], scheme, `${what}, another added instead`, names);
        for (const ring of rings) ring.update([other], gone);
        expectSame(rings, runs, scheme, `${what}, as it was`, names);
      }
    });
  }

  it("put a node back where a ghost stands only where it belongs: in the ghost's bucket, between its neighbours", () => {
    const scheme = schemes[0];
    const rings = threeRings(scheme);
    const [wasm, , pure] = rings;
    const runs = Array.from({ length: SINGLES }, (_, i) => single(i));
    for (const ring of rings) ring.update([], runs);
    const bucket = (p: bigint) => Number(p >> BigInt(128 - wasm.bits));
    const at = (i: number) => pure.positionAt(i);
    // A node whose neighbours share its bucket, and one whose next node is in a later bucket.
    let inside = SINGLES / 2;
    while (!(bucket(at(inside - 1)) === bucket(at(inside)) && bucket(at(inside)) === bucket(at(inside + 1)))) inside++;
    let edge = SINGLES / 2;
    while (!(bucket(at(edge - 1)) === bucket(at(edge)) && bucket(at(edge)) < bucket(at(edge + 1)))) edge++;
    const kinds: [string, number, (p: bigint, d: number) => boolean, boolean | "pure"][] = [
      ["between its neighbours", inside, (p, d) => at(d - 1) < p && p < at(d + 1), true],
      ["below the node before", inside, (p, d) => bucket(p) === bucket(at(d)) && p < at(d - 1), false],
      ["above the node after", inside, (p, d) => bucket(p) === bucket(at(d)) && p > at(d + 1), false],
      // The pure engine has no index: between its neighbours is all it asks.
      ["between its neighbours, in a later bucket", edge, (p, d) => bucket(p) > bucket(at(d)) && p < at(d + 1), "pure"],
    ];
    const names = runs.map(({ prefix }) => `${prefix}0`);
    for (const [what, d, fits, refilled] of kinds) {
      let i = 0;
      while (!fits(position(`c${i}#0`), d)) i++;
      const node = runs[pure.ownerAt(d)], other = single(SINGLES + 1, `c${i}#`);
      for (const ring of rings) ring.update([node], []);
      // Put where the ghost stands, nothing moves: no copy longer than a position.
      for (const ring of rings) {
        const longest = longestCopy(() => ring.update([], [other]));
        expect(longest <= TAIL_BYTES / 4, `${what}: put where the ghost stands (longest copy ${longest})`).toBe(refilled === "pure" ? ring === pure : refilled);
      }
      expectSame(rings, [...runs.filter((run) => run !== node), other], scheme, what, [...names, `c${i}#0`]);
      for (const ring of rings) ring.update([other], [node]);
    }
  });

  it("a clone, a compacted ring and a second removal keep them right; a removal with an addition leaves none", () => {
    const scheme = schemes[0];
    const rings = threeRings(scheme);
    const runs = Array.from({ length: SINGLES }, (_, i) => single(i));
    for (const ring of rings) ring.update([], runs);
    for (const ring of rings) ring.update([runs[5], runs[6]], []);
    const copies = [rings[0].clone(), rings[1].clone(), rings[2].clone()] as [WasmRing, WasmRing, PureRing];
    expect(copies[0].ghosts?.slots.length).toBe(2);
    const names = runs.map(({ prefix }) => `${prefix}0`);
    const without = (...gone: number[]) => runs.filter((_, owner) => !gone.includes(owner));
    expectSame(copies, without(5, 6), scheme, "a clone", names);
    // A second removal removes the first's ghosts for good, and leaves its own.
    for (const ring of [...rings, ...copies]) ring.update([runs[7]], []);
    expect(rings[0].ghosts?.slots.length).toBe(1);
    expectSame(rings, without(5, 6, 7), scheme, "a second removal", names);
    for (const ring of [...rings, ...copies]) ring.update([runs[8]], [runs[5]]);
    expect(rings[0].ghosts).toBeUndefined();
    expectSame([...rings, ...copies], without(6, 7, 8), scheme, "a removal with an addition, and the clones", names);
  });
});

describe("ghosts under the router: exclude, indexes, bytes, preference lists and shares as on a ring without them", () => {
  it("answers, on both engines, as a router built without the removed regions' nodes", () => {
    const regions = Array.from({ length: SINGLES }, (_, i) => [`r${i}`, 1] as [string, number]);
    const routerOf = (RegionRouter: typeof WasmRouter | typeof PureRouter, entries: [string, number][]) => {
      const router = new RegionRouter({ vnodesPerWeight: 1 });
      router.addRegions(entries);
      return router;
    };
    const routers = [routerOf(WasmRouter, regions), routerOf(PureRouter, regions)];
    const original = routerOf(WasmRouter, regions);
    const { ring } = internalsOf(routers[1]);
    const ids = Array.from({ length: 5000 }, (_, i) => `session-${i}`);
    const data = new TextEncoder().encode(ids.join(""));
    const offsets = new Int32Array(ids.length + 1);
    ids.forEach((id, i) => (offsets[i + 1] = offsets[i] + id.length));
    // The first and last nodes and a few between go; the regions after them are excluded, so that
    // walks start on the ghosts.
    const gone = [0, 1, 700, ring.size - 1].map((i) => `r${ring.ownerAt(i)}`);
    const after = [2, 701].map((i) => `r${ring.ownerAt(i)}`);
    // In one update (weight 0: no nodes), so that all four stand as ghosts at once.
    for (const router of routers) router.addRegions(gone.map((region) => [region, 0]));
    expect((internalsOf(routers[0]).ring as WasmRing).ghosts?.slots.length).toBe(gone.length);
    routers.push(routerOf(PureRouter, regions.map(([region]) => [region, gone.includes(region) ? 0 : 1])));
    // Two ids sent to an excluded region, routed one by one (a batch too small for one).
    const sent = ids.filter((id) => after.includes(routers[2].route(id) as string)).slice(0, 2);
    const sentBytes = new TextEncoder().encode(sent.join(""));
    const sentOffsets = Int32Array.of(0, sent[0].length, sent[0].length + sent[1].length);
    const answers = routers.map((router) => {
      const options = { exclude: after };
      // Indexes by their regions' names: a region set to weight 0 keeps its place in regions() only in the routers that had it.
      const named = (indexes: Int32Array) => [...indexes].map((i) => (i < 0 ? null : router.regions()[i]));
      return {
        route: ids.map((id) => router.route(id)),
        routeExcluded: ids.map((id) => router.route(id, options)),
        many: router.routeMany(ids, options),
        indexes: named(router.routeIndexes(ids, undefined, options)),
        bytes: named(router.routeManyBytes(data, offsets, undefined, options)),
        few: named(router.routeIndexes(sent, undefined, options)),
        fewBytes: named(router.routeManyBytes(sentBytes, sentOffsets, undefined, options)),
        preference: ids.slice(0, 300).map((id) => router.preferenceList(id, 3)),
        shares: Object.fromEntries([...router.shares()].filter(([, share]) => share > 0)),
        // Both ways between the router with ghosts and the one as it was, and against the other engine's.
        moved: [movement(original, router).moved, movement(router, original).moved, movement(routers[1 - Math.min(1, routers.indexOf(router))], router).moved],
      };
    });
    for (const key of Object.keys(answers[2]) as (keyof (typeof answers)[0])[]) {
      expect(answers[0][key], `WebAssembly: ${key}`).toEqual(answers[2][key]);
      expect(answers[1][key], `pure: ${key}`).toEqual(answers[2][key]);
    }
    expect(answers[0].routeExcluded.some((region, i) => region !== answers[0].route[i])).toBe(true);
  });
});
