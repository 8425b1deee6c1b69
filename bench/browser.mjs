#!/usr/bin/env node
// The engines where web pages run them: Debian's Chromium (/usr/bin/chromium, headless) loads each
// from a local server, in alternating rounds (rounds.mjs), each round a fresh page per engine: its
// start-up (import, construct, three regions, first route), then route() per id and routeMany()
// per id (1,024 crypto.randomUUID() ids a call) on a ring of 9 regions x vnodesPerWeight 100, and
// a 100,000-node build. Beside them, what each costs a page: its minified + gzipped bundle
// (scripts/sizes.mjs). The engines: what region-router gives a page (the pure engine, also
// region-router/pure), region-router/simd, and the WebAssembly core alone (bench/core-only.mjs: no
// entry ships it so). `npm run build` first: it loads dist/.
// Usage: node bench/browser.mjs [rounds]   (default 5), or npm run bench:browser
import { createServer } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { browserBundle } from "../scripts/sizes.mjs";
import { launchInProfile } from "../test/support/chromium-profile.mjs";
import { CORE_ONLY, coreOnlyCode } from "./core-only.mjs";
import { alternate } from "./rounds.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const rounds = Number(process.argv[2] ?? 5);
if (!existsSync(`${root}dist/pure.js`)) {
  console.error("dist/ is missing: run `npm run build` first.");
  process.exit(1);
}
/** [what, the file a browser loads, the specifier an app imports]. */
const ENTRIES = [
  ["pure TypeScript (region-router in pages, region-router/pure)", "/dist/pure.js", "region-router"],
  ["WebAssembly with SIMD (region-router/simd)", "/dist/index.js", "region-router/simd"],
  ["WebAssembly, the core alone (not an entry)", "/dist/core-only.js", CORE_ONLY],
];
const coreOnly = await coreOnlyCode();

const server = createServer((request, response) => {
  const path = join(root, decodeURIComponent(new URL(request.url, "http://x").pathname));
  if (path === `${root}dist/core-only.js`) {
    response.writeHead(200, { "content-type": "text/javascript" }).end(coreOnly);
    return;
  }
  if (path.endsWith("/")) {
    response.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>bench</title>");
    return;
  }
  if (!path.startsWith(`${root}dist/`) || !existsSync(path)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "content-type": extname(path) === ".js" ? "text/javascript" : "text/html" }).end(readFileSync(path));
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

const { context, close } = await launchInProfile();

/** In a fresh page: import, construct, add three regions, first route (ms, each and in all). */
const STARTUP = `async (url) => {
  const t0 = performance.now();
  const { RegionRouter } = await import(url);
  const t1 = performance.now();
  const router = new RegionRouter({ vnodesPerWeight: 100 });
  const t2 = performance.now();
  for (const region of ["us-east", "eu-west", "ap-south"]) router.addRegion(region, 1);
  const t3 = performance.now();
  if (router.route("sess-1") === null) throw new Error("no route");
  const t4 = performance.now();
  return { startup: t4 - t0, import: t1 - t0, construct: t2 - t1, regions: t3 - t2, firstRoute: t4 - t3 };
}`;

/** In the same page, after STARTUP: the engine's steady-state costs (ns per id, ms per build). */
const STEADY = `async (url) => {
  const ids = Array.from({ length: 1024 }, () => crypto.randomUUID());
  const { RegionRouter } = await import(url);
  const router = new RegionRouter({ vnodesPerWeight: 100 });
  for (let i = 0; i < 9; i++) router.addRegion("region-" + i, 1);
  let sink = 0;
  const time = (reps, body) => { const t = performance.now(); for (let r = 0; r < reps; r++) body(); return (performance.now() - t) * 1e6 / (reps * ids.length); };
  time(20, () => { for (const id of ids) sink += router.route(id).length; });
  const route = time(100, () => { for (const id of ids) sink += router.route(id).length; });
  time(20, () => { sink += router.routeMany(ids).length; });
  const routeMany = time(200, () => { sink += router.routeMany(ids).length; });
  const t = performance.now();
  const big = new RegionRouter();
  big.addRegions(Array.from({ length: 100 }, (_, i) => ["r" + i, 1000]));
  const build = performance.now() - t;
  return { route, routeMany, build, sink };
}`;

const PARTS = ["import", "construct", "regions", "firstRoute"];
const measured = await alternate(
  ENTRIES.map(([name, url]) => ({ name, url })),
  {
    rounds,
    label: "Chromium",
    group: 1,
    measure: async ({ url }) => {
      const page = await context.newPage();
      await page.goto(`${origin}/dist/`);
      const startup = await page.evaluate(`(${STARTUP})(${JSON.stringify(url)})`);
      const { route, routeMany, build } = await page.evaluate(`(${STEADY})(${JSON.stringify(url)})`);
      await page.close();
      return { ...startup, route, routeMany, build };
    },
  },
);
const version = context.browser()?.version() ?? (await (await context.newPage()).evaluate("navigator.userAgent"));
await close();
server.close();

console.log(`Chromium ${version}, ${rounds} alternating rounds, medians; ratios to what region-router gives a page`);
console.log("| entry | bundle, gzipped | route, ns/id | routeMany (1,024 UUIDs), ns/id | build 100,000 nodes, ms | start-up, ms |");
console.log("|---|---:|---:|---:|---:|---:|");
const [base] = measured;
for (const [i, r] of measured.entries()) {
  const cell = (key, digits) => `${r[key].toFixed(digits)} (${(r[key] / base[key]).toFixed(2)}x)`;
  const { gzipped } = await browserBundle(ENTRIES[i][2]);
  console.log(`| ${r.name} | ${gzipped.toLocaleString("en")} B | ${cell("route", 0)} | ${cell("routeMany", 0)} | ${cell("build", 1)} | ${cell("startup", 2)} |`);
}

console.log("");
console.log("Start-up taken apart (ms, medians; a fresh page each): the import (fetching and compiling the entry's file), the constructor, three regions of 100 virtual nodes, the first route");
console.log("| entry | import | construct | 3 x addRegion | first route |");
console.log("|---|---:|---:|---:|---:|");
for (const r of measured) console.log(`| ${r.name} | ${PARTS.map((part) => r[part].toFixed(2)).join(" | ")} |`);
