// The committed fixtures are what their generators print: each command in test/fixtures/README.md
// is run and its output compared with the file byte for byte, and every fixture must have one.
import { execFile, spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const root = fileURLToPath(new URL("..", import.meta.url));
const fixtures = new URL("fixtures/", import.meta.url);

/** `python3 <script> <args> > test/fixtures/<name>` lines of the README's sh block. */
const commands = [...readFileSync(new URL("README.md", fixtures), "utf8").matchAll(/^python3 (\S+)((?: [^\s>]+)*) > test\/fixtures\/(\S+)$/gm)].map(
  ([line, script, args, fixture]) => ({ line, script, args: args.split(" ").filter(Boolean), fixture }),
);

const hasPython = !spawnSync("python3", ["--version"]).error;
if (!hasPython) console.warn("SKIPPED regenerating test/fixtures: python3 is not installed.");

describe("test/fixtures", () => {
  it("has a command in its README for every fixture", () => {
    const files = readdirSync(fixtures).filter((name) => name !== "README.md");
    expect(commands.map((c) => c.fixture).sort()).toEqual(files.sort());
  });

  it.skipIf(!hasPython).each(commands.map((c) => [c.line, c] as const))("%s reproduces the committed file", async (_line, { script, args, fixture }) => {
    const { stdout } = await run("python3", [script, ...args], { cwd: root, maxBuffer: 64 << 20, encoding: "buffer" });
    expect(stdout.equals(readFileSync(new URL(fixture, fixtures))), `${fixture} differs from what ${script} prints: regenerate it (test/fixtures/README.md)`).toBe(true);
  });
});
