// The ring every command works on: `--ring FILE` (a toJSON() snapshot) or repeated
// `--region NAME=WEIGHT` with optional `--vnodes-per-weight K`. The two ways are exclusive.
import { readFileSync } from "node:fs";
import { RegionRouter } from "../index.js";
import { MAX_VNODES, MAX_VNODES_PER_WEIGHT } from "../options.js";
import { MAX_WEIGHT } from "../validate.js";
import type { OptionSpecs, ParsedArgs } from "./args.js";
import { asUsage, fileError, UsageError } from "./usage-error.js";

export const RING_OPTIONS: OptionSpecs = {
  ring: { kind: "string" },
  region: { kind: "string", multiple: true },
  "vnodes-per-weight": { kind: "string" },
};

export const RING_HELP = `Ring (one of):
  --ring FILE                 a ring snapshot: the JSON of RegionRouter#toJSON(),
                              { "version": 1, "vnodesPerWeight": K, "regions": [[name, weight], ...] }
  --region NAME=WEIGHT        a region and its weight (integer 0..${MAX_WEIGHT}); repeat for each region
  --vnodes-per-weight K       virtual nodes per unit of weight with --region (default 1)`;

/** `NAME=WEIGHT` → [name, weight], the weight a plain decimal integer the library accepts. */
export function parseRegionWeight(option: string, text: string): [string, number] {
  const eq = text.lastIndexOf("=");
  if (eq <= 0) throw new UsageError(`${option} expects NAME=WEIGHT, got ${JSON.stringify(text)}`);
  return [text.slice(0, eq), parseInteger(`${option} ${text}: weight`, text.slice(eq + 1), 0, MAX_WEIGHT)];
}

/**
 * A decimal integer from `min` to `max`, or a UsageError that starts with `what` (the option as the
 * person typed it) and may offer `other` choices ("auto or ").
 */
export function parseInteger(what: string, text: string, min: number, max: number, other = ""): number {
  const digits = /^[0-9]+$/.test(text);
  const value = digits ? Number(text) : NaN;
  if (value >= min && value <= max) return value;
  throw new UsageError(`${what} must be ${other}an integer from ${min} to ${max}, got ${digits ? text : JSON.stringify(text)}`);
}

/**
 * A UsageError unless a region of `weight` fits in the virtual nodes a region may have, at
 * `vnodesPerWeight` (shown as `perWeight`: the option that set it, or where it came from).
 */
export function checkVnodes(where: string, weight: number, vnodesPerWeight: number, perWeight: string): void {
  const vnodes = weight * vnodesPerWeight;
  if (vnodes <= MAX_VNODES) return;
  throw new UsageError(
    `${where}: weight × ${perWeight} = ${weight} × ${vnodesPerWeight} = ${vnodes} virtual nodes, more than the ${MAX_VNODES} a region may have`,
  );
}

/** Build the ring the options describe, or throw a UsageError saying what is wrong with them. */
export function ringFromOptions(args: ParsedArgs): RegionRouter {
  const file = args.one("ring");
  const regions = args.all("region");
  if (file !== undefined && (regions.length > 0 || args.has("vnodes-per-weight"))) {
    throw new UsageError("--ring cannot be combined with --region or --vnodes-per-weight (the file defines the whole ring)");
  }
  if (file !== undefined) return ringFromFile(file);
  if (regions.length === 0) throw new UsageError("no ring given: use --ring FILE or --region NAME=WEIGHT (repeatable)");
  const entries: [string, number][] = [];
  const seen = new Set<string>();
  for (const text of regions) {
    const [name, weight] = parseRegionWeight("--region", text);
    if (seen.has(name)) throw new UsageError(`--region ${name} is given more than once`);
    seen.add(name);
    entries.push([name, weight]);
  }
  const vnodes = args.one("vnodes-per-weight");
  const vnodesPerWeight = vnodes === undefined ? 1 : parseInteger("--vnodes-per-weight", vnodes, 1, MAX_VNODES_PER_WEIGHT);
  const router = new RegionRouter({ vnodesPerWeight });
  for (const [name, weight] of entries) {
    const where = `--region ${name}=${weight}`;
    checkVnodes(where, weight, vnodesPerWeight, "--vnodes-per-weight");
    asUsage(where, () => router.addRegion(name, weight));
  }
  return router;
}

function ringFromFile(path: string): RegionRouter {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw fileError("--ring file", path, error);
  }
  const where = `--ring file ${JSON.stringify(path)}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
  return asUsage(where, () => RegionRouter.fromJSON(value));
}
