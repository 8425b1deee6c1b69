// Debian's Chromium (/usr/bin/chromium) through playwright-core, in a throwaway profile: the one
// launch that the browser tests (./chromium.ts) and the browser benchmark (bench/sections/browser.mjs) share.
// Playwright never downloads a browser here.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

export const CHROMIUM_PATH = "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
];

/**
 * Launch Chromium headless with a fresh profile directory (a persistent context is how Playwright
 * takes a --user-data-dir of our choosing); `close()` closes it and deletes the profile.
 * @param {{ width: number, height: number }} [viewport]
 * @returns {Promise<{ context: import("playwright-core").BrowserContext, close(): Promise<void> }>}
 */
export async function launchInProfile(viewport = { width: 1280, height: 800 }) {
  const userDataDir = mkdtempSync(join(tmpdir(), "region-router-chromium-"));
  try {
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      viewport,
    });
    return {
      context,
      async close() {
        await context.close();
        rmSync(userDataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(userDataDir, { recursive: true, force: true });
    throw error;
  }
}
