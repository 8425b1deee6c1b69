// `region-router route`: session ids in (one per line), `id<TAB>region` or JSON lines out, in order,
// one output line per input line, streamed piece by piece.
import { parseArgs } from "./args.js";
import type { Command } from "./command.js";
import { knownSize, openInputs } from "./inputs.js";
import { internalsOf } from "../internals.js";
import type { RegionRouter } from "../node.js";
import { escapeName } from "./escape.js";
import { hasPositions, routeLines } from "./line-router.js";
import { FORMAT_OPTIONS, printsJson } from "./output.js";
import { Progress } from "./progress.js";
import { type Around, JSON_ID, type LineFormat, NOTHING } from "./render.js";
import { RING_HELP, RING_OPTIONS, ringFromOptions } from "./ring-options.js";
import { UsageError } from "./usage-error.js";

export const route: Command = {
  name: "route",
  summary: "route session ids (one per line) to regions",
  help: `Usage: region-router route [ring options] [--format tsv|json | --json] [FILE...]

Reads session ids, one per line, from the FILEs (or stdin when none is given, or "-") and writes
one line per input line, in order: "id<TAB>region" (tsv, the default; region names escaped as
JSON escapes them) or {"id":"…","region":"…"}. A "\\r" that ends a line is dropped. Memory stays
bounded for any input and line length. A progress bar shows on stderr when it is a terminal,
stdout is not, and the input size is known.

${RING_HELP}

Options:
  --format tsv|json, --json   output format (default tsv; --json is --format json)
  -h, --help                  show this help
`,
  async run(args) {
    const parsed = parseArgs("route", args, { ...RING_OPTIONS, ...FORMAT_OPTIONS });
    const json = printsJson(parsed, "tsv");
    const router = await ringFromOptions(parsed);
    if (!hasPositions(router)) {
      throw new UsageError("the ring has no positions (every weight is 0, or every region's share of its dialect's names rounds down to none): nothing to route to");
    }
    const inputs = openInputs(parsed.positionals, "input file");
    const progress = Progress.forInput(knownSize(inputs));
    try {
      await routeLines(inputs, [router], routeFormat(router, json), (bytes) => progress?.advance(bytes));
    } finally {
      // Also when an input or stdout failed, or stdout's reader went away: the error line (or
      // nothing) must not land on the bar's line.
      progress?.finish();
    }
  },
};

/** Every line, its id then "\t" and its region (escaped: escape.ts) or {"id":…,"region":…}, encoded once a region. */
function routeFormat(router: RegionRouter, json: boolean): LineFormat {
  const arounds = internalsOf(router).names.map(
    (name): Around =>
      json
        ? { head: JSON_ID, tail: Buffer.from(`,"region":${JSON.stringify(name)}}\n`) }
        : { head: NOTHING, tail: Buffer.from(`\t${escapeName(name ?? "")}\n`) },
  );
  // The ring has positions: every line has an owner.
  return { json, around: (owners, i) => arounds[owners[0][i]] };
}
