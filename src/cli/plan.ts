// `region-router plan`: what moves, exactly, when regions are added, removed or re-weighted.
import type { Dialect } from "../dialects.js";
import { MAX_REGIONS, type Movement, movement, type RegionRouter } from "../node.js";
import { internalsOf } from "../internals.js";
import { describe } from "../validate.js";
import { type Command, type ParsedArgs, parseArgs, REPEATED, STRING } from "./args.js";
import { describeDialect, dialectFromFlags, dialectSpecs, hasDialectFlags } from "./dialect-flags.js";
import { openInputs, stdinOnce } from "./inputs.js";
import { routeLines } from "./line-router.js";
import { FORMAT_OPTIONS, printsJson, writeOut } from "./output.js";
import { JSON_ID, type LineFormat, NOTHING } from "./render.js";
import { buildRing, exactParts, parseRegionWeight, perWeightSource, RING_HELP, RING_OPTIONS, ringFromFile, ringFromOptions } from "./ring-options.js";
import { escapeName } from "./escape.js";
import { columns, hundredths, percent } from "./table.js";
import { UsageError } from "./usage-error.js";

export const plan: Command = {
  name: "plan",
  summary: "the exact movement plan for adding, removing or re-weighting regions",
  help: `Usage: region-router plan [ring options] (--add NAME=W | --remove NAME | --set NAME=W)...
                          [--to-compatible-with NAME] [--to-OPTION N]... [--sessions FILE] [--json]
       region-router plan [ring options] --to FILE [--sessions FILE] [--json]

Prints the exact fraction of the key space that changes region between the ring and the ring
after the changes, and each from → to flow (from the rings' arcs, not sampled). Region names are
escaped in text output as JSON escapes them.

${RING_HELP}

Changes (each repeatable, each region at most once):
  --add NAME=W                add a region that is not in the ring
  --remove NAME               remove a region of the ring
  --set NAME=W                give a region of the ring a new weight

Migration (the same regions and weights in another dialect or with other options, then the
changes, if any):
  --to-compatible-with NAME   the dialect after (default: the ring's own)
  ${Object.keys(dialectSpecs("to-")).slice(1).map((flag) => `--${flag} N`).join(", ")}
                              its options; one not given keeps the ring's value in the ring's
                              own dialect, else takes the dialect's default
  --to FILE                   or the whole ring after, from a snapshot; not with --add, --remove,
                              --set; --to-compatible-with and the --to- options then check it

Options:
  --sessions FILE             also list the sessions (one id a line, "-" for stdin) that move,
                              as "id<TAB>from<TAB>to" lines
  --json, --format json       print movement()'s { "moved", "flows": [{ "from", "to", "fraction"
                              }] }, and "sessions": [{ "id", "from", "to" }] with --sessions
                              (null: no region); --format text is the plan as text (the default)
  -h, --help                  show this help
`,
  async run(args) {
    const specs = { ...RING_OPTIONS, ...CHANGE_OPTIONS, to: STRING, sessions: STRING, ...FORMAT_OPTIONS };
    const parsed = parseArgs("plan", args, specs);
    stdinOnce(Object.fromEntries(["ring", "to", "sessions"].map((flag) => [`--${flag} -`, parsed.one(flag) === "-"])));
    const before = await ringFromOptions(parsed);
    const { after, changes } = await ringAfter(before, parsed);
    const moves = movement(before, after);
    const sessions = parsed.has("sessions") ? openInputs(parsed.all("sessions"), "--sessions file")[0] : null;
    if (printsJson(parsed, "text")) {
      const summary = JSON.stringify(moves);
      if (!sessions) return writeOut(`${summary}\n`);
      // Streamed, so any number of sessions fits: {"moved":…,"flows":[…],"sessions":[…]}.
      await writeOut(`${summary.slice(0, -1)},"sessions":[`);
      await routeLines([sessions], [before, after], movedFormat(before, after, true));
      return writeOut("]}\n");
    }
    await writeOut(describeMovement(changes, moves));
    if (!sessions) return;
    await writeOut("\nsessions that move (id, from, to):\n");
    const format = movedFormat(before, after, false);
    const total = await routeLines([sessions], [before, after], format);
    await writeOut(`${format.moved} of ${total} sessions move${total > 0 ? ` (${percent(format.moved / total)})` : ""}\n`);
  },
};

