// `region-router route`: session ids in (one per line), `id<TAB>region` or JSON lines out, in order,
// one output line per input line, streamed piece by piece.
import { parseArgs } from "./args.js";
import type { Command } from "./command.js";
import { knownSize, openInputs } from "./inputs.js";
import { hasPositions, LineRouter } from "./line-router.js";
import { lineChunks } from "./lines.js";
import { LongLine } from "./long-line.js";
import { FORMAT_OPTIONS, printsJson, writeOut } from "./output.js";
import { Progress } from "./progress.js";
import { RING_HELP, RING_OPTIONS, ringFromOptions } from "./ring-options.js";
import { UsageError } from "./usage-error.js";

export const route: Command = {
  name: "route",
  summary: "route session ids (one per line) to regions",
  help: `Usage: region-router route [ring options] [--format tsv|json | --json] [FILE...]

Reads session ids, one per line, from the FILEs (or stdin when none is given, or "-") and writes
one line per input line, in order: "id<TAB>region" (tsv, the default) or, with --format json,
{"id":"…","region":"…"}. An empty line is the empty id; a "\\r" that ends a line is dropped
(before "\\n" or at the end of the input); a last line without "\\n" counts. Region names with
a backslash or control character are escaped in tsv (\\\\, \\n, \\r, \\t, \\u00XX). Memory
stays bounded for any input and any line length. A progress bar appears on stderr when stderr is
a terminal, stdout is not, and the input size is known.

${RING_HELP}

Options:
  --format tsv|json           output format (default tsv)
  --json                      the same as --format json
  -h, --help                  show this help
`,
  async run(args) {
    const parsed = parseArgs("route", args, { ...RING_OPTIONS, ...FORMAT_OPTIONS });
    const format = printsJson(parsed, "tsv") ? "json" : "tsv";
    const router = ringFromOptions(parsed);
    if (!hasPositions(router)) {
      throw new UsageError("the ring has no positions (every weight is 0, or every region's share of its dialect's names rounds down to none): nothing to route to");
    }
    const inputs = openInputs(parsed.positionals, "input file");

    const progress = Progress.forInput(knownSize(inputs));
    const here = new LineRouter(router, format);
    try {
      // Each piece is written before the next is read: when an input fails midway, every line
      // before the failure is out.
      for (const input of inputs) {
        for await (const piece of lineChunks(input, (bytes) => progress?.advance(bytes))) {
          if (piece instanceof LongLine) await here.writeLong(piece, writeOut);
          else await writeOut(here.render(piece));
        }
      }
    } finally {
      // Also when an input or stdout failed, or stdout's reader went away: the error line (or
      // nothing) must not land on the bar's line.
      progress?.finish();
    }
  },
};
