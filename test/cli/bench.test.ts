// `region-router bench` through the real bin: every call on both engines with positive figures, the
// user's ids and ring (every dialect, a --ring snapshot), npm hashring beside them, and the flags'
// usage errors. Runs are kept to a round or two of a few ms a call (--rounds, --time), but one --quick.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, truncateSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DIALECTS } from "../../src/dialects.js";
import { RegionRouter } from "../../src/index.js";
import { BIN, cli, SEED_RING, tempFolder } from "../support/cli.js";

const { dir, file } = tempFolder("region-router-bench-");

interface Timing {
  call: string;
  engine: string;
  median: number;
  min: number;
  max: number;
  ratio: number;
}
interface Report {
  machine: { cpu: string; cores: number };
  node: string;
  ring: { compatibleWith: string; options: Record<string, number>; regions: number; vnodes: number; fingerprint: string };
  ids: { count: number; from: string; meanBytes: number };
  batch: number;
  rounds: number;
  msPerRound: number;
  timings: Timing[];
}

const CALLS = ["route", "routeMany", "routeIndexes", "routeManyBytes"];
const FAST = ["--rounds", "1", "--time", "2"];

/** A run that succeeds: its JSON report, and every progress line on stderr (stderr is not a terminal here). */
function report(args: readonly string[], input?: string): Report {
  const result = cli(["bench", ...args, "--json"], input);
  expect(result.status, result.stderr).toBe(0);
  const rounds = Number(args[args.indexOf("--rounds") + 1]) || 5;
  expect(result.stderr).toBe(Array.from({ length: rounds }, (_, i) => `bench: round ${i + 1} of ${rounds}\n`).join(""));
  return JSON.parse(result.stdout) as Report;
}

/** Every call on both engines, then `extra`, each with positive, ordered figures. */
function expectTimings(timings: readonly Timing[], extra: readonly [string, string][] = []): void {
  const expected = [...["WebAssembly", "pure"].flatMap((engine) => CALLS.map((call) => [call, engine])), ...extra];
  expect(timings.map(({ call, engine }) => [call, engine])).toEqual(expected);
  for (const { median, min, max, ratio } of timings) {
    expect(min).toBeGreaterThan(0);
    expect(min).toBeLessThanOrEqual(median);
    expect(median).toBeLessThanOrEqual(max);
    expect(ratio).toBeGreaterThan(0);
  }
  expect(timings[0].ratio).toBe(1);
}

/** A usage error: status 2, one line on stderr, nothing on stdout; the line. */
function refused(args: readonly string[]): string {
  const result = cli(["bench", ...args]);
  expect(result.status).toBe(2);
  expect(result.stdout).toBe("");
  expect(result.stderr).toMatch(/^region-router: [^\n]+\n$/);
  return result.stderr;
}

const ids = Array.from({ length: 3000 }, (_, i) => (i % 3 === 0 ? `sess-${i}` : i % 3 === 1 ? `ünïcode-${i}` : `${i}-${"x".repeat(i % 40)}`));
const idsFile = file("ids.txt", `${ids.join("\r\n")}\r\n`);
const meanBytes = ids.reduce((sum, id) => sum + Buffer.byteLength(id), 0) / ids.length;

