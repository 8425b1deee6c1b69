// Bad input through the real bin: one line on stderr, exit status 2, nothing on stdout, no stack.
import { existsSync, truncateSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cli, ok, SEED_RING, tempFolder } from "../support/cli.js";

const { dir, file: ringFile } = tempFolder("region-router-cli-errors-");
const good = ringFile("good.txt", "a\nb\n");
const missing = join(dir, "missing.txt");
const notJson = ringFile("not-json.json", "{ version: 1 ");
// A region named "a" and byte 0xff: not UTF-8, so not JSON (read as U+FFFD it would be another ring).
const notUtf8 = join(dir, "not-utf8.json");
writeFileSync(notUtf8, Buffer.concat([Buffer.from('{"version":1,"regions":[["a'), Buffer.from([0xff]), Buffer.from('",1]]}')]));
const version2 = ringFile("v2.json", JSON.stringify({ version: 2, regions: [["sf", 1]] }));
const duplicated = ringFile("dup.json", JSON.stringify({ version: 1, regions: [["sf", 1], ["sf", 2]] }));
const badWeight = ringFile("bad-weight.json", JSON.stringify({ version: 1, regions: [["sf", -3]] }));
// hashring's counts are relative to all servers, weight-0 ones included: big1 has 10000 x 1702 / 2 =
// 8,510,000 names here, and would have 10000 x 1701 = 17,010,000 without big2, past MAX_VNODES.
const nearlyFull = ringFile(
  "nearly-full.json",
  JSON.stringify({ version: 1, compatibleWith: "hashring", vnodeCount: 10000, replicas: 1, regions: [["big1", 1], ["big2", 1], ...Array.from({ length: 1700 }, (_, i) => [`z${i}`, 0])] }),
);
const fullRing = ringFile("full.json", JSON.stringify({ version: 1, regions: Array.from({ length: 65536 }, (_, i) => [`r${i}`, 1]) }));
const goodRing = ringFile("good.json", JSON.stringify({ version: 1, vnodesPerWeight: 1, regions: [["sf", 3], ["london", 3]] }));
const ring160 = ringFile("ring-160.json", JSON.stringify({ version: 1, vnodesPerWeight: 160, regions: [["sf", 3], ["london", 3]] }));
const hashringDefaults = ringFile("hashring-defaults.json", JSON.stringify({ version: 1, compatibleWith: "hashring", regions: [["sf", 3], ["london", 3]] }));
const uhashring160 = ringFile("uhashring-160.json", JSON.stringify({ version: 1, compatibleWith: "uhashring", vnodes: 160, regions: [["sf", 3], ["london", 3]] }));

/** [what, args, stdin, a fragment the message must contain] */
type Case = [string, string[], string, string];

/**
 * Mistakes in the ring options every command shares: each is made in route, stats and plan, and
 * each message starts with the option as typed (never a library name such as options.vnodesPerWeight).
 */
