#!/usr/bin/env node
// The engines where web pages run them: Debian's Chromium (/usr/bin/chromium, headless) loads each
// from a local server and times, in the page, alternating rounds: route() per id and routeMany()
// per id (1,024 crypto.randomUUID() ids a call) on a ring of 9 regions x vnodesPerWeight 100, and a
// 100,000-node build. A fresh page per engine measures the start-up: import, construct, three
// regions, first route. Beside them, what each costs a page: its minified + gzipped bundle
// (scripts/sizes.mjs). The engines: what region-router gives a page (the pure engine, also
// region-router/pure), region-router/simd, and the WebAssembly core alone (bench/core-only.mjs: no
// entry ships it so, but it is the WebAssembly a page could have within issue 13's 7 KiB budget,
// bench/RESULTS.md "Pages get the pure engine"). `npm run build` first: it loads dist/.
// Usage: node bench/browser.mjs [rounds]   (default 5), or npm run bench:browser
import { createServer } from "node:http";
import { existsSync, readFileSync } from "node:fs";
import { extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { browserBundle } from "../scripts/sizes.mjs";
import { launchInProfile } from "../test/support/chromium-profile.mjs";
import { CORE_ONLY, coreOnlyCode } from "./core-only.mjs";

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

/** In one page: the engines' steady-state costs (ns per id, ms per build), one round. */
const ROUND = `async (urls) => {
  const ids = Array.from({ length: 1024 }, () => crypto.randomUUID());
  const out = {};
  for (const url of urls) {
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
    out[url] = { route, routeMany, build, sink };
  }
  return out;
}`;

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const PARTS = ["import", "construct", "regions", "firstRoute"];
const results = new Map(ENTRIES.map(([, url]) => [url, { route: [], routeMany: [], build: [], startup: [], ...Object.fromEntries(PARTS.map((part) => [part, []])) }]));
for (let round = 0; round < rounds; round++) {
  process.stderr.write(`round ${round + 1} of ${rounds}\n`);
  const order = round % 2 === 0 ? ENTRIES : [...ENTRIES].reverse();
  for (const [, url] of order) {
    const page = await context.newPage();
    await page.goto(`${origin}/dist/`);
    const times = await page.evaluate(`(${STARTUP})(${JSON.stringify(url)})`);
    for (const [key, ms] of Object.entries(times)) results.get(url)[key].push(ms);
    await page.close();
  }
  const page = await context.newPage();
  await page.goto(`${origin}/dist/`);
  const figures = await page.evaluate(`(${ROUND})(${JSON.stringify(order.map(([, url]) => url))})`);
  await page.close();
  for (const [url, f] of Object.entries(figures)) for (const key of ["route", "routeMany", "build"]) results.get(url)[key].push(f[key]);
}
const version = context.browser()?.version() ?? (await (await context.newPage()).evaluate("navigator.userAgent"));
await close();
server.close();

console.log(`Chromium ${version}, ${rounds} alternating rounds, medians; ratios to what region-router gives a page`);
console.log("| entry | bundle, gzipped | route, ns/id | routeMany (1,024 UUIDs), ns/id | build 100,000 nodes, ms | start-up, ms |");
console.log("|---|---:|---:|---:|---:|---:|");
const base = results.get(ENTRIES[0][1]);
for (const [name, url, specifier] of ENTRIES) {
  const r = results.get(url);
  const cell = (key, digits) => `${median(r[key]).toFixed(digits)} (${(median(r[key]) / median(base[key])).toFixed(2)}x)`;
  const { gzipped } = await browserBundle(specifier);
  console.log(`| ${name} | ${gzipped.toLocaleString("en")} B | ${cell("route", 0)} | ${cell("routeMany", 0)} | ${cell("build", 1)} | ${cell("startup", 2)} |`);
}

console.log("");
console.log("Start-up taken apart (ms, medians; a fresh page each): the import (fetching and compiling the entry's file), the constructor, three regions of 100 virtual nodes, the first route");
console.log("| entry | import | construct | 3 x addRegion | first route |");
console.log("|---|---:|---:|---:|---:|");
for (const [name, url] of ENTRIES) console.log(`| ${name} | ${PARTS.map((part) => median(results.get(url)[part]).toFixed(2)).join(" | ")} |`);
