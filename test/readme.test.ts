// The documentation's examples run and print what they say. Every page (README.md, docs/*.md,
// bench/RESULTS.md) is cut into its fenced blocks, and the blocks run against the packed package
// (test/setup/packed-package.ts), the way a user who copies them would run them:
//
// - ```js / ```ts blocks run as one program each (ts with its types stripped; a js block that uses
//   require() and no import runs as CommonJS). A line `expression; // → value` checks the value the
//   expression gives, `const name = expression; // → value` the value of `name`, and
//   `statement; // throws TypeError: message` that the statement throws exactly that. Values are
//   written as below (renderValue): strings in double quotes, [a, b], Map { "k" => v }, { key: v }.
//   A number written with a trailing "…" (0.3294…) stands for every number whose printed digits
//   start with the ones given.
// - ```console blocks are terminal sessions: each `$ command` runs in bash (in one shell per block,
//   stderr merged into stdout, `region-router` on the PATH as the packed package's bin) and must
//   print exactly the lines below it; a line "…" stands for any number of lines.
// - A block after `<!-- file: NAME -->` is written to the page's working directory as NAME before
//   its page runs (ring files, session lists, a Python script), and is not run itself.
// - A block after `<!-- not run: why -->` is not run. ```sh blocks are commands to type, not run,
//   and may not hold `$ ` transcripts (those are ```console blocks).
//
// Besides, the README stays a read of minutes (its words and table cells counted), and no page but
// bench/RESULTS.md names an issue or a run of the bench.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";
import { beforeAll, describe, expect, inject, it } from "vitest";

const root = fileURLToPath(new URL("..", import.meta.url));
const PAGES = [
  "README.md",
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => `docs/${name}`),
  "bench/RESULTS.md",
];

interface Block {
  readonly page: string;
  /** The line of the opening fence (1-based). */
  readonly line: number;
  readonly lang: string;
  readonly code: string;
  /** The HTML comment on the line before the fence (blank lines skipped), if any. */
  readonly marker: string | null;
}

