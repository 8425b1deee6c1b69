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

/** `python3|node <script> <args> > test/fixtures/<name>` lines of the README's sh blocks. */
const commands = [...readFileSync(new URL("README.md", fixtures), "utf8").matchAll(/^(python3|node) (\S+)((?: [^\s>]+)*) > test\/fixtures\/(\S+)$/gm)].map(
  ([line, program, script, args, fixture]) => ({ line, program, script, args: args.split(" ").filter(Boolean), fixture }),
);

const hasPython = !spawnSync("python3", ["--version"]).error;
if (!hasPython) console.warn("SKIPPED regenerating test/fixtures: python3 is not installed.");
/**
 * The uhashring fixtures come from the real library: Debian's python3-uhashring, under
 * /usr/bin/python3. Without it they are skipped, said so, unless REQUIRE_UHASHRING=1 (.ci/run
 * installs it and sets that), where a missing library fails.
 */
const hasUhashring = !spawnSync("/usr/bin/python3", ["-c", "import uhashring"]).status;
const needsUhashring = (args: string[]) => args.some((arg) => arg.startsWith("uhashring"));
if (!hasUhashring && process.env.REQUIRE_UHASHRING !== "1") {
  console.warn("SKIPPED regenerating the uhashring fixtures: /usr/bin/python3 has no uhashring (apt-get install python3-uhashring).");
}
const runnable = (args: string[]) => hasPython && (hasUhashring || process.env.REQUIRE_UHASHRING === "1" || !needsUhashring(args));

describe("test/fixtures", () => {
  it("has a command in its README for every fixture", () => {
    const files = readdirSync(fixtures, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".json"));
    expect(commands.map((c) => c.fixture).sort()).toEqual(files.sort());
  });

  for (const { line, program, script, args, fixture } of commands) {
    it.skipIf(!runnable(args))(`${line} reproduces the committed file`, async () => {
      const { stdout } = await run(program, [script, ...args], { cwd: root, maxBuffer: 64 << 20, encoding: "buffer" });
      expect(stdout.equals(readFileSync(new URL(fixture, fixtures))), `${fixture} differs from what ${script} prints: regenerate it (test/fixtures/README.md)`).toBe(true);
    });
  }
});
