// The package as shipped (npm pack, see test/setup/packed-package.ts): the files it holds (no source
// maps, no declaration spelling out the WebAssembly; every page and chart its README and docs link
// to), CommonJS require and ESM import, each child process replaying the golden vectors on both
// engines, and the TypeScript declarations of every entry under node16, nodenext, bundler and
// node10 resolution.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { coreWasm, simd16Wasm, simdWasm } from "../src/engines/wasm/code.generated.js";
import { movement, RegionRouter as WasmRouter } from "../src/index.js";
import { RegionRouter as PureRouter } from "../src/pure.js";
import { expectedRoutes } from "./support/replay.mjs";
import { makeApp, packedPackageDir, runNode } from "./support/packed-app.js";
import { vectors } from "./support/vectors.js";

const run = promisify(execFile);
const expected = expectedRoutes(vectors.cases);
const tsc = fileURLToPath(new URL("../node_modules/typescript/bin/tsc", import.meta.url));
const root = fileURLToPath(new URL("..", import.meta.url));

/**
 * movement() from one entry over routers from both: each entry is a self-contained bundle with its
 * own copy of the router class, so this works only through what they share by Symbol.for keys.
 */
const MIXED = `(() => {
  const wasm = new Wasm(); wasm.addRegion("a", 2);
  const pure = new Pure(); pure.addRegion("a", 2); pure.addRegion("b", 2);
  return movement(wasm, pure).moved;
})()`;
const mixedExpected = (() => {
  const wasm = new WasmRouter();
  wasm.addRegion("a", 2);
  const pure = new PureRouter();
  pure.addRegion("a", 2);
  pure.addRegion("b", 2);
  return movement(wasm, pure).moved;
})();

interface AppReport {
  resolved: { wasm: string; pure: string };
  maxWeight: number;
  mixed: number;
  wasm: (string | null)[][];
  pure: (string | null)[][];
}

/** Runs an app; both entries must load from `build` (dist or dist/cjs) and route as the reference. */
async function expectApp(dir: string, file: string, build: string): Promise<void> {
  const report = (await runNode(dir, file)) as AppReport;
  // Node takes the "node" condition: the entry with the sixteen-lane SIMD module.
  expect(report.resolved.wasm).toBe(join(packedPackageDir(), build, "node.js"));
  expect(report.resolved.pure).toBe(join(packedPackageDir(), build, "pure.js"));
  expect(report.maxWeight).toBeGreaterThan(0);
  expect(report.mixed).toBe(mixedExpected);
  expect(report.wasm).toEqual(expected);
  expect(report.pure).toEqual(expected);
}

