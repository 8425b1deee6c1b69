// The lookup's rare path: positions equal in their top 32 bits, which both engines resolve on the
// other 96 (assembly/ring.ts). Random keys reach it with probability n / 2^32, so the cases were
// searched for and their answers taken from the Python reference (scripts/tie-vectors.py wrote
// test/fixtures/ties.json): ids tying with a node, on both sides of it, and regions whose node
// ties with another region's.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { INTERNALS } from "../src/router.js";
import { engines } from "./support/engines.js";

interface Ties {
  regions: [string, number][];
  twins: [string, string][];
  keys: [key: string, node: string, side: "below" | "above", expected: string][];
}
const ties: Ties = JSON.parse(readFileSync(new URL("fixtures/ties.json", import.meta.url), "utf8"));

const md5 = (text: string) => createHash("md5").update(text).digest();
const position = (text: string) => BigInt(`0x${md5(text).toString("hex")}`);

describe("the fixture", () => {
  it("has ids tying with a node on each side, and nodes tying with each other", () => {
    for (const [key, node, side] of ties.keys) {
      expect(md5(key).subarray(0, 4)).toEqual(md5(node).subarray(0, 4));
      expect(position(key) < position(node)).toBe(side === "below");
    }
    expect(ties.keys.filter(([, , side]) => side === "below").length).toBeGreaterThanOrEqual(4);
    expect(ties.keys.filter(([, , side]) => side === "above").length).toBeGreaterThanOrEqual(4);
    expect(ties.twins.length).toBeGreaterThan(0);
    for (const [a, b] of ties.twins) expect(md5(a).subarray(0, 4)).toEqual(md5(b).subarray(0, 4));
  });
});

describe.each(engines)("top-32-bit ties on the %s engine", (_, RegionRouter) => {
  const build = () => {
    const r = new RegionRouter();
    r.addRegions(ties.regions);
    return r;
  };
  const keys = ties.keys.map(([key]) => key);
  const expected = ties.keys.map(([, , , region]) => region);

  it("routes ids tying with a node as the reference does, with route and routeMany", () => {
    const r = build();
    expect(keys.map((k) => r.route(k))).toEqual(expected);
    expect(r.routeMany(keys)).toEqual(expected);
    // In the middle of a batch too, where the SIMD add-on takes ids twelve at a time.
    const padded = keys.flatMap((k, i) => [k, `pad-${i}`, `pad-${i}-x`]);
    expect(r.routeMany(padded).filter((_, i) => i % 3 === 0)).toEqual(expected);
  });

  it("keeps nodes that tie in their top 32 bits in full 128-bit order, whatever order they were added in", () => {
    const names = ties.regions.flatMap(([region, weight]) => Array.from({ length: weight }, (_, i) => `${region}#${i}`));
    const sorted = names.map(position).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    const reversed = new RegionRouter();
    reversed.addRegions([...ties.regions].reverse());
    for (const r of [build(), reversed]) {
      const { ring } = r[INTERNALS]();
      expect(Array.from({ length: ring.size }, (_, i) => ring.positionAt(i))).toEqual(sorted);
      expect(keys.map((k) => r.route(k))).toEqual(expected);
    }
  });
});
