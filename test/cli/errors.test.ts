// Bad input through the real bin: one line on stderr, exit status 2, nothing on stdout, no stack.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { cli, SEED_RING } from "../support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "region-router-cli-errors-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const good = join(dir, "good.txt");
writeFileSync(good, "a\nb\n");
const missing = join(dir, "missing.txt");
const ringFile = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};
const notJson = ringFile("not-json.json", "{ version: 1 ");
const version2 = ringFile("v2.json", JSON.stringify({ version: 2, regions: [["sf", 1]] }));
const duplicated = ringFile("dup.json", JSON.stringify({ version: 1, regions: [["sf", 1], ["sf", 2]] }));
const badWeight = ringFile("bad-weight.json", JSON.stringify({ version: 1, regions: [["sf", -3]] }));
const goodRing = ringFile("good.json", JSON.stringify({ version: 1, vnodesPerWeight: 1, regions: [["sf", 3], ["london", 3]] }));

/** [what, args, stdin, a fragment the message must contain] */
const cases: [string, string[], string, string][] = [
  ["no command", [], "", "no command"],
  ["an unknown command", ["frobnicate"], "", 'unknown command "frobnicate"'],
  ["help for an unknown command", ["help", "frobnicate"], "", 'unknown command "frobnicate"'],
  ["an unknown flag", ["route", ...SEED_RING, "--fast"], "", "unknown option --fast"],
  ["an unknown short flag", ["route", ...SEED_RING, "-x"], "", "unknown option -x"],
  ["a flag without its value", ["route", ...SEED_RING, "--format"], "", "--format needs a value"],
  ["an unknown format", ["route", ...SEED_RING, "--format", "xml"], "", "--format must be tsv or json"],
  ["a single-valued flag twice", ["route", ...SEED_RING, "--format", "tsv", "--format=json"], "", "--format given more than once"],
  ["zero threads", ["route", ...SEED_RING, "--threads", "0"], "", "--threads must be auto or an integer from 1 to 64"],
  ["threads not a number", ["route", ...SEED_RING, "--threads", "many"], "", "--threads must be a positive integer"],
  ["no ring", ["route"], "", "no ring given"],
  ["a region without a weight", ["route", "--region", "sf"], "", "--region expects NAME=WEIGHT"],
  ["a region without a name", ["route", "--region", "=3"], "", "--region expects NAME=WEIGHT"],
  ["a weight that is not a number", ["route", "--region", "sf=abc"], "", 'got "abc"'],
  ["a negative weight", ["route", "--region", "sf=-1"], "", 'got "-1"'],
  ["a fractional weight", ["route", "--region", "sf=1.5"], "", 'got "1.5"'],
  ["a weight over the maximum", ["route", "--region", "sf=1000001"], "", "got 1000001"],
  ["a region given twice", ["route", "--region", "sf=1", "--region", "sf=2"], "", "--region sf is given more than once"],
  ["a ring with no positions", ["route", "--region", "sf=0", "--region", "london=0"], "a\n", "no positions"],
  ["an unreadable input file", ["route", ...SEED_RING, missing], "", `cannot read input file ${JSON.stringify(missing)}: no such file`],
  ["an unreadable file after a good one", ["route", ...SEED_RING, good, missing], "", "no such file"],
  ["a directory as input", ["route", ...SEED_RING, dir], "", "is a directory"],
  ["stdin twice", ["route", ...SEED_RING, "-", "-"], "", "only once"],
  ["--vnodes-per-weight 0", ["stats", "--region", "sf=1", "--vnodes-per-weight", "0"], "", "--vnodes-per-weight: options.vnodesPerWeight must be an integer from 1 to 10000, got 0"],
  ["--vnodes-per-weight too large", ["stats", "--region", "sf=1", "--vnodes-per-weight", "10001"], "", "got 10001"],
  ["--vnodes-per-weight not a number", ["stats", "--region", "sf=1", "--vnodes-per-weight", "lots"], "", "--vnodes-per-weight must be a positive integer"],
  ["weight × vnodes-per-weight over MAX_VNODES", ["stats", "--region", "sf=2000", "--vnodes-per-weight", "10000"], "", "MAX_VNODES"],
  ["--ring with --region", ["stats", "--ring", goodRing, "--region", "x=1"], "", "--ring cannot be combined"],
  ["--ring with --vnodes-per-weight", ["stats", "--ring", goodRing, "--vnodes-per-weight", "2"], "", "--ring cannot be combined"],
  ["an unreadable ring file", ["stats", "--ring", missing], "", `cannot read ring file ${JSON.stringify(missing)}: no such file`],
  ["a ring file that is a directory", ["stats", "--ring", dir], "", "is a directory"],
  ["a ring file that is not JSON", ["route", "--ring", notJson], "a\n", "is not valid JSON"],
  ["a ring file of an unknown version", ["stats", "--ring", version2], "", "snapshot.version 2 is not supported"],
  ["a ring file with a region twice", ["plan", "--ring", duplicated, "--remove", "sf"], "", "repeats snapshot.regions[0][0]"],
  ["a ring file with a bad weight", ["stats", "--ring", badWeight], "", "snapshot.regions[0][1]"],
  ["stats with a file argument", ["stats", ...SEED_RING, "extra.txt"], "", "stats takes no arguments besides options"],
  ["stats --json with a value", ["stats", ...SEED_RING, "--json=yes"], "", "--json takes no value"],
  ["stats with an unknown flag", ["stats", ...SEED_RING, "--format", "json"], "", "unknown option --format for stats"],
  ["a plan without changes", ["plan", ...SEED_RING], "", "plan needs at least one change"],
  ["adding a region that exists", ["plan", ...SEED_RING, "--add", "sf=2"], "", 'region "sf" is already in the ring'],
  ["removing a region that does not exist", ["plan", ...SEED_RING, "--remove", "tokyo"], "", 'no region "tokyo" in the ring'],
  ["setting a region that does not exist", ["plan", ...SEED_RING, "--set", "tokyo=2"], "", 'no region "tokyo" in the ring'],
  ["changing a region twice", ["plan", ...SEED_RING, "--remove", "sf", "--set", "sf=1"], "", "changed more than once"],
  ["adding with a bad weight", ["plan", ...SEED_RING, "--add", "tokyo=x"], "", "--add tokyo=x: weight must be an integer"],
  ["adding over MAX_VNODES", ["plan", ...SEED_RING, "--vnodes-per-weight", "10000", "--add", "tokyo=5000"], "", "MAX_VNODES"],
  ["an unreadable sessions file", ["plan", ...SEED_RING, "--add", "tokyo=1", "--sessions", missing], "", "cannot read sessions file"],
  ["a plan with a file argument", ["plan", ...SEED_RING, "--add", "tokyo=1", "sessions.txt"], "", "plan takes no arguments besides options"],
];

