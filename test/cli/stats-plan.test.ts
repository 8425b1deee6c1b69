// `region-router stats` and `plan`, and the ring options they share with `route`, through the
// real bin, checked against the library (whose shares and movement have their own exact tests).
import { describe, expect, it } from "vitest";
import { movement, RegionRouter } from "../../src/index.js";
import { buildRouter } from "../support/build.js";
import { displayWidth } from "../../src/cli/display-width.js";
import { cli, cliBytes, ok, SEED_RING, tempFolder } from "../support/cli.js";
import { percent, points } from "../../src/cli/table.js";

const { file } = tempFolder("region-router-cli-ops-");

const SEED: [string, number][] = [["sf", 3], ["london", 3], ["bangalore", 3]];
const seed = () => buildRouter(RegionRouter, SEED) as RegionRouter;

describe("region-router stats", () => {
  it("--json gives the ring's fingerprint and each region's weight, vnodes, expected and exact share and deviation", () => {
    const { vnodesPerWeight, fingerprint, regions } = JSON.parse(ok(["stats", ...SEED_RING, "--json"]));
    const shares = seed().shares();
    expect(vnodesPerWeight).toBe(1);
    expect(fingerprint).toBe(seed().fingerprint());
    expect(regions).toEqual(
      SEED.map(([region, weight]) => ({
        region,
        weight,
        vnodes: weight,
        expectedShare: weight / 9,
        share: shares.get(region),
        deviation: shares.get(region)! - weight / 9,
      })),
    );
  });

  it("gives a share or a movement that is not 0 as more than 0.00%: two significant digits below that", () => {
    expect([percent(0), percent(6.1e-8), percent(-4e-5), percent(4.9e-5), percent(5e-5), percent(0.15123)]).toEqual(["0.00%", "0.0000061%", "-0.0040%", "0.0049%", "0.01%", "15.12%"]);
    // Never an exponent, down to one position of a 128-bit ring (2^-128) and past it.
    // Two significant digits where rounding reaches the next power of ten too.
    expect([percent(9.96e-9), percent(9.999e-6)]).toEqual(["0.0000010%", "0.0010%"]);
    expect([percent(9.8e-9), percent(2 ** -128), percent(-(2 ** -128))]).toEqual(["0.00000098%", `0.${"0".repeat(36)}29%`, `-0.${"0".repeat(36)}29%`]);
    expect(percent(Number.MIN_VALUE)).toBe(`0.${"0".repeat(100)}%`);
  });

  it("signs every deviation, one that rounds to zero as +0.00 (a tiny negative one too)", () => {
    expect([points(-0.00001), points(0.00004), points(-0.0001), points(0.1821), points(-0.1821)]).toEqual(["+0.00 pp", "+0.00 pp", "-0.01 pp", "+18.21 pp", "-18.21 pp"]);
  });

  it("counts in words that agree with their numbers: 1 region, 1 virtual node; 2 regions, 3 virtual nodes", () => {
    expect(ok(["stats", "--region", "solo=1"])).toMatch(/\n1 region, 1 virtual node, compatible with /);
    expect(ok(["stats", "--region", "a=1", "--region", "b=2"])).toMatch(/\n2 regions, 3 virtual nodes, compatible with /);
  });

  it("counts vnodes as weight × vnodes-per-weight and lists weight-0 regions at 0", () => {
    const stats = JSON.parse(ok(["stats", "--region", "a=2", "--region", "b=0", "--region", "c=5", "--vnodes-per-weight", "40", "--json"]));
    const router = buildRouter(RegionRouter, [["a", 2], ["b", 0], ["c", 5]], 40);
    expect(Object.keys(stats)).toEqual(["compatibleWith", "options", "vnodesPerWeight", "fingerprint", "regions"]);
    expect(stats.compatibleWith).toBe("region-router");
    expect(stats.options).toEqual({ vnodesPerWeight: 40 });
    expect(stats.vnodesPerWeight).toBe(40);
    expect(stats.fingerprint).toBe(router.fingerprint());
    const { regions } = stats;
    const shares = router.shares();
    expect(regions.map((r: { vnodes: number }) => r.vnodes)).toEqual([80, 0, 200]);
    expect(regions.map((r: { share: number }) => r.share)).toEqual([shares.get("a"), 0, shares.get("c")]);
    expect(regions.map((r: { expectedShare: number }) => r.expectedShare)).toEqual([2 / 7, 0, 5 / 7]);
  });

  it("prints a table with percentages, a bar per region and the ring's fingerprint", () => {
    const text = ok(["stats", ...SEED_RING]);
    const router = seed();
    const shares = router.shares();
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^region +weight +vnodes +expected +share +deviation$/);
    for (const [region, weight] of SEED) {
      const share = shares.get(region)!;
      const row = lines.find((line) => line.startsWith(`${region} `))!;
      const deviation = ((share - weight / 9) * 100).toFixed(2);
      expect(row).toContain(`33.33%  ${(share * 100).toFixed(2)}%`);
      expect(row).toContain(`${deviation.startsWith("-") ? "" : "+"}${deviation} pp`);
      expect(row).toMatch(/█/);
    }
    // The largest share gets the full bar; the others are shorter.
    const bars = lines.slice(1, 4).map((line) => line.split("pp  ")[1]);
    const longest = SEED.map(([region]) => shares.get(region)!).indexOf(Math.max(...shares.values()));
    expect(bars[longest]).toBe("█".repeat(30));
    expect(text).toContain(`fingerprint ${router.fingerprint()}`);
  });

  it("aligns the columns by display width when region names are CJK, emoji or carry combining marks", () => {
    const names = ["東京都庁舎", "👨‍👩‍👧", "🇯🇵", "e\u0301u", "sf", "서울-2"];
    const text = ok(["stats", ...names.flatMap((name, i) => ["--region", `${name}=${i + 1}`])]);
    const lines = text.split("\n").slice(0, names.length + 1);
    // Every column but the first is ASCII up to the bar: the right edge of each, in columns, is
    // the name's display width plus the length of what follows it.
    const edges = (line: string, name: string) => {
      const rest = line.slice(name.length);
      const cells = /^( +\S+)( +\S+)( +\S+)( +\S+)( +\S+ pp| +deviation)/.exec(rest)!;
      let at = displayWidth(name);
      return cells.slice(1).map((cell) => (at += cell.length));
    };
    const header = edges(lines[0], "region");
    // The widest name sets the first column: 10 columns, though only 5 characters.
    expect(header[0]).toBe(10 + 2 + "weight".length);
    names.forEach((name, i) => expect(edges(lines[i + 1], name), name).toEqual(header));
  });
});