const ringCases: Case[] = [
  ["no ring", [], "", "no ring given"],
  ["a region without a weight", ["--region", "sf"], "", '--region expects NAME=WEIGHT, got "sf"'],
  ["a region without a name", ["--region", "=3"], "", '--region expects NAME=WEIGHT, got "=3"'],
  // Region names are exact strings: whitespace around a name or a weight is refused, never trimmed.
  ["a name with a leading space", ["--region", " sf=3"], "", '--region " sf=3": no whitespace may start or end a NAME or WEIGHT (region names are exact strings)'],
  ["a name with a trailing tab", ["--region", "sf\t=3"], "", '--region "sf\\t=3": no whitespace may start or end a NAME or WEIGHT'],
  ["a weight with a leading space", ["--region", "sf= 3"], "", '--region "sf= 3": no whitespace may start or end a NAME or WEIGHT'],
  ["a weight with a trailing newline", ["--region", "sf=3\n"], "", '--region "sf=3\\n": no whitespace may start or end a NAME or WEIGHT'],
  // Split at the last "=", these would be regions named "sf=3,london", "sf=" and "sf=3 --region london".
  ["two regions in one flag", ["--region", "sf=3,london=3"], "", '--region "sf=3,london=3": a NAME may not hold "=" (one NAME=WEIGHT a flag: repeat --region for each region)'],
  ["a doubled =", ["--region", "sf==3", "--region", "london=3"], "", '--region "sf==3": a NAME may not hold "="'],
  ["two flags in one argument", ["--region", "sf=3 --region london=3"], "", '--region "sf=3 --region london=3": a NAME may not hold "="'],
  ["a weight that is not a number", ["--region", "sf=abc"], "", '--region sf=abc: weight must be an integer from 0 to 1000000, got "abc"'],
  ["a negative weight", ["--region", "sf=-1"], "", '--region sf=-1: weight must be an integer from 0 to 1000000, got "-1"'],
  ["a fractional weight", ["--region", "sf=1.5"], "", 'got "1.5"'],
  ["a weight over the maximum", ["--region", "sf=1000001"], "", "--region sf=1000001: weight must be an integer from 0 to 1000000, got 1000001"],
  ["a region given twice", ["--region", "sf=1", "--region", "sf=2"], "", "--region sf is given more than once"],
  // A name quoted in a message has its control characters escaped as text output escapes them:
  // the message stays one line and sends nothing to the terminal.
  [
    "a region with control characters given twice",
    ["--region", "a\u001b[31mred\nline\u0085=1", "--region", "a\u001b[31mred\nline\u0085=2"],
    "",
    "--region a\\u001b[31mred\\nline\\u0085 is given more than once",
  ],
  // A message is one line for any reader: the line separators, which some take as line ends, escaped too.
  ["a region with line separators given twice", ["--region", "a\u2028b\u2029c=1", "--region", "a\u2028b\u2029c=2"], "", "--region a\\u2028b\\u2029c is given more than once"],
  ["--vnodes-per-weight 0", ["--region", "sf=1", "--vnodes-per-weight", "0"], "", "--vnodes-per-weight must be an integer from 1 to 10000, got 0"],
  ["--vnodes-per-weight too large", ["--region", "sf=1", "--vnodes-per-weight", "10001"], "", "--vnodes-per-weight must be an integer from 1 to 10000, got 10001"],
  ["--vnodes-per-weight far too large", ["--region", "sf=1", "--vnodes-per-weight", "99999999999999999999"], "", "got 99999999999999999999"],
  ["--vnodes-per-weight not a number", ["--region", "sf=1", "--vnodes-per-weight", "lots"], "", '--vnodes-per-weight must be an integer from 1 to 10000, got "lots"'],
  ["--vnodes-per-weight twice", ["--region", "sf=1", "--vnodes-per-weight", "2", "--vnodes-per-weight=3"], "", "--vnodes-per-weight given more than once"],
  [
    "weight × vnodes-per-weight over MAX_VNODES",
    ["--region", "sf=2000", "--vnodes-per-weight", "10000"],
    "",
    "--region sf=2000: weight × --vnodes-per-weight = 2000 × 10000 = 20000000 virtual nodes, more than the 16777216 a region may have",
  ],
  ["--ring with --region", ["--ring", goodRing, "--region", "x=1"], "", "--ring cannot be combined"],
  ["--ring with a --vnodes-per-weight it does not have", ["--ring", goodRing, "--vnodes-per-weight", "2"], "", "has vnodesPerWeight 1, not --vnodes-per-weight 2"],
  // An option the file leaves to its dialect's default is named as one, not as the file's.
  ["--ring with a --vnode-count it leaves to hashring's default", ["--ring", hashringDefaults, "--vnode-count", "41"], "", "has vnodeCount 40 (hashring's default: the file sets none), not --vnode-count 41"],
  ["an unreadable ring file", ["--ring", missing], "", `cannot read --ring file ${JSON.stringify(missing)}: no such file`],
  ["a ring file that is a directory", ["--ring", dir], "", `cannot read --ring file ${JSON.stringify(dir)}: is a directory`],
  ["a ring file that is not JSON", ["--ring", notJson], "a\n", `--ring file ${JSON.stringify(notJson)} is not valid JSON`],
  ["a ring file that is not UTF-8", ["--ring", notUtf8], "a\n", `cannot read --ring file ${JSON.stringify(notUtf8)}: it is not UTF-8 text`],
  ["a ring file of an unknown version", ["--ring", version2], "", `--ring file ${JSON.stringify(version2)}: snapshot.version 2 is not supported`],
  ["a ring file with a region twice", ["--ring", duplicated], "", "repeats snapshot.regions[0][0]"],
  ["a ring file with a bad weight", ["--ring", badWeight], "", "snapshot.regions[0][1]"],
];

