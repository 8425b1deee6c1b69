// Replays the golden vectors generated from the Python reference (test/fixtures/vectors.json; how it
// is made: test/fixtures/README.md) on every engine, one route() at a time and in routeMany batches.
import { describe, expect, it } from "vitest";
import { engines } from "./support/engines.js";
import { expectedRoutes, replay, replayBatched } from "./support/replay.mjs";
import { vectors } from "./support/vectors.js";

describe.each(engines)("golden vectors on the %s engine", (_, RegionRouter) => {
  it("has vectors to replay", () => {
    expect(vectors.cases.length).toBeGreaterThan(40);
    expect(expectedRoutes(vectors.cases).every((routes) => routes.length > 0)).toBe(true);
  });

  it.each(vectors.cases.map((c) => [c.name, c] as const))("%s", (_name, c) => {
    const [expected] = expectedRoutes([c]);
    expect(replay(RegionRouter, [c])[0]).toEqual(expected);
    expect(replayBatched(RegionRouter, [c])[0]).toEqual(expected);
  });
});
