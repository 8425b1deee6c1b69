// Runs the real built `region-router` bin (dist/cli/main.js, which the globalSetup test/setup/packed-package.ts
// builds when stale) in a child process.
import { spawn, spawnSync, type StdioOptions } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect } from "vitest";

export const BIN = fileURLToPath(new URL("../../dist/cli/main.js", import.meta.url));

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function cli(args: readonly string[], input?: string | Buffer): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], {
    input: input ?? "",
    maxBuffer: 1 << 30,
    encoding: "utf8",
  });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** What every runner below gives: how the bin ended and what it wrote. */
interface Ran<Out> {
  status: number | null;
  stdout: Out;
  stderr: string;
}

/**
 * A run that must succeed (status 0, nothing on stderr): its stdout. Given the arguments (and
 * stdin), it runs cli(); given a result of any runner here (cliBytes, cliStreaming...), it checks that.
 */
export function ok(args: readonly string[], input?: string | Buffer): string;
export function ok<Out extends string | Buffer>(result: Ran<Out>): Out;
export function ok(run: readonly string[] | Ran<string | Buffer>, input?: string | Buffer): string | Buffer {
  const result = Array.isArray(run) ? cli(run as readonly string[], input) : (run as Ran<string | Buffer>);
  expect(result.stderr).toBe("");
  expect(result.status).toBe(0);
  return result.stdout;
}

/** cli(), with stdout as bytes: for output that is not valid UTF-8 (ids copied as read). */
export function cliBytes(args: readonly string[], input?: string | Buffer): { status: number | null; stdout: Buffer; stderr: string } {
  const result = spawnSync(process.execPath, [BIN, ...args], { input: input ?? "", maxBuffer: 1 << 30 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr.toString("utf8") };
}

/**
 * Run the bin with the given stdio (file descriptors, "pipe", "ignore"): for stdin or stdout that
 * is a file, a directory or a device. Whatever is "pipe" comes back as text ("" otherwise).
 */
export function cliWithStdio(args: readonly string[], stdio: StdioOptions, input?: string): CliResult {
  const result = spawnSync(process.execPath, [BIN, ...args], { stdio, input, maxBuffer: 1 << 30, encoding: "utf8" });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout ?? "", stderr: result.stderr ?? "" };
}

/** Start the bin and stream `input` into it; resolves with everything it wrote. */
export function cliStreaming(args: readonly string[], input: Iterable<string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: ["pipe", "pipe", "pipe"] });
    const stdout: Buffer[] = [];
    const stderr: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => stderr.push(chunk));
    child.on("error", reject);
    child.on("close", (status) =>
      resolve({ status, stdout: Buffer.concat(stdout).toString("utf8"), stderr: Buffer.concat(stderr).toString("utf8") }),
    );
    (async () => {
      for (const piece of input) {
        if (!child.stdin.write(piece)) await new Promise((done) => child.stdin.once("drain", done));
      }
      child.stdin.end();
    })().catch(reject);
  });
}

/** The seed's ring as --region flags. */
export const SEED_RING = ["--region", "sf=3", "--region", "london=3", "--region", "bangalore=3"];

/**
 * A fresh folder for one test file's input files, removed after its tests: `dir`, and `file`, which
 * writes a file there and returns its path.
 */
export function tempFolder(prefix: string): { dir: string; file(name: string, content: string | Buffer): string } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    file(name, content) {
      const path = join(dir, name);
      writeFileSync(path, content);
      return path;
    },
  };
}
