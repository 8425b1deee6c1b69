// The package in a real browser: Debian's Chromium loads region-router from a local server, on the
// main thread with the synchronous constructor, both as the package's own ESM files (no bundler)
// and as the minified esbuild bundle that the size budget measures. Every golden vector must route
// in Chromium exactly as in Node.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { browserBundle } from "../scripts/sizes.mjs";
import { describeInChromium, launchChromium, type Chromium } from "./support/chromium.js";
import { engines } from "./support/engines.js";
import { makeApp, packedAppRoot, packedPackageDir } from "./support/packed-app.js";
import { expectedRoutes, replay } from "./support/replay.mjs";
import { serveStatic, type StaticServer } from "./support/static-server.js";
import { vectors } from "./support/vectors.js";

const SOURCES = [
  ["wasm", "the package's ESM", "/pkg/dist/index.js"],
  ["pure", "the package's ESM", "/pkg/dist/pure.js"],
  ["wasm", "the minified bundle", "/app/region-router.min.js"],
  ["pure", "the minified bundle", "/app/region-router-pure.min.js"],
] as const;

interface BrowserRun {
  routes: (string | null)[][];
  mainThread: boolean;
  /** How many times the page called the synchronous WebAssembly.Module constructor. */
  syncCompiles: number;
}

/**
 * In the page: count synchronous compiles, import the router, replay every vector. Kept as source
 * text because vitest rewrites `import()` in test code, and this must run untouched in the page.
 */
const REPLAY_IN_PAGE = `async (url) => {
  let syncCompiles = 0;
  WebAssembly.Module = new Proxy(WebAssembly.Module, {
    construct(target, args) {
      syncCompiles++;
      return Reflect.construct(target, args);
    },
  });
  const { RegionRouter } = await import(url);
  const { replay } = await import("/app/replay.mjs");
  const { cases } = await (await fetch("/app/vectors.json")).json();
  const routes = replay(RegionRouter, cases);
  return { routes, mainThread: typeof document !== "undefined" && globalThis === window, syncCompiles };
}`;

function replayInPage(page: Page, moduleUrl: string): Promise<BrowserRun> {
  return page.evaluate(`(${REPLAY_IN_PAGE})(${JSON.stringify(moduleUrl)})`) as Promise<BrowserRun>;
}

describeInChromium("in Chromium", () => {
  let server: StaticServer;
  let browser: Chromium;

  beforeAll(async () => {
    const app = makeApp();
    for (const [specifier, file] of [["region-router", "region-router.min.js"], ["region-router/pure", "region-router-pure.min.js"]]) {
      writeFileSync(join(app, file), (await browserBundle(specifier, packedAppRoot())).code);
    }
    server = await serveStatic({ "/": { page: '<!doctype html><link rel="icon" href="data:,"><title>region-router</title>' }, "/pkg/": packedPackageDir(), "/app/": app });
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  const nodeRoutes = Object.fromEntries(engines.map(([name, RegionRouter]) => [name, replay(RegionRouter, vectors.cases)]));

  it("gives the reference's routes in Node too (what Chromium is compared with)", () => {
    expect(nodeRoutes.wasm).toEqual(expectedRoutes(vectors.cases));
    expect(nodeRoutes.pure).toEqual(expectedRoutes(vectors.cases));
  });

  it.each(SOURCES)("routes every golden vector as Node does: %s engine from %s", async (engine, _source, url) => {
    browser.errors.length = 0;
    const page = await browser.newPage();
    try {
      await page.goto(server.url + "/");
      const run = await replayInPage(page, url);
      expect(run.mainThread).toBe(true);
      // The WebAssembly engine compiles its modules synchronously, once each: the core and, as
      // Chromium has SIMD, the batch add-on. The pure engine never compiles any.
      expect(run.syncCompiles).toBe(engine === "wasm" ? 2 : 0);
      expect(run.routes).toEqual(nodeRoutes[engine]);
      expect(browser.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
});
