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

// [engine, source, url, synchronous compiles before the first routeMany, and in all]: a page's
// bundle of region-router is the pure engine and compiles nothing; region-router/simd
// (dist/index.js) compiles the core at once, the SIMD build module at the first build past 256
// names (the vectors' rings have more) and the SIMD module at the first routeMany.
const SOURCES = [
  ["wasm", "the package's ESM with SIMD", "/pkg/dist/index.js", 3, 4],
  ["pure", "the package's ESM", "/pkg/dist/pure.js", 0, 0],
  ["pure", "the minified bundle of region-router (a page's)", "/app/region-router.min.js", 0, 0],
  ["wasm", "the minified bundle of region-router/simd", "/app/region-router-simd.min.js", 3, 4],
  ["pure", "the minified bundle of region-router/pure", "/app/region-router-pure.min.js", 0, 0],
] as const;

/** A page whose Content-Security-Policy allows scripts from its origin but not WebAssembly. */
const NO_WASM_PAGE = `<!doctype html><meta http-equiv="Content-Security-Policy" content="script-src 'self'"><link rel="icon" href="data:,"><title>no WebAssembly</title>`;

interface BrowserRun {
  routes: (string | null)[][];
  /** The same, asked with routeMany (the SIMD path in Chromium). */
  batched: (string | null)[][];
  /** Synchronous compiles before the first routeMany. */
  compilesBeforeBatch: number;
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
  const { replay, replayBatched } = await import("/app/replay.mjs");
  const { cases } = await (await fetch("/app/vectors.json")).json();
  const routes = replay(RegionRouter, cases);
  const compilesBeforeBatch = syncCompiles;
  const batched = replayBatched(RegionRouter, cases);
  return { routes, batched, compilesBeforeBatch, mainThread: typeof document !== "undefined" && globalThis === window, syncCompiles };
}`;

function replayInPage(page: Page, moduleUrl: string): Promise<BrowserRun> {
  return page.evaluate(`(${REPLAY_IN_PAGE})(${JSON.stringify(moduleUrl)})`) as Promise<BrowserRun>;
}

describeInChromium("in Chromium", () => {
  let server: StaticServer;
  let browser: Chromium;

  beforeAll(async () => {
    const app = makeApp();
    for (const [specifier, file] of [["region-router", "region-router.min.js"], ["region-router/simd", "region-router-simd.min.js"], ["region-router/pure", "region-router-pure.min.js"]]) {
      writeFileSync(join(app, file), (await browserBundle(specifier, packedAppRoot())).code);
    }
    server = await serveStatic({
      "/": { page: '<!doctype html><link rel="icon" href="data:,"><title>region-router</title>' },
      "/no-wasm/": { page: NO_WASM_PAGE },
      "/pkg/": packedPackageDir(),
      "/app/": app,
    });
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

  it.each(SOURCES)("routes every golden vector as Node does: %s engine from %s", async (engine, _source, url, compilesBeforeBatch, compiles) => {
    browser.errors.length = 0;
    const page = await browser.newPage();
    try {
      await page.goto(server.url + "/");
      const run = await replayInPage(page, url);
      expect(run.mainThread).toBe(true);
      // The WebAssembly engine compiles its modules synchronously, once each: the core at once
      // and, with SIMD carried (Chromium has SIMD), the modules beside it when first needed (the
      // vectors' builds take the build module, their updates made in place the sort module, their
      // batches the SIMD module). The pure engine never compiles any.
      expect(run.compilesBeforeBatch).toBe(compilesBeforeBatch);
      expect(run.syncCompiles).toBe(compiles);
      expect(run.routes).toEqual(nodeRoutes[engine]);
      expect(run.batched).toEqual(nodeRoutes[engine]);
      expect(browser.errors).toEqual([]);
    } finally {
      await page.close();
    }
  });
  // Pages whose Content-Security-Policy has no 'wasm-unsafe-eval' (or browsers that turn
  // WebAssembly off, as iOS Lockdown Mode does) are why a page's region-router is the pure engine.
  it("under a Content-Security-Policy without 'wasm-unsafe-eval', a page's region-router routes every golden vector", async () => {
    const page = await browser.newPage();
    try {
      await page.goto(server.url + "/no-wasm/");
      const run = await replayInPage(page, "/app/region-router.min.js");
      expect(run.routes).toEqual(nodeRoutes.pure);
      expect(run.batched).toEqual(nodeRoutes.pure);
      expect(run.syncCompiles).toBe(0);
    } finally {
      await page.close();
    }
  });

  it("there, region-router/simd's constructor says WebAssembly cannot run and names region-router/pure", async () => {
    browser.errors.length = 0;
    const page = await browser.newPage();
    try {
      await page.goto(server.url + "/no-wasm/");
      const failure = await page.evaluate(`(async () => {
        const { RegionRouter } = await import("/app/region-router-simd.min.js");
        try { new RegionRouter(); return null; } catch (error) { return { name: error.name, message: error.message }; }
      })()`);
      expect(failure).toMatchObject({ name: "Error", message: expect.stringMatching(/^WebAssembly cannot run here \(.+\): import region-router\/pure, .*'wasm-unsafe-eval'/) });
    } finally {
      await page.close();
    }
  });
});
