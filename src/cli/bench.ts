// `region-router bench`: how fast the calls are on the user's ring and ids (src/bench/ times them).
import { randomUUID } from "node:crypto";
import { timeCalls } from "../bench/calls.js";
import { hashringOf } from "../bench/hashring.js";
import { benchJson, benchText } from "../bench/report.js";
import { type Command, parseArgs, parseInteger } from "./args.js";
import { openInputs, stdinOnce } from "./inputs.js";
import { idOf, readLines } from "./lines.js";
import { FORMAT_OPTIONS, printsJson, writeOut } from "./output.js";
import { clearStatus, showStatus } from "./progress.js";
import { RING_HELP, RING_OPTIONS, routableRing } from "./ring-options.js";
import { asUsage, noPositionals, UsageError } from "./usage-error.js";

/** Ids generated when no --ids file is given, and the most taken from one. */
const [GENERATED_IDS, MAX_IDS] = [1 << 16, 1 << 20];

export const bench: Command = {
  name: "bench",
  summary: "time route, routeMany, routeIndexes and routeManyBytes on the ring, on both engines",
  help: `Usage: region-router bench [ring options] [--ids FILE] [--batch N] [--quick] [--compare hashring] [--json]

Times route, routeMany, routeIndexes and routeManyBytes (into a reused Int32Array; the ids' UTF-8
laid out once as Arrow's Binary arrays are) on the ring and ids, on the WebAssembly and the pure
engine, in alternating rounds: ns of CPU time per id, the median of the rounds and their range,
and the ratio to route on WebAssembly. About 15 s (--quick: 3 s); a progress line on stderr.

${RING_HELP}

Options:
  --ids FILE                  session ids, one per line as route reads them ("-": stdin; the first
                              ${MAX_IDS.toLocaleString("en")}); default ${GENERATED_IDS.toLocaleString("en")} random UUIDs
  --batch N                   ids a batch call (1 to ${MAX_IDS}, default 1024; at most the ids)
  --quick                     5 rounds of 50 ms a call (default: 7 of 200 ms)
  --rounds N, --time MS       the rounds (1 to 100) and ms a call in each (1 to 10000)
  --compare hashring          also time npm hashring's get() on the same regions and weights (with
                              the ring's options in its dialect): hashring must be installed
  --json, --format json       print { "machine", "node", "ring", "ids", "batch", "rounds",
                              "msPerRound", "timings": [{ "call", "engine", "median", "min", "max",
                              "ratio" }] } (ns per id); --format text is the table (the default)
  -h, --help                  show this help
`,
  async run(args) {
    const [string, boolean] = [{ kind: "string" }, { kind: "boolean" }] as const;
    const parsed = parseArgs("bench", args, { ...RING_OPTIONS, ...FORMAT_OPTIONS, ids: string, batch: string, quick: boolean, rounds: string, time: string, compare: string });
    noPositionals("bench", parsed.positionals);
    const json = printsJson(parsed, "text");
    const integer = (name: string, max: number, fallback: number) => parseInteger(`--${name}`, parsed.one(name) ?? String(fallback), 1, max);
    const quick = parsed.has("quick");
    const [rounds, time] = [integer("rounds", 100, quick ? 5 : 7), integer("time", 10_000, quick ? 50 : 200)];
    const batch = integer("batch", MAX_IDS, 1024);
    const compare = parsed.one("compare");
    if (compare !== undefined && compare !== "hashring") throw new UsageError(`--compare must be hashring, got ${JSON.stringify(compare)}`);
    stdinOnce({ "--ring -": parsed.one("ring") === "-", "--ids -": parsed.one("ids") === "-" });
    const router = await routableRing(parsed);
    const hashring = compare === undefined ? undefined : hashringOf(router, process.cwd());
    if (hashring === null) throw new UsageError(`--compare hashring: npm hashring is not installed in ${JSON.stringify(process.cwd())} nor beside region-router (npm install hashring)`);
    const file = parsed.one("ids");
    const ids = file === undefined ? Array.from({ length: GENERATED_IDS }, randomUUID) : await readIds(file);
    const calls = { router, ids, batch: Math.min(batch, ids.length), rounds, time, compare: hashring };
    const onRound = (_: string, round: number) => showStatus(`bench: round ${round + 1} of ${rounds}`);
    const timings = await asUsage("--ids file", () => timeCalls({ ...calls, onRound })).finally(clearStatus);
    const run = { ...calls, timings, idsFrom: file === undefined ? "random UUIDs" : `--ids ${JSON.stringify(file)}` };
    await writeOut(json ? benchJson(run) : benchText(run));
  },
};

/** The ids of `path`, one a line as route reads them, at most MAX_IDS. */
async function readIds(path: string): Promise<string[]> {
  const ids: string[] = [];
  for await (const lines of readLines(openInputs([path], "--ids file")[0])) {
    for (let i = 0; i < lines.count && ids.length < MAX_IDS; i++) ids.push(idOf(lines, i));
    if (ids.length === MAX_IDS) break;
  }
  if (ids.length === 0) throw new UsageError(`--ids ${JSON.stringify(path)} holds no ids`);
  return ids;
}