const COMMA_JSON_ID = Buffer.from(',{"id":');

/** The sessions whose region differs between the rings, `moved` of them: "id<TAB>from<TAB>to" lines, or { "id", "from", "to" } elements. */
function movedFormat(before: RegionRouter, after: RegionRouter, json: boolean): LineFormat & { moved: number } {
  const [was, now] = [internalsOf(before).names, internalsOf(after).names];
  return {
    json,
    moved: 0,
    around(owners, i) {
      const [from, to] = [owners[0][i] < 0 ? null : (was[owners[0][i]] as string), owners[1][i] < 0 ? null : (now[owners[1][i]] as string)];
      if (from === to) return null;
      const head = !json ? NOTHING : this.moved > 0 ? COMMA_JSON_ID : JSON_ID;
      this.moved++;
      return { head, tail: Buffer.from(json ? `,"from":${JSON.stringify(from)},"to":${JSON.stringify(to)}}` : `\t${shown(from)}\t${shown(to)}\n`) };
    },
  };
}

/** A region as the text output shows it: escaped (escape.ts), or "(none)" for no region. */
const shown = (region: string | null): string => (region === null ? "(none)" : escapeName(region));

/** "compatible with hashring (vnode count 40, replicas 4) → region-router (vnodes per weight 1)" */
const dialectChange = (from: Dialect, to: Dialect): string => `compatible with ${describeDialect(from)} → ${describeDialect(to)}`;

/** The changes' flags (plan's and snapshot's): --add, --remove, --set, and the dialect after. */
export const CHANGE_OPTIONS = { add: REPEATED, remove: REPEATED, set: REPEATED, ...dialectSpecs("to-") };

/** The ring after the changes (--to FILE, or a new dialect and --add, --remove, --set) and them as text; with none, a UsageError, or `before` if `unchanged`. */
export async function ringAfter(before: RegionRouter, parsed: ParsedArgs, unchanged = false): Promise<{ after: RegionRouter; changes: string[] }> {
  const edits = { adds: parsed.all("add"), removes: parsed.all("remove"), sets: parsed.all("set") };
  const editing = edits.adds.length + edits.removes.length + edits.sets.length > 0;
  const file = parsed.one("to");
  if (file !== undefined) {
    if (editing) throw new UsageError("--to cannot be combined with --add, --remove or --set (the file defines the whole ring after)");
    const after = await ringFromFile(parsed, "to", "to-", file);
    return { after, changes: differences(before, after) };
  }
  const migrating = hasDialectFlags(parsed, "to-");
  if (!migrating && !editing) {
    if (unchanged) return { after: before, changes: [] };
    throw new UsageError("plan needs at least one change: --add NAME=W, --remove NAME, --set NAME=W, --to FILE or --to-compatible-with NAME");
  }
  // Without --to- flags the dialect after is the ring's own, and its per-weight option too.
  const from = internalsOf(before).dialect;
  const to = dialectFromFlags(parsed, "to-", from, "the ring's dialect");
  const flag = !migrating ? null : parsed.has("to-compatible-with") ? `--to-compatible-with ${to.name}` : "the ring after";
  const perWeight = perWeightSource(to, parsed, "to-", to.name === from.name ? perWeightSource(from, parsed, "") : undefined);
  return applyChanges(before, { ring: to, flag, perWeight }, migrating ? [dialectChange(from, to)] : [], edits);
}

/** A change as text: a region removed (`now` undefined), added (`was` undefined) or set to a new weight. */
function changeText(name: string, was: number | undefined, now: number | undefined): string {
  if (now === undefined) return `remove ${escapeName(name)}`;
  return was === undefined ? `add ${escapeName(name)} weight ${now}` : `set ${escapeName(name)} weight ${was} → ${now}`;
}

