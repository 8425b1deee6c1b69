// BoundedLoads at the most sessions it holds, made 4 here (it is 2^24, which a test
// cannot fill in its time): one more is a RangeError that changes nothing, and a held session
// still moves, which holds no more.
import { describe, expect, it, vi } from "vitest";
import { BoundedLoads } from "../src/bounded-loads.js";
import { RegionRouter } from "../src/index.js";
import { buildRouter } from "./support/build.js";

vi.mock(import("../src/session-table.js"), async (actual) => ({ ...(await actual()), MAX_KEYS: 4 }));

describe("BoundedLoads at its limit", () => {
  it("refuses a new session past the most it holds, changing nothing", () => {
    const router = buildRouter(RegionRouter, [["a", 1], ["b", 1], ["c", 1]]);
    const loads = new BoundedLoads(router, { loadFactor: 100 });
    const held = ["s0", "s1", "s2", "s3"].map((id) => [id, loads.acquire(id)] as const);
    const before = [loads.held, [...loads.loads()]];
    expect(() => loads.acquire("one-more")).toThrow(new RangeError('acquire: a BoundedLoads holds at most 4 sessions; release one before acquiring "one-more" (string of length 8)'));
    expect([loads.held, [...loads.loads()]]).toEqual(before);
    // A held session acquired again, here or elsewhere, holds no more: no error.
    for (const [id, region] of held) expect(loads.acquire(id)).toBe(region);
    const [id, region] = held[0];
    expect(loads.acquire(id, { exclude: [region as string] })).not.toBe(region);
    expect(loads.held).toBe(4);
    // A session that no region takes is not held: null, not the error.
    expect(loads.acquire("nowhere", { exclude: ["a", "b", "c"] })).toBe(null);
    expect(loads.release("s1")).toBe(true);
    expect(loads.acquire("one-more")).not.toBe(null);
    expect(loads.held).toBe(4);
  });
});
