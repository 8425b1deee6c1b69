// The engines in web pages: headless Chromium (/usr/bin/chromium) loads each from a local server, a
// fresh page per engine each round: its start-up, route() and routeMany() per id (1,024 UUIDs a
// call, 9 regions x 100 nodes), a 100,000-node build, and its bundle's gzipped size. The engines: a
// page's region-router (the pure engine), region-router/simd, the WebAssembly core alone.
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { browserBundle } from "../../scripts/sizes.mjs";
import { CHROMIUM_PATH, launchInProfile } from "../../test/support/chromium-profile.mjs";
import { CORE_ONLY, table } from "../lib.mjs";
import { alternate } from "../rounds.mjs";

const root = fileURLToPath(new URL("../..", import.meta.url));
const ROUNDS = 5;
const ENTRIES = [
  { name: "pure TypeScript (region-router in pages, region-router/pure)", url: "/dist/pure.js", specifier: "region-router" },
  { name: "WebAssembly with SIMD (region-router/simd)", url: "/dist/index.js", specifier: "region-router/simd" },
  { name: "WebAssembly, the core alone (not an entry)", url: "/dist/core-only.js", specifier: CORE_ONLY },
];

/** In a fresh page: the start-up, each step timed (ms), then the steady-state costs (ns per id, ms per build). */
const IN_PAGE = `async (url) => {
  const t0 = performance.now();
  const { RegionRouter } = await import(url);
  const t1 = performance.now();
  const router = new RegionRouter({ vnodesPerWeight: 100 });
  const t2 = performance.now();
  for (const region of ["us-east", "eu-west", "ap-south"]) router.addRegion(region, 1);
  const t3 = performance.now();
  if (router.route("sess-1") === null) throw new Error("no route");
  const t4 = performance.now();
  const ids = Array.from({ length: 1024 }, () => crypto.randomUUID());
  const ring = new RegionRouter({ vnodesPerWeight: 100 });
  for (let i = 0; i < 9; i++) ring.addRegion("region-" + i, 1);
  let sink = 0;
  const time = (reps, body) => { const t = performance.now(); for (let r = 0; r < reps; r++) body(); return (performance.now() - t) * 1e6 / (reps * ids.length); };
  time(20, () => { for (const id of ids) sink += ring.route(id).length; });
  const route = time(100, () => { for (const id of ids) sink += ring.route(id).length; });
  time(20, () => { sink += ring.routeMany(ids).length; });
  const routeMany = time(200, () => { sink += ring.routeMany(ids).length; });
  const t5 = performance.now();
  new RegionRouter().addRegions(Array.from({ length: 100 }, (_, i) => ["r" + i, 1000]));
  const build = performance.now() - t5;
  return { startup: t4 - t0, import: t1 - t0, construct: t2 - t1, regions: t3 - t2, firstRoute: t4 - t3, route, routeMany, build, sink };
}`;

export default async function browser() {
  if (!existsSync(CHROMIUM_PATH)) return void console.log(`## Chromium\n\nNot measured: no ${CHROMIUM_PATH} (apt-get install chromium).\n`);
  // Each entry's bundle as a page's app would have it: its size, and the core alone's code to serve.
  const bundles = await Promise.all(ENTRIES.map(({ specifier }) => browserBundle(specifier)));
  /** A page, dist/ as built, and the core alone as bundled here. */
  const server = createServer((request, response) => {
    const path = new URL(request.url, "http://x").pathname;
    const file = join(root, path);
    const body = path === "/" ? "<!doctype html><title>bench</title>" : path === "/dist/core-only.js" ? bundles[2].code : path.startsWith("/dist/") && existsSync(file) ? readFileSync(file) : null;
    response.writeHead(body === null ? 404 : 200, { "content-type": path === "/" ? "text/html" : "text/javascript" }).end(body ?? undefined);
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${server.address().port}`;
  const { context, close } = await launchInProfile();
  const version = context.browser()?.version() ?? "";
  const measured = await alternate(ENTRIES, {
    rounds: ROUNDS,
    label: "Chromium",
    group: 1,
    measure: async ({ url }) => {
      const page = await context.newPage();
      await page.goto(`${origin}/`);
      const { sink, ...figures } = await page.evaluate(`(${IN_PAGE})(${JSON.stringify(url)})`);
      await page.close();
      return figures;
    },
  }).finally(() => Promise.all([close(), server.close()]));
  const [base] = measured;
  const cell = (r, key, digits) => `${r[key].toFixed(digits)} (${(r[key] / base[key]).toFixed(2)}x)`;
  table(
    ["entry", "bundle, gzipped", "route, ns/id", "routeMany (1,024 UUIDs), ns/id", "build 100,000 nodes, ms", "start-up, ms"],
    measured.map((r, i) => [r.name, `${bundles[i].gzipped.toLocaleString("en")} B`, cell(r, "route", 0), cell(r, "routeMany", 0), cell(r, "build", 1), cell(r, "startup", 2)]),
    `Chromium ${version}: each engine in a fresh page, ${ROUNDS} alternating rounds (medians; ratios to what region-router gives a page)`,
  );
  const parts = ["import", "construct", "regions", "firstRoute"];
  const apart = "Start-up taken apart (ms, medians; a fresh page each): the import (fetching and compiling the entry's file), the constructor, three regions of 100 virtual nodes, the first route";
  table(["entry", "import", "construct", "3 x addRegion", "first route"], measured.map((r) => [r.name, ...parts.map((part) => r[part].toFixed(2))]), "", apart);
}
