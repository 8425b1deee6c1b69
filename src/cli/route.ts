// `region-router route`: session ids in (one per line), `id<TAB>region` or JSON lines out, in order,
// one output line per input line, streamed batch by batch.
import { parseArgs } from "./args.js";
import type { Command } from "./command.js";
import { knownSize, openInputs } from "./inputs.js";
import { lineBatches } from "./lines.js";
import { writeOut } from "./output.js";
import { Progress } from "./progress.js";
import { RegionSuffixes, renderJson, renderTsv } from "./render.js";
import { RING_HELP, RING_OPTIONS, ringFromOptions } from "./ring-options.js";
import { hasPositions, routeBatch } from "./route-batch.js";
import { UsageError } from "./usage-error.js";

const FORMATS = ["tsv", "json"] as const;
type Format = (typeof FORMATS)[number];

export const route: Command = {
  name: "route",
  summary: "route session ids (one per line) to regions",
  help: `Usage: region-router route [ring options] [--format tsv|json] [FILE...]

Reads session ids, one per line, from the FILEs (or stdin when none is given, or "-") and writes
one line per input line, in order: "id<TAB>region" (tsv, the default) or, with --format json,
{"id":"…","region":"…"}. An empty line is the empty id; a "\\r" before "\\n" is dropped; a last
line without "\\n" counts. Memory stays bounded for any input size. A progress bar appears on
stderr when stderr is a terminal and the input size is known.

${RING_HELP}

Options:
  --format tsv|json           output format (default tsv)
  -h, --help                  show this help
`,
  async run(args) {
    const parsed = parseArgs("route", args, { ...RING_OPTIONS, format: { kind: "string" } });
    const format = parseFormat(parsed.one("format") ?? "tsv");
    const router = ringFromOptions(parsed);
    if (!hasPositions(router)) throw new UsageError("the ring has no positions (every region has weight 0): nothing to route to");
    const inputs = openInputs(parsed.positionals, "input file");
    const progress = Progress.forInput(knownSize(inputs));
    const advance = progress ? (bytes: number) => progress.advance(bytes) : undefined;
    const suffixes = new RegionSuffixes(router.weights().keys());
    for (const input of inputs) {
      for await (const batch of lineBatches(input, advance)) {
        // Never null: the ring has positions.
        const regions = routeBatch(router, batch.ids) as string[];
        await writeOut(format === "tsv" ? renderTsv(batch, regions, suffixes) : renderJson(batch, regions));
      }
    }
    progress?.finish();
  },
};

function parseFormat(text: string): Format {
  if ((FORMATS as readonly string[]).includes(text)) return text as Format;
  throw new UsageError(`--format must be tsv or json, got ${JSON.stringify(text)}`);
}
