// The ring every command works on: `--ring FILE` (a toJSON() snapshot) or repeated
// `--region NAME=WEIGHT`, in a dialect: `--compatible-with NAME` and its options as flags
// (dialect-flags.ts). With --ring the file gives the dialect, and dialect flags only check it.
import { optionRules, type Dialect, DIALECTS } from "../dialects.js";
import { RegionRouter, type RouterOptions } from "../node.js";
import { MAX_VNODES } from "../options.js";
import { MAX_WEIGHT } from "../validate.js";
import { parseInteger, type OptionSpecs, type ParsedArgs } from "./args.js";
import { checkFileDialect, DEFAULT_DIALECT, dialectFromFlags, dialectOf, dialectSpecs, flagOf, hasDialectFlags } from "./dialect-flags.js";
import { asUsage, fileError, UsageError } from "./usage-error.js";
import { readTextCapped } from "./read-text.js";

export const RING_OPTIONS: OptionSpecs = {
  ring: { kind: "string" },
  region: { kind: "string", multiple: true },
  ...dialectSpecs(""),
};

/** Each dialect's option flags with their ranges and defaults, one dialect a line. */
function dialectOptionsHelp(indent: string): string {
  const width = Math.max(...DIALECTS.map((name) => name.length)) + 2;
  return DIALECTS.map((name) => {
    const flags = Object.entries(optionRules(name)).map(
      ([option, { default: fallback, max }]) => `--${flagOf(option)} N (1 to ${max}, default ${fallback})`,
    );
    return `${indent}${name.padEnd(width)}${flags.join(", ") || "no options"}`;
  }).join("\n");
}

export const RING_HELP = `Ring (one of):
  --ring FILE                 a ring snapshot: the JSON of RegionRouter#toJSON(),
                              { "version": 1, "vnodesPerWeight": K, "regions": [[name, weight], ...] },
                              in another dialect { "version": 1, "compatibleWith": NAME, its options,
                              "regions": [...] }: the file gives the dialect
  --region NAME=WEIGHT        a region and its weight (integer 0..${MAX_WEIGHT}); repeat for each region

Dialect (with --region; with --ring they must agree with the file, which they check):
  --compatible-with NAME      route exactly as this library does (default region-router): one of
                              ${DIALECTS.slice(0, 3).join(", ")},
                              ${DIALECTS.slice(3).join(", ")}
  and that dialect's options (another dialect's option is an error):
${dialectOptionsHelp("    ")}`;

/** `NAME=WEIGHT` → [name, weight], the weight a plain decimal integer the library accepts. */
export function parseRegionWeight(option: string, text: string): [string, number] {
  const eq = text.lastIndexOf("=");
  if (eq <= 0) throw new UsageError(`${option} expects NAME=WEIGHT, got ${JSON.stringify(text)}`);
  return [text.slice(0, eq), parseInteger(`${option} ${text}: weight`, text.slice(eq + 1), 0, MAX_WEIGHT)];
}

/**
 * A UsageError unless every region of `entries` (a whole ring's regions and weights) fits in the
 * virtual nodes a region may have under `ring`; `whereOf(i)` says where entry i's fault comes from
 * ("--region sf=2000") and `perWeight` names the option that multiplies weights in the dialects
 * whose counts are absolute (the flag, or its words).
 */
export function checkVnodes(
  ring: Dialect,
  entries: readonly (readonly [string, number])[],
  whereOf: (i: number) => string,
  perWeight: string,
): void {
  const counts = ring.names(entries.map(([, weight]) => weight));
  const i = counts.findIndex((count) => count > MAX_VNODES);
  if (i < 0) return;
  const [region, weight] = entries[i];
  const most = `more than the ${MAX_VNODES} a region may have`;
  if (ring.relative) {
    throw new UsageError(`${whereOf(i)}: region ${JSON.stringify(region)} would have ${counts[i]} virtual nodes in ${ring.name}, ${most}`);
  }
  throw new UsageError(`${whereOf(i)}: weight × ${perWeight} = ${weight} × ${counts[i] / weight} = ${counts[i]} virtual nodes, ${most}`);
}

/** The option that multiplies weights in an absolute dialect (its first), as a flag after `prefix`. */
export function perWeightFlag(ring: Dialect, prefix = ""): string {
  return `--${prefix}${flagOf(Object.keys(ring.options)[0] ?? "")}`;
}

/**
 * A router of `ring`'s dialect with `entries` added in order, or a UsageError naming `whereOf(i)`
 * (for entry i) or `where` (for the whole).
 */
export function buildRing(
  ring: Dialect,
  entries: readonly (readonly [string, number])[],
  where: string,
  whereOf: (i: number) => string,
  perWeight: string,
): RegionRouter {
  checkVnodes(ring, entries, whereOf, perWeight);
  const router = new RegionRouter({ compatibleWith: ring.name, ...ring.options } as RouterOptions);
  // One update: in the dialects whose counts are relative, each addRegion would rebuild the ring.
  asUsage(where, () => router.addRegions(entries));
  return router;
}

/** Build the ring the options describe, or throw a UsageError saying what is wrong with them. */
export function ringFromOptions(args: ParsedArgs): RegionRouter {
  const file = args.one("ring");
  const regions = args.all("region");
  if (file !== undefined && regions.length > 0) {
    throw new UsageError("--ring cannot be combined with --region (the file defines the whole ring)");
  }
  if (file !== undefined) return ringFromFile(args, "ring", "", file);
  if (regions.length === 0) throw new UsageError("no ring given: use --ring FILE or --region NAME=WEIGHT (repeatable)");
  const entries: [string, number][] = [];
  const seen = new Set<string>();
  for (const text of regions) {
    const [name, weight] = parseRegionWeight("--region", text);
    if (seen.has(name)) throw new UsageError(`--region ${name} is given more than once`);
    seen.add(name);
    entries.push([name, weight]);
  }
  const ring = dialectFromFlags(args, "", DEFAULT_DIALECT, "the default");
  // Named as typed (`--region sf=02000`), not as parsed.
  return buildRing(ring, entries, "--region", (i) => `--region ${regions[i]}`, perWeightFlag(ring));
}

/**
 * The ring in the snapshot file named by `--<flag>` (ring, or plan's to); the dialect flags after
 * `prefix`, if any, must agree with the file's dialect.
 */
export function ringFromFile(args: ParsedArgs, flag: string, prefix: string, path: string): RegionRouter {
  let text: string;
  try {
    text = readTextCapped(path);
  } catch (error) {
    throw fileError(`--${flag} file`, path, error);
  }
  const where = `--${flag} file ${JSON.stringify(path)}`;
  let value: unknown;
  try {
    // A byte order mark, as some Windows editors write, is not part of the JSON (RFC 8259 lets a
    // parser ignore it; JSON.parse does not).
    value = JSON.parse(text.startsWith("\ufeff") ? text.slice(1) : text);
  } catch (error) {
    throw new UsageError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
  const router = asUsage(where, () => RegionRouter.fromJSON(value));
  if (hasDialectFlags(args, prefix)) checkFileDialect(args, prefix, dialectOf(router), where);
  return router;
}
