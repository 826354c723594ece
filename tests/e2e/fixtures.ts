// Every end-to-end test fails on a console error, an uncaught page error or a React hydration
// warning in any page it visits.
import { test as base, expect, type ConsoleMessage, type Page } from "@playwright/test";

export const PORT = Number(process.env.E2E_PORT || 3123);

/** The phone's screen of the specs; a flow that reads the same at every width runs there only (CONTRIBUTING.md#tests). */
export const PHONE = { width: 390, height: 844 };

/** The network here is closed: third-party assets (YouTube thumbnails...) cannot load. Local ones must. */
function isThirdPartyLoadFailure(message: ConsoleMessage): boolean {
  const url = message.location()?.url ?? "";
  return message.text().startsWith("Failed to load resource") && !!url && !/^https?:\/\/([a-z]+\.)?localhost(:\d+)?\//.test(url);
}

export const test = base.extend<{ problems: string[]; allowedProblems: RegExp[] }>({
  /** Patterns of problems a test expects (e.g. the browser's log line for a page that answers 404). */
  allowedProblems: async ({}, use) => {
    await use([]);
  },
  problems: [
    async ({ page, allowedProblems }, use) => {
      const problems: string[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error" && message.type() !== "warning") return;
        if (isThirdPartyLoadFailure(message)) return;
        const text = message.text();
        if (message.type() === "warning" && !/hydrat|did not match/i.test(text)) return;
        problems.push(`${message.type()}: ${text} (${message.location()?.url ?? ""})`);
      });
      page.on("pageerror", (error) => problems.push(`pageerror: ${error.message}`));
      await use(problems);
      const unexpected = problems.filter((problem) => !allowedProblems.some((pattern) => pattern.test(problem)));
      expect(unexpected, "console errors, page errors or hydration warnings").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until React has hydrated the page (Remix sets window.__remixRouter once the client runs). */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as any).__remixRouter?.state?.initialized === true && document.documentElement.hasAttribute("data-enhanced"));
}

/**
 * Stops the page's installed clock about where it is (an installed clock follows real time until it is
 * paused, and pausing must name a moment still ahead of it: on a busy machine, a small step ahead was
 * already past by the time the browser got the command, so the step grows until it is not).
 */
export async function pauseClock(page: Page): Promise<void> {
  for (let ahead = 20; ; ahead *= 2) {
    const now = await page.evaluate(() => Date.now());
    try {
      return await page.clock.pauseAt(now + ahead);
    } catch (error) {
      if (!String(error).includes("fast-forward to the past")) throw error;
    }
  }
}

/** Nothing overflows the screen sideways. */
export async function fitsTheScreen(page: Page) {
  const overflowing = await page.evaluate(() =>
    [...document.querySelectorAll("main *")]
      .filter((element) => element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className} ${Math.round(element.getBoundingClientRect().right)}`)
      .slice(0, 5),
  );
  expect(overflowing).toEqual([]);
}
