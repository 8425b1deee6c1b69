// The demo page (demo/, `npm run demo`), built with Vite and clicked through in Chromium: it draws
// every region's arcs, and after adding a region and changing a weight it shows which sessions
// moved. Every dot it draws must carry the region the library routes that session to, and the
// movement it reports must be the sessions whose route really changed. Ends with a screenshot for
// the README (docs/demo.png; under CI to a temporary file, so CI never rewrites a tracked file).
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { RegionRouter } from "../src/index.js";
import { describeInChromium, launchChromium, type Chromium } from "./support/chromium.js";
import { serveStatic, type StaticServer } from "./support/static-server.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const screenshotPath = process.env.CI ? join(tmpdir(), "region-router-demo.png") : join(root, "docs/demo.png");

interface PageState {
  regions: { region: string; weight: number; ringShare: number; sessions: number }[];
  arcRegions: string[];
  sessions: { id: string; region: string; moved: boolean }[];
  movedText: string;
  error: string;
}

function readPage(page: Page): Promise<PageState> {
  return page.evaluate(() => ({
    regions: [...document.querySelectorAll<HTMLTableRowElement>("#regions tbody tr")].map((row) => ({
      region: row.dataset.region!,
      weight: Number(row.querySelector<HTMLInputElement>(".weight")!.value),
      ringShare: parseFloat(row.querySelector(".ring-share")!.textContent!),
      sessions: Number(row.querySelector(".sessions")!.textContent),
    })),
    arcRegions: [...new Set([...document.querySelectorAll<SVGPathElement>("#ring path.arc")].map((arc) => arc.dataset.region!))],
    sessions: [...document.querySelectorAll<SVGCircleElement>("#ring circle.session")].map((dot) => ({
      id: dot.dataset.session!,
      region: dot.dataset.region!,
      moved: dot.classList.contains("moved-now"),
    })),
    movedText: document.querySelector("#moved")!.textContent ?? "",
    error: document.querySelector("#error")!.textContent ?? "",
  }));
}

/** The page must show `model`'s regions and route every drawn session as `model` does. */
function expectConsistent(state: PageState, model: RegionRouter): void {
  const weights = [...model.weights()];
  expect(state.regions.map(({ region, weight }) => [region, weight])).toEqual(weights);
  expect(state.arcRegions.sort()).toEqual(weights.filter(([, w]) => w > 0).map(([r]) => r).sort());
  expect(state.sessions.length).toBeGreaterThan(0);
  for (const session of state.sessions) expect(session.region, session.id).toBe(model.route(session.id) ?? "");
  expect(state.regions.reduce((sum, { sessions }) => sum + sessions, 0)).toBe(state.sessions.length);
  expect(state.regions.reduce((sum, { ringShare }) => sum + ringShare, 0)).toBeCloseTo(100, 0);
}

/** Apply `edit` to the model as the page did; the page must ring exactly the sessions that moved. */
function expectMovement(state: PageState, model: RegionRouter, edit: (router: RegionRouter) => void): string[] {
  const before = new Map(state.sessions.map(({ id }) => [id, model.route(id)]));
  edit(model);
  expectConsistent(state, model);
  const moved = state.sessions.filter(({ id }) => before.get(id) !== model.route(id)).map(({ id }) => id);
  expect(state.sessions.filter((s) => s.moved).map((s) => s.id)).toEqual(moved);
  expect(state.movedText).toContain(`${moved.length} of ${state.sessions.length} sample sessions moved`);
  return moved;
}

describeInChromium("the demo page in Chromium", () => {
  let server: StaticServer;
  let browser: Chromium;
  let page: Page;

  beforeAll(async () => {
    const outDir = mkdtempSync(join(tmpdir(), "region-router-demo-"));
    await build({ configFile: join(root, "demo/vite.config.ts"), logLevel: "silent", build: { outDir, emptyOutDir: true } });
    server = await serveStatic({ "/": outDir });
    browser = await launchChromium({ width: 1200, height: 700 });
    page = await browser.newPage();
    await page.goto(server.url + "/");
    await page.waitForSelector("body[data-ready=true]");
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A RegionRouter in Node that goes through the same changes as the page. */
  const model = new RegionRouter();
  for (const [region, weight] of [["us-east", 30], ["eu-west", 20], ["ap-south", 10]] as const) model.addRegion(region, weight);

  it("draws each region's arcs and routes every sample session as the library does", async () => {
    expectConsistent(await readPage(page), model);
    expect(browser.errors).toEqual([]);
  });

  it("adds a region: only sessions that now go to it move, and they are the ones ringed", async () => {
    await page.fill("#add-region input[name=region]", "sa-east");
    await page.fill("#add-region input[name=weight]", "15");
    await page.click("#add-region button[type=submit]");
    const moved = expectMovement(await readPage(page), model, (router) => router.addRegion("sa-east", 15));
    expect(moved.length).toBeGreaterThan(0);
    for (const id of moved) expect(model.route(id)).toBe("sa-east");
  });

  it("changes a weight and shows what moved; rejects a bad weight and changes nothing", async () => {
    await page.fill("#regions tr[data-region=us-east] input.weight", "8");
    await page.press("#regions tr[data-region=us-east] input.weight", "Enter");
    const moved = expectMovement(await readPage(page), model, (router) => router.addRegion("us-east", 8));
    expect(moved.length).toBeGreaterThan(0);
    // Lowering us-east's weight only takes sessions away from it.
    for (const id of moved) expect(model.route(id)).not.toBe("us-east");

    await page.fill("#regions tr[data-region=eu-west] input.weight", "-1");
    await page.press("#regions tr[data-region=eu-west] input.weight", "Enter");
    const rejected = await readPage(page);
    expect(rejected.error).toMatch(/^RangeError: .*weight/);
    expectConsistent(rejected, model);
    expect(browser.errors).toEqual([]);
  });

  it("saves a screenshot of the page after those changes", async () => {
    // Show the weight change's movement, not the rejected edit's error.
    await page.evaluate(() => (document.querySelector("#error")!.textContent = ""));
    const png = await page.screenshot({ fullPage: true });
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    writeFileSync(screenshotPath, png);
    expect(readFileSync(screenshotPath).equals(png)).toBe(true);
  });
});
