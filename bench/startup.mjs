#!/usr/bin/env node
// Start-up cost as a fresh Node process pays it: load the package, construct a RegionRouter, add
// three regions (100 virtual nodes each) and route one session id. Each sample is a new process, so
// nothing is warm: module loading, WebAssembly compilation and first-call costs are all in it.
// Prints the median (and range) per entry and module format. `npm run build` first: it loads dist/.
// Usage: node bench/startup.mjs [samples]   (default 15)
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const samples = Number(process.argv[2] ?? 15);
if (!existsSync(`${root}dist/cjs/index.js`)) {
  console.error("dist/ is missing: run `npm run build` first.");
  process.exit(1);
}

const FIRST_ROUTE = `
  const router = new RegionRouter();
  router.addRegion("us-east", 100);
  router.addRegion("eu-west", 100);
  router.addRegion("ap-south", 100);
  if (router.route("sess-1") === null) throw new Error("no route");
  process.stdout.write(String(performance.now() - t0));
`;

/**
 * Each child measures from just before it loads the package (self-reference resolves the name). An
 * ESM child first imports an empty module, so Node's own one-time ESM loader start-up (the same for
 * any package) is not counted against this one.
 */
const WARM_LOADER = `await import("data:text/javascript,");`;
const CASES = [
  ["ESM    import('region-router')", "module", `${WARM_LOADER} const t0 = performance.now(); const { RegionRouter } = await import("region-router");`],
  ["ESM    import('region-router/pure')", "module", `${WARM_LOADER} const t0 = performance.now(); const { RegionRouter } = await import("region-router/pure");`],
  ["CJS    require('region-router')", "commonjs", `const t0 = performance.now(); const { RegionRouter } = require("region-router");`],
  ["CJS    require('region-router/pure')", "commonjs", `const t0 = performance.now(); const { RegionRouter } = require("region-router/pure");`],
];

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`import + new RegionRouter() + 3 addRegion(…, 100) + first route, ${samples} fresh processes each (Node ${process.version}):`);
for (const [label, inputType, load] of CASES) {
  const times = [];
  for (let i = 0; i < samples; i++) {
    const out = execFileSync(process.execPath, [`--input-type=${inputType}`, "-e", load + FIRST_ROUTE], { cwd: root, encoding: "utf8" });
    times.push(Number(out));
  }
  const fmt = (ms) => ms.toFixed(2).padStart(6);
  console.log(`  ${label.padEnd(38)} median ${fmt(median(times))} ms   (min ${fmt(Math.min(...times))}, max ${fmt(Math.max(...times))})`);
}
