// Region names with control characters. The library accepts any string as a
// region name, so a ring can hold "eu\nwest" or "a\tb"; the line-oriented outputs (route's TSV,
// stats' table, plan's text and --sessions lines) escape such names so that one input line stays
// one output line and a TSV line keeps its columns: "\\" → \\, newline → \n, carriage return → \r,
// tab → \t, any other control character (U+0000-U+001F, U+007F-U+009F) → \u00XX. JSON outputs
// carry the names as they are (JSON escapes them itself).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { movement, RegionRouter } from "../../src/index.js";
import { ok } from "../support/cli.js";

const dir = mkdtempSync(join(tmpdir(), "region-router-cli-names-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REGIONS: [string, number][] = [
  ["eu\nwest", 3],
  ["tab\tbed", 3],
  ["back\\slash", 2],
  ["cr\rlf", 2],
  ["esc\x1b[31mred\x7f\x85", 2],
  ["plain", 1],
];
const ESCAPED = ["eu\\nwest", "tab\\tbed", "back\\\\slash", "cr\\rlf", "esc\\u001b[31mred\\u007f\\u0085", "plain"];
const escaped = new Map(REGIONS.map(([name], i) => [name, ESCAPED[i]]));

const ringPath = join(dir, "ring.json");
writeFileSync(ringPath, JSON.stringify({ version: 1, vnodesPerWeight: 20, regions: REGIONS }));
const regionFlags = [...REGIONS.flatMap(([name, weight]) => ["--region", `${name}=${weight}`]), "--vnodes-per-weight", "20"];
const RINGS: [string, string[]][] = [
  ["--ring", ["--ring", ringPath]],
  ["--region", regionFlags],
];

const library = new RegionRouter({ vnodesPerWeight: 20 });
library.addRegions(REGIONS);

const IDS = Array.from({ length: 300 }, (_, i) => `session-${i}`);
const linesOf = (text: string) => {
  const lines = text.split("\n");
  expect(lines.pop()).toBe("");
  return lines;
};

describe.each(RINGS)("region names with control characters (ring from %s)", (_how, ring) => {
  it("route: one TSV line of two columns per input line, the region escaped", () => {
    const lines = linesOf(ok(["route", ...ring], IDS.join("\n")));
    expect(lines).toEqual(IDS.map((id) => `${id}\t${escaped.get(library.route(id)!)}`));
    // Every region shows up, so every escape is exercised.
    expect(new Set(lines.map((line) => line.split("\t")[1])).size).toBe(REGIONS.length);
  });

  it("route, a non-ASCII input (the routeMany path): the same", () => {
    const ids = IDS.map((id) => `${id}-é`);
    expect(linesOf(ok(["route", ...ring], ids.join("\n")))).toEqual(ids.map((id) => `${id}\t${escaped.get(library.route(id)!)}`));
  });

  it("route --format json: the names as they are", () => {
    const lines = linesOf(ok(["route", ...ring, "--format", "json"], IDS.join("\n")));
    expect(lines.map((line) => JSON.parse(line))).toEqual(IDS.map((id) => ({ id, region: library.route(id) })));
  });

  it("stats: one table row per region, names escaped; --json as they are", () => {
    const lines = linesOf(ok(["stats", ...ring]));
    // Header, a row per region, a blank line, the summary.
    expect(lines.length).toBe(REGIONS.length + 3);
    REGIONS.forEach((_, i) => expect(lines[i + 1].startsWith(`${ESCAPED[i]} `)).toBe(true));
    // The columns line up: every row is as wide up to the bar as the header's "deviation".
    const deviationEnd = lines[0].indexOf("deviation") + "deviation".length;
    for (const row of lines.slice(1, REGIONS.length + 1)) expect(row.slice(deviationEnd - 3, deviationEnd)).toBe(" pp");
    const stats = JSON.parse(ok(["stats", ...ring, "--json"]));
    expect(stats.regions.map((row: { region: string }) => row.region)).toEqual(REGIONS.map(([name]) => name));
  });

  it("plan: the change, the flows and each moved session on one line each, names escaped", () => {
    const before = library;
    const after = library.clone();
    after.removeRegion("tab\tbed");
    after.addRegion("new\nregion", 3);
    const moves = movement(before, after);
    const esc = (name: string | null) => (name === null ? "(none)" : (escaped.get(name) ?? name.replace("\n", "\\n")));
    const text = ok(["plan", ...ring, "--remove", "tab\tbed", "--add", "new\nregion=3", "--sessions", "-"], IDS.join("\n"));
    const lines = linesOf(text);
    expect(lines[0]).toBe("plan: remove tab\\tbed, add new\\nregion weight 3");
    const flowLines = lines.slice(4, 4 + moves.flows.length);
    expect(flowLines.map((line) => line.split(/\s+→\s+|\s{2,}/).slice(0, 2))).toEqual(moves.flows.map(({ from, to }) => [esc(from), esc(to)]));
    const moved = IDS.filter((id) => before.route(id) !== after.route(id));
    expect(moved.length).toBeGreaterThan(0);
    const sessionLines = lines.slice(lines.indexOf("sessions that move (id, from, to):") + 1, -1);
    expect(sessionLines).toEqual(moved.map((id) => `${id}\t${esc(before.route(id))}\t${esc(after.route(id))}`));
    expect(lines.at(-1)).toMatch(new RegExp(`^${moved.length} of ${IDS.length} sessions move`));
  });

  it("plan --json: the names as they are", () => {
    const plan = JSON.parse(ok(["plan", ...ring, "--remove", "tab\tbed", "--add", "new\nregion=3", "--json"]));
    const after = library.clone();
    after.removeRegion("tab\tbed");
    after.addRegion("new\nregion", 3);
    expect(plan).toEqual(JSON.parse(JSON.stringify(movement(library, after))));
  });
});

it("a plain name is printed as it is (no escaping without a control character or backslash)", () => {
  const names = ["sf", "東京", "😀 emoji", "quote\"d", "spa ce", "u\u2028sep"];
  const args = names.flatMap((name) => ["--region", `${name}=2`]);
  const router = new RegionRouter();
  router.addRegions(names.map((name) => [name, 2]));
  expect(linesOf(ok(["route", ...args], IDS.join("\n")))).toEqual(IDS.map((id) => `${id}\t${router.route(id)}`));
});
