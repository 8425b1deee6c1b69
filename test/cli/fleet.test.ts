// The CLI for a fleet: a ring from stdin (`--ring -`), `region-router fingerprint`, and `region-router snapshot` (a --ring file made on the command line).
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
    expect(result.stderr).toMatch(/^region-router: --ring - \(stdin\): snapshot\.updatedAt is not an option.*put your own data in snapshot\.meta/);
    expect(cli(["stats", "--ring", "-"], "").stderr).toBe("region-router: --ring - (stdin) is not valid JSON: Unexpected end of JSON input\n");
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

describe("region-router snapshot", () => {
  it("prints toJSON() of the ring, one line, which --ring reads back as the same ring (flags, a file, stdin; any dialect)", () => {
    const out = ok(["snapshot", ...SEED_RING]);
    expect(out).toBe(`${JSON.stringify(seed.toJSON())}\n`);
    expect(ok(["fingerprint", "--ring", "-"], out)).toBe(`${seed.fingerprint()}\n`);
    expect(JSON.parse(ok(["snapshot", "--ring", "-"], snapshot))).toEqual(JSON.parse(snapshot));
    const uhashring = new RegionRouter({ compatibleWith: "uhashring", vnodes: 100 });
    uhashring.addRegions([["a", 1], ["b", 2]]);
    expect(ok(["snapshot", "--compatible-with", "uhashring", "--vnodes", "100", "--region", "a=1", "--region", "b=2", "--json"])).toBe(`${JSON.stringify(uhashring.toJSON())}\n`);
  });

  it("with plan's changes, the ring plan moves to: the same flags, the same order, the file's meta carried over", () => {
    const changes = ["--add", "tokyo=2", "--remove", "london", "--set", "sf=5"];
    const after = JSON.parse(ok(["snapshot", "--ring", file("seed.json", snapshot), ...changes]));
    const expected = RegionRouter.fromJSON(JSON.parse(snapshot));
    expected.removeRegion("london");
    expected.addRegions([["sf", 5], ["tokyo", 2]]);
    expect(after).toEqual(expected.toJSON());
    expect(after.meta).toEqual({ updatedAt: "2024-01-01T00:00:00Z", revision: 7 });
    // plan to that file reports what plan with the changes reports.
    const plan = (args: string[]) => JSON.parse(ok(["plan", "--ring", file("seed.json", snapshot), ...args, "--json"]));
    expect(plan(["--to", file("after.json", JSON.stringify(after))])).toEqual(plan(changes));
    // A migration: the same regions in another dialect.
    const migrated = JSON.parse(ok(["snapshot", ...SEED_RING, "--to-compatible-with", "hashring", "--to-vnode-count", "80"]));
    const hashring = new RegionRouter({ compatibleWith: "hashring", vnodeCount: 80 });
    hashring.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
    expect(migrated).toEqual(hashring.toJSON());
  });

  it("refuses what plan refuses, other formats, arguments and unknown options: one line, status 2, nothing printed", () => {
    for (const [args, message] of [
      [[...SEED_RING, "--remove", "tokyo"], /^region-router: --remove tokyo: no region "tokyo" in the ring\n$/],
      [[...SEED_RING, "--add", "sf=1"], /^region-router: --add sf=1: region "sf" is already in the ring \(use --set\)\n$/],
      [[...SEED_RING, "--format", "text"], /^region-router: --format must be json \(a snapshot is JSON\), got "text"\n$/],
      [[...SEED_RING, "--to", "x.json"], /^region-router: unknown option --to for snapshot/],
      [[...SEED_RING, "extra"], /^region-router: snapshot takes no arguments besides options, got "extra"/],
      [[], /^region-router: no ring given/],
    ] as const) {
      const result = cli(["snapshot", ...args]);
      expect([result.status, result.stdout]).toEqual([2, ""]);
      expect(result.stderr).toMatch(message);
    }
    expect(ok(["--help"])).toMatch(/snapshot\s+print the ring .* as a --ring file/);
    expect(ok(["snapshot", "--help"])).toMatch(/^Usage: region-router snapshot/);
  });
});
