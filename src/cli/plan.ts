// `region-router plan`: what moves, exactly, when regions are added, removed or re-weighted.
import { type Movement, movement, type RegionRouter } from "../index.js";
import { parseArgs } from "./args.js";
import type { Command } from "./command.js";
import { type Input, openInputs } from "./inputs.js";
import { decodeLines, lineChunks } from "./lines.js";
import { LongLine, routeDigest, writeLongId } from "./long-line.js";
import { writeOut } from "./output.js";
import { checkVnodes, parseRegionWeight, RING_HELP, RING_OPTIONS, ringFromOptions } from "./ring-options.js";
import { escapeName } from "./escape.js";
import { columns, percent } from "./table.js";
import { asUsage, noPositionals, UsageError } from "./usage-error.js";

export const plan: Command = {
  name: "plan",
  summary: "the exact movement plan for adding, removing or re-weighting regions",
  help: `Usage: region-router plan [ring options] (--add NAME=W | --remove NAME | --set NAME=W)...
                          [--sessions FILE] [--json]

Compares the ring with the ring after the changes and prints the exact fraction of the key
space that changes region, and each from → to flow (computed from the rings' arcs, not sampled).
With --sessions, also lists the sessions (one id per line in FILE, "-" for stdin) that move,
as "id<TAB>from<TAB>to" lines. Region names with a backslash or control character are escaped in
text output (\\\\, \\n, \\r, \\t, \\u00XX).

${RING_HELP}

Changes (each repeatable, each region at most once):
  --add NAME=W                add a region that is not in the ring
  --remove NAME               remove a region of the ring
  --set NAME=W                give a region of the ring a new weight

Options:
  --sessions FILE             also list which of these sessions move, and where
  --json                      print { "moved", "flows": [{ "from", "to", "fraction" }] } (the
                              library's movement()), plus "sessions": [{ "id", "from", "to" }]
                              with --sessions; fractions, not percentages; null = no region
  -h, --help                  show this help
`,
  async run(args) {
    const parsed = parseArgs("plan", args, {
      ...RING_OPTIONS,
      add: { kind: "string", multiple: true },
      remove: { kind: "string", multiple: true },
      set: { kind: "string", multiple: true },
      sessions: { kind: "string" },
      json: { kind: "boolean" },
    });
    noPositionals("plan", parsed.positionals);
    const before = ringFromOptions(parsed);
    const { after, changes } = applyChanges(before, parsed.all("add"), parsed.all("remove"), parsed.all("set"));
    const sessionsFile = parsed.one("sessions");
    const sessions = sessionsFile === undefined ? null : openInputs([sessionsFile], "--sessions file")[0];
    const moves = movement(before, after);
    const json = parsed.has("json");

    if (json) {
      const summary = JSON.stringify(moves);
      if (!sessions) return writeOut(`${summary}\n`);
      // Streamed, so any number of sessions fits: {"moved":…,"flows":[…],"sessions":[…]}.
      await writeOut(`${summary.slice(0, -1)},"sessions":[`);
      let first = true;
      const comma = () => {
        const separator = first ? "" : ",";
        first = false;
        return separator;
      };
      await forMovedSessions(
        before,
        after,
        sessions,
        (rows) => writeOut(rows.map(([id, from, to]) => `${comma()}${JSON.stringify({ id, from, to })}`).join("")),
        async (line, from, to) => {
          await writeOut(`${comma()}{"id":"`);
          await writeLongId(line, true, writeOut);
          await writeOut(`","from":${JSON.stringify(from)},"to":${JSON.stringify(to)}}`);
        },
      );
      return writeOut("]}\n");
    }

    await writeOut(describeMovement(changes, moves));
    if (!sessions) return;
    await writeOut("\nsessions that move (id, from, to):\n");
    let moved = 0;
    const total = await forMovedSessions(
      before,
      after,
      sessions,
      (rows) => {
        moved += rows.length;
        return writeOut(rows.map(([id, from, to]) => `${id}\t${shown(from)}\t${shown(to)}\n`).join(""));
      },
      async (line, from, to) => {
        moved++;
        await writeLongId(line, false, writeOut);
        await writeOut(`\t${shown(from)}\t${shown(to)}\n`);
      },
    );
    await writeOut(`${moved} of ${total} sessions move${total > 0 ? ` (${percent(moved / total)})` : ""}\n`);
  },
};

