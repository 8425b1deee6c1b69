// The demo page (demo/, `npm run demo`), built with Vite and clicked through in Chromium: it draws
// every region's arcs, and after adding a region and changing a weight it shows which sessions
// moved. Every dot it draws must carry the region the library routes that session to, and the
// movement it reports must be the sessions whose route really changed. Takes a screenshot for
// the README (docs/demo.png; under CI to a temporary file, so CI never rewrites a tracked file),
// then picks other dialects: the page must route as `new RegionRouter({ compatibleWith })`.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, expect, it } from "vitest";
import { movement, RegionRouter, type RouterOptions } from "../src/index.js";
import { positionsOf } from "../src/internals.js";
import { describeInChromium, launchChromium, type Chromium } from "./support/chromium.js";
import { serveStatic, type StaticServer } from "./support/static-server.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const screenshotPath = process.env.CI ? join(tmpdir(), "region-router-demo.png") : join(root, "docs/demo.png");

interface PageState {
  regions: { region: string; weight: number; ringShare: number; sessions: number }[];
  arcs: { region: string; start: number; end: number }[];
  sessions: { id: string; region: string; turn: number; moved: boolean }[];
  /** The dialect selector's value and each option input's, by option. */
  compatibleWith: string;
  options: Record<string, number>;
  /** The option inputs by id: #vnodes-per-weight, #vnode-count, … */
  optionIds: string[];
  ticks: number;
  caption: string;
  movedText: string;
  error: string;
}

function readPage(page: Page): Promise<PageState> {
  return page.evaluate(() => ({
    regions: Array.from(document.querySelectorAll<HTMLTableRowElement>("#regions tbody tr")).map((row) => ({
      region: row.dataset.region!,
      weight: Number(row.querySelector<HTMLInputElement>(".weight")!.value),
      ringShare: parseFloat(row.querySelector(".ring-share")!.textContent!),
      sessions: Number(row.querySelector(".sessions")!.textContent),
    })),
    arcs: Array.from(document.querySelectorAll<SVGPathElement>("#ring path.arc")).map((arc) => ({
      region: arc.dataset.region!,
      start: Number(arc.dataset.start),
      end: Number(arc.dataset.end),
    })),
    sessions: Array.from(document.querySelectorAll<SVGCircleElement>("#ring circle.session")).map((dot) => ({
      id: dot.dataset.session!,
      region: dot.dataset.region!,
      turn: Number(dot.dataset.turn),
      moved: dot.classList.contains("moved-now"),
    })),
    compatibleWith: document.querySelector<HTMLSelectElement>("#compatible-with")!.value,
    options: Object.fromEntries(
      Array.from(document.querySelectorAll<HTMLLabelElement>("#dialect-options label")).map((label) => [label.dataset.option!, Number(label.querySelector("input")!.value)]),
    ),
    optionIds: Array.from(document.querySelectorAll("#dialect-options input")).map((input) => input.id),
    ticks: document.querySelectorAll("#ring line.vnode").length,
    caption: document.querySelector("#ring text")!.textContent ?? "",
    movedText: document.querySelector("#moved")!.textContent ?? "",
    error: document.querySelector("#error")!.textContent ?? "",
  }));
}

/** The region whose drawn arc (start, end] contains `turn`. */
function arcOwner(arcs: PageState["arcs"], turn: number): string | undefined {
  if (arcs.length === 1) return arcs[0].region;
  return arcs.find(({ start, end }) => (start < end ? turn > start && turn <= end : turn > start || turn <= end))?.region;
}

const percent = (fraction: number) => `${(100 * fraction).toFixed(1)}%`;

/**
 * The page must show `model`'s regions, weights and exact shares, route every drawn session as
 * `model` does, and draw each session on an arc of that region.
 */
