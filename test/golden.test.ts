// Replays the golden vectors generated from the Python reference (test/fixtures/vectors.json, made
// by ../shared/reference/vectors.py --seed 7 --cases 40 --routes 200) on both engines.
import { describe, expect, it } from "vitest";
import { engines } from "./support/engines.js";
import { vectors } from "./support/vectors.js";

describe.each(engines)("golden vectors on the %s engine", (_, RegionRouter) => {
  it("has vectors to replay", () => {
    expect(vectors.cases.length).toBeGreaterThan(40);
  });

  it.each(vectors.cases.map((c) => [c.name, c] as const))("%s", (_name, { ops }) => {
    const router = new RegionRouter();
    let routes = 0;
    for (const op of ops) {
      if (op[0] === "add") router.addRegion(op[1], op[2]);
      else if (op[0] === "remove") router.removeRegion(op[1]);
      else {
        routes++;
        expect(router.route(op[1]), `route(${JSON.stringify(op[1])})`).toBe(op[2]);
      }
    }
    expect(routes).toBeGreaterThan(0);
  });
});