/** Mistakes in the options of one command. */
const commandCases: Case[] = [
  ["an unknown command", ["frobnicate"], "", 'unknown command "frobnicate"'],
  ["help for an unknown command", ["help", "frobnicate"], "", 'unknown command "frobnicate"'],
  ["an unknown flag", ["route", ...SEED_RING, "--fast"], "", "unknown option --fast"],
  ["an unknown short flag", ["route", ...SEED_RING, "-x"], "", "unknown option -x"],
  ["help with a value", ["route", ...SEED_RING, "--help=1"], "", "--help=1: -h and --help take no value and combine with no other option; see region-router route --help"],
  ["--h, which is not -h", ["stats", ...SEED_RING, "--h"], "", "unknown option --h for stats"],
  ["help among grouped short flags", ["stats", ...SEED_RING, "-hj"], "", "-hj: -h and --help take no value and combine with no other option; see region-router stats --help"],
  ["a flag without its value", ["route", ...SEED_RING, "--format"], "", "--format needs a value"],
  ["--ring without its value", ["stats", "--ring"], "", "--ring needs a value"],
  ["an unknown format", ["route", ...SEED_RING, "--format", "xml"], "", '--format must be tsv or json, got "xml"'],
  ["a single-valued flag twice", ["route", ...SEED_RING, "--format", "tsv", "--format=json"], "", "--format given more than once"],
  ["--threads, which was removed", ["route", ...SEED_RING, "--threads", "2"], "", "--threads was removed: ids are routed on one thread"],
  ["--threads=auto, which was removed", ["route", ...SEED_RING, "--threads=auto"], "", "--threads was removed"],
  ["a ring with no positions", ["route", "--region", "sf=0", "--region", "london=0"], "a\n", "no positions"],
  [
    // hashring gives each of 49 equal servers floor(1/49 x 1 x 49) = 0 names: weights, but no positions.
    "a ring whose regions' shares round down to no names",
    ["route", ...Array.from({ length: 49 }, (_, i) => ["--region", `r${i}=1`]).flat(), "--compatible-with", "hashring", "--vnode-count", "1"],
    "sess-1\nsess-2\n",
    "the ring has no positions (every weight is 0, or every region's share of its dialect's names rounds down to none)",
  ],
  ["an unreadable input file", ["route", ...SEED_RING, missing], "", `cannot read input file ${JSON.stringify(missing)}: no such file`],
  ["an unreadable file after a good one", ["route", ...SEED_RING, good, missing], "", "no such file"],
  ["a directory as input", ["route", ...SEED_RING, dir], "", "is a directory"],
  ["stdin twice", ["route", ...SEED_RING, "-", "-"], "", "only once"],
  ["stats with a file argument", ["stats", ...SEED_RING, "extra.txt"], "", "stats takes no arguments besides options"],
  ["stats --json with a value", ["stats", ...SEED_RING, "--json=yes"], "", "--json takes no value"],
  ["stats with an unknown flag", ["stats", ...SEED_RING, "--threshold", "1"], "", "unknown option --threshold for stats"],
  ["a plan without changes", ["plan", ...SEED_RING], "", "plan needs at least one change"],
  ["adding a name with whitespace around it", ["plan", ...SEED_RING, "--add", "tokyo =1"], "", '--add "tokyo =1": no whitespace may start or end a NAME or WEIGHT'],
  ["setting with whitespace around the weight", ["plan", ...SEED_RING, "--set", "sf=1 "], "", '--set "sf=1 ": no whitespace may start or end a NAME or WEIGHT'],
  ["removing a name with whitespace around it", ["plan", ...SEED_RING, "--remove", " sf"], "", '--remove " sf": no whitespace may start or end a NAME or WEIGHT'],
  ["--json and --format text together", ["stats", ...SEED_RING, "--json", "--format", "text"], "", "--json and --format text disagree"],
  ["--json and --format tsv together", ["route", ...SEED_RING, "--json", "--format", "tsv"], "", "--json and --format tsv disagree"],
  ["an unknown format for stats", ["stats", ...SEED_RING, "--format", "tsv"], "", '--format must be text or json, got "tsv"'],
  ["an unknown format for plan", ["plan", ...SEED_RING, "--add", "tokyo=1", "--format", "csv"], "", '--format must be text or json, got "csv"'],
  ["adding a region that exists", ["plan", ...SEED_RING, "--add", "sf=2"], "", '--add sf=2: region "sf" is already in the ring'],
  ["adding without a weight", ["plan", ...SEED_RING, "--add", "tokyo"], "", '--add expects NAME=WEIGHT, got "tokyo"'],
  ["adding with a bad weight", ["plan", ...SEED_RING, "--add", "tokyo=x"], "", '--add tokyo=x: weight must be an integer from 0 to 1000000, got "x"'],
  [
    "adding over MAX_VNODES",
    ["plan", ...SEED_RING, "--vnodes-per-weight", "10000", "--add", "tokyo=5000"],
    "",
    "--add tokyo=5000: weight × --vnodes-per-weight = 5000 × 10000 = 50000000 virtual nodes, more than the 16777216 a region may have",
  ],
  [
    "removing a region when the others would get too many names (a relative dialect)",
    ["plan", "--ring", nearlyFull, "--remove", "big2"],
    "",
    '--remove big2: region "big1" would have 17010000 virtual nodes in hashring (the --ring file\'s vnodeCount 10000), more than the 16777216 a region may have',
  ],
  [
    // The per-weight option as typed: the one after, where a plan gives one.
    "a migration's names past the limit (a relative dialect)",
    ["plan", "--ring", nearlyFull, "--remove", "big2", "--to-vnode-count", "10000"],
    "",
    'the ring after, --remove big2: region "big1" would have 17010000 virtual nodes in hashring (--to-vnode-count 10000), more than the 16777216 a region may have',
  ],
  [
    // The plan's ring is checked whole, as its changes leave it, so the fault names every change.
    "removing two regions when the rest would get too many names",
    ["plan", "--ring", nearlyFull, "--remove", "big2", "--remove", "z0"],
    "",
    '--remove big2, --remove z0: region "big1" would have 17000000 virtual nodes in hashring',
  ],
  // The plan's first region past MAX_REGIONS is one it adds: that --add is named, not every change.
  ["adding past the most regions", ["plan", "--ring", fullRing, "--remove", "r5", "--add", "x=1", "--add", "y=1"], "", 'region-router: --add y=1: at most 65536 regions: no room for "y"'],
  ["removing a region that does not exist", ["plan", ...SEED_RING, "--remove", "tokyo"], "", '--remove tokyo: no region "tokyo" in the ring'],
  ["setting a region that does not exist", ["plan", ...SEED_RING, "--set", "tokyo=2"], "", '--set tokyo=2: no region "tokyo" in the ring'],
  ["setting with a bad weight", ["plan", ...SEED_RING, "--set", "sf=1000001"], "", "--set sf=1000001: weight must be an integer from 0 to 1000000, got 1000001"],
  [
    "a weight written with a leading zero, named as typed",
    ["route", "--region", "sf=02000", "--vnodes-per-weight", "10000"],
    "",
    "--region sf=02000: weight × --vnodes-per-weight = 2000 × 10000 = 20000000 virtual nodes",
  ],
  [
    // The ring file's vnodesPerWeight, not a flag the person did not type.
    "setting over MAX_VNODES in a --ring file's ring",
    ["plan", "--ring", ring160, "--set", "sf=200000"],
    "",
    "--set sf=200000: weight × the --ring file's vnodesPerWeight = 200000 × 160 = 32000000 virtual nodes, more than the 16777216 a region may have",
  ],
  ["adding over MAX_VNODES in a uhashring --ring file's ring", ["plan", "--ring", uhashring160, "--add", "tokyo=200000"], "", "--add tokyo=200000: weight × the --ring file's vnodes = 200000 × 160"],
  ["a region over MAX_VNODES at its dialect's default", ["route", "--region", "sf=200000", "--compatible-with", "uhashring"], "", "--region sf=200000: weight × uhashring's default vnodes = 200000 × 160"],
  [
    "setting over MAX_VNODES",
    ["plan", ...SEED_RING, "--vnodes-per-weight", "10000", "--set", "sf=2000"],
    "",
    "--set sf=2000: weight × --vnodes-per-weight = 2000 × 10000 = 20000000 virtual nodes",
  ],
  ["changing a region twice", ["plan", ...SEED_RING, "--remove", "sf", "--set", "sf=1"], "", "--set sf=1: region \"sf\" is changed more than once"],
  ["a plan with --json and a value", ["plan", ...SEED_RING, "--add", "tokyo=1", "--json=1"], "", "--json takes no value"],
  ["an unreadable sessions file", ["plan", ...SEED_RING, "--add", "tokyo=1", "--sessions", missing], "", `cannot read --sessions file ${JSON.stringify(missing)}: no such file`],
  ["--sessions twice", ["plan", ...SEED_RING, "--add", "tokyo=1", "--sessions", good, "--sessions", good], "", "--sessions given more than once"],
  ["a plan with a file argument", ["plan", ...SEED_RING, "--add", "tokyo=1", "sessions.txt"], "", "plan takes no arguments besides options"],
];