describe("the packed package", () => {
  it("ships both builds, the types for each, and marks dist/cjs as CommonJS", () => {
    const pkg = packedPackageDir();
    const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8"));
    expect(manifest.sideEffects).toBe(false);
    for (const entry of [".", "./pure"]) {
      for (const condition of ["import", "require"]) {
        const target = manifest.exports[entry][condition];
        expect(Object.keys(target), `${entry} ${condition}`).toEqual(["types", "default"]);
        expect(() => readFileSync(join(pkg, target.types)), target.types).not.toThrow();
        expect(() => readFileSync(join(pkg, target.default)), target.default).not.toThrow();
      }
    }
    expect(JSON.parse(readFileSync(join(pkg, "dist/cjs/package.json"), "utf8"))).toEqual({ type: "commonjs" });
  });

  it("works with require() from CommonJS", async () => {
    const dir = makeApp({
      "app.cjs": `
        const { RegionRouter: Wasm, MAX_WEIGHT, movement } = require("region-router");
        const { RegionRouter: Pure } = require("region-router/pure");
        const { cases } = require("./vectors.json");
        // The replay helper is ESM; loading it does not touch how region-router was loaded.
        import("./replay.mjs").then(({ replay }) => {
          const resolved = { wasm: require.resolve("region-router"), pure: require.resolve("region-router/pure") };
          console.log(JSON.stringify({ resolved, maxWeight: MAX_WEIGHT, mixed: ${MIXED}, wasm: replay(Wasm, cases), pure: replay(Pure, cases) }));
        });
      `,
    });
    await expectApp(dir, "app.cjs", "dist/cjs");
  });

  it("works with import from ESM", async () => {
    const dir = makeApp({
      "app.mjs": `
        import { RegionRouter as Wasm, MAX_WEIGHT, movement } from "region-router";
        import { RegionRouter as Pure } from "region-router/pure";
        import { readFileSync } from "node:fs";
        import { fileURLToPath } from "node:url";
        import { replay } from "./replay.mjs";
        const { cases } = JSON.parse(readFileSync(new URL("./vectors.json", import.meta.url), "utf8"));
        const resolved = { wasm: fileURLToPath(import.meta.resolve("region-router")), pure: fileURLToPath(import.meta.resolve("region-router/pure")) };
        console.log(JSON.stringify({ resolved, maxWeight: MAX_WEIGHT, mixed: ${MIXED}, wasm: replay(Wasm, cases), pure: replay(Pure, cases) }));
      `,
    });
    await expectApp(dir, "app.mjs", "dist");
  });

  it("ships the builds, their declarations, the bin, the notices and the docs, and nothing else", () => {
    const files = filesUnder(packedPackageDir());
    const declarations = files.filter((file) => file.endsWith(".d.ts"));
    // Every page and chart of docs/, for the README's links; not the demo page's screenshot (a large
    // PNG the README does not show: docs/runtimes.md links it on GitHub).
    const docs = filesUnder(join(root, "docs"))
      .filter((file) => file !== "demo.png")
      .map((file) => `docs/${file}`);
    expect(docs).toContain("docs/api.md");
    expect(files.filter((file) => !file.endsWith(".d.ts"))).toEqual([
      "LICENSE",
      "README.md",
      "dist/cjs/index.js",
      "dist/cjs/node.js",
      "dist/cjs/package.json",
      "dist/cjs/pure.js",
      // Not dist/cli/bench-kit.js: the repository's bench/ alone imports it.
      "dist/cli/main.js",
      "dist/index.js",
      "dist/node.js",
      "dist/pure.js",
      ...docs,
      "package.json",
    ]);
    // The same declarations for both builds, one per library module (src/cli ships as JavaScript only).
    const esm = declarations.filter((file) => !file.startsWith("dist/cjs/"));
    expect(declarations.filter((file) => file.startsWith("dist/cjs/"))).toEqual(esm.map((file) => file.replace("dist/", "dist/cjs/")));
    expect(esm).toContain("dist/index.d.ts");
    expect(esm).toContain("dist/node.d.ts");
    expect(esm).toContain("dist/pure.d.ts");
    for (const file of esm) {
      expect(existsSync(join(root, file.replace(/^dist\//, "src/").replace(/\.d\.ts$/, ".ts"))), file).toBe(true);
      expect(file.startsWith("dist/cli/"), file).toBe(false);
    }
  });

  it("ships every page its README and docs link to: each relative link resolves inside the package", () => {
    const pkg = packedPackageDir();
    const pages = pagesOf(pkg);
    const broken: string[] = [];
    let relativeLinks = 0;
    for (const page of pages) {
      for (const link of linksOf(readFileSync(join(pkg, page), "utf8"))) {
        if (/^[a-z][a-z+.-]*:/i.test(link)) continue;
        relativeLinks++;
        const [path, fragment] = link.split("#") as [string, string | undefined];
        const target = path === "" ? page : posix.normalize(posix.join(posix.dirname(page), decodeURI(path)));
        if (target.startsWith("../") || !existsSync(join(pkg, target)) || !statSync(join(pkg, target)).isFile()) {
          broken.push(`${page}: ${link} (no file ${target} in the package)`);
        } else if (fragment !== undefined && target.endsWith(".md") && !anchorsOf(readFileSync(join(pkg, target), "utf8")).has(fragment)) {
          broken.push(`${page}: ${link} (no heading #${fragment} in ${target})`);
        }
      }
    }
    expect(broken).toEqual([]);
    expect(relativeLinks).toBeGreaterThan(10);
  });

  it("links the repository's files (not shipped) absolutely, to files that exist", () => {
    const pkg = packedPackageDir();
    const manifest = JSON.parse(readFileSync(join(pkg, "package.json"), "utf8")) as { repository: { url: string } };
    const repo = /github\.com\/([^/]+\/[^/.]+)/.exec(manifest.repository.url)?.[1];
    expect(repo).toBe("region-router/region-router");
    const prefixes = [`https://github.com/${repo}/blob/main/`, `https://raw.githubusercontent.com/${repo}/main/`];
    const pages = pagesOf(pkg);
    const missing: string[] = [];
    let absolute = 0;
    for (const page of pages) {
      for (const link of linksOf(readFileSync(join(pkg, page), "utf8"))) {
        const prefix = prefixes.find((start) => link.startsWith(start));
        if (prefix === undefined) continue;
        absolute++;
        const path = link.slice(prefix.length).split("#")[0];
        if (!existsSync(join(root, path))) missing.push(`${page}: ${link}`);
      }
    }
    expect(missing).toEqual([]);
    // The README links the Python reference and the blog post's ring this way.
    expect(absolute).toBeGreaterThanOrEqual(2);
  });

  it("ships no source map and no declaration that spells out the WebAssembly", () => {
    const pkg = packedPackageDir();
    const files = filesUnder(pkg);
    expect(files.filter((file) => /\.map$/.test(file))).toEqual([]);
    const hexRun = /[0-9a-f]{256}/;
    for (const file of files.filter((name) => name.endsWith(".d.ts"))) {
      const text = readFileSync(join(pkg, file), "utf8");
      expect(hexRun.test(text), file).toBe(false);
    }
    // Only the declarations the entries' types reach ship (scripts/build-js.mjs): none of the
    // WebAssembly engine's, the generated module's included.
    expect(files.filter((file) => file.endsWith(".d.ts") && file.includes("engines/wasm/"))).toEqual([]);
    expect(files.filter((file) => file.endsWith(".d.ts")).length).toBe(28);
    // The JavaScript does carry the modules: the package needs no file serving. Only Node's entry
    // carries the sixteen-lane SIMD module (past the 4 KiB some browsers compile synchronously).
    const [simd, node] = ["dist/index.js", "dist/node.js"].map((file) => readFileSync(join(pkg, file), "utf8"));
    expect(simd).toContain(coreWasm);
    expect(simd).toContain(simdWasm);
    expect(simd).not.toContain(simd16Wasm);
    expect(node).toContain(coreWasm);
    expect(node).toContain(simd16Wasm);
  });

  it("declares the API only: the router's internals (marked @internal) are stripped", () => {
    const pkg = packedPackageDir();
    for (const file of ["dist/index.d.ts", "dist/node.d.ts", "dist/pure.d.ts", "dist/router.d.ts", "dist/cjs/router.d.ts"]) {
      expect(readFileSync(join(pkg, file), "utf8"), file).not.toMatch(/INTERNALS|INSPECT|RouterInternals|positionsOf/);
    }
  });

  it.each(RESOLUTIONS)("has declarations for every entry under %s resolution", async (moduleResolution, module, files, resolved) => {
    const dir = makeApp({
      ...Object.fromEntries(files.map((file) => [file, consumer])),
      "tsconfig.json": JSON.stringify({
        compilerOptions: { module, moduleResolution, target: "es2022", strict: true, noEmit: true, types: [], lib: ["es2022"], skipLibCheck: false },
        files,
      }),
    });
    const result = await run(process.execPath, [tsc, "-p", dir, "--traceResolution"], { cwd: dir, maxBuffer: 64 << 20 }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout, failed: true }),
    );
    expect("failed" in result ? result.stdout.split("\n").filter((line) => /error TS/.test(line)) : [], "tsc errors").toEqual([]);
    const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    for (const [specifier, file] of resolved) {
      expect(result.stdout, `${specifier} -> ${file}`).toMatch(new RegExp(`'${escape(specifier)}' was successfully resolved to '[^']*/${escape(file)}'`));
    }
  });
});

describe("the declarations under a consumer's strictest settings", () => {
  it("exactOptionalPropertyTypes takes a router's and a suggestion's options back, and options given as undefined; declaration emit names every type it meets", async () => {
    const dir = makeApp({
      "strict.mts": `
        import { BoundedLoads, RegionRouter, suggestVnodes, type RouterOptions, type SuggestOptions } from "region-router";
        const { options } = suggestVnodes([["sf", 3], ["london", 3]], { maxDeviation: 0.01 });
        new RegionRouter(options);
        new RegionRouter(new RegionRouter({ compatibleWith: "hashring" }).options);
        export const snapshot = new RegionRouter().toJSON();
        export const load = RegionRouter.fromJSON;
        export const widened = (given: RouterOptions) => ({ ...given });
        // An option given as undefined is not given, under exactOptionalPropertyTypes too.
        declare const maybe: number | undefined;
        declare const down: Set<string> | undefined;
        new RegionRouter({ vnodesPerWeight: maybe, compatibleWith: undefined });
        new RegionRouter({ compatibleWith: "hashring", vnodeCount: maybe, vnodes: undefined });
        new RegionRouter().route("sess-1", { exclude: down });
        const loads = new BoundedLoads(new RegionRouter(), { loadFactor: maybe });
        loads.acquire("sess-1", { exclude: down });
        suggestVnodes([["sf", 1]], { compatibleWith: "hashring", replicas: maybe, vnodeCount: undefined, maxDeviation: 0.1 });
        // A declaration emitted from SuggestOptions' parts names them.
        export function rest(given: SuggestOptions) {
          const { maxDeviation, ...others } = given;
          return [maxDeviation, others] as const;
        }
        export function built(entries: Parameters<typeof suggestVnodes>[0]) {
          const router = new RegionRouter(suggestVnodes(entries, { maxDeviation: 0.01 }).options);
          router.addRegions(entries);
          return router;
        }
      `,
      "tsconfig.json": JSON.stringify({
        compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, exactOptionalPropertyTypes: true, declaration: true, emitDeclarationOnly: true, outDir: "out", types: [], lib: ["es2022"], skipLibCheck: false },
        files: ["strict.mts"],
      }),
    });
    const result = await run(process.execPath, [tsc, "-p", dir], { cwd: dir }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(result.stdout.split("\n").filter((line) => /error TS/.test(line))).toEqual([]);
  });
});

describe("the declarations of the two formats together", () => {
  it("movement() and BoundedLoads take a router of the other format (each declares its own class, with private fields)", async () => {
    const dir = makeApp({
      "mixed.mts": `
        import { RegionRouter, BoundedLoads, movement } from "region-router";
        import type { RegionRouter as CjsRouter } from "region-router" with { "resolution-mode": "require" };
        import type { BoundedLoads as CjsLoads, movement as cjsMovement } from "region-router" with { "resolution-mode": "require" };
        declare const cjs: CjsRouter;
        declare const CjsBoundedLoads: typeof CjsLoads;
        declare const movementOfCjs: typeof cjsMovement;
        movement(new RegionRouter(), cjs);
        new BoundedLoads(cjs);
        movementOfCjs(cjs, new RegionRouter());
        new CjsBoundedLoads(new RegionRouter());
        export {};
      `,
      "tsconfig.json": JSON.stringify({
        compilerOptions: { module: "node16", moduleResolution: "node16", target: "es2022", strict: true, noEmit: true, types: [], lib: ["es2022"], skipLibCheck: false },
        files: ["mixed.mts"],
      }),
    });
    const result = await run(process.execPath, [tsc, "-p", dir], { cwd: dir }).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
    expect(result.stdout.split("\n").filter((line) => /error TS/.test(line))).toEqual([]);
  });
});

/**
 * [moduleResolution, module, the consumer's files, [specifier, the declaration it must resolve to]].
 * Under node16 and nodenext a .cts file takes the require condition's declarations and a .mts the import's;
 * node10 knows nothing of "exports", so the subpaths reach their declarations by typesVersions.
 */
const BY_CONDITION: [string, string][] = [
  ["region-router", "dist/cjs/node.d.ts"],
  ["region-router", "dist/node.d.ts"],
  ["region-router/pure", "dist/cjs/pure.d.ts"],
  ["region-router/pure", "dist/pure.d.ts"],
  ["region-router/simd", "dist/cjs/index.d.ts"],
  ["region-router/simd", "dist/index.d.ts"],
];
const ESM_ONLY: [string, string][] = [["region-router", "dist/index.d.ts"], ["region-router/pure", "dist/pure.d.ts"], ["region-router/simd", "dist/index.d.ts"]];
/** node10 knows no conditions: the top-level "types" field, Node's entry's. */
const TYPES_FIELD: [string, string][] = [["region-router", "dist/node.d.ts"], ...ESM_ONLY.slice(1)];
const RESOLUTIONS: [string, string, string[], [string, string][]][] = [
  ["node16", "node16", ["types.cts", "types.mts"], BY_CONDITION],
  ["nodenext", "nodenext", ["types.cts", "types.mts"], BY_CONDITION],
  ["bundler", "esnext", ["types.ts"], ESM_ONLY],
  ["node10", "commonjs", ["types.ts"], TYPES_FIELD],
];

/**
 * A tiny consumer of every entry. Each @ts-expect-error must meet a real type error: were the
 * declarations missing (any), tsc would report the directive as unused and the check would fail.
 */
const consumer = `
  import { RegionRouter as Wasm, MAX_WEIGHT, suggestVnodes } from "region-router";
  import { RegionRouter as Pure } from "region-router/pure";
  import { RegionRouter as Simd } from "region-router/simd";
  const wasm: string | null = new Wasm().route("s");
  const pure: string | null = new Pure().route("s");
  const simd: (string | null)[] = new Simd().routeMany(["s"]);
  const max: number = MAX_WEIGHT;
  // @ts-expect-error route takes a string
  new Wasm().route(1);
  // @ts-expect-error route takes a string
  new Pure().route(1);
  // @ts-expect-error routeMany takes strings
  new Simd().routeMany([1]);
  new Wasm({ vnodesPerWeight: 160 });
  new Pure({ compatibleWith: "hashring", vnodeCount: 40, replicas: 3 });
  // @ts-expect-error another dialect's option
  new Wasm({ vnodesPerWeight: 3, vnodes: 2 });
  // @ts-expect-error another dialect's option
  new Pure({ compatibleWith: "hashring", vnodes: 2 });
  // @ts-expect-error no such dialect
  new Simd({ compatibleWith: "ketama" });
  suggestVnodes({ sf: 3, london: 3 }, { maxDeviation: 0.05 });
  // @ts-expect-error the count suggestVnodes chooses
  suggestVnodes([["sf", 3]], { maxDeviation: 0.1, vnodesPerWeight: 4 });
  // @ts-expect-error a string is no list of names (it would exclude its characters)
  new Pure().route("s", { exclude: "london" });
  new Pure().route("s", { exclude: new Set(["london"]) });
  export { wasm, pure, simd, max };
`;

/** The Markdown pages a package holds: its README and docs/*.md. */
function pagesOf(pkg: string): string[] {
  const docs = filesUnder(join(pkg, "docs")).filter((file) => file.endsWith(".md"));
  return ["README.md", ...docs.map((file) => `docs/${file}`)];
}

/**
 * The link targets of a Markdown page: inline links and images `[text](target)` and reference
 * definitions `[label]: target`, outside fenced code blocks and code spans.
 */
function linksOf(markdown: string): string[] {
  const prose = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "").replace(/`[^`\n]*`/g, "");
  const inline = [...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((match) => match[1]);
  const references = [...prose.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((match) => match[1]);
  return [...inline, ...references];
}

/** The anchors GitHub gives a page's headings (lower case, punctuation dropped, spaces to hyphens). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const headings = markdown.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "").matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm);
  for (const [, heading] of headings) {
    const base = heading
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
      .replace(/ /g, "-");
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

/** Every file under `dir`, as sorted paths relative to it with "/" separators. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .sort();
}
