// The ring every command works on: `--ring FILE` (a toJSON() snapshot) or repeated
// `--region NAME=WEIGHT` with optional `--vnodes-per-weight K`. The two ways are exclusive.
import { readFileSync } from "node:fs";
import { RegionRouter } from "../index.js";
import { checkWeight, MAX_WEIGHT } from "../validate.js";
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

/** `NAME=WEIGHT` → [name, weight]; the weight is a plain decimal integer the library accepts. */
export function parseRegionWeight(option: string, text: string): [string, number] {
  const eq = text.lastIndexOf("=");
  if (eq <= 0) throw new UsageError(`${option} expects NAME=WEIGHT, got ${JSON.stringify(text)}`);
  const name = text.slice(0, eq);
  const digits = text.slice(eq + 1);
  const where = `${option} ${text}`;
  if (!/^[0-9]+$/.test(digits)) {
    throw new UsageError(`${where}: weight must be an integer from 0 to ${MAX_WEIGHT}, got ${JSON.stringify(digits)}`);
  }
  const weight = Number(digits);
  asUsage(where, () => checkWeight(weight));
  return [name, weight];
}

/** A positive decimal integer option; its range is the library's to check. */
export function parseCount(option: string, text: string): number {
  if (!/^[0-9]+$/.test(text)) throw new UsageError(`${option} must be a positive integer, got ${JSON.stringify(text)}`);
  return Number(text);
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
  const vnodesPerWeight = vnodes === undefined ? 1 : parseCount("--vnodes-per-weight", vnodes);
  const router = asUsage("--vnodes-per-weight", () => new RegionRouter({ vnodesPerWeight }));
  for (const [name, weight] of entries) asUsage(`--region ${name}=${weight}`, () => router.addRegion(name, weight));
  return router;
}

function ringFromFile(path: string): RegionRouter {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    throw fileError("ring file", path, error);
  }
  const where = `ring file ${JSON.stringify(path)}`;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
  return asUsage(where, () => RegionRouter.fromJSON(value));
}