/** Each ring mistake in each command (plan with a change, so that only the ring is wrong). */
const cases: Case[] = [
  ...commandCases,
  ...(["route", "stats", "plan"] as const).flatMap((command) =>
    ringCases.map(([what, args, stdin, fragment]): Case => [
      `${command}: ${what}`,
      [command, ...args, ...(command === "plan" ? ["--add", "tokyo=1"] : [])],
      stdin,
      fragment,
    ]),
  ),
];

/** No message names the library's parameters instead of the options typed. */
const LIBRARY_NAMES = /options\.|vnodesPerWeight|MAX_VNODES|sessionId/;

describe("bad input", () => {
  it.each(cases)("%s: one line on stderr, status 2, empty stdout", (_what, args, stdin, fragment) => {
    const result = cli(args, stdin);
    expect(result.stdout).toBe("");
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^region-router: [^\n]+\n$/);
    expect(result.stderr).toContain(fragment);
    expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/);
    if (!args.includes("--ring")) expect(result.stderr).not.toMatch(LIBRARY_NAMES);
  });
});

describe("a --ring file past the longest string [big]", () => {
  it("says so in one line, status 2", () => {
    // Sparse: 600 MB of zero bytes on no disk at all, read whole by the command.
    const huge = join(dir, "huge.json");
    writeFileSync(huge, "");
    truncateSync(huge, 600_000_000);
    const result = cli(["stats", "--ring", huge]);
    expect(result).toEqual({
      status: 2,
      stdout: "",
      stderr: `region-router: cannot read --ring file ${JSON.stringify(huge)}: its text is longer than 536870888 characters, the longest string JavaScript can hold\n`,
    });
  });

  // An endless source is read only as far as the longest string (it used to be read whole: 16.8 GB,
  // then std::bad_alloc and status 134).
  it.runIf(existsSync("/dev/zero")).each([
    ["stats --ring", ["stats", "--ring", "/dev/zero"], "--ring"],
    ["plan --to", ["plan", "--region", "a=1", "--to", "/dev/zero"], "--to"],
  ])("%s /dev/zero (endless) says so in one line, status 2", (_what, args, flag) => {
    expect(cli(args)).toEqual({
      status: 2,
      stdout: "",
      stderr: `region-router: cannot read ${flag} file "/dev/zero": its text is longer than 536870888 characters, the longest string JavaScript can hold\n`,
    });
  });
});

