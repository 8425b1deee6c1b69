// `region-router stats --max-deviation F`: the vnode planner's suggestion for the ring's regions and dialect.
import { describe, expect, it } from "vitest";
import { suggestVnodes } from "../../src/index.js";
import { cli, ok, SEED_RING } from "../support/cli.js";

const seed: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3]];

describe("region-router stats --max-deviation", () => {
  it("prints suggestVnodes' options as flags and its deviation, after the table", () => {
    const { options, deviation } = suggestVnodes(seed, { maxDeviation: 0.01 });
    const out = ok(["stats", ...SEED_RING, "--max-deviation", "0.01"]);
    const k = (options as { vnodesPerWeight: number }).vnodesPerWeight;
    expect(out.endsWith(`\nsuggested: --compatible-with region-router --vnodes-per-weight ${k} (largest deviation ${(deviation * 100).toFixed(2)} pp)\n`)).toBe(true);
    expect(deviation).toBeLessThanOrEqual(0.01);
    // The suggestion meets the bound on the ring it names.
    const check = JSON.parse(ok(["stats", ...SEED_RING, "--vnodes-per-weight", String(k), "--json"]));
    expect(Math.max(...check.regions.map((row: { deviation: number }) => Math.abs(row.deviation)))).toBe(deviation);
  });

  it("uses the ring's dialect and gives the suggestion in JSON", () => {
    const args = ["stats", "--compatible-with", "hashring", "--region", "a=1", "--region", "b=2", "--region", "c=1", "--max-deviation", "0.05", "--json"];
    const expected = suggestVnodes([["a", 1], ["b", 2], ["c", 1]], { compatibleWith: "hashring", maxDeviation: 0.05 });
    expect(JSON.parse(ok(args)).suggestion).toEqual(expected);
    expect(JSON.parse(ok(["stats", ...SEED_RING, "--json"])).suggestion).toBeUndefined();
  });

  it("takes 0 as suggestVnodes does: one region's share is its weight's exactly", () => {
    const out = ok(["stats", "--region", "solo=2", "--max-deviation", "0", "--json"]);
    expect(JSON.parse(out).suggestion).toEqual(suggestVnodes([["solo", 2]], { maxDeviation: 0 }));
    expect(JSON.parse(out).suggestion).toEqual({ options: { compatibleWith: "region-router", vnodesPerWeight: 1 }, deviation: 0 });
    expect(ok(["stats", "--region", "solo=2", "--max-deviation", "0"]).endsWith("\nsuggested: --compatible-with region-router --vnodes-per-weight 1 (largest deviation 0.00 pp)\n")).toBe(true);
  });

  it("takes a fraction as JavaScript writes numbers: 1e-2 as 0.01, .05 as 0.05", () => {
    for (const [written, plain] of [["1e-2", "0.01"], [".05", "0.05"], ["5E-2", "0.05"]]) {
      expect(ok(["stats", ...SEED_RING, "--max-deviation", written, "--json"])).toBe(ok(["stats", ...SEED_RING, "--max-deviation", plain, "--json"]));
    }
  });

  it("refuses a bad fraction, and a dialect without a per-weight option or a bound no count reaches, as usage errors", () => {
    for (const bad of ["1.5", "abc", "-0.1", "", "1e", "e-2", ".", "1.0001", "0x1", "1e1"]) {
      const result = cli(["stats", ...SEED_RING, "--max-deviation", bad]);
      expect([result.status, result.stdout]).toEqual([2, ""]);
      expect(result.stderr).toMatch(/^region-router: --max-deviation/);
    }
    expect(cli(["stats", ...SEED_RING, "--max-deviation", "abc"]).stderr).toBe('region-router: --max-deviation must be a fraction from 0 to 1 (0.01 = 1 point), got "abc"\n');
    const unreachable = cli(["stats", ...SEED_RING, "--max-deviation", "0.0000001"]);
    expect([unreachable.status, unreachable.stdout]).toEqual([2, ""]);
    expect(unreachable.stderr).toMatch(/^region-router: --max-deviation: no --vnodes-per-weight from 1 to 10000 gives every region a share within 1e-7 /);
    // The flag of the ring's dialect, as the suggestion itself says it.
    const hashring = cli(["stats", "--compatible-with", "hashring", "--region", "a=1", "--region", "b=2", "--max-deviation", "0"]);
    expect(hashring.stderr).toMatch(/^region-router: --max-deviation: no --vnode-count from 1 to 10000 gives /);
    // Said in the ring's words, not suggestVnodes' parameters' (options.compatibleWith, entries).
    expect(cli(["stats", "--compatible-with", "libketama", "--region", "a=1", "--max-deviation", "0.1"]).stderr).toBe(
      "region-router: --max-deviation: the ring's dialect, libketama, has no per-weight count of virtual nodes to choose\n",
    );
    expect(cli(["stats", "--region", "a=0", "--region", "b=0", "--max-deviation", "0.1"]).stderr).toBe("region-router: --max-deviation: no region of the ring has a weight above 0\n");
  });
});