/** What differs between two rings, as the changes that would turn one into the other. */
function differences(before: RegionRouter, after: RegionRouter): string[] {
  const [from, to] = [internalsOf(before).dialect, internalsOf(after).dialect];
  const changes = describeDialect(from) === describeDialect(to) ? [] : [dialectChange(from, to)];
  const [was, now] = [before.weights(), after.weights()];
  for (const [name, weight] of was) if (!now.has(name)) changes.push(changeText(name, weight, undefined));
  for (const [name, weight] of now) if (was.has(name) && was.get(name) !== weight) changes.push(changeText(name, was.get(name), weight));
  for (const [name, weight] of now) if (!was.has(name)) changes.push(changeText(name, undefined, weight));
  // In the dialects of 32-bit points the regions' order decides equal points: part of the ring.
  if (changes.length === 0) changes.push(before.fingerprint() === after.fingerprint() ? "no change" : "the same regions in another order");
  return changes;
}

/**
 * `before`'s regions in the dialect `ring` with the changes made in turn (a set region moved to the end,
 * added ones after) and `changes` as text; built once, whole, as a step on the way could pass a limit
 * the whole plan keeps to. Messages name the migration `flag` (null: none) and `perWeight`.
 */
function applyChanges(
  before: RegionRouter,
  { ring, flag, perWeight }: { ring: Dialect; flag: string | null; perWeight: string },
  changes: string[],
  { adds, removes, sets }: Record<"adds" | "removes" | "sets", readonly string[]>,
): { after: RegionRouter; changes: string[] } {
  const [weights, final] = [before.weights(), before.weights()];
  /** Region -> the change that gives its weight, as typed. */
  const typed = new Map<string, string>();
  const kinds = [["--remove", removes], ["--set", sets], ["--add", adds]] as const;
  for (const [option, texts] of kinds) {
    for (const text of texts) {
      const [adding, removing] = [option === "--add", option === "--remove"];
      // Names the ring holds may have whitespace (exactParts); an added one may not.
      if (removing) exactParts(option, text, [text], weights);
      const [name, weight] = removing ? [text, undefined] : parseRegionWeight(option, text, adding ? undefined : weights);
      const quoted = JSON.stringify(name);
      if (typed.has(name)) throw new UsageError(`${option} ${text}: region ${quoted} is changed more than once in this plan`);
      typed.set(name, `${option} ${text}`);
      if (adding && weights.has(name)) throw new UsageError(`${option} ${text}: region ${quoted} is already in the ring (use --set)`);
      if (!adding && !weights.has(name)) throw new UsageError(`${option} ${text}: no region ${quoted} in the ring${removing ? "" : " (use --add)"}`);
      final.delete(name);
      if (weight !== undefined) final.set(name, weight);
      changes.push(changeText(name, weights.get(name), weight));
    }
  }
  const entries = [...final];
  // Kept and set regions are at most the ring's own count, so the first region past the limit is added.
  if (entries.length > MAX_REGIONS) {
    throw new UsageError(`${typed.get(entries[MAX_REGIONS][0])}: at most ${MAX_REGIONS} regions: no room for ${describe(entries[MAX_REGIONS][0])}`);
  }
  // At fault for too many names: where counts are absolute, what gave the weight; where relative, every change.
  const all = [...(flag === null ? [] : [flag]), ...typed.values()].join(", ");
  const whereOf = (i: number) => {
    const migrated = `${flag}, region ${JSON.stringify(entries[i][0])}`;
    if (!ring.relative) return typed.get(entries[i][0]) ?? (flag === null ? all : migrated);
    return typed.size === 0 ? migrated : all;
  };
  return { after: buildRing(ring, entries, all, whereOf, perWeight), changes };
}

function describeMovement(changes: readonly string[], { moved, flows, exact, standardError }: Movement): string {
  // A sampled estimate (exact false) says so, with its standard error.
  const about = exact === false ? "≈" : "";
  const error = exact === false && standardError !== undefined ? ` (estimated; standard error ${hundredths(standardError)} pp)` : "";
  const flowRows = flows.map(({ from, to, fraction }) => [shown(from), "→", shown(to), about + percent(fraction)]);
  return (
    `plan: ${changes.join(", ")}\n` +
    `moved: ${about}${percent(moved)} of the key space${error}\n` +
    (flowRows.length > 0 ? `\n${columns([["from", "", "to", "share of keys"], ...flowRows], [0, 1, 2])}` : "")
  );
}
