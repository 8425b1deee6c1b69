// The ring every command works on: `--ring FILE` (a toJSON() snapshot, which gives the dialect: the
// dialect flags only check it) or `--region NAME=WEIGHT`s in the dialect the flags give (dialect-flags.ts).
import { optionRules, type Dialect, DIALECTS } from "../dialects.js";
import { internalsOf } from "../internals.js";
import { RegionRouter, type RouterOptions } from "../node.js";
import { MAX_VNODES } from "../options.js";
import { MAX_WEIGHT } from "../validate.js";
import { parseInteger, type OptionSpecs, type ParsedArgs, REPEATED, STRING } from "./args.js";
import { checkFileDialect, DEFAULT_DIALECT, dialectFromFlags, dialectSpecs, flagOf, hasDialectFlags, wordsOf } from "./dialect-flags.js";
import { readText } from "./inputs.js";
import { asUsage, UsageError } from "./usage-error.js";

export const RING_OPTIONS: OptionSpecs = { ring: STRING, region: REPEATED, ...dialectSpecs("") };

/** Each dialect and its option flags with their ranges and defaults, one dialect a line. */
const dialectsHelp = DIALECTS.map((name) => {
  const flags = Object.entries(optionRules(name)).map(([option, { default: fallback, max }]) => `--${flagOf(option)} N (1 to ${max}, default ${fallback})`);
  return `    ${name.padEnd(Math.max(...DIALECTS.map((other) => other.length)) + 2)}${flags.join(", ") || "no options"}`;
}).join("\n");

export const RING_HELP = `Ring (one of):
  --ring FILE                 a ring snapshot, the JSON of RegionRouter#toJSON() (it gives the dialect; "-": stdin)
  --region NAME=WEIGHT        a region and its weight (integer 0..${MAX_WEIGHT}); repeat for each region

Dialect (with --ring, these check the file):
  --compatible-with NAME      route exactly as this library does (default region-router), with its options:
${dialectsHelp}`;

/** A UsageError if whitespace starts or ends one of `parts` (names are exact: never trimmed), but a name `known` to the ring. */
export function exactParts(option: string, text: string, parts: readonly string[], known?: ReadonlyMap<string, unknown>): void {
  if (parts.some((part) => part.trim() !== part && !known?.has(part))) {
    throw new UsageError(`${option} ${JSON.stringify(text)}: no whitespace may start or end a NAME or WEIGHT (region names are exact strings)`);
  }
}

/** `NAME=WEIGHT` → [name, weight], the weight a plain decimal integer the library accepts; a NAME with "=" only one `known` to the ring ("sf=3,london=3" is no region "sf=3,london"). */
export function parseRegionWeight(option: string, text: string, known?: ReadonlyMap<string, number>): [string, number] {
  const eq = text.lastIndexOf("=");
  if (eq <= 0) throw new UsageError(`${option} expects NAME=WEIGHT, got ${JSON.stringify(text)}`);
  const [name, weight] = [text.slice(0, eq), text.slice(eq + 1)];
  exactParts(option, text, [name, weight], known);
  if (name.includes("=") && !known?.has(name)) throw new UsageError(`${option} ${JSON.stringify(text)}: a NAME may not hold "=" (one NAME=WEIGHT a flag: repeat ${option} for each region)`);
  return [name, parseInteger(`${option} ${text}: weight`, weight, 0, MAX_WEIGHT)];
}

/**
 * A router of `ring`'s dialect with `entries` added in order, or a UsageError naming `whereOf(i)` (entry
 * i) or `where` (the whole); too many virtual nodes name `perWeight` too (the per-weight option's source).
 */
