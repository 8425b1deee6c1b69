// `region-router route --exclude NAME`: every id goes where route(id, { exclude }) sends it.
import { describe, expect, it } from "vitest";
import { RegionRouter } from "../../src/index.js";
import { cli, cliBytes, ok, SEED_RING, tempFolder } from "../support/cli.js";

const { file } = tempFolder("region-router-exclude-");

const seed = new RegionRouter();
seed.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
const ids = Array.from({ length: 3000 }, (_, i) => `sess-${i}`).concat(["", "δοκιμή", "😀", "tab\tinside"]);
const expected = (list: readonly string[], exclude: string[]) => list.map((id) => `${id}\t${seed.route(id, { exclude })}\n`).join("");

describe("region-router route --exclude", () => {
  it("routes around one or two regions exactly as route(id, { exclude }) does, and changes only their ids", () => {
    const input = ids.map((id) => `${id}\n`).join("");
    const one = ok(["route", ...SEED_RING, "--exclude", "london"], input);
    expect(one).toBe(expected(ids, ["london"]));
    expect(one).not.toMatch(/\tlondon\n/);
    const plain = ok(["route", ...SEED_RING], input).split("\n");
    one.split("\n").forEach((line, i) => {
      if (!plain[i].endsWith("\tlondon")) expect(line).toBe(plain[i]);
    });
    const two = ok(["route", ...SEED_RING, "--exclude", "london", "--exclude", "sf", "--json"], input);
    expect(two).toBe(ids.map((id) => `${JSON.stringify({ id, region: "bangalore" })}\n`).join(""));
  });

  it("hashes invalid UTF-8 as route() does (U+FFFD), in another dialect too", () => {
    const bytes = Buffer.concat([Buffer.from("a\xff\n", "latin1"), Buffer.from("b\n\xc3\n", "latin1")]);
    const hashring = new RegionRouter({ compatibleWith: "hashring" });
    hashring.addRegions([["x", 1], ["y", 1], ["z", 2]]);
    const args = ["route", "--compatible-with", "hashring", "--region", "x=1", "--region", "y=1", "--region", "z=2", "--exclude", "z"];
    const out = cliBytes(args, bytes);
    expect(out.status).toBe(0);
    const regions = out.stdout.toString("utf8").trim().split("\n").map((line) => line.split("\t")[1]);
    expect(regions).toEqual(["a\ufffd", "b", "\ufffd"].map((id) => hashring.route(id, { exclude: ["z"] })));
  });

  it("routes a line too long to hold (over 4 MiB) around the excluded region", () => {
    const long = "L".repeat((4 << 20) + 17);
    const owner = seed.route(long) as string;
    const out = ok(["route", ...SEED_RING, "--exclude", owner, file("long.txt", `a\n${long}\nb\n`)]);
    const regions = out.split("\n").slice(0, 3).map((line) => line.slice(line.lastIndexOf("\t") + 1));
    expect(regions).toEqual(["a", long, "b"].map((id) => seed.route(id, { exclude: [owner] })));
    expect(regions[1]).not.toBe(owner);
  });

  it("refuses a name that is not a region, and excluding every region, before writing anything", () => {
    const typo = cli(["route", ...SEED_RING, "--exclude", "londn"], "a\n");
    expect([typo.status, typo.stdout]).toEqual([2, ""]);
    expect(typo.stderr).toBe('region-router: --exclude "londn" is not a region of the ring\n');
    const all = cli(["route", ...SEED_RING, "--exclude", "london", "--exclude", "sf", "--exclude", "bangalore"], "a\n");
    expect([all.status, all.stdout]).toEqual([2, ""]);
    expect(all.stderr).toMatch(/--exclude leaves no region with positions/);
  });

  it("names exactly a region whose name starts or ends with whitespace when the --ring file holds one, and refuses a padded typo", () => {
    const padded = new RegionRouter();
    padded.addRegions([[" sf", 3], ["london", 3]]);
    const ring = file("padded.json", JSON.stringify(padded.toJSON()));
    const few = ids.slice(0, 200);
    expect(ok(["route", "--ring", ring, "--exclude", " sf"], few.join("\n"))).toBe(few.map((id) => `${id}\t${padded.route(id, { exclude: [" sf"] })}\n`).join(""));
    // The whitespace rule of every flag that takes a NAME: the padded typo is named as such.
    for (const typo of ["london ", " london", "london\t"]) {
      expect(cli(["route", "--ring", ring, "--exclude", typo], "a\n").stderr).toBe(`region-router: --exclude ${JSON.stringify(typo)}: no whitespace may start or end a NAME or WEIGHT (region names are exact strings)\n`);
    }
  });
});
