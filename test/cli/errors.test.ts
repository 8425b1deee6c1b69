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
    for (const command of ["route"]) expect(result.stdout).toContain(`  ${command} `);
  });

  it.each([["route"]])("%s --help, -h and help %s print the command's help", (command) => {
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
