// The dialect API around the routes (the routes themselves are checked against the real libraries in
// test/dialects*.test.ts): options as each dialect spells them, errors, the `options` getter,
// snapshots, fingerprints, clones and util.inspect, on every engine.
import { runInNewContext } from "node:vm";
import { createRequire } from "node:module";
import { inspect } from "node:util";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DIALECTS, optionRules, type DialectName } from "../src/dialects.js";
import type { RouterOptions } from "../src/options.js";
import { buildRouter } from "./support/build.js";
import { engines } from "./support/engines.js";
import { expectRejectedUnchanged } from "./support/state.js";

/** npm hashring 3.2.0 (a devDependency): servers as names or an object of weights. */
const HashRing = createRequire(import.meta.url)("hashring") as new (
  servers: string[] | Record<string, number>,
  algorithm: string,
  options: object,
) => { get(key: string): string | undefined };

/** Every dialect with its defaults, as the README's table gives them, in RULES order (checked below). */
const DEFAULTS: [RouterOptions["compatibleWith"], Record<string, number>][] = [
  ["region-router", { vnodesPerWeight: 1 }],
  ["consistent-hash-ring", { replicas: 150 }],
  ["uhashring", { vnodes: 160 }],
  ["uhashring-ketama", { vnodes: 40, replicas: 4 }],
  ["hashring", { vnodeCount: 40, replicas: 4 }],
  ["libketama", {}],
  ["hash_ring", {}],
];
const REGIONS: [string, number][] = [["sf", 2], ["london", 1], ["東京", 3], ["idle", 0]];
const KEYS = Array.from({ length: 300 }, (_, i) => `sess-${i}`);

