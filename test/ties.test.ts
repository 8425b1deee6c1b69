// The lookup's rare path: positions equal in their top 32 bits, which both engines resolve on the
// other 96 (assembly/ring.ts). Random keys reach it with probability n / 2^32, so the cases were
// searched for and their answers taken from the Python reference (scripts/tie-vectors.py writes
// test/fixtures/ties.json: see test/fixtures/README.md): ids tying with a node, on both sides of it, and regions whose node
// ties with another region's.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { internalsOf } from "../src/internals.js";
import { engines } from "./support/engines.js";
import { buildRouter } from "./support/build.js";
import { ModelRouter, position, ringOf } from "./support/model.mjs";

interface Ties {
  regions: [string, number][];
  twins: [string, string][];
  keys: [key: string, node: string, side: "below" | "above", expected: string][];
}
const ties: Ties = JSON.parse(readFileSync(new URL("fixtures/ties.json", import.meta.url), "utf8"));

/** The top 32 bits of a position. */
const head = (text: string) => position(text) >> 96n;

describe("the fixture", () => {
  it("has ids tying with a node on each side, and nodes tying with each other", () => {
    for (const [key, node, side] of ties.keys) {
      expect(head(key)).toBe(head(node));
      expect(position(key) < position(node)).toBe(side === "below");
    }
    expect(ties.keys.filter(([, , side]) => side === "below").length).toBeGreaterThanOrEqual(4);
    expect(ties.keys.filter(([, , side]) => side === "above").length).toBeGreaterThanOrEqual(4);
    expect(ties.twins.length).toBeGreaterThan(0);
    for (const [a, b] of ties.twins) expect(head(a)).toBe(head(b));
  });

  it("routes as the model does", () => {
    const model = buildRouter(ModelRouter, ties.regions);
    expect(ties.keys.map(([key]) => model.route(key))).toEqual(ties.keys.map(([, , , region]) => region));
  });
});

describe.each(engines)("top-32-bit ties on the %s engine", (_, RegionRouter) => {
  // Every region in one addRegions call: the whole ring in one update.
  const build = (regions = ties.regions) => buildRouter(RegionRouter, regions, {}, { oneCall: true });
  const keys = ties.keys.map(([key]) => key);
  const expected = ties.keys.map(([, , , region]) => region);

  it("routes ids tying with a node as the reference does, with route and routeMany", () => {
    const r = build();
    expect(keys.map((k) => r.route(k))).toEqual(expected);
    expect(r.routeMany(keys)).toEqual(expected);
    // In the middle of a batch too, where the SIMD module takes ids twelve at a time.
    const padded = keys.flatMap((k, i) => [k, `pad-${i}`, `pad-${i}-x`]);
    expect(r.routeMany(padded).filter((_, i) => i % 3 === 0)).toEqual(expected);
  });

  it("keeps nodes that tie in their top 32 bits in full 128-bit order, whatever order they were added in", () => {
    const { positions } = ringOf(ties.regions);
    for (const r of [build(), build([...ties.regions].reverse())]) {
      const { ring } = internalsOf(r);
      expect(Array.from({ length: ring.size }, (_, i) => ring.positionAt(i))).toEqual(positions);
      expect(keys.map((k) => r.route(k))).toEqual(expected);
    }
  });
});
