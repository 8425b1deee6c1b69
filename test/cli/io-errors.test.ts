// Input and output that fail once the command has started, through the real
// bin: each failure is one line on stderr that names the file (or stdin, stdout) and the cause,
// never a stack trace. Status 2 when the command had not started (nothing written), 3 when it
// failed midway (stdout holds what was written before); a reader that goes away (EPIPE) ends the
// command quietly with status 0.
import { spawn, spawnSync } from "node:child_process";
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, truncateSync, writeFileSync, appendFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ModelRouter as CryptoPortRouter } from "../support/model.mjs";
import { BIN, cli, cliWithStdio, ok, SEED_RING } from "../support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "region-router-cli-io-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const good = join(dir, "good.txt");
writeFileSync(good, "a\nb\n");
const many = join(dir, "many.txt");
writeFileSync(many, Array.from({ length: 300_000 }, (_, i) => `k${i}`).join("\n"));

const model = new CryptoPortRouter();
for (const region of ["sf", "london", "bangalore"]) model.addRegion(region, 3);

/** A file that opens but whose reads fail (EIO): the process's own memory at address 0. */
const FAILING = "/proc/self/mem";
const hasFailing = existsSync(FAILING);
const hasFull = existsSync("/dev/full");

/** Exactly one line on stderr, "region-router: " and the message, with no stack trace. */
function expectOneLine(stderr: string, message: string): void {
  expect(stderr).toBe(`region-router: ${message}\n`);
  expect(stderr).not.toMatch(/\bat .+:\d+:\d+|internal error|Uncaught|node:/);
}

/** Run with a file descriptor as stdin or stdout. */
function withFd(path: string, flags: string, run: (fd: number) => ReturnType<typeof cli>) {
  const fd = openSync(path, flags);
  try {
    return run(fd);
  } finally {
    closeSync(fd);
  }
}

describe("input that fails", () => {
  it("stdin that is a directory: status 2 before anything is written", () => {
    const result = withFd(dir, "r", (fd) => cliWithStdio(["route", ...SEED_RING], [fd, "pipe", "pipe"]));
    expect(result.stdout).toBe("");
    expect(result.status).toBe(2);
    expectOneLine(result.stderr, "cannot read stdin: is a directory");
  });

  it("plan --sessions - from a directory: status 2", () => {
    const result = withFd(dir, "r", (fd) => cliWithStdio(["plan", ...SEED_RING, "--add", "tokyo=1", "--sessions", "-"], [fd, "pipe", "pipe"]));
    expect(result).toMatchObject({ status: 2, stdout: "" });
    expectOneLine(result.stderr, "cannot read stdin: is a directory");
  });

  it.runIf(hasFailing)("a file whose reads fail: status 3, the file and the cause named", () => {
    const result = cli(["route", ...SEED_RING, FAILING]);
    expect(result.stdout).toBe("");
    expect(result.status).toBe(3);
    expectOneLine(result.stderr, `cannot read input file ${JSON.stringify(FAILING)}: input/output error`);
  });

  it.runIf(hasFailing)("a read that fails after output: the lines before it stay, whole, and status 3", () => {
    const result = cli(["route", ...SEED_RING, good, FAILING]);
    expect(result.stdout).toBe(`a\t${model.route("a")}\nb\t${model.route("b")}\n`);
    expect(result.status).toBe(3);
    expectOneLine(result.stderr, `cannot read input file ${JSON.stringify(FAILING)}: input/output error`);
  });

  it.runIf(hasFailing)("plan --sessions with a file whose reads fail: the plan, then status 3", () => {
    for (const json of [[], ["--json"]]) {
      const result = cli(["plan", ...SEED_RING, "--add", "tokyo=1", "--sessions", FAILING, ...json]);
      expect(result.stdout).not.toBe("");
      expect(result.status).toBe(3);
      expectOneLine(result.stderr, `cannot read --sessions file ${JSON.stringify(FAILING)}: input/output error`);
    }
  });

  it.runIf(hasFailing)("stdin whose reads fail: status 3", () => {
    const result = withFd(FAILING, "r", (fd) => cliWithStdio(["route", ...SEED_RING], [fd, "pipe", "pipe"]));
    expect(result).toMatchObject({ status: 3, stdout: "" });
    expectOneLine(result.stderr, "cannot read stdin: input/output error");
  });
});

describe("many files", () => {
  it("any number of files fits under the open-file limit: each is open only while it is read", () => {
    const folder = join(dir, "files");
    mkdirSync(folder);
    const paths = Array.from({ length: 300 }, (_, i) => join(folder, `ids-${i}.txt`));
    paths.forEach((path, i) => writeFileSync(path, `f${i}-a\nf${i}-b\n`));
    const quote = (word: string) => `'${word.replace(/'/g, "'\\''")}'`;
    // 64 descriptors: Node itself holds about 20; 300 files open at once do not fit.
    const line = `ulimit -n 64 && exec ${[process.execPath, BIN, "route", ...SEED_RING, ...paths].map(quote).join(" ")}`;
    const stdout = ok(spawnSync("sh", ["-c", line], { encoding: "utf8", maxBuffer: 1 << 24 }));
    const ids = paths.flatMap((_, i) => [`f${i}-a`, `f${i}-b`]);
    expect(stdout).toBe(ids.map((id) => `${id}\t${model.route(id)}\n`).join(""));
  });

  it("a file replaced after the command started (checked, then read when its turn comes): status 3, named", async () => {
    const later = join(dir, "later.txt");
    writeFileSync(later, "old\n");
    // later.txt is checked before the first line is routed: replace it then, before it is read.
    const { stdout, stderr, status } = await afterFirstLine(later, () => {
      const replacement = join(dir, "replacement.txt");
      writeFileSync(replacement, "new\n");
      renameSync(replacement, later);
    });
    expect(stdout).toBe(`first\t${model.route("first")}\n`);
    expect(status).toBe(3);
    expectOneLine(stderr, `cannot read input file ${JSON.stringify(later)}: it was replaced after the command started`);
  });
});