describe("region-router plan", () => {
  it("--json is movement(before, after) for an addition", () => {
    const after = seed();
    after.addRegion("tokyo", 3);
    expect(JSON.parse(ok(["plan", ...SEED_RING, "--add", "tokyo=3", "--json"]))).toEqual(movement(seed(), after));
  });

  it("applies several changes at once: add, remove and set, repeatable", () => {
    const after = seed();
    after.removeRegion("sf");
    after.addRegion("london", 1);
    after.addRegion("tokyo", 2);
    after.addRegion("paris", 4);
    const args = ["plan", ...SEED_RING, "--add", "tokyo=2", "--remove", "sf", "--set", "london=1", "--add", "paris=4", "--json"];
    expect(JSON.parse(ok(args))).toEqual(movement(seed(), after));
  });

  it("prints the moved fraction and every flow as text", () => {
    const after = seed();
    after.addRegion("tokyo", 3);
    const { moved, flows } = movement(seed(), after);
    const text = ok(["plan", ...SEED_RING, "--add", "tokyo=3"]);
    expect(text).toContain("plan: add tokyo weight 3\n");
    expect(text).toContain(`moved: ${(moved * 100).toFixed(2)}% of the key space\n`);
    expect(flows.length).toBeGreaterThan(0);
    for (const { from, to, fraction } of flows) {
      expect(text).toMatch(new RegExp(`\\n${from} +→  ${to} +${(fraction * 100).toFixed(2)}%\\n`));
    }
  });

  describe("--sessions", () => {
    const ids = Array.from({ length: 3000 }, (_, i) => `plan-${i}`);
    const after = seed();
    after.addRegion("tokyo", 3);
    after.addRegion("sf", 1);
    const before = seed();
    const moving = ids.filter((id) => before.route(id) !== after.route(id));
    const args = [...SEED_RING, "--add", "tokyo=3", "--set", "sf=1"];

    it("--json adds the sessions that move, streamed, with from and to", () => {
      const path = file("sessions.txt", ids.join("\r\n"));
      const result = JSON.parse(ok(["plan", ...args, "--sessions", path, "--json"]));
      expect(moving.length).toBeGreaterThan(100);
      expect(result).toEqual({
        ...movement(before, after),
        sessions: moving.map((id) => ({ id, from: before.route(id), to: after.route(id) })),
      });
    });

    it("as text: id<TAB>from<TAB>to lines and a count, from stdin with -", () => {
      const text = ok(["plan", ...args, "--sessions", "-"], `${ids.join("\n")}\n`);
      const listed = text.split("sessions that move (id, from, to):\n")[1];
      const expected = moving.map((id) => `${id}\t${before.route(id)}\t${after.route(id)}\n`).join("");
      expect(listed).toBe(`${expected}${moving.length} of ${ids.length} sessions move (${((moving.length / ids.length) * 100).toFixed(2)}%)\n`);
    });

    it("as text, each id is its line's bytes as read, invalid UTF-8 included (as route writes it)", () => {
      const raw = Buffer.from([0x78, 0xff, 0x0d, 0x0a, 0x79, 0xc3, 0x0a, 0x7a]); // "x\xff\r\n" "y\xc3\n" "z"
      const stdout = ok(cliBytes(["plan", "--region", "x=0", "--add", "y=1", "--sessions", "-"], raw));
      const listed = stdout.subarray(stdout.indexOf("sessions that move (id, from, to):\n") + 35);
      expect(listed).toEqual(Buffer.concat([Buffer.from([0x78, 0xff]), Buffer.from("\t(none)\ty\n"), Buffer.from([0x79, 0xc3]), Buffer.from("\t(none)\ty\nz\t(none)\ty\n3 of 3 sessions move (100.00%)\n")]));
    });

    it("an empty ring before: sessions come from (none) / null", () => {
      const result = JSON.parse(ok(["plan", "--region", "x=0", "--add", "y=1", "--sessions", "-", "--json"], "a\nb\n"));
      expect(result).toEqual({ moved: 1, flows: [{ from: null, to: "y", fraction: 1 }], sessions: [{ id: "a", from: null, to: "y" }, { id: "b", from: null, to: "y" }] });
      expect(ok(["plan", "--region", "x=0", "--add", "y=1", "--sessions", "-"], "a\n")).toContain("a\t(none)\ty\n");
    });
  });
});