type Region = string | null;

/**
 * Reads the sessions and hands over those whose region differs between the two rings: a piece's
 * worth at a time as [id, from, to] rows, or a LongLine on its own. Resolves to how many were read.
 */
async function forMovedSessions(
  before: RegionRouter,
  after: RegionRouter,
  sessions: Input,
  rows: (moved: [string, Region, Region][]) => Promise<void>,
  long: (line: LongLine, from: Region, to: Region) => Promise<void>,
): Promise<number> {
  let total = 0;
  for await (const lines of lineChunks(sessions)) {
    if (lines instanceof LongLine) {
      total++;
      const from = routeDigest(before, lines.digest);
      const to = routeDigest(after, lines.digest);
      if (from !== to) await long(lines, from, to);
      continue;
    }
    const ids = decodeLines(lines);
    total += ids.length;
    await rows([...movedSessions(before, after, ids)]);
  }
  return total;
}

const NONE = "(none)";

/** A region as the text output shows it: escaped (escape.ts), or NONE for no region. */
function shown(region: Region): string {
  return region === null ? NONE : escapeName(region);
}

/** The ring after the changes, and the changes as text; a UsageError for any that cannot apply. */
function applyChanges(
  before: RegionRouter,
  adds: readonly string[],
  removes: readonly string[],
  sets: readonly string[],
): { after: RegionRouter; changes: string[] } {
  if (adds.length + removes.length + sets.length === 0) {
    throw new UsageError("plan needs at least one change: --add NAME=W, --remove NAME or --set NAME=W");
  }
  const weights = before.weights();
  const named = new Set<string>();
  const once = (option: string, name: string) => {
    if (named.has(name)) throw new UsageError(`${option} ${name}: region ${JSON.stringify(name)} is changed more than once in this plan`);
    named.add(name);
  };
  const after = before.clone();
  const changes: string[] = [];
  for (const name of removes) {
    once("--remove", name);
    if (!weights.has(name)) throw new UsageError(`--remove ${name}: no region ${JSON.stringify(name)} in the ring`);
    after.removeRegion(name);
    changes.push(`remove ${escapeName(name)}`);
  }
  for (const text of sets) {
    const [name, weight] = parseRegionWeight("--set", text);
    once("--set", name);
    if (!weights.has(name)) throw new UsageError(`--set ${text}: no region ${JSON.stringify(name)} in the ring (use --add)`);
    checkVnodes(`--set ${text}`, weight, after.vnodesPerWeight ?? 1, "vnodes per weight");
    asUsage(`--set ${text}`, () => after.addRegion(name, weight));
    changes.push(`set ${escapeName(name)} weight ${weights.get(name)} → ${weight}`);
  }
  for (const text of adds) {
    const [name, weight] = parseRegionWeight("--add", text);
    once("--add", name);
    if (weights.has(name)) throw new UsageError(`--add ${text}: region ${JSON.stringify(name)} is already in the ring (use --set)`);
    checkVnodes(`--add ${text}`, weight, after.vnodesPerWeight ?? 1, "vnodes per weight");
    asUsage(`--add ${text}`, () => after.addRegion(name, weight));
    changes.push(`add ${escapeName(name)} weight ${weight}`);
  }
  return { after, changes };
}

function describeMovement(changes: readonly string[], { moved, flows }: Movement): string {
  const flowRows = flows.map(({ from, to, fraction }) => [shown(from), "→", shown(to), percent(fraction)]);
  return (
    `plan: ${changes.join(", ")}\n` +
    `moved: ${percent(moved)} of the key space\n` +
    (flowRows.length > 0 ? `\n${columns([["from", "", "to", "share of keys"], ...flowRows], [0, 1, 2])}` : "")
  );
}

/** [id, from, to] for each id whose region differs between the two rings. */
function* movedSessions(before: RegionRouter, after: RegionRouter, ids: readonly string[]): Generator<[string, Region, Region]> {
  const from = before.routeMany(ids);
  const to = after.routeMany(ids);
  for (let i = 0; i < ids.length; i++) if (from[i] !== to[i]) yield [ids[i], from[i], to[i]];
}