export function buildRing(
  ring: Dialect,
  entries: readonly (readonly [string, number])[],
  where: string,
  whereOf: (i: number) => string,
  perWeight: string,
): RegionRouter {
  const counts = ring.names(entries.map(([, weight]) => weight));
  const i = counts.findIndex((count) => count > MAX_VNODES);
  if (i >= 0) {
    const [region, weight] = entries[i];
    const most = `more than the ${MAX_VNODES} a region may have`;
    if (ring.relative) {
      const [option] = Object.values(ring.options), per = option === undefined ? "" : ` (${perWeight} ${option})`;
      throw new UsageError(`${whereOf(i)}: region ${JSON.stringify(region)} would have ${counts[i]} virtual nodes in ${ring.name}${per}, ${most}`);
    }
    throw new UsageError(`${whereOf(i)}: weight × ${perWeight} = ${weight} × ${counts[i] / weight} = ${counts[i]} virtual nodes, ${most}`);
  }
  const router = new RegionRouter({ compatibleWith: ring.name, ...ring.options } as RouterOptions);
  // One update: in the dialects whose counts are relative, each addRegion would rebuild the ring.
  asUsage(where, () => router.addRegions(entries));
  return router;
}

/** Where an absolute dialect's per-weight option came from: the --ring file (prefix ""), a flag, `inherited`, or the default. */
export function perWeightSource(ring: Dialect, args: ParsedArgs, prefix: string, inherited?: string): string {
  const option = Object.keys(ring.options)[0] ?? "";
  if (prefix === "" && args.has("ring")) return `the --ring file's ${option}`;
  const flag = `${prefix}${flagOf(option)}`;
  if (args.has(flag)) return `--${flag}`;
  return inherited ?? `${ring.name}'s default ${wordsOf(option)}`;
}

/** Build the ring the options describe (`fallback`'s --region values when they give none), or throw a UsageError saying what is wrong with them. */
export async function ringFromOptions(args: ParsedArgs, fallback: readonly string[] = []): Promise<RegionRouter> {
  const file = args.one("ring");
  const given = args.all("region"), regions = given.length > 0 || file !== undefined ? given : fallback;
  if (file !== undefined && regions.length > 0) throw new UsageError("--ring cannot be combined with --region (the file defines the whole ring)");
  if (file !== undefined) return ringFromFile(args, "ring", "", file);
  if (regions.length === 0) throw new UsageError("no ring given: use --ring FILE or --region NAME=WEIGHT (repeatable)");
  const entries = new Map<string, number>();
  for (const text of regions) {
    const [name, weight] = parseRegionWeight("--region", text);
    if (entries.has(name)) throw new UsageError(`--region ${name} is given more than once`);
    entries.set(name, weight);
  }
  const ring = dialectFromFlags(args, "", DEFAULT_DIALECT, "the default dialect");
  // Named as typed (`--region sf=02000`), not as parsed.
  return buildRing(ring, [...entries], "--region", (i) => `--region ${regions[i]}`, perWeightSource(ring, args, ""));
}

/** ringFromOptions' ring, refused unless some region owns a position (then every id has a region), which weights alone do not tell. */
export async function routableRing(args: ParsedArgs, fallback?: readonly string[]): Promise<RegionRouter> {
  const router = await ringFromOptions(args, fallback);
  if (router.route("") !== null) return router;
  throw new UsageError("the ring has no positions (every weight is 0, or every region's share of its dialect's names rounds down to none): nothing to route to");
}

/** The ring in the snapshot file of `--<flag>` (ring, plan's to; "-": stdin); dialect flags after `prefix` must agree with it. */
export async function ringFromFile(args: ParsedArgs, flag: string, prefix: string, path: string): Promise<RegionRouter> {
  // readText drops a byte order mark (RFC 8259 lets a parser ignore it; JSON.parse does not).
  const text = await readText(path, `--${flag} file`);
  const where = path === "-" ? `--${flag} - (stdin)` : `--${flag} file ${JSON.stringify(path)}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
  const router = asUsage(where, () => RegionRouter.fromJSON(value));
  if (hasDialectFlags(args, prefix)) checkFileDialect(args, prefix, internalsOf(router).dialect, where, value as object);
  return router;
}
