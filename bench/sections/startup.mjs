// Start-up as a fresh Node process pays it (nothing warm): load the package, construct a
// RegionRouter, add three regions of 100 virtual nodes, route one id; each phase's median per entry
// and module format, entries alternating. Beside them the floors: the same steps on classes that do
// nothing, so that what Node charges for any import and any first WebAssembly shows.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { table } from "../lib.mjs";
import { alternate } from "../rounds.mjs";
import { judge, TARGETS } from "../targets.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const SAMPLES = 15;
/** After the load (which ends at t1): the phases, timed separately, printed as JSON. */
const FIRST_ROUTE = `
  const t1 = performance.now();
  const router = new RegionRouter();
  const t2 = performance.now();
  for (const region of ["us-east", "eu-west", "ap-south"]) router.addRegion(region, 100);
  const t3 = performance.now();
  if (router.route("sess-1") === null) throw new Error("no route");
  const t4 = performance.now();
  process.stdout.write(JSON.stringify({ total: t4 - t0, load: t1 - t0, construct: t2 - t1, add: t3 - t2, route: t4 - t3 }));
`;
const PHASES = ["total", "load", "construct", "add", "route"];
/** The smallest useful WebAssembly module: one exported function returning 42. */
const TINY_WASM = "[0,97,115,109,1,0,0,0,1,5,1,96,0,1,127,3,2,1,0,7,5,1,1,102,0,0,10,6,1,4,0,65,42,11]";
const NO_OP_CLASS = "export class RegionRouter { addRegion() {} route() { return 'x'; } }";
const WASM_CLASS = `export class RegionRouter {
  constructor() { this.f = new WebAssembly.Instance(new WebAssembly.Module(new Uint8Array(${TINY_WASM}))).exports.f; }
  addRegion() {}
  route() { return String(this.f()); }
}`;

export default async function startup() {
  const folder = mkdtempSync(join(tmpdir(), "startup-"));
  const oneLineFile = join(folder, "no-op.mjs");
  writeFileSync(oneLineFile, NO_OP_CLASS);
  // [name, how it loads, what]: each child measures from just before it loads (self-reference
  // resolves the package's name). An ESM child first imports an empty module, so Node's own
  // one-time ESM loader start-up (the same for any package) is not counted against this one.
  const cases = [
    ["floor: a no-op class, data: URL, ESM", "import", `data:text/javascript,${NO_OP_CLASS}`],
    ["floor: a no-op class, one-line file, ESM", "import", pathToFileURL(oneLineFile).href],
    ["floor: + the smallest wasm module", "import", `data:text/javascript,${encodeURIComponent(WASM_CLASS)}`],
    ["ESM    import('region-router')", "import", "region-router"],
    ["ESM    import('region-router/pure')", "import", "region-router/pure"],
    ["CJS    require('region-router')", "require", "region-router"],
    ["CJS    require('region-router/pure')", "require", "region-router/pure"],
  ].map(([name, load, what]) => {
    const from = JSON.stringify(what);
    const code = load === "import"
      ? `await import("data:text/javascript,"); const t0 = performance.now(); const { RegionRouter } = await import(${from});`
      : `const t0 = performance.now(); const { RegionRouter } = require(${from});`;
    return { name, inputType: load === "import" ? "module" : "commonjs", code: code + FIRST_ROUTE };
  });
  const results = await alternate(cases, {
    rounds: SAMPLES,
    label: "fresh processes",
    group: 1,
    measure: ({ inputType, code }) => JSON.parse(execFileSync(process.execPath, [`--input-type=${inputType}`, "-e", code], { cwd: root, encoding: "utf8" })),
  });
  rmSync(folder, { recursive: true });
  const range = (r) => `${Math.min(...r.rounds.total).toFixed(2)}..${Math.max(...r.rounds.total).toFixed(2)}`;
  table(
    ["", ...PHASES, "total, fastest..slowest"],
    results.map((r) => [r.name, ...PHASES.map((phase) => r[phase].toFixed(2)), range(r)]),
    `Start-up: import + new RegionRouter() + 3 addRegion(…, 100) + first route, ${SAMPLES} fresh processes each; medians, ms`,
  );
  const [, oneLine, , esm, , cjs] = results;
  for (const entry of [esm, cjs]) judge(TARGETS.startup, { where: entry.name.replace(/\s+/g, " "), measured: entry.total, floor: oneLine.total });
}
