// Behaviour that depends on a terminal, run under a pseudo-terminal with util-linux `script`:
// the progress bar (stderr a terminal, stdout not, input size known) and ids typed on a terminal
// stdin.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { ModelRouter as CryptoPortRouter } from "../support/model.mjs";
import { BIN, SEED_RING } from "../support/cli.js";

const hasScript = spawnSync("script", ["--version"]).status === 0;
const dir = mkdtempSync(join(tmpdir(), "region-router-tty-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const quote = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
const command = (...words: string[]) => words.map(quote).join(" ");
/** Run a shell command line with stdin, stdout and stderr on a fresh pseudo-terminal. */
const inTerminal = (line: string, typed = "") =>
  execFileSync("script", ["-qec", line, "/dev/null"], { input: typed, encoding: "utf8", maxBuffer: 1 << 26 });

const model = new CryptoPortRouter();
for (const region of ["sf", "london", "bangalore"]) model.addRegion(region, 3);

describe.runIf(hasScript)("on a terminal", () => {
  it("draws a progress bar on stderr for a file, erases it at the end, and keeps stdout clean", () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `terminal-${i}`);
    const input = join(dir, "ids.txt");
    const output = join(dir, "out.txt");
    writeFileSync(input, ids.join("\n"));
    const screen = inTerminal(`${command(process.execPath, BIN, "route", ...SEED_RING, input)} > ${quote(output)}`);
    expect(screen).toMatch(/^\r\[#*\.*\] +\d+%  [\d.]+ of [\d.]+ MB\x1b\[K/);
    expect(screen.endsWith("\r\x1b[K")).toBe(true);
    expect(readFileSync(output, "utf8")).toBe(ids.map((id) => `${id}\t${model.route(id)}\n`).join(""));
  });

  it("draws no bar when stdout is the same terminal: its lines would follow the bar on the screen", () => {
    const ids = Array.from({ length: 50_000 }, (_, i) => `screen-${i}`);
    const input = join(dir, "screen.txt");
    writeFileSync(input, ids.join("\n"));
    const screen = inTerminal(command(process.execPath, BIN, "route", ...SEED_RING, input));
    expect(screen).not.toContain("MB\x1b[K");
    expect(screen).toBe(ids.map((id) => `${id}\t${model.route(id)}\r\n`).join(""));
  });

  it("erases the bar when stdout fails midway, before the one-line error", () => {
    const input = join(dir, "many.txt");
    writeFileSync(input, Array.from({ length: 400_000 }, (_, i) => `terminal-${i}`).join("\n"));
    const screen = inTerminal(`${command(process.execPath, BIN, "route", ...SEED_RING, input)} > /dev/full; echo " status $?"`);
    expect(screen).toMatch(/\r\x1b\[Kregion-router: cannot write stdout: [^\r\n]*\r?\n status 3/);
  });

  it("routes ids typed on a terminal stdin until end of input", () => {
    const screen = inTerminal(command(process.execPath, BIN, "route", ...SEED_RING), "alpha\nbeta\n\x04");
    const routed = screen.split("\r\n").filter((line) => line.includes("\t"));
    expect(routed).toEqual(["alpha", "beta"].map((id) => `${id}\t${model.route(id)}`));
  });
});