describe("a --ring file is read as UTF-8 in pieces", () => {
  it("a character split between two reads is read whole (the reads are 1 MiB)", () => {
    const head = '{"version":1,"meta":{"pad":"';
    const tail = '"},"regions":[["東京",1]]}';
    // 東 (3 bytes) starts one byte before the second read.
    const pad = (1 << 20) - 1 - Buffer.byteLength(head) - Buffer.byteLength('"},"regions":[["');
    const split = join(dir, "split.json");
    writeFileSync(split, head + "x".repeat(pad) + tail);
    expect(Buffer.from(head + "x".repeat(pad) + '"},"regions":[["').length).toBe((1 << 20) - 1);
    expect(ok(["route", "--ring", split], "sess-1\n")).toBe("sess-1\t東京\n");
  });
});

describe("messages name only the flags typed", () => {
  it.each([
    ["plan --ring --set", ["plan", "--ring", ring160, "--set", "sf=200000"]],
    ["plan --ring --add, uhashring", ["plan", "--ring", uhashring160, "--add", "tokyo=200000"]],
    ["route --compatible-with uhashring", ["route", "--region", "sf=200000", "--compatible-with", "uhashring"]],
    ["stats, another dialect's option", ["stats", ...SEED_RING, "--replicas", "3"]],
    ["plan --to-, an option the ring's dialect lacks", ["plan", ...SEED_RING, "--to-replicas", "3"]],
  ])("%s", (_what, args) => {
    const { stderr, status } = cli(args);
    expect(status).toBe(2);
    const typed = new Set(args.filter((arg) => arg.startsWith("--")));
    // What the message says of the input; a list of the options that would do is a hint.
    const said = stderr.replace(/\(its options: [^)]*\)/, "");
    for (const flag of said.match(/--[a-z-]+/g) ?? []) expect(typed, `${flag} in ${JSON.stringify(stderr)}`).toContain(flag);
  });
});

