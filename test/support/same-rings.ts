// Rings compared node for node: every Scheme the dialects make, a key set that lands on nodes'
// own points, and the three rings (SIMD-built WebAssembly, core-only WebAssembly, pure) that the
// build and update suites keep equal.
import { expect } from "vitest";
import type { Ring, Scheme } from "../../src/engines/ring.js";
import { PureRing } from "../../src/engines/pure/ring.js";
import { instantiate } from "../../src/engines/wasm/module.js";
import { WasmRing } from "../../src/engines/wasm/ring.js";
import { withSimd } from "../../src/engines/wasm/simd.js";
import { OWNER_NAMES, ownersOf } from "./owners.js";

/** Every form: 1-4 32-bit points per name or one 128-bit position; strict or not; last or first wins. */
export const schemes: Scheme[] = [0, 1, 2, 3, 4].flatMap((points) =>
  [false, true].flatMap((strict) => [false, true].map((lastWins) => ({ points, strict, lastWins }))),
);
/** Whether ring's headAt(i) is its positionAt(i)'s top 32 bits. */
const headAgrees = (ring: Ring, i: number) => ring.headAt(i) === Number(ring.positionAt(i) >> 96n);

/** The first index where two rings differ (position, its top 32 bits as headAt reads them, or owner), or -1; and their sizes. */
export function difference(a: Ring, b: Ring): number {
  if (a.size !== b.size) return Math.min(a.size, b.size);
  for (let i = 0; i < a.size; i++) {
    if (a.positionAt(i) !== b.positionAt(i) || a.ownerAt(i) !== b.ownerAt(i) || !headAgrees(a, i) || !headAgrees(b, i)) return i;
  }
  return -1;
}

/**
 * Keys, among them names of virtual nodes: such a key's point is a node's, exactly (a tie that a
 * key's position made wrongly below its top 32 bits would break differently).
 */
const keys = [
  ...Array.from({ length: 300 }, (_, i) => (i % 3 === 0 ? `sess-${i}` : i % 3 === 1 ? `user/${"é".repeat(i % 17)}/${i}` : `k${i}`.repeat(i % 9))),
  ...["big#", "tokyo-", "grow:", "a#", "b#"].flatMap((prefix) => Array.from({ length: 40 }, (_, i) => `${prefix}${i * 7}`)),
];

/**
 * Every ring the same as the first, node for node, sending every key to the same node, and routing
 * batches as single keys (the SIMD module's routeMany shares its swizzles with the build module).
 */
export function expectSameRings(rings: Ring[], what: string): void {
  const owners = keys.map((k) => rings[0].route(k));
  for (const ring of rings.slice(1)) {
    expect(difference(ring, rings[0]), `${what}: the first node that differs`).toBe(-1);
    expect(keys.map((k) => ring.locate(k)), `${what}: where keys land`).toEqual(keys.map((k) => rings[0].locate(k)));
  }
  for (const ring of rings) {
    const regions = new Array<string | null>(keys.length);
    ring.routeMany(keys, regions, OWNER_NAMES);
    expect(ownersOf(regions), `${what}: routeMany`).toEqual(owners);
  }
}

/** A SIMD-built ring (checked to have taken the build module), a core-built one and a pure one. */
export function threeRings(scheme: Scheme): [WasmRing, WasmRing, PureRing] {
  return [new WasmRing(scheme, simdEverywhere), new WasmRing(scheme, instantiate), new PureRing(scheme)];
}

/** Instances that take the SIMD build module for every run, however short, and the sort module from FAST_SORT_NODES nodes. */
export const simdEverywhere = withSimd(1);