describe("--json and --format json, on every command that prints", () => {
  const ids = ["a", "b", "sess-42"];
  it.each([
    ["route", ["route", ...SEED_RING], "--format", "tsv"],
    ["stats", ["stats", ...SEED_RING], "--format", "text"],
    ["plan", ["plan", ...SEED_RING, "--add", "tokyo=1"], "--format", "text"],
    ["plan --sessions", ["plan", ...SEED_RING, "--add", "tokyo=1", "--sessions", "-"], "--format", "text"],
    ["fingerprint", ["fingerprint", ...SEED_RING], "--format", "text"],
  ])("%s: --json, --format json and both print the same JSON; the other format is the default", (_what, args, flag, text) => {
    const json = ok([...args, "--json"], ids.join("\n"));
    expect(json.startsWith("{")).toBe(true);
    expect(ok([...args, flag, "json"], ids.join("\n"))).toBe(json);
    expect(ok([...args, "--json", `${flag}=json`], ids.join("\n"))).toBe(json);
    expect(ok([...args, flag, text], ids.join("\n"))).toBe(ok(args, ids.join("\n")));
  });
});

describe("a region whose name starts or ends with whitespace, from a --ring file", () => {
  it("can be named exactly by --set and --remove (whitespace is refused only in names the ring lacks)", () => {
    const path = file("padded.json", JSON.stringify({ version: 1, regions: [[" sf", 3], ["london", 3], ["bangalore ", 3]] }));
    expect(JSON.parse(ok(["plan", "--ring", path, "--set", " sf=4", "--remove", "bangalore ", "--json"])).moved).toBeGreaterThan(0);
    expect(cli(["plan", "--ring", path, "--add", " tokyo=1"]).stderr).toContain("no whitespace may start or end a NAME or WEIGHT");
  });
});

