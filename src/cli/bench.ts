// `region-router bench`: how fast the calls are on the user's ring and ids (src/bench/ times them).
import { GENERATED_IDS, MAX_IDS, README_RING } from "../bench/ids.js";
import { runBench } from "../bench/run.js";
import { type Command, FLAG, parseArgs, parseInteger, STRING } from "./args.js";
import { stdinOnce } from "./inputs.js";
import { FORMAT_OPTIONS, printsJson, writeOut } from "./output.js";
import { clearStatus, showStatus } from "./progress.js";
import { RING_HELP, RING_OPTIONS, routableRing } from "./ring-options.js";
import { UsageError } from "./usage-error.js";

export const bench: Command = {
  name: "bench",
  summary: "time route, routeMany, routeIndexes and routeManyBytes on the ring, on both engines",
  help: `Usage: region-router bench [ring options] [--ids FILE] [--batch N] [--quick] [--compare hashring] [--json]

Times route, routeMany, routeIndexes and routeManyBytes (into a reused Int32Array; the ids' UTF-8
laid out once, as Arrow does) on both engines in alternating rounds, about 15 s: CPU ns per id (the
rounds' median and range), the rounds' median ratio to route on WebAssembly; progress on stderr.
With no ring given, it times the README's: ${README_RING.map((region) => `--region ${region}`).join(" ")}.

${RING_HELP}

Options:
  --ids FILE                  ids, one a line as route reads them ("-": stdin; the first ${MAX_IDS}),
                              else ${GENERATED_IDS} random UUIDs
  --batch N                   ids a batch call (1 to ${MAX_IDS}, default 1024; at most the ids)
  --quick                     5 rounds of 50 ms a call, about 3 s (default: 7 of 200 ms)
  --rounds N, --time MS       the rounds (1 to 100) and ms a call in each (1 to 10000)
  --compare hashring          also time npm hashring's get() on the ring (installed; its cache cut to one id)
  --json, --format json       print { "machine", "node", "ring", "ids", "batch", "rounds", "msPerRound",
                              "timings": [{ "call", "engine", "median", "min", "max", "ratio" }] }
  -h, --help                  show this help
`,
  async run(args) {
    const parsed = parseArgs("bench", args, { ...RING_OPTIONS, ...FORMAT_OPTIONS, ids: STRING, batch: STRING, quick: FLAG, rounds: STRING, time: STRING, compare: STRING });
    const json = printsJson(parsed, "text");
    const integer = (name: string, max: number, fallback: number) => parseInteger(`--${name}`, parsed.one(name) ?? String(fallback), 1, max);
    const quick = parsed.has("quick");
    const [rounds, time, batch] = [integer("rounds", 100, quick ? 5 : 7), integer("time", 10_000, quick ? 50 : 200), integer("batch", MAX_IDS, 1024)];
    const compare = parsed.one("compare");
    if (compare !== undefined && compare !== "hashring") throw new UsageError(`--compare must be hashring, got ${JSON.stringify(compare)}`);
    stdinOnce({ "--ring -": parsed.one("ring") === "-", "--ids -": parsed.one("ids") === "-" });
    const onRound = (_: string, round: number) => showStatus(`bench: round ${round + 1} of ${rounds}`);
    const settings = { router: await routableRing(parsed, README_RING), idsFile: parsed.one("ids"), batch, rounds, time, hashring: compare !== undefined, json, onRound };
    await writeOut(await runBench(settings).finally(clearStatus));
  },
};
