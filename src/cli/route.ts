// `region-router route`: session ids in (one per line), one `id<TAB>region` or JSON line out per
// line in, in order, streamed.
import { type Command, parseArgs, REPEATED } from "./args.js";
import { openInputs, stdinOnce } from "./inputs.js";
import { internalsOf } from "../internals.js";
import type { RegionRouter } from "../node.js";
import { escapeName } from "./escape.js";
import { routeLines } from "./line-router.js";
import { EXCLUDED } from "../engines/ring.js";
import type { IndexTable } from "../operations/indexes.js";
import { FORMAT_OPTIONS, printsJson } from "./output.js";
import { progressBar } from "./progress.js";
import { type Around, JSON_ID, type LineFormat, NOTHING } from "./render.js";
import { exactParts, RING_HELP, RING_OPTIONS, routableRing } from "./ring-options.js";
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
  --exclude NAME              route around this region (down or draining): each id goes to the first
                              region of its preference list not excluded; repeatable
  --format tsv|json, --json   output format (default tsv; --json is --format json)
  -h, --help                  show this help
`,
  async run(args) {
    const parsed = parseArgs("route", args, { ...RING_OPTIONS, ...FORMAT_OPTIONS, exclude: REPEATED }, true);
    const json = printsJson(parsed, "tsv");
    stdinOnce({ "--ring -": parsed.one("ring") === "-", "the session ids": parsed.positionals.length === 0 || parsed.positionals.includes("-") });
    const router = await routableRing(parsed);
    const excluding = exclusion(router, parsed.all("exclude"));
    const inputs = openInputs(parsed.positionals, "input file");
    const progress = progressBar(inputs);
    // The bar is erased however the command ends: an error line must not land on its line.
    await routeLines(inputs, [router], routeFormat(router, json), (bytes) => progress?.advance(bytes), excluding).finally(() => progress?.finish());
  },
};

/** Every line: its id, "\t" and its region (escaped: escape.ts), or {"id":…,"region":…}; encoded once a region. */
function routeFormat(router: RegionRouter, json: boolean): LineFormat {
  const arounds = internalsOf(router).names.map((name): Around => ({
    head: json ? JSON_ID : NOTHING,
    tail: Buffer.from(json ? `,"region":${JSON.stringify(name)}}\n` : `\t${escapeName(name ?? "")}\n`),
  }));
  // The ring has positions: every line has an owner.
  return { json, around: (owners, i) => arounds[owners[0][i]] };
}

/**
 * Lines on an `--exclude`d region walked on as route(id, { exclude }) walks (the engine marks them
 * through this owner -> owner table); a name not a region refused, a padded one as exactParts says.
 */
function exclusion(router: RegionRouter, exclude: readonly string[]): IndexTable | undefined {
  const { names, regions } = internalsOf(router);
  for (const name of exclude) if (!regions.has(name)) throw (exactParts("--exclude", name, [name]), new UsageError(`--exclude ${JSON.stringify(name)} is not a region of the ring`));
  if (router.route("", { exclude }) === null) throw new UsageError("--exclude leaves no region with positions: nothing to route to");
  if (exclude.length === 0) return undefined;
  const table = Int32Array.from(names, (name, owner) => (exclude.includes(name as string) ? EXCLUDED : owner));
  return { table, open: true, excludes: true, engineTable: table };
}
