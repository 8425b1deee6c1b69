// `region-router bench`'s run, once its flags are read: the ids, the comparison, the timings, the report.
import { asUsage, UsageError } from "../cli/usage-error.js";
import type { RegionRouterBase } from "../router.js";
import { timeCalls } from "./calls.js";
import { hashringOf } from "./hashring.js";
import { benchIds } from "./ids.js";
import { benchJson, benchText } from "./report.js";
import type { RoundOptions } from "./rounds.js";

export interface BenchSettings {
  /** A WebAssembly router. */
  readonly router: RegionRouterBase;
  /** The --ids file, if any. */
  readonly idsFile: string | undefined;
  readonly batch: number;
  readonly rounds: number;
  readonly time: number;
  /** Also time npm hashring. */
  readonly hashring: boolean;
  readonly json: boolean;
  readonly onRound: RoundOptions["onRound"];
}

/** Time the calls as `settings` say; the report, as JSON or text. */
export async function runBench({ router, idsFile, batch, rounds, time, hashring, json, onRound }: BenchSettings): Promise<string> {
  const compare = hashring ? hashringOf(router, process.cwd()) : undefined;
  if (compare === null) throw new UsageError(`--compare hashring: npm hashring is not installed in ${JSON.stringify(process.cwd())} nor beside region-router`);
  const { ids, from } = await benchIds(idsFile);
  const calls = { router, ids, batch: Math.min(batch, ids.length), rounds, time, compare };
  const timings = await asUsage("--ids", () => timeCalls({ ...calls, onRound }));
  return (json ? benchJson : benchText)({ ...calls, timings, idsFrom: from });
}