describe("a region whose name holds \"=\", from a --ring file", () => {
  it("can be set by --set, split at the last \"=\"; --add of such a name, or --set of one the ring lacks, is refused", () => {
    const path = file("equals.json", JSON.stringify({ version: 1, regions: [["a=b", 3], ["london", 3]] }));
    const set = ok(["plan", "--ring", path, "--set", "a=b=40"]);
    expect(set.split("\n")[0]).toBe("plan: set a=b weight 3 → 40");
    expect(JSON.parse(ok(["plan", "--ring", path, "--set", "a=b=40", "--json"])).flows).toEqual([expect.objectContaining({ from: "london", to: "a=b" })]);
    expect(cli(["plan", "--ring", path, "--add", "tokyo=1,paris=1"]).stderr).toBe('region-router: --add "tokyo=1,paris=1": a NAME may not hold "=" (one NAME=WEIGHT a flag: repeat --add for each region)\n');
    expect(cli(["plan", "--ring", path, "--set", "london=3,a=b=1"]).stderr).toContain('--set "london=3,a=b=1": a NAME may not hold "="');
  });
});

describe("ring options", () => {
  const snapshot = buildRouter(RegionRouter, [["us", 4], ["eu", 3], ["ap", 0], ["sa", 1]], 40).toJSON();
  const ringFile = file("ring.json", JSON.stringify(snapshot));
  const regionFlags = ["--region", "us=4", "--region", "eu=3", "--region", "ap=0", "--region", "sa=1", "--vnodes-per-weight", "40"];
  const ids = Array.from({ length: 2000 }, (_, i) => `ring-${i}`);

  it("--ring FILE and the same ring as --region flags give the same routes, stats and plans", () => {
    const library = RegionRouter.fromJSON(snapshot);
    const routed = ok(["route", "--ring", ringFile], ids.join("\n"));
    expect(routed).toBe(ids.map((id) => `${id}\t${library.route(id)}\n`).join(""));
    expect(ok(["route", ...regionFlags], ids.join("\n"))).toBe(routed);
    expect(ok(["stats", "--ring", ringFile, "--json"])).toBe(ok(["stats", ...regionFlags, "--json"]));
    expect(ok(["plan", "--ring", ringFile, "--remove", "eu", "--json"])).toBe(ok(["plan", ...regionFlags, "--remove", "eu", "--json"]));
  });

  it("a ring file that starts with a byte order mark (as some Windows editors save it) reads as without", () => {
    const path = file("ring-bom.json", `\ufeff${JSON.stringify(snapshot)}`);
    expect(ok(["route", "--ring", path], ids.join("\n"))).toBe(ok(["route", "--ring", ringFile], ids.join("\n")));
  });

  it("a snapshot without vnodesPerWeight means 1", () => {
    const path = file("ring-k1.json", JSON.stringify({ version: 1, regions: SEED }));
    expect(ok(["stats", "--ring", path, "--json"])).toBe(ok(["stats", ...SEED_RING, "--json"]));
  });
});
