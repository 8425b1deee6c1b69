// The CLI for a fleet: a ring from stdin (`--ring -`) and `region-router fingerprint`.
import { describe, expect, it } from "vitest";
import { RegionRouter } from "../../src/index.js";
import { cli, ok, SEED_RING, tempFolder } from "../support/cli.js";
import { ModelRouter } from "../support/model.mjs";

const { file } = tempFolder("region-router-fleet-");

const seed = new RegionRouter();
seed.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
const snapshot = JSON.stringify({ ...seed.toJSON(), meta: { updatedAt: "2024-01-01T00:00:00Z", revision: 7 } });
const model = new ModelRouter();
for (const region of ["sf", "london", "bangalore"]) model.addRegion(region, 3);

describe("--ring - (the ring from stdin)", () => {
  it("route reads the ring from stdin and the ids from a file", () => {
    const ids = file("ids.txt", "a\nb\nsess-1\n");
    expect(ok(["route", "--ring", "-", ids], snapshot)).toBe(["a", "b", "sess-1"].map((id) => `${id}\t${model.route(id)}\n`).join(""));
  });

  it("stats and fingerprint read it too, meta and all", () => {
    expect(ok(["fingerprint", "--ring", "-"], snapshot)).toBe(`${seed.fingerprint()}\n`);
    expect(JSON.parse(ok(["stats", "--ring", "-", "--json"], snapshot)).fingerprint).toBe(seed.fingerprint());
  });

  it("refuses stdin for both the ring and the ids, before writing anything", () => {
    for (const args of [["route", "--ring", "-"], ["route", "--ring", "-", "-"], ["route", "--ring", "-", file("x.txt", "x\n"), "-"]]) {
      const result = cli(args, snapshot);
      expect(result.status).toBe(2);
      expect(result.stdout).toBe("");
      expect(result.stderr).toMatch(/^region-router: stdin can be read only once: --ring - and the session ids both read it/);
    }
    const plan = cli(["plan", "--ring", "-", "--to", "-"], snapshot);
    expect(plan.status).toBe(2);
    expect(plan.stderr).toMatch(/--ring - and --to - both read it/);
  });

  it("names stdin when what it gives is not a ring", () => {
    const result = cli(["fingerprint", "--ring", "-"], '{"version":1,"regions":[],"updatedAt":1}');
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/--ring file "-".*snapshot\.updatedAt is not an option.*put your own data in snapshot\.meta/);
  });
});

describe("region-router fingerprint", () => {
  it("prints the fingerprint alone, one line, from --region flags or a --ring file, the same for both", () => {
    const out = ok(["fingerprint", ...SEED_RING]);
    expect(out).toBe(`${seed.fingerprint()}\n`);
    expect(out).toMatch(/^[0-9a-f]{32}\n$/);
    expect(ok(["fingerprint", "--ring", file("ring.json", snapshot)])).toBe(out);
  });

  it("changes with the ring, in another dialect too", () => {
    const other = ok(["fingerprint", "--region", "sf=3", "--region", "london=4", "--region", "bangalore=3"]);
    expect(other).not.toBe(ok(["fingerprint", ...SEED_RING]));
    const hashring = new RegionRouter({ compatibleWith: "hashring" });
    hashring.addRegions([["a", 1], ["b", 2]]);
    expect(ok(["fingerprint", "--compatible-with", "hashring", "--region", "a=1", "--region", "b=2"])).toBe(`${hashring.fingerprint()}\n`);
  });

  it("refuses arguments and unknown options, and is listed in the help", () => {
    expect(cli(["fingerprint", ...SEED_RING, "extra"]).status).toBe(2);
    expect(cli(["fingerprint", ...SEED_RING, "--jsn"]).stderr).toMatch(/unknown option --jsn for fingerprint/);
    expect(JSON.parse(ok(["fingerprint", ...SEED_RING, "--json"]))).toEqual({ fingerprint: seed.fingerprint() });
    expect(ok(["--help"])).toMatch(/fingerprint\s+print the ring's fingerprint/);
    expect(ok(["fingerprint", "--help"])).toMatch(/^Usage: region-router fingerprint/);
  });
});