function blocksOf(page: string, text = readFileSync(join(root, page), "utf8")): Block[] {
  const lines = text.split("\n");
  const blocks: Block[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)\s*$/.exec(lines[i]);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && /^```\s*$/.test(line));
    if (end < 0) throw new Error(`${page}:${i + 1}: a code block that never closes`);
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === "") before--;
    const marker = before >= 0 ? (/^<!--\s*(.*?)\s*-->$/.exec(lines[before].trim())?.[1] ?? null) : null;
    blocks.push({ page, line: i + 1, lang: open[1], code: lines.slice(i + 1, end).join("\n"), marker });
    i = end;
  }
  return blocks;
}

const fileName = (block: Block) => /^file:\s*(\S+)$/.exec(block.marker ?? "")?.[1] ?? null;
const notRun = (block: Block) => block.marker?.startsWith("not run") ?? false;
const isProgram = (block: Block) => ["js", "ts", "javascript", "typescript"].includes(block.lang);

// ---- Values ---------------------------------------------------------------------------------------

/** What a `// →` comment is compared with, rendered in the child process (so it is JavaScript). */
const PRELUDE = String.raw`
const __results = [];
function __render(v) {
  if (typeof v === "string") return JSON.stringify(v);
  if (typeof v === "bigint") return v + "n";
  if (v === null || typeof v !== "object") return String(v);
  if (Array.isArray(v)) return "[" + v.map(__render).join(", ") + "]";
  if (v instanceof Map) return v.size === 0 ? "Map {}" : "Map { " + [...v].map(([k, x]) => __render(k) + " => " + __render(x)).join(", ") + " }";
  if (Object.getPrototypeOf(v) !== Object.prototype) return (v.constructor?.name ?? "object") + " {…}";
  const entries = Object.entries(v).map(([k, x]) => (/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)) + ": " + __render(x));
  return entries.length === 0 ? "{}" : "{ " + entries.join(", ") + " }";
}
function __check(line, value) { __results.push({ line, actual: __render(value) }); }
function __throws(line, run) {
  try { __results.push({ line, actual: "returned " + __render(run()) }); }
  catch (error) { __results.push({ line, actual: error?.name + ": " + error?.message }); }
}
process.on("exit", () => process.stdout.write("\n@@results@@" + JSON.stringify(__results) + "\n"));
`;

/** Whether `actual` is what `expected` says: the same text, but for numbers cut short with "…". */
function matches(expected: string, actual: string): boolean {
  const parts = expected.trim().split(/(-?\d+\.\d+)…/);
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const pattern = parts.map((part, i) => (i % 2 === 0 ? escape(part) : `${escape(part)}\\d+`)).join("");
  return new RegExp(`^${pattern}$`).test(actual.trim());
}

interface Check {
  /** The line within the block (1-based). */
  readonly line: number;
  readonly expected: string;
}

/** The block's code with every checked line instrumented, and the checks it makes. */
function instrument(code: string): { source: string; checks: Check[] } {
  const checks: Check[] = [];
  const lines = code.split("\n").map((text, i) => {
    const found = /^(\s*)(.*?)\s*\/\/ (→|throws) (.+)$/.exec(text);
    if (!found || found[2] === "") return text;
    const [, indent, statement, kind, value] = found;
    const body = statement.replace(/;$/, "");
    const line = i + 1;
    if (kind === "throws") {
      checks.push({ line, expected: value });
      return `${indent}__throws(${line}, () => { ${body}; });`;
    }
    checks.push({ line, expected: value });
    const declared = /^(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=/.exec(body);
    return declared ? `${indent}${body}; __check(${line}, ${declared[1]});` : `${indent}__check(${line}, (${body}));`;
  });
  return { source: lines.join("\n"), checks };
}

/** Run a js/ts block in `dir`; each check with the value it got (or the run's failure). */
function runProgram(block: Block, dir: string): { check: Check; actual: string }[] {
  const { source, checks } = instrument(block.code);
  const commonjs = block.lang.startsWith("j") && /\brequire\(/.test(source) && !/^\s*import\s/m.test(source);
  const program = block.lang.startsWith("t") ? transformSync(source, { loader: "ts", format: "esm" }).code : source;
  const file = join(dir, `block-${block.line}.${commonjs ? "cjs" : "mjs"}`);
  // The prelude goes first: in ESM, import declarations are hoisted above it anyway.
  writeFileSync(file, `${PRELUDE}\n${program}`);
  const result = spawnSync(process.execPath, [file], { cwd: dir, encoding: "utf8", timeout: 60_000 });
  const [, tail] = result.stdout.split("\n@@results@@");
  if (result.status !== 0 || tail === undefined) {
    throw new Error(`${block.page}:${block.line}: the block failed (status ${result.status})\n${result.stderr}${result.stdout}`);
  }
  const results = JSON.parse(tail) as { line: number; actual: string }[];
  return checks.map((check) => {
    const got = results.filter((r) => r.line === check.line);
    return { check, actual: got.length === 1 ? got[0].actual : `(the line ran ${got.length} times, not once)` };
  });
}

// ---- Terminal sessions ------------------------------------------------------------------------------

interface Step {
  readonly command: string;
  readonly expected: string[];
}

function transcript(block: Block): Step[] {
  const steps: { command: string; expected: string[] }[] = [];
  for (const line of block.code.split("\n")) {
    if (line.startsWith("$ ")) steps.push({ command: line.slice(2), expected: [] });
    else if (steps.length === 0) throw new Error(`${block.page}:${block.line}: a console block must start with "$ command"`);
    else steps[steps.length - 1].expected.push(line);
  }
  return steps;
}

const trimEnd = (lines: string[]) => {
  const out = lines.map((line) => line.trimEnd());
  while (out.length > 0 && out[out.length - 1] === "") out.pop();
  return out;
};

/** Whether `actual` lines are the `expected` ones, where a line "…" stands for any number of lines. */
function linesMatch(expected: readonly string[], actual: readonly string[]): boolean {
  if (expected.length === 0) return actual.length === 0;
  const [first, ...rest] = expected;
  if (first.trim() === "…") return actual.some((_, skip) => linesMatch(rest, actual.slice(skip))) || linesMatch(rest, []);
  return actual.length > 0 && matches(first, actual[0]) && linesMatch(rest, actual.slice(1));
}

/** Run a console block's commands in one bash in `dir`; what each printed, line by line. */
function runTranscript(block: Block, dir: string, binDir: string): string[][] {
  const steps = transcript(block);
  const script = ["exec 2>&1", ...steps.flatMap((step, i) => [`printf '\\n@@step ${i}@@\\n'`, step.command])].join("\n");
  const result = spawnSync("bash", ["-c", script], {
    cwd: dir,
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, PATH: `${binDir}:${dirname(process.execPath)}:${process.env.PATH}`, NO_COLOR: "1" },
  });
  const outputs = result.stdout.split(/\n@@step \d+@@\n/).slice(1);
  return outputs.map((output) => trimEnd(output.split("\n")));
}

/** A directory holding `region-router`, the packed package's bin. */
function binDirectory(packageDir: string, into: string): string {
  const manifest = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")) as { bin: Record<string, string> };
  const dir = join(into, ".bin");
  mkdirSync(dir, { recursive: true });
  const bin = join(packageDir, manifest.bin["region-router"]);
  writeFileSync(join(dir, "region-router"), `#!/bin/sh\nexec "${process.execPath}" "${bin}" "$@"\n`, { mode: 0o755 });
  return dir;
}

const hasPython = spawnSync("python3", ["--version"]).status === 0;

// ---- The pages ----------------------------------------------------------------------------------

for (const page of PAGES) {
  const blocks = blocksOf(page);
  const tested = blocks.filter((block) => !fileName(block) && !notRun(block) && (isProgram(block) || ["console", "sh", "bash", "shell"].includes(block.lang)));
  if (tested.length === 0) continue;
  describe(page, () => {
    let dir = "";
    let binDir = "";
    beforeAll(() => {
      const appRoot = inject("packedAppRoot");
      dir = mkdtempSync(join(appRoot, "docs-"));
      binDir = binDirectory(join(appRoot, "node_modules", "region-router"), dir);
      for (const block of blocks) {
        const name = fileName(block);
        if (name) writeFileSync(join(dir, name), `${block.code}\n`);
      }
    });

    for (const block of tested) {
      const title = `${page}:${block.line} ${block.lang}`;
      if (isProgram(block)) {
        it(`${title} gives what its comments say`, () => {
          const wrong = runProgram(block, dir)
            .filter(({ check, actual }) => !matches(check.expected, actual))
            .map(({ check, actual }) => `${page}:${block.line + check.line}: the comment says\n  ${check.expected}\nthe code gives\n  ${actual}`);
          expect(wrong.join("\n")).toBe("");
        });
      } else if (block.lang === "console") {
        const python = block.code.split("\n").some((line) => /^\$ .*\bpython3\b/.test(line));
        it.skipIf(python && !hasPython)(`${title} prints what the session shows`, () => {
          const outputs = runTranscript(block, dir, binDir);
          const wrong = transcript(block)
            .map((step, i) => ({ step, expected: trimEnd(step.expected), actual: outputs[i] ?? [] }))
            .filter(({ expected, actual }) => !linesMatch(expected, actual))
            .map(({ step, expected, actual }) => `${page}:${block.line}: $ ${step.command}\nshows\n${expected.join("\n")}\nbut prints\n${actual.join("\n")}`);
          expect(wrong.join("\n")).toBe("");
        });
      } else {
        it(`${title} holds commands, not a transcript (use a console block)`, () => {
          expect(block.code.split("\n").filter((line) => line.startsWith("$ "))).toEqual([]);
        });
      }
    }
  });
}

/** The cells of every table row (a line starting with "|") of a page, trimmed; separators too. */
function tableCells(text: string): string[] {
  return text
    .split("\n")
    .filter((line) => line.startsWith("|"))
    .flatMap((line) => line.trim().replace(/^\||\|$/g, "").split(/(?<!\\)\|/))
    .map((cell) => cell.trim());
}

// ---- The checker checks -------------------------------------------------------------------------------

describe("the examples' checker", () => {
  it("reads numbers cut short with … as the digits given, and everything else exactly", () => {
    expect(matches("Map { \"sf\" => 0.3294… }", 'Map { "sf" => 0.32946892862121036 }')).toBe(true);
    expect(matches("Map { \"sf\" => 0.3295… }", 'Map { "sf" => 0.32946892862121036 }')).toBe(false);
    expect(matches('["sf", "sf", "sf"]', '["sf", "sf", "sf"]')).toBe(true);
    expect(matches('["sf", "bangalore", "sf"]', '["sf", "sf", "sf"]')).toBe(false);
    expect(linesMatch(["a", "…", "d"], ["a", "b", "c", "d"])).toBe(true);
    expect(linesMatch(["a", "…", "d"], ["a", "d"])).toBe(true);
    expect(linesMatch(["a", "d"], ["a", "b", "d"])).toBe(false);
  });

  it("keeps the README a read of minutes: at most 2,000 words, tables included, no table cell over 200 characters", () => {
    const readme = readFileSync(join(root, "README.md"), "utf8");
    // Words as `wc -w` counts them: runs of anything but whitespace, a table's pipes included.
    expect(readme.split(/\s+/).filter(Boolean).length).toBeLessThanOrEqual(2000);
    expect(tableCells(readme).filter((cell) => cell.length > 200)).toEqual([]);
  });

  it("names no issue and no run of the bench in the README or docs/ (history lives in git and bench/RESULTS.md)", () => {
    const history = /\b(?:issues?|runs?) #?\d/i;
    const found = PAGES.filter((page) => page !== "bench/RESULTS.md").flatMap((page) =>
      readFileSync(join(root, page), "utf8")
        .split("\n")
        .flatMap((line, i) => (history.test(line) ? [`${page}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
    expect(history.test("as run 22 measured")).toBe(true);
    expect(history.test("since issue 12")).toBe(true);
  });

  it("catches a wrong comment: the old README's routeMany example", () => {
    const page = [
      "```js",
      'import { RegionRouter } from "region-router";',
      "const r = new RegionRouter();",
      'r.addRegion("sf", 3);',
      'r.addRegion("london", 3);',
      'r.addRegion("bangalore", 3);',
      'r.removeRegion("london");',
      'r.routeMany(["sess-1", "sess-2", "sess-3"]); // → ["sf", "bangalore", "sf"]',
      'r.addRegion(42); // throws TypeError: region must be a non-empty string without lone surrogates, got 42',
      "```",
    ].join("\n");
    const [block] = blocksOf("(test)", page);
    const dir = mkdtempSync(join(inject("packedAppRoot"), "docs-"));
    const [wrong, right] = runProgram(block, dir);
    expect(wrong.actual).toBe('["sf", "sf", "sf"]');
    expect(matches(wrong.check.expected, wrong.actual)).toBe(false);
    expect(matches(right.check.expected, right.actual)).toBe(true);
  });
});
