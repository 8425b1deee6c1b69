// What `region-router bench` prints: one JSON document, or the same as text (a line on the ring and
// ids, a table of the calls, the machine).
import { internalsOf } from "../internals.js";
import type { RegionRouterBase } from "../router.js";
import { describeDialect } from "../cli/dialect-flags.js";
import { escapeName } from "../cli/escape.js";
import { columns, counted } from "../cli/table.js";
import type { CallsToTime, Timing } from "./calls.js";
import { machine, machineLine } from "./machine.js";

/** What was timed, besides the timings: the ids' source ("random UUIDs", a file's name). */
export interface BenchRun extends CallsToTime {
  readonly idsFrom: string;
  readonly timings: readonly Timing[];
}

/** The run as one JSON document: ns are of CPU time per id. */
export function benchJson({ router, ids, idsFrom, batch, rounds, time, timings }: BenchRun): string {
  const { dialect, regions } = internalsOf(router);
  const vnodes = [...regions.values()].reduce((sum, { names }) => sum + names, 0);
  const ring = { compatibleWith: dialect.name, options: dialect.options, regions: regions.size, vnodes, fingerprint: router.fingerprint() };
  const idsSummary = { count: ids.length, from: idsFrom, meanBytes: meanBytes(ids) };
  return `${JSON.stringify({ machine: machine(), node: process.version, ring, ids: idsSummary, batch, rounds, msPerRound: time, timings })}\n`;
}

/** The run as text: the ring and ids, a table of the calls (ns of CPU time per id), the machine. */
export function benchText({ router, ids, idsFrom, batch, rounds, time, timings }: BenchRun): string {
  const { dialect, regions } = internalsOf(router);
  const ns = (value: number) => (value >= 100 ? String(Math.round(value)) : value.toFixed(1));
  const rows = timings.map(({ call, engine, median, min, max, ratio }) => [call, engine, ns(median), `${ns(min)}-${ns(max)}`, `${ratio.toFixed(2)}x`]);
  return (
    `ring: ${counted(regions.size, "region")}${listed(regions)}, compatible with ${describeDialect(dialect)}, fingerprint ${router.fingerprint()}\n` +
    `ids: ${count(ids.length)} (${idsFrom}, ${meanBytes(ids).toFixed(1)} bytes on average), ${count(batch)} a batch call\n` +
    `ns of CPU time per id: the median of ${rounds} alternating rounds of ${time} ms a call, their range, and the ratio to route on WebAssembly\n\n` +
    columns([["call", "engine", "ns per id", "range", "vs route"], ...rows], [0, 1]) +
    `\n${machineLine()}\n`
  );
}

const count = (n: number): string => n.toLocaleString("en");

/** At most LISTED regions as NAME=WEIGHT, in parentheses, names as stats and plan show them (escapeName); more, none. */
const LISTED = 8;
function listed(regions: ReadonlyMap<string, { readonly weight: number }>): string {
  return regions.size > LISTED ? "" : ` (${[...regions].map(([name, { weight }]) => `${escapeName(name)}=${weight}`).join(", ")})`;
}

/** Mean UTF-8 bytes of an id. */
const meanBytes = (ids: readonly string[]): number => ids.reduce((sum, id) => sum + Buffer.byteLength(id), 0) / ids.length;
