// WebAssembly memory is given back when a batch call that grew it throws, and at the router's next
// update, whatever ran on the router before:
// an update that moves the ring to a fresh, smaller instance must leave nothing that keeps the old
// memory alive (a view of it cached by a batch, by shares() or movement(), by the SIMD modules).
// Measured as the process sees it: external memory after a full collection, back within 32 MiB of
// where it was before the router grew, on rings and ids a few times that size.
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { RegionRouter as SimdRouter } from "../src/index.js";
import { RegionRouter } from "../src/node.js";
import { RegionRouter as PureRouter } from "../src/pure.js";
import { movement } from "../src/exports.js";
import { internalsOf } from "../src/internals.js";
import { roomFor } from "../src/engines/wasm/layout.js";
import { RegionRouter as ScalarRouter } from "./support/core-only.js";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;
const SLACK = 32 * 2 ** 20;

/** External memory after a full collection. */
function external(): number {
  gc();
  gc();
  return process.memoryUsage().external;
}

type Router = RegionRouter | SimdRouter | ScalarRouter;

/** What may run on a router before its memory grows, each leaving whatever it caches. */
const BEFORE: [string, (router: Router) => void][] = [
  ["nothing", () => {}],
  ["routeMany of three ids", (router) => router.routeMany(["a", "b", "c"])],
  ["routeMany of two ids", (router) => router.routeMany(["a", "b"])],
  ["shares()", (router) => router.shares()],
  ["movement()", (router) => movement(router, router.clone())],
  ["preferenceList and fingerprint", (router) => [router.preferenceList("a", 3), router.fingerprint()]],
  ["routeBytes and locateDigest", (router) => {
    const { ring } = internalsOf(router);
    ring.routeBytes(Uint8Array.of(97, 98), Int32Array.of(0, 1, 2), 2, 1, new Int32Array(2));
    ring.locateDigest(new Uint8Array(16));
  }],
];

/** Every call of BEFORE, one after another. */
const EVERYTHING: [string, (router: Router) => void] = ["every one of them", (router) => BEFORE.forEach(([, before]) => before(router))];

// Each call on its own on Node's engine; all of them at once on the others (the layout that caches
// the views is theirs too, but the SIMD modules they attach differ).
describe.each([
  ["wasm", RegionRouter, BEFORE],
  ["wasm-12", SimdRouter, [EVERYTHING]],
  ["wasm-scalar", ScalarRouter, [EVERYTHING]],
] as const)("WebAssembly memory on the %s engine", (_engine, Router, befores) => {
  it.each(befores)("is given back at the next update after a giant id, %s having run first", (_label, before) => {
    const start = external();
    const router = new Router();
    router.addRegions([["sf", 3], ["london", 3]]);
    before(router);
    // 30 million characters: memory grows to three bytes a character for the id's UTF-8.
    expect(router.route("x".repeat(30_000_000))).not.toBeNull();
    expect(external()).toBeGreaterThan(start + 2 * SLACK);
    router.addRegion("tokyo", 3);
    expect(external() - start).toBeLessThan(SLACK);
    expect(router.routeMany(["a", "b", "c"])).toEqual(["a", "b", "c"].map((id) => router.route(id)));
  });
});

/** Batch calls that throw after a giant id grew memory: a bad id after it, a getter that throws. */
const THROWING: [string, (router: Router, giant: string) => unknown, RegExp][] = [
  ["routeMany of two ids, the second bad", (router, giant) => router.routeMany([giant, 5] as never), /^sessionIds\[1\] must be a string/],
  ["routeMany of three ids, the third bad", (router, giant) => router.routeMany(["a", giant, 5] as never), /^sessionIds\[2\] must be a string/],
  ["routeIndexes, the third null", (router, giant) => router.routeIndexes(["a", giant, null] as never), /^sessionIds\[2\] must be a string/],
  ["routeMany with exclude, a getter that throws", (router, giant) => router.routeMany(new Proxy(["a", giant, "c"], { get: (ids, key) => (key === "2" ? Reflect.get(ids, "boom")() : Reflect.get(ids, key)) }), { exclude: ["sf"] }), /not a function/],
];

describe.each([
  ["wasm", RegionRouter],
  ["wasm-12", SimdRouter],
] as const)("WebAssembly memory on the %s engine", (_engine, Router) => {
  it.each(THROWING)("is given back when a batch throws after a giant id: %s", (_label, call, error) => {
    const start = external();
    const router = new Router();
    router.addRegions([["sf", 3], ["london", 3]]);
    // 20 million three-byte characters: 60 MB of UTF-8.
    const giant = "€".repeat(20_000_000);
    expect(() => call(router, giant)).toThrow(error);
    expect(external() - start).toBeLessThan(SLACK);
    expect(router.routeMany(["a", "b", "c"])).toEqual(["a", "b", "c"].map((id) => router.route(id)));
  });
});

// The calls that read the whole ring or batch its ids, on Node's engine; all of them at once on
// region-router/simd's (the scalar core's build of this ring is slow, and its layout the same).
describe.each([
  ["wasm", RegionRouter, BEFORE.filter(([label]) => /nothing|three|shares|movement/.test(label))],
  ["wasm-12", SimdRouter, [EVERYTHING]],
] as const)("WebAssembly memory on the %s engine", (_engine, Router, befores) => {
  it.each(befores)("is given back when a removal shrinks a 2,500,000-node ring, %s having run first", (_label, before) => {
    const start = external();
    const router = new Router({ vnodesPerWeight: 10_000 });
    router.addRegions([["big", 250], ["small", 1]]);
    before(router);
    expect(external()).toBeGreaterThan(start + SLACK);
    router.removeRegion("big");
    expect(external() - start).toBeLessThan(SLACK);
    expect(router.routeMany(["a", "b", "c"])).toEqual(["small", "small", "small"]);
  });
});

// Ring.footprint, what the bench's memory figures read: on WebAssembly 20 bytes a node (a 4-byte
// key, a 16-byte tail), an index, and the whole linear memory; the pure engine's typed arrays, with
// the room its updates keep, and no index.
describe.each([
  ["wasm", RegionRouter],
  ["pure", PureRouter],
] as const)("Ring.footprint on the %s engine", (engine, Router) => {
  it("counts what the ring holds, and follows an update that shrinks it", () => {
    const router = new Router({ vnodesPerWeight: 160 });
    router.addRegions([["big", 2000], ["small", 5]]);
    const { ring } = internalsOf(router);
    const before = ring.footprint();
    expect(ring.size).toBe(2005 * 160);
    router.removeRegion("big");
    const after = internalsOf(router).ring.footprint();
    for (const [{ positions, index, total }, size] of [[before, 2005 * 160], [after, 5 * 160]] as const) {
      if (engine === "wasm") {
        // The nodes, and the room for updates made in place on both sides (src/engines/wasm/layout.ts).
        expect(positions).toBeGreaterThanOrEqual(20 * (size + roomFor(size)));
        expect(positions).toBeLessThanOrEqual(20 * (size + roomFor(size)) + 8);
        expect(index).toBeGreaterThan(0);
        expect(total).toBeGreaterThan(positions + index);
      } else {
        expect(positions).toBeGreaterThanOrEqual(20 * size);
        expect([index, total]).toEqual([0, positions]);
      }
    }
    if (engine === "wasm") expect(after.total).toBeLessThan(before.total / 4);
  });
});