describe.each(engines)("dialects on the %s engine", (_engine, RegionRouter) => {
  /** REGIONS, or `regions`, in one addRegions call on a router of `options`. */
  const build = (options?: RouterOptions, regions = REGIONS) => buildRouter(RegionRouter, regions, options, { oneCall: true });

  it.each(DEFAULTS)("%s: fills in its defaults, and the options getter gives them back", (compatibleWith, defaults) => {
    const router = new RegionRouter({ compatibleWith } as RouterOptions);
    expect(router.options).toEqual({ compatibleWith, ...defaults });
    expect(router.vnodesPerWeight).toBe(defaults.vnodesPerWeight);
  });

  it("without options, or with compatibleWith: 'region-router', is the reference as before", () => {
    expect(new RegionRouter().options).toEqual({ compatibleWith: "region-router", vnodesPerWeight: 1 });
    const a = build();
    const b = build({ compatibleWith: "region-router" });
    expect(b.routeMany(KEYS)).toEqual(a.routeMany(KEYS));
    expect(b.toJSON()).toEqual(a.toJSON());
  });

  it.each([
    [{ compatibleWith: "hashring", vnodesPerWeight: 4 }, TypeError, /options\.vnodesPerWeight is not an option of compatibleWith "hashring" \(its options: vnodeCount, replicas\)/],
    [{ compatibleWith: "libketama", replicas: 4 }, TypeError, /options\.replicas is not an option of compatibleWith "libketama" \(its options: none\)/],
    [{ compatibleWith: "uhashring", vnodeCount: 4 }, TypeError, /options\.vnodeCount is not an option of compatibleWith "uhashring"/],
    [{ compatibleWith: "hashring", colour: 1 }, TypeError, /options\.colour is not an option/],
    // Names every object inherits are options of no dialect either.
    [{ compatibleWith: "libketama", toString: 5 }, TypeError, /options\.toString is not an option of compatibleWith "libketama"/],
    [{ compatibleWith: "hashring", constructor: 8 }, TypeError, /options\.constructor is not an option of compatibleWith "hashring"/],
    [{ valueOf: "x" }, TypeError, /options\.valueOf is not an option of compatibleWith "region-router"/],
    [JSON.parse('{"compatibleWith":"uhashring","__proto__":{}}'), TypeError, /options\.__proto__ is not an option of compatibleWith "uhashring"/],
    [{ compatibleWith: "ketama" }, RangeError, new RegExp(`options\\.compatibleWith must be one of ${DIALECTS.join(", ")}, got "ketama"`)],
    [{ compatibleWith: 7 }, TypeError, /options\.compatibleWith must be one of .*, got 7/],
    [{ compatibleWith: null }, TypeError, /options\.compatibleWith must be one of .*, got null/],
    [{ compatibleWith: "hashring", replicas: 5 }, RangeError, /options\.replicas must be an integer from 1 to 4, got 5/],
    [{ compatibleWith: "uhashring-ketama", replicas: 0 }, RangeError, /options\.replicas must be an integer from 1 to 4, got 0/],
    [{ compatibleWith: "consistent-hash-ring", replicas: 10_001 }, RangeError, /options\.replicas must be an integer from 1 to 10000, got 10001/],
    [{ compatibleWith: "uhashring", vnodes: null }, TypeError, /options\.vnodes must be a number/],
    [{ compatibleWith: "hashring", vnodeCount: 1.5 }, RangeError, /options\.vnodeCount must be an integer from 1 to 10000, got 1.5/],
  ])("rejects %j with %s", (options, type, message) => {
    expect(() => new RegionRouter(options as RouterOptions)).toThrow(type);
    expect(() => new RegionRouter(options as RouterOptions)).toThrow(message);
  });

  it.each(DEFAULTS)("%s: accepts every option at its bounds", (compatibleWith, defaults) => {
    for (const option of Object.keys(defaults)) {
      for (const value of [1, optionRules(compatibleWith ?? "region-router")[option].max]) {
        const router = new RegionRouter({ compatibleWith, [option]: value } as RouterOptions);
        expect(router.options).toEqual({ compatibleWith, ...defaults, [option]: value });
      }
    }
  });

  it.each(DEFAULTS)("%s: snapshots record the dialect and its options and load back on every engine", (compatibleWith) => {
    const router = build({ compatibleWith } as RouterOptions);
    const snapshot = JSON.parse(JSON.stringify(router));
    if (compatibleWith === "region-router") expect(snapshot).toEqual({ version: 1, vnodesPerWeight: 1, regions: REGIONS });
    else expect(snapshot).toEqual({ version: 1, ...router.options, regions: REGIONS });
    for (const [, Other] of engines) {
      const copy = Other.fromJSON(snapshot);
      expect(copy.options).toEqual(router.options);
      expect(copy.routeMany(KEYS)).toEqual(router.routeMany(KEYS));
      expect(copy.fingerprint()).toBe(router.fingerprint());
      expect(copy.shares()).toEqual(router.shares());
    }
  });

  // Options and snapshots are read from their own properties only (they must be plain objects): a
  // class's getters or Object.create's defaults are refused, not read, as they were before, and not
  // silently ignored either; whatever Object.prototype holds is never read.
  it("refuses options that are not plain objects, naming what they are, and takes Object.create(null)", () => {
    class Options {
      get vnodesPerWeight() {
        return 40;
      }
    }
    expect(() => new RegionRouter(new Options())).toThrow(
      new TypeError("options must be a plain object (only its own properties are read), got an instance of Options"),
    );
    expect(() => new RegionRouter(Object.create({ compatibleWith: "hashring", vnodeCount: 7 }) as RouterOptions)).toThrow(
      /^options must be a plain object \(only its own properties are read\), got an object that inherits from another$/,
    );
    expect(() => new RegionRouter(new Map([["vnodesPerWeight", 3]]) as unknown as RouterOptions)).toThrow(/got an instance of Map/);
    const bare = Object.assign(Object.create(null), { compatibleWith: "hashring", vnodeCount: 7 }) as RouterOptions;
    expect(new RegionRouter(bare).options).toEqual({ compatibleWith: "hashring", vnodeCount: 7, replicas: 4 });
    // Defaults of no prototype are defaults all the same: refused, not passed as another realm's Object.prototype.
    expect(() => new RegionRouter(Object.create(bare) as RouterOptions)).toThrow(/^options must be a plain object \(only its own properties are read\), got an object that inherits from another$/);
    expect(() => RegionRouter.fromJSON(Object.create(Object.assign(Object.create(null), { version: 1, regions: [] })) as object)).toThrow(/^snapshot must be a plain object/);
    // Another realm's plain object is plain.
    expect(new RegionRouter(runInNewContext('({ compatibleWith: "hashring", vnodeCount: 7 })') as RouterOptions).options).toEqual({ compatibleWith: "hashring", vnodeCount: 7, replicas: 4 });
  });

  it("reads a snapshot's dialect options with the constructor's rules", () => {
    const load = (value: object) => () => RegionRouter.fromJSON(value);
    expect(load({ version: 1, compatibleWith: "hashring", vnodesPerWeight: 2, regions: [] })).toThrow(/snapshot\.vnodesPerWeight is not an option of compatibleWith "hashring"/);
    expect(load({ version: 1, compatibleWith: "hashring", replicas: 9, regions: [] })).toThrow(RangeError);
    expect(load({ version: 1, compatibleWith: "nope", regions: [] })).toThrow(/snapshot\.compatibleWith must be one of/);
    expect(load({ version: 1, compatibleWith: "hash_ring", hasOwnProperty: 1, regions: [] })).toThrow(/snapshot\.hasOwnProperty is not an option of compatibleWith "hash_ring"/);
    expect(load(JSON.parse('{"version":1,"__proto__":{},"regions":[]}'))).toThrow(/snapshot\.__proto__ is not an option of compatibleWith "region-router"/);
    // Own properties only: a snapshot inheriting its dialect is refused, as options are.
    const inherited = Object.assign(Object.create({ compatibleWith: "hashring", vnodeCount: 7 }), { version: 1, regions: [["a", 1]] });
    expect(load(inherited)).toThrow(/^snapshot must be a plain object \(only its own properties are read\)/);
    const bare = Object.assign(Object.create(null), { version: 1, compatibleWith: "hashring", vnodeCount: 7, regions: [["a", 1]] });
    expect(RegionRouter.fromJSON(bare).options).toEqual({ compatibleWith: "hashring", vnodeCount: 7, replicas: 4 });
    // A snapshot without options takes the dialect's defaults.
    expect(RegionRouter.fromJSON({ version: 1, compatibleWith: "uhashring", regions: [["a", 1]] }).options).toEqual({ compatibleWith: "uhashring", vnodes: 160 });
  });

  it("hashring: a region named __proto__ gets no names, as in npm hashring, though its weight counts", () => {
    const servers: [string, number][] = [["a", 1], ["__proto__", 2], ["b", 3]];
    // Servers as names (weight 1 each), and as an object of weights with "__proto__" its own key.
    const names = build({ compatibleWith: "hashring" }, servers.map(([name]) => [name, 1]));
    const ring = new HashRing(servers.map(([name]) => name), "md5", {});
    expect(KEYS.map((key) => names.route(key))).toEqual(KEYS.map((key) => ring.get(key)));
    const router = build({ compatibleWith: "hashring" }, servers);
    const weighted = new HashRing(Object.fromEntries(servers), "md5", {});
    expect(Object.keys(Object.fromEntries(servers))).toContain("__proto__");
    expect(router.routeMany(KEYS)).toEqual(KEYS.map((key) => weighted.get(key)));
    expect(router.shares().get("__proto__")).toBe(0);
    expect(router.preferenceList(KEYS[0], 3)).not.toContain("__proto__");
    router.addRegion("c", 1);
    const after = new HashRing(Object.fromEntries(router.weights()), "md5", {});
    expect(router.routeMany(KEYS)).toEqual(KEYS.map((key) => after.get(key)));
    // Only in hashring: the other dialects give __proto__ its names.
    expect(build({ compatibleWith: "libketama" }, servers).shares().get("__proto__")).toBeGreaterThan(0);
  });

  it("fingerprints differ between dialects and between options, and the default's keeps format v1", () => {
    const prints = new Set<string>();
    for (const [compatibleWith, defaults] of DEFAULTS) {
      prints.add(build({ compatibleWith } as RouterOptions).fingerprint());
      for (const option of Object.keys(defaults)) prints.add(build({ compatibleWith, [option]: 2 } as RouterOptions).fingerprint());
    }
    // One print per dialect's defaults, and one per option changed.
    expect(prints.size).toBe(DEFAULTS.reduce((sum, [, defaults]) => sum + 1 + Object.keys(defaults).length, 0));
    // Format v1, byte for byte: the canonical text of docs/fingerprint.md, hashed here by node:crypto.
    const v1 = "region-router ring v1\nvnodesPerWeight 1\n4:idle 0\n6:london 1\n2:sf 2\n6:東京 3\n";
    expect(build().fingerprint()).toBe(createHash("md5").update(v1).digest("hex"));
    const hashring = "region-router ring v1\ncompatibleWith hashring\nvnodeCount 40\nreplicas 4\n2:sf 2\n6:london 1\n6:東京 3\n4:idle 0\n";
    expect(build({ compatibleWith: "hashring" }).fingerprint()).toBe(createHash("md5").update(hashring).digest("hex"));
  });

  it("orders the regions in a 32-bit dialect's fingerprint as added (equal points go by that order), in a 128-bit one by name", () => {
    const reversed = (options: RouterOptions) => build(options, [...REGIONS].reverse());
    expect(reversed({ compatibleWith: "libketama" }).fingerprint()).not.toBe(build({ compatibleWith: "libketama" }).fingerprint());
    expect(reversed({ compatibleWith: "uhashring" }).fingerprint()).toBe(build({ compatibleWith: "uhashring" }).fingerprint());
  });

  it.each(DEFAULTS)("%s: a clone keeps the dialect and routes the same, independently", (compatibleWith) => {
    const router = build({ compatibleWith } as RouterOptions);
    const copy = router.clone();
    expect(copy.options).toEqual(router.options);
    expect(copy.routeMany(KEYS)).toEqual(router.routeMany(KEYS));
    copy.removeRegion("sf");
    expect(router.weights().has("sf")).toBe(true);
    expect(copy.routeMany(KEYS)).not.toEqual(router.routeMany(KEYS));
  });

  // libketama and hash_ring give at most 40 x regions names (2,621,440): never past MAX_VNODES.
  const dominant: [string, number][] = Array.from({ length: 2000 }, (_, i) => [`r${i}`, i === 0 ? 1_000_000 : 0]);
  it.each([
    [{ compatibleWith: "region-router", vnodesPerWeight: 10_000 }, [["big", 1678]]],
    [{ compatibleWith: "consistent-hash-ring", replicas: 10_000 }, [["big", 1678]]],
    [{ compatibleWith: "uhashring", vnodes: 10_000 }, [["big", 1678]]],
    // 10,000 x 2,000 regions x (all the weight) = 20,000,000 names for r0.
    [{ compatibleWith: "uhashring-ketama", vnodes: 10_000, replicas: 1 }, dominant],
    [{ compatibleWith: "hashring", vnodeCount: 10_000, replicas: 1 }, dominant],
  ] as [RouterOptions, [string, number][]][])("%j: a region past MAX_VNODES names is refused, changing nothing", (options, regions) => {
    const router = build(options, [["a", 1], ["b", 1]]);
    expectRejectedUnchanged([router], () => router.addRegions(regions), RangeError, /would have 20\d{6} virtual nodes|would have 16\d{6} virtual nodes, more than MAX_VNODES \(16777216\)/);
  });
});

