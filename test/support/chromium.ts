// Debian's Chromium (apt-get install chromium) driven by playwright-core, for the browser tests.
// Playwright never downloads a browser here: it launches /usr/bin/chromium. Where that is missing the
// browser suites are skipped with a plain message, unless REQUIRE_BROWSER=1 (CI) makes it a failure.
import { existsSync } from "node:fs";
import type { BrowserContext, Page } from "playwright-core";
import { describe, it } from "vitest";
import { CHROMIUM_PATH, launchInProfile } from "./chromium-profile.mjs";

export { CHROMIUM_PATH };

export interface Chromium {
  readonly context: BrowserContext;
  /** A new tab; page errors and console errors are collected into `errors`. */
  newPage(): Promise<Page>;
  readonly errors: string[];
  close(): Promise<void>;
}

/** Launch Chromium with a fresh, throwaway profile, collecting the errors its pages report. */
export async function launchChromium(viewport = { width: 1280, height: 800 }): Promise<Chromium> {
  const { context, close } = await launchInProfile(viewport);
  const errors: string[] = [];
  return {
    context,
    errors,
    async newPage() {
      const page = await context.newPage();
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`console.error: ${message.text()}`);
      });
      return page;
    },
    close,
  };
}

/**
 * `describe` for suites that need Chromium. Without it: skipped with a message saying so, or, when
 * REQUIRE_BROWSER=1, a failing test saying what is missing.
 */
export function describeInChromium(title: string, suite: () => void): void {
  if (existsSync(CHROMIUM_PATH)) {
    describe(title, suite);
    return;
  }
  const missing = `Chromium is not installed at ${CHROMIUM_PATH} (apt-get install chromium)`;
  if (process.env.REQUIRE_BROWSER === "1") {
    describe(title, () => {
      it("has Chromium to run in", () => {
        throw new Error(`${missing}, and REQUIRE_BROWSER=1 makes browser tests mandatory.`);
      });
    });
    return;
  }
  console.warn(`SKIPPED "${title}": ${missing}. Set REQUIRE_BROWSER=1 to make this a failure.`);
  describe.skip(`${title} [skipped: ${missing}]`, suite);
}
