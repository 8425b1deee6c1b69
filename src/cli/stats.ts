// `region-router stats`: how the key space is really split, region by region, against the weights.
import { internalsOf } from "../internals.js";
import type { RegionRouter } from "../node.js";
import { type Command, parseArgs, STRING } from "./args.js";
import { type SuggestOptions, suggestVnodes } from "../operations/suggest-vnodes.js";
import { type DialectName, optionRules } from "../dialects.js";
import { describeDialect, flagOf } from "./dialect-flags.js";
import { RING_HELP, RING_OPTIONS, ringFromOptions } from "./ring-options.js";
import { bar, columns, counted, percent, points } from "./table.js";
import { escapeName } from "./escape.js";
import { FORMAT_OPTIONS, printsJson, writeOut } from "./output.js";
import { asUsage, UsageError } from "./usage-error.js";

const BAR_WIDTH = 30;

/** Each region's weight, virtual nodes (as its dialect counts them), expected (weight / Σweight) and exact share. */
function regionStats(router: RegionRouter) {
  const regions = [...internalsOf(router).regions];
  const shares = router.shares();
  const total = regions.reduce((sum, [, { weight }]) => sum + weight, 0);
  return regions.map(([region, { weight, names }]) => {
    const [expectedShare, share] = [total > 0 ? weight / total : 0, shares.get(region) ?? 0];
    return { region, weight, vnodes: names, expectedShare, share, deviation: share - expectedShare };
  });
}

export const stats: Command = {
  name: "stats",
  summary: "each region's weight, virtual nodes, expected and exact share, as a table and bar chart",
  help: `Usage: region-router stats [ring options] [--json | --format text|json]

For each region: its weight, virtual nodes (as its dialect counts them), expected share (weight /
total weight), exact share of the key space (from the ring's arcs, not sampled), deviation (in
percentage points) and a bar; then the dialect, its options and the fingerprint. Region names
are escaped in the table as JSON escapes them.

${RING_HELP}

Options:
  --json, --format json       print { "compatibleWith", "options", "vnodesPerWeight" (default
                              dialect only), "fingerprint", "regions": [{ "region", "weight",
                              "vnodes", "expectedShare", "share", "deviation" }] } (fractions);
                              --format text is the table (the default)
  --max-deviation F           also suggest the smallest per-weight count (up to 10000) that puts every
                              region's share within F (a fraction: 0.01 = 1 point) of its weight's
                              share, and its largest deviation (JSON: "suggestion")
  -h, --help                  show this help
`,
  async run(args) {
    const parsed = parseArgs("stats", args, { ...RING_OPTIONS, ...FORMAT_OPTIONS, "max-deviation": STRING });
    const router = await ringFromOptions(parsed);
    const [rows, dialect, fingerprint] = [regionStats(router), internalsOf(router).dialect, router.fingerprint()];
    const suggestion = suggest(router, parsed.one("max-deviation"));
    if (printsJson(parsed, "text")) {
      const summary = { compatibleWith: dialect.name, options: dialect.options, vnodesPerWeight: router.vnodesPerWeight, fingerprint, regions: rows, suggestion };
      return writeOut(`${JSON.stringify(summary)}\n`);
    }
    const scale = Math.max(0, ...rows.map((row) => row.share));
    const table = rows.map((row) => [escapeName(row.region), String(row.weight), String(row.vnodes), percent(row.expectedShare), percent(row.share), points(row.deviation)]);
    table.forEach((cells, i) => cells.push(bar(scale > 0 ? rows[i].share / scale : 0, BAR_WIDTH)));
    const vnodes = rows.reduce((sum, row) => sum + row.vnodes, 0);
    const ring = `${counted(rows.length, "region")}, ${counted(vnodes, "virtual node")}, compatible with ${describeDialect(dialect)}, fingerprint ${fingerprint}`;
    const flags = suggestion && Object.entries(suggestion.options).map(([key, value]) => `--${flagOf(key)} ${value}`);
    const suggested = flags ? `suggested: ${flags.join(" ")} (largest deviation ${points(suggestion.deviation).slice(1)})\n` : "";
    return writeOut(`${columns([["region", "weight", "vnodes", "expected", "share", "deviation", ""], ...table], [0, 6])}\n${ring}\n${suggested}`);
  },
};

/** suggestVnodes for the ring's regions and dialect (its other options kept) within --max-deviation's fraction `text`; its errors name the flag ("no --vnode-count ..."). */
function suggest(router: RegionRouter, text: string | undefined) {
  if (text === undefined) return undefined;
  const maxDeviation = /^([0-9]+\.?[0-9]*|\.[0-9]+)(e[-+]?[0-9]+)?$/i.test(text) ? Number(text) : NaN;
  if (!(maxDeviation >= 0 && maxDeviation <= 1)) throw new UsageError(`--max-deviation must be a fraction from 0 to 1 (0.01 = 1 point), got ${JSON.stringify(text)}`);
  const { compatibleWith = "region-router", ...options }: Record<string, unknown> = { ...router.options, maxDeviation };
  const [count] = Object.keys(optionRules(compatibleWith as DialectName)), weighed = [...router.weights().values()].some((weight) => weight > 0);
  if (count === undefined || !weighed) throw new UsageError(`--max-deviation: ${count === undefined ? `the ring's dialect, ${compatibleWith}, has no per-weight count of virtual nodes to choose` : "no region of the ring has a weight above 0"}`);
  delete options[count];
  return asUsage("--max-deviation", () => suggestVnodes(router.weights(), { compatibleWith, ...options } as SuggestOptions), (why) => why.replace(`no ${count} `, `no --${flagOf(count)} `));
}