function expectConsistent(state: PageState, model: RegionRouter): void {
  const weights = [...model.weights()];
  expect({ compatibleWith: state.compatibleWith, ...state.options }).toEqual(model.options);
  // A tick per position (a point, in the ketama dialects), while there are at most 2000.
  const positions = positionsOf(model).positions.length;
  expect(state.ticks).toBe(positions <= 2000 ? positions : 0);
  expect(state.regions.map(({ region, weight }) => [region, weight])).toEqual(weights);
  const shares = model.shares();
  expect(state.regions.map(({ region, ringShare }) => [region, ringShare])).toEqual(weights.map(([region]) => [region, Number(percent(shares.get(region)!).slice(0, -1))]));
  expect([...new Set(state.arcs.map(({ region }) => region))].sort()).toEqual(weights.filter(([, w]) => w > 0).map(([r]) => r).sort());
  expect(state.sessions.length).toBeGreaterThan(0);
  for (const session of state.sessions) {
    expect(session.region, session.id).toBe(model.route(session.id) ?? "");
    expect(arcOwner(state.arcs, session.turn), `${session.id} is drawn on its region's arc`).toBe(session.region);
  }
  expect(state.regions.reduce((sum, { sessions }) => sum + sessions, 0)).toBe(state.sessions.length);
}