describe("help", () => {
  it.each([["--help"], ["-h"], ["help"], ["help --help"], ["help -h"], [""]])("%j prints the overview listing every command", (line) => {
    const stdout = ok(line === "" ? [] : line.split(" "));
    expect(stdout).toMatch(/^Usage: region-router <command>/);
    for (const command of ["route", "stats", "plan"]) expect(stdout).toContain(`  ${command} `);
  });

  it.each([["route"], ["stats"], ["plan"]])("%s --help, -h and help %s print the command's help", (command) => {
    const viaFlag = ok([command, "--help"]);
    expect(viaFlag).toMatch(new RegExp(`^Usage: region-router ${command} `));
    expect(ok([command, "-h"])).toBe(viaFlag);
    expect(ok(["help", command])).toBe(viaFlag);
    expect([ok(["-h", command]), ok(["--help", command])]).toEqual([viaFlag, viaFlag]);
    // Help wins even over a mistake elsewhere on the line.
    expect(ok([command, "--bogus", "--help"])).toBe(viaFlag);
  });

  it.each([["--version"], ["-v"]])("%s prints the package version", async (flag) => {
    const { version } = (await import("../../package.json", { with: { type: "json" } })).default;
    expect(ok([flag])).toBe(`${version}\n`);
  });
});