describe("util.inspect", () => {
  it.each(engines)("shows the %s engine's dialect and options, not its internals", (_engine, RegionRouter) => {
    const router = buildRouter(RegionRouter, [["a", 1], ["b", 2]], { compatibleWith: "hashring", replicas: 3 }, { oneCall: true });
    const shown = inspect(router);
    expect(shown).toContain("dialect: 'hashring'");
    expect(shown).toContain("vnodeCount: 40");
    expect(shown).toContain("replicas: 3");
    // 40 x 2 x (1/3) = 26 names and 53 for b, three points each.
    expect(shown).toContain(`positions: ${(26 + 53) * 3}`);
    expect(shown).toContain(`fingerprint: '${router.fingerprint()}'`);
    expect(Object.keys(router)).toEqual([]);
  });

  it.each(engines)("shows an object that only inherits the %s engine's class as the empty object it is, never throwing", (_engine, RegionRouter) => {
    expect(inspect(Object.create(RegionRouter.prototype))).toBe("RegionRouter {}");
  });
});

describe("every list of the dialects names each of RULES, in its order", () => {
  /** The rows under the docs table whose first header cell is `header`: their cells, the first unquoted. */
  const tableOf = (page: string, header: string): string[][] => {
    const lines = readFileSync(new URL(`../${page}`, import.meta.url), "utf8").split("\n");
    const start = lines.findIndex((line) => line.startsWith(`| ${header} |`));
    expect(start, `${page}: a table headed ${header}`).toBeGreaterThanOrEqual(0);
    const rows = lines.slice(start + 2, lines.findIndex((line, i) => i > start && !line.startsWith("|")));
    return rows.map((row) => row.slice(2, -2).split(" | ")).map(([name, ...cells]) => [/`"?([^`"]+)/.exec(name)![1], ...cells]);
  };
  /** A cell's `option` (default) pairs: the README's and docs/dialects.md's options column. */
  const defaultsIn = (cell: string) => Object.fromEntries([...cell.matchAll(/`(\w+)` \((\d+)/g)].map(([, option, value]) => [option, Number(value)]));

  it("DEFAULTS, the tests' table", () => expect(DEFAULTS.map(([name]) => name)).toEqual(DIALECTS));

  it.each([["README.md"], ["docs/dialects.md"]])("%s's table, with DEFAULTS' defaults", (page) => {
    const rows = tableOf(page, "`compatibleWith`");
    expect(rows.map(([name]) => name)).toEqual(DIALECTS);
    expect(rows.map(([, , options]) => defaultsIn(options))).toEqual(DEFAULTS.map(([, defaults]) => defaults));
  });

  it("docs/cli.md's table, with each flag's default and range as the rows give them", () => {
    const rows = tableOf("docs/cli.md", "`--compatible-with`");
    expect(rows.map(([name]) => name)).toEqual(DIALECTS);
    for (const [name, , options] of rows) {
      const flags = [...options.matchAll(/`--([a-z-]+)`[^(]*\((\d+), 1-(\d+)\)/g)];
      const rules = Object.entries(optionRules(name as DialectName));
      expect(flags.map(([, flag, fallback, max]) => [flag, Number(fallback), Number(max)]), name).toEqual(
        rules.map(([option, row]) => [option.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), row.default, row.max]),
      );
    }
  });
});