/** The page went from `before` to `after`: it must show `after` and ring exactly the sessions that moved. */
function expectMovement(state: PageState, before: RegionRouter, after: RegionRouter): string[] {
  expectConsistent(state, after);
  const moved = state.sessions.filter(({ id }) => before.route(id) !== after.route(id)).map(({ id }) => id);
  expect(state.sessions.filter((s) => s.moved).map((s) => s.id)).toEqual(moved);
  expect(state.movedText).toContain(`${moved.length} of ${state.sessions.length} sample sessions moved`);
  expect(state.movedText).toContain(`${percent(movement(before, after).moved)} of the key space moved`);
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
  let model = new RegionRouter({ vnodesPerWeight: 10 });
  for (const [region, weight] of [["us-east", 3], ["eu-west", 2], ["ap-south", 1]] as const) model.addRegion(region, weight);

  /** Apply `edit` to a copy of the model; returns [before, after] and makes the copy the model. */
  function step(edit: (copy: RegionRouter) => RegionRouter | void): [RegionRouter, RegionRouter] {
    const before = model;
    const copy = before.clone();
    model = edit(copy) ?? copy;
    return [before, model];
  }

  it("draws each region's arcs, with the library's shares, and every sample session on its region's arc", async () => {
    expectConsistent(await readPage(page), model);
    expect(browser.errors).toEqual([]);
  });

  it("changes virtual nodes per weight: a new ring, the same regions and weights", async () => {
    await page.fill("#vnodes-per-weight", "20");
    await page.press("#vnodes-per-weight", "Enter");
    const state = await readPage(page);
    expectMovement(state, ...step(() => {
      const next = new RegionRouter({ vnodesPerWeight: 20 });
      for (const [region, weight] of model.weights()) next.addRegion(region, weight);
      return next;
    }));
  });

  it("adds a region: only sessions that now go to it move, and they are the ones ringed", async () => {
    await page.fill("#add-region input[name=region]", "sa-east");
    await page.fill("#add-region input[name=weight]", "2");
    await page.click("#add-region button[type=submit]");
    const moved = expectMovement(await readPage(page), ...step((copy) => copy.addRegion("sa-east", 2)));
    expect(moved.length).toBeGreaterThan(0);
    for (const id of moved) expect(model.route(id)).toBe("sa-east");
  });

  it("changes a weight and shows what moved; rejects a bad weight and changes nothing", async () => {
    await page.fill("#regions tr[data-region=us-east] input.weight", "1");
    await page.press("#regions tr[data-region=us-east] input.weight", "Enter");
    const moved = expectMovement(await readPage(page), ...step((copy) => copy.addRegion("us-east", 1)));
    expect(moved.length).toBeGreaterThan(0);
    // Lowering us-east's weight only takes sessions away from it.
    for (const id of moved) expect(model.route(id)).not.toBe("us-east");

    await page.fill("#regions tr[data-region=eu-west] input.weight", "-1");
    await page.press("#regions tr[data-region=eu-west] input.weight", "Enter");
    const rejected = await readPage(page);
    expect(rejected.error).toMatch(/^RangeError: .*weight/);
    expectConsistent(rejected, model);
    // An emptied field is no weight at all (not 0, as Number("") would have it).
    await page.evaluate(() => (document.querySelector("#error")!.textContent = ""));
    await page.fill("#regions tr[data-region=eu-west] input.weight", "");
    await page.press("#regions tr[data-region=eu-west] input.weight", "Enter");
    const emptied = await readPage(page);
    expect(emptied.error).toMatch(/^RangeError: .*weight/);
    expectConsistent(emptied, model);
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

  /** What the page builds when its dialect or an option changes: `options`, with the model's regions and weights. */
  const rebuilt = (options: RouterOptions) => () => {
    const next = new RegionRouter(options);
    next.addRegions(model.weights());
    return next;
  };

  async function selectDialect(name: string): Promise<PageState> {
    await page.selectOption("#compatible-with", name);
    return readPage(page);
  }

  async function setOption(id: string, value: string): Promise<PageState> {
    await page.fill(`#${id}`, value);
    await page.press(`#${id}`, "Enter");
    return readPage(page);
  }

  /**
   * A change between the two key spaces (128-bit positions, 32-bit points): the page shows `after`
   * and rings the sessions that moved; the key space that moved once movement() can compare them.
   */
  function expectCrossFamily(state: PageState, before: RegionRouter, after: RegionRouter): void {
    expectConsistent(state, after);
    const moved = state.sessions.filter(({ id }) => before.route(id) !== after.route(id)).map(({ id }) => id);
    expect(moved.length).toBeGreaterThan(0);
    expect(state.sessions.filter((s) => s.moved).map((s) => s.id)).toEqual(moved);
    expect(state.movedText).toContain(`${moved.length} of ${state.sessions.length} sample sessions moved`);
    expect(state.movedText).toMatch(/; ≈?\d+\.\d% of the key space moved/);
  }

  it("selects a dialect of the same key space (uhashring): routes as new RegionRouter({ compatibleWith }), shows what moved", async () => {
    const state = await selectDialect("uhashring");
    expect(state.optionIds).toEqual(["vnodes"]);
    expectMovement(state, ...step(rebuilt({ compatibleWith: "uhashring" })));
    expect(state.movedText).toMatch(/^compatible with region-router → uhashring: /);
    expect(state.caption).toBe(`${160 * 6} virtual nodes`);
  });

  it("changes the dialect's own option (uhashring's vnodes)", async () => {
    const state = await setOption("vnodes", "20");
    expectMovement(state, ...step(rebuilt({ compatibleWith: "uhashring", vnodes: 20 })));
    expect(state.caption).toBe(`${20 * 6} virtual nodes`);
  });

  it("selects a ketama dialect (hashring): 32-bit points, every session drawn on its region's arc", async () => {
    const state = await selectDialect("hashring");
    expect(state.optionIds).toEqual(["vnode-count", "replicas"]);
    expect(state.options).toEqual({ vnodeCount: 40, replicas: 4 });
    expectCrossFamily(state, ...step(rebuilt({ compatibleWith: "hashring" })));
    const points = positionsOf(model).positions.length;
    expect(state.caption).toBe(`${points / 4} virtual nodes, ${points} points`);
  });

  it("in hashring: fewer replicas, then a new region, as the library moves them; a bad option changes nothing", async () => {
    expectMovement(await setOption("replicas", "3"), ...step(rebuilt({ compatibleWith: "hashring", vnodeCount: 40, replicas: 3 })));
    await page.fill("#add-region input[name=region]", "eu-north");
    await page.fill("#add-region input[name=weight]", "2");
    await page.click("#add-region button[type=submit]");
    const moved = expectMovement(await readPage(page), ...step((copy) => copy.addRegion("eu-north", 2)));
    expect(moved.length).toBeGreaterThan(0);
    const rejected = await setOption("replicas", "5");
    expect(rejected.error).toMatch(/^RangeError: .*replicas must be an integer from 1 to 4, got 5/);
    expectConsistent(rejected, model);
  });

  it("libketama: no options; from hashring with 3 replicas, the routes change as the library says", async () => {
    const state = await selectDialect("libketama");
    expect(state.optionIds).toEqual([]);
    const moved = expectMovement(state, ...step(rebuilt({ compatibleWith: "libketama" })));
    expect(moved.length).toBeGreaterThan(0);
  });

  it("back to region-router: its defaults, 1 virtual node per weight", async () => {
    const state = await selectDialect("region-router");
    expect(state.optionIds).toEqual(["vnodes-per-weight"]);
    expect(state.options).toEqual({ vnodesPerWeight: 1 });
    expectCrossFamily(state, ...step(rebuilt({ compatibleWith: "region-router" })));
    expect(browser.errors).toEqual([]);
  });
});