describe("region-router bench", () => {
  it("--quick --json: every call on both engines, in 5 rounds of 50 ms, on 65,536 random UUIDs", () => {
    const { machine, node, ring, ids: used, batch, rounds, msPerRound, timings } = report([...SEED_RING, "--quick"]);
    expect(machine.cores).toBeGreaterThan(0);
    expect(node).toBe(process.version);
    const seed = new RegionRouter();
    seed.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
    expect(ring).toEqual({ compatibleWith: "region-router", options: { vnodesPerWeight: 1 }, regions: 3, vnodes: 9, fingerprint: seed.fingerprint() });
    expect(used).toEqual({ count: 65_536, from: "random UUIDs", meanBytes: 36 });
    expect([batch, rounds, msPerRound]).toEqual([1024, 5, 50]);
    expectTimings(timings);
  });

  it("routes the ids of --ids FILE, read as route reads them, in batches of --batch", () => {
    const { ids: used, batch, timings } = report([...SEED_RING, "--ids", idsFile, "--batch", "100", ...FAST]);
    expect(used).toEqual({ count: ids.length, from: `--ids ${JSON.stringify(idsFile)}`, meanBytes });
    expect(batch).toBe(100);
    expectTimings(timings);
  });

  it("reads the first 1,048,576 ids of a longer file, and says so; a file of that many exactly is all read", () => {
    const lines = (n: number) => "ab\n".repeat(n);
    const longer = report([...SEED_RING, "--ids", file("longer.txt", lines(2 ** 20 + 1)), ...FAST]).ids;
    expect(longer).toEqual({ count: 2 ** 20, from: `the first 1,048,576 of --ids ${JSON.stringify(join(dir, "longer.txt"))}`, meanBytes: 2 });
    const exact = report([...SEED_RING, "--ids", file("exact.txt", lines(2 ** 20)), ...FAST]).ids;
    expect(exact).toEqual({ count: 2 ** 20, from: `--ids ${JSON.stringify(join(dir, "exact.txt"))}`, meanBytes: 2 });
  }, 60_000);

  it("takes the ids from stdin, and a batch no larger than the ids", () => {
    const { ids: used, batch } = report([...SEED_RING, "--ids", "-", ...FAST], "a\nbb\nccc\n");
    expect(used).toEqual({ count: 3, from: "--ids - (stdin)", meanBytes: 2 });
    expect(batch).toBe(3);
  });

  it("prints a table by default: every call on both engines, the ring and the ids", () => {
    const result = cli(["bench", ...SEED_RING, "--ids", idsFile, ...FAST]);
    expect(result.status).toBe(0);
    const lines = result.stdout.split("\n");
    expect(lines[0]).toMatch(/^ring: 3 regions \(sf=3, london=3, bangalore=3\), compatible with region-router \(vnodes per weight 1\), fingerprint [0-9a-f]{32}$/);
    expect(lines[1]).toBe(`ids: 3,000 (--ids ${JSON.stringify(idsFile)}, ${meanBytes.toFixed(1)} bytes on average), 1,024 a batch call`);
    for (const engine of ["WebAssembly", "pure"]) {
      for (const call of CALLS) expect(result.stdout).toMatch(new RegExp(`^${call} +${engine} +[\\d.]+ +[\\d.]+-[\\d.]+ +[\\d.]+x$`, "m"));
    }
    expect(cli(["bench", "--region", "solo=1", "--ids", idsFile, ...FAST]).stdout).toMatch(/^ring: 1 region \(solo=1\), compatible with region-router/);
    // Names as stats and plan show them (control characters and the backslash escaped); past eight regions none is listed.
    expect(cli(["bench", "--region", "a\tb=1", "--region", "x\\y=2", "--region", "é=3", "--ids", idsFile, ...FAST]).stdout).toMatch(/^ring: 3 regions \(a\\tb=1, x\\\\y=2, é=3\), compatible/);
    const nine = Array.from({ length: 9 }, (_, i) => ["--region", `r${i}=1`]).flat();
    expect(cli(["bench", ...nine, "--ids", idsFile, ...FAST]).stdout).toMatch(/^ring: 9 regions, compatible/);
  });

  it("with no ring given, benches the README's, in the dialect the flags give", () => {
    expect(report(["--ids", idsFile, ...FAST]).ring).toEqual(report([...SEED_RING, "--ids", idsFile, ...FAST]).ring);
    const hashring = new RegionRouter({ compatibleWith: "hashring", vnodeCount: 7 });
    hashring.addRegions([["sf", 3], ["london", 3], ["bangalore", 3]]);
    const { ring } = report(["--compatible-with", "hashring", "--vnode-count", "7", "--ids", idsFile, ...FAST]);
    expect([ring.compatibleWith, ring.fingerprint]).toEqual(["hashring", hashring.fingerprint()]);
    expect(cli(["bench", "--help"]).stdout).toContain("With no ring given, it times the README's: --region sf=3 --region london=3 --region bangalore=3.");
  });

  it("benches a --ring snapshot in its dialect (uhashring)", () => {
    const router = new RegionRouter({ compatibleWith: "uhashring", vnodes: 7 });
    router.addRegions([["a", 1], ["b", 3]]);
    const { ring, timings } = report(["--ring", file("uhashring.json", JSON.stringify(router.toJSON())), "--ids", idsFile, ...FAST]);
    expect(ring).toEqual({ compatibleWith: "uhashring", options: { vnodes: 7 }, regions: 2, vnodes: 28, fingerprint: router.fingerprint() });
    expectTimings(timings);
  });

  it.each(DIALECTS)("benches a ring of --compatible-with %s", (dialect) => {
    const { ring, timings } = report(["--compatible-with", dialect, "--region", "a=1", "--region", "b=2", "--ids", idsFile, ...FAST]);
    const router = new RegionRouter({ compatibleWith: dialect } as never);
    router.addRegions([["a", 1], ["b", 2]]);
    expect(ring.compatibleWith).toBe(dialect);
    expect(ring.fingerprint).toBe(router.fingerprint());
    expectTimings(timings);
  });

  it("--compare hashring also times npm hashring's get() on the same ring", () => {
    const args = ["--compatible-with", "hashring", "--vnode-count", "10", "--region", "a=1", "--region", "b=2"];
    const { timings } = report([...args, "--ids", idsFile, "--compare", "hashring", ...FAST]);
    expectTimings(timings, [["get", "npm hashring 3.2.0"]]);
  });

  it("--compare hashring times routing, not hashring's cache: the working directory's hashring gets a cache of one id", () => {
    // A stand-in hashring in a project of its own, which writes down what it was given.
    const project = join(dir, "project");
    const library = join(project, "node_modules", "hashring");
    mkdirSync(library, { recursive: true });
    writeFileSync(join(project, "package.json"), "{}");
    writeFileSync(join(library, "package.json"), JSON.stringify({ name: "hashring", version: "0.0.0-stand-in", main: "index.js" }));
    const given = join(project, "given.json");
    // It routes as the real one does: a hashring that does not is refused (below).
    writeFileSync(join(library, "index.js"), `const Real = require(${JSON.stringify(createRequire(import.meta.url).resolve("hashring"))});
    module.exports = class { constructor(servers, algorithm, options) {
      require("node:fs").writeFileSync(${JSON.stringify(given)}, JSON.stringify({ servers, algorithm, options }));
      this.real = new Real(servers, algorithm, options);
    } get(id) { return this.real.get(id); } };`);
    const args = ["bench", "--compatible-with", "hashring", "--vnode-count", "10", "--region", "a=1", "--region", "b=2", "--compare", "hashring", ...FAST, "--json"];
    const result = spawnSync(process.execPath, [BIN, ...args], { cwd: project, encoding: "utf8" });
    expect(result.status, result.stderr).toBe(0);
    expect(JSON.parse(readFileSync(given, "utf8"))).toEqual({ servers: { a: 1, b: 2 }, algorithm: "md5", options: { "max cache size": 1, "vnode count": 10, replicas: 4 } });
    expect((JSON.parse(result.stdout) as Report).timings.some(({ engine }) => engine === "npm hashring 0.0.0-stand-in")).toBe(true);
  });

  it("--compare hashring is a usage error for a ring with a region of weight 0 (hashring reads it as 1), or a hashring that cannot load", () => {
    expect(refused(["--region", "a=1", "--region", "b=0", "--compare", "hashring"])).toBe(
      'region-router: --compare hashring: region "b" has weight 0, which npm hashring reads as 1: its ring would not be this one\n',
    );
    const project = join(dir, "broken");
    const library = join(project, "node_modules", "hashring");
    mkdirSync(library, { recursive: true });
    writeFileSync(join(project, "package.json"), "{}");
    writeFileSync(join(library, "package.json"), JSON.stringify({ name: "hashring", version: "0.0.0-broken", main: "missing.js" }));
    const result = spawnSync(process.execPath, [BIN, "bench", ...SEED_RING, "--compare", "hashring"], { cwd: project, encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr).toMatch(/^region-router: --compare hashring: cannot load ".*node_modules\/hashring": [^\n]+\n$/);
  });

  it("--compare hashring refuses, in one line, a hashring that is no class, throws, routes elsewhere, or whose package.json does not parse", () => {
    /** stderr and status of bench --compare hashring with a stand-in hashring of `code` (and `manifest`), in a project of its own. */
    const standIn = (name: string, code: string, args: string[], manifest = JSON.stringify({ name: "hashring", version: "0.0.8", main: "index.js" })) => {
      const library = join(dir, name, "node_modules", "hashring");
      mkdirSync(library, { recursive: true });
      writeFileSync(join(dir, name, "package.json"), "{}");
      writeFileSync(join(library, "package.json"), manifest);
      writeFileSync(join(library, "index.js"), code);
      const { status, stderr } = spawnSync(process.execPath, [BIN, "bench", ...args, "--compare", "hashring", ...FAST], { cwd: join(dir, name), encoding: "utf8" });
      return { status, stderr: stderr.replace(/^bench: .*\n/gm, "") };
    };
    const where = (name: string) => JSON.stringify(join(dir, name, "node_modules", "hashring"));
    expect(standIn("number", "module.exports = 42", SEED_RING)).toEqual({ status: 2, stderr: `region-router: --compare hashring: cannot load ${where("number")}: it exports 42, not hashring's HashRing class\n` });
    expect(standIn("throws", 'module.exports = class { constructor() { throw new RangeError("no servers") } }', SEED_RING)).toEqual({ status: 2, stderr: `region-router: --compare hashring: cannot load ${where("throws")}: no servers\n` });
    const twoRegions = ["--compatible-with", "hashring", "--region", "a=1", "--region", "b=1"];
    const router = new RegionRouter({ compatibleWith: "hashring" });
    router.addRegions([["a", 1], ["b", 1]]);
    const probe = Array.from({ length: 32 }, (_, i) => `probe-${i}`).find((id) => router.route(id) === "b") as string;
    expect(standIn("elsewhere", 'module.exports = class { get() { return "a"; } }', twoRegions)).toEqual({
      status: 2,
      stderr: `region-router: --compare hashring: npm hashring 0.0.8 at ${where("elsewhere")} routes "${probe}" to "a", not the hashring dialect's "b": its timing would not be of this ring\n`,
    });
    // Outside the hashring dialect its points are its own: any region of the ring will do, but nothing else.
    expect(standIn("a-region", 'module.exports = class { get() { return "a"; } }', ["--region", "a=1", "--region", "b=1"]).status).toBe(0);
    expect(standIn("no-region", "module.exports = class { get() { return 7; } }", ["--region", "a=1", "--region", "b=1"]).stderr).toContain('routes "probe-0" to 7, not a region of the ring');
    const unparsed = standIn("unparsed", "module.exports = class {}", SEED_RING, '{"name": "hashring", ');
    expect(unparsed.status).toBe(2);
    expect(unparsed.stderr).toMatch(/^region-router: --compare hashring: cannot read the installed hashring's package\.json: [^\n]+\n$/);
  });

  it("--compare hashring is a usage error where no hashring can be found", () => {
    // The bin alone, outside this repository: no node_modules above it or the working directory.
    const alone = join(dir, "alone", "dist", "cli");
    mkdirSync(alone, { recursive: true });
    copyFileSync(BIN, join(alone, "main.js"));
    const result = spawnSync(process.execPath, [join(alone, "main.js"), "bench", ...SEED_RING, "--compare", "hashring"], { cwd: alone, encoding: "utf8" });
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`region-router: --compare hashring: npm hashring is not installed in ${JSON.stringify(alone)} nor beside region-router\n`);
  });

  it("an id past the longest string: one line, status 2 [big]", () => {
    // Sparse: 600 MB of zero bytes and no line end, one id a bench would need as a string.
    const huge = join(dir, "huge-id.txt");
    writeFileSync(huge, "");
    truncateSync(huge, 600_000_000);
    expect(refused([...SEED_RING, "--ids", huge])).toMatch(/^region-router: --ids ".*huge-id\.txt": an id is longer than the longest string: [^\n]+\n$/);
  });

  it("refuses bad flags with one line naming them", () => {
    expect(refused([...SEED_RING, "--compare", "x"])).toBe('region-router: --compare must be hashring, got "x"\n');
    expect(refused([...SEED_RING, "--batch", "0"])).toBe("region-router: --batch must be an integer from 1 to 1048576, got 0\n");
    expect(refused([...SEED_RING, "--batch", "many"])).toBe('region-router: --batch must be an integer from 1 to 1048576, got "many"\n');
    expect(refused([...SEED_RING, "--rounds", "101"])).toBe("region-router: --rounds must be an integer from 1 to 100, got 101\n");
    expect(refused([...SEED_RING, "--time", "0"])).toBe("region-router: --time must be an integer from 1 to 10000, got 0\n");
    expect(refused([...SEED_RING, "--format", "tsv"])).toBe('region-router: --format must be text or json, got "tsv"\n');
    expect(refused([...SEED_RING, "ids.txt"])).toMatch(/^region-router: bench takes no arguments besides options, got "ids.txt"/);
    expect(refused([...SEED_RING, "--ids", file("empty.txt", "")])).toMatch(/^region-router: --ids ".*empty.txt" holds no ids\n$/);
    expect(refused([...SEED_RING, "--ids", join(dir, "missing.txt")])).toMatch(/^region-router: cannot read --ids file ".*missing.txt": no such file or directory\n$/);
    expect(refused(["--ring", "-", "--ids", "-"])).toMatch(/^region-router: stdin can be read only once/);
    expect(refused(["--region", "a=0"])).toMatch(/^region-router: the ring has no positions/);
  });
});