/**
 * route of stdin ("first") and then `file`: `change` runs once the first line is routed (so `file`
 * has been checked), before stdin ends and the file is read.
 */
async function afterFirstLine(file: string, change: () => void): Promise<{ stdout: string; stderr: string; status: unknown }> {
  const child = spawn(process.execPath, [BIN, "route", ...SEED_RING, "-", file], { stdio: ["pipe", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stderr.on("data", (chunk) => (stderr += chunk));
  const firstLine = new Promise<void>((resolve) =>
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
      if (stdout.includes("\n")) resolve();
    }),
  );
  child.stdin.write("first\n");
  await firstLine;
  change();
  child.stdin.end();
  const status = await new Promise((resolve) => child.on("close", resolve));
  return { stdout, stderr, status };
}

describe("input cut short", () => {
  it("a file that ends before the size it had when checked (truncated in place, as copytruncate does): status 3, named, no half id routed", async () => {
    const later = join(dir, "cut.txt");
    writeFileSync(later, "aaa\nbbb\nccc\n");
    // cut.txt is checked at 12 bytes before the first line is routed; cut to 6 before it is read.
    const { stdout, stderr, status } = await afterFirstLine(later, () => truncateSync(later, 6));
    expect(stdout).toBe(["first", "aaa"].map((id) => `${id}\t${model.route(id)}\n`).join(""));
    expect(status).toBe(3);
    expectOneLine(stderr, `cannot read input file ${JSON.stringify(later)}: it was cut short while it was read (6 of its 12 bytes)`);
  });

  it("a file that grows after it was checked (a log appended to): every line routed, status 0", async () => {
    const growing = join(dir, "growing.txt");
    writeFileSync(growing, "a\n");
    const { stdout, stderr, status } = await afterFirstLine(growing, () => appendFileSync(growing, "b\n"));
    expect(stdout).toBe(["first", "a", "b"].map((id) => `${id}\t${model.route(id)}\n`).join(""));
    expect([status, stderr]).toEqual([0, ""]);
  });
});

describe.runIf(hasFull)("stdout on a full disk (/dev/full)", () => {
  const commands: [string, string[]][] = [
    ["route", ["route", ...SEED_RING, good]],
    ["route, a large input", ["route", ...SEED_RING, many]],
    ["route --format json", ["route", ...SEED_RING, "--format", "json", good]],
    ["stats", ["stats", ...SEED_RING]],
    ["stats --json", ["stats", ...SEED_RING, "--json"]],
    ["plan", ["plan", ...SEED_RING, "--add", "tokyo=1"]],
    ["plan --sessions", ["plan", ...SEED_RING, "--add", "tokyo=1", "--sessions", many]],
    ["plan --json --sessions", ["plan", ...SEED_RING, "--add", "tokyo=1", "--json", "--sessions", many]],
    ["--help", ["--help"]],
    ["route --help", ["route", "--help"]],
    ["--version", ["--version"]],
  ];
  it.each(commands)("%s: one line naming stdout and the cause, status 3", (_what, args) => {
    const result = withFd("/dev/full", "w", (fd) => cliWithStdio(args, ["ignore", fd, "pipe"]));
    expect(result.status).toBe(3);
    expectOneLine(result.stderr, "cannot write stdout: no space left on device");
  });
});

/** Run the bin with its stdout a pipe whose reader is already gone. */
function readerGone(args: readonly string[], input?: string): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { stdio: [input === undefined ? "ignore" : "pipe", "pipe", "pipe"] });
  child.stdout!.destroy();
  if (input !== undefined) {
    child.stdin!.on("error", () => {});
    child.stdin!.end(input);
  }
  let stderr = "";
  child.stderr!.on("data", (chunk) => (stderr += chunk));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout: "", stderr })));
}

describe("a reader that goes away (EPIPE)", () => {
  const commands: [string, string[]][] = [
    ["route", ["route", ...SEED_RING, many]],
    ["route --format json", ["route", ...SEED_RING, "--format", "json", many]],
    ["stats", ["stats", ...SEED_RING]],
    ["plan", ["plan", ...SEED_RING, "--add", "tokyo=1"]],
    ["plan --sessions", ["plan", ...SEED_RING, "--add", "tokyo=1", "--sessions", many]],
    ["--help", ["--help"]],
  ];
  it.each(commands)("%s: stops quietly, status 0", async (_what, args) => {
    ok(await readerGone(args));
  });

  it("route from a stdin pipe: stops quietly, status 0", async () => {
    const ids = Array.from({ length: 100_000 }, (_, i) => `p${i}`).join("\n");
    ok(await readerGone(["route", ...SEED_RING], ids));
  });
});