describe("bad input", () => {
  it.each(cases)("%s: one line on stderr, status 2, empty stdout", (_what, args, stdin, fragment) => {
    const result = cli(args, stdin);
    expect(result.stdout).toBe("");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^region-router: [^\n]+\n$/);
    expect(result.stderr).toContain(fragment);
    expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/);
  });
});

describe("help", () => {
  it.each([["--help"], ["-h"], ["help"]])("%s prints the overview listing every command", (flag) => {
    const result = cli([flag]);
    expect(result.status).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^Usage: region-router <command>/);
    for (const command of ["route", "stats", "plan"]) expect(result.stdout).toContain(`  ${command} `);
  });

  it.each([["route"], ["stats"], ["plan"]])("%s --help, -h and help %s print the command's help", (command) => {
    const viaFlag = cli([command, "--help"]);
    expect(viaFlag.status).toBe(0);
    expect(viaFlag.stdout).toMatch(new RegExp(`^Usage: region-router ${command} `));
    expect(cli([command, "-h"]).stdout).toBe(viaFlag.stdout);
    expect(cli(["help", command]).stdout).toBe(viaFlag.stdout);
    // Help wins even over a mistake elsewhere on the line.
    expect(cli([command, "--bogus", "--help"]).stdout).toBe(viaFlag.stdout);
  });

  it("--version prints the package version", async () => {
    const { version } = (await import("../../package.json", { with: { type: "json" } })).default;
    expect(cli(["--version"])).toEqual({ status: 0, stdout: `${version}\n`, stderr: "" });
  });
});
