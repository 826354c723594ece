// What a reader sees on screen, in Chromium at 390×844 and 1366×768 (issue 24, "Broken on screen"):
// the live blog's 'Regresar' reads on its button and leaves the footer's switch free, the special
// report's scroll-down button stays above the phone's bottom ad, which closes; no empty band above
// or between the header's bars. The seeded corpus is the one this file generates.
import type { Locator, Page } from "@playwright/test";
import { sectionIds } from "../../domain/ans";
import { freeForEverybody } from "../../server/accounts/entitlement";
import { generateCorpus } from "../../server/content/seed";
import { expect, hydrated, PORT, test } from "./fixtures";

const corpus = generateCorpus();
const published = (brand: string) =>
  (corpus.documents as Array<Record<string, any>>).filter((d) => d.canonical_website === brand && d.canonical_url && !d.related_content?.redirect?.length);
const inSection = (doc: any, id: string) => sectionIds(doc).includes(id);
const free = (doc: any) => freeForEverybody(doc.content_restrictions?.content_code, sectionIds(doc));
const semana = published("semana");
const live = semana.find((d) => inSection(d, "/live") && free(d))!;
const special = semana.find((d) => inSection(d, "/especiales"))!;
const video = semana.find((d) => inSection(d, "/videos") && d.youtube_content_id)!;
const story = semana.find((d) => d.type === "story" && inSection(d, "/nacion") && free(d))!;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 768 };
const VIEWPORTS = [PHONE, DESKTOP];

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** WCAG contrast of two CSS colours (rgb()/rgba() as getComputedStyle gives them). */
function contrast(a: string, b: string): number {
  const lum = (css: string) => {
    const [r, g, bl] = css.match(/[\d.]+/g)!.map(Number);
    const [R, G, B] = [r, g, bl].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * R + 0.7152 * G + 0.0722 * B;
  };
  const [x, y] = [lum(a), lum(b)].sort((m, n) => n - m);
  return (x + 0.05) / (y + 0.05);
}

/** The element a tap at the middle of a locator's box lands on is the locator's element (or inside it). */
async function tapLandsOn(page: Page, target: Locator): Promise<boolean> {
  const box = (await target.boundingBox())!;
  const handle = await target.elementHandle();
  return page.evaluate(
    ([x, y, element]) => {
      const hit = document.elementFromPoint(x as number, y as number);
      return !!hit && (element as Element).contains(hit);
    },
    [box.x + box.width / 2, box.y + box.height / 2, handle] as const,
  );
}

test.describe("live blog 'Regresar' on a phone", () => {
  test.use({ viewport: PHONE });

  test("reads as white on the brand's colour, and at the bottom of the page leaves the footer's dark-theme switch free", async ({ page }) => {
    await page.goto(live.canonical_url);
    await hydrated(page);
    const back = page.getByRole("link", { name: "Regresar" });
    await expect(back).toBeVisible();
    const [colour, background] = await back.evaluate((element) => [getComputedStyle(element).color, getComputedStyle(element).backgroundColor]);
    expect(contrast(colour, background), `${colour} on ${background}`).toBeGreaterThanOrEqual(4.5);

    const toggle = page.getByRole("switch", { name: "Tema oscuro" });
    await toggle.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(toggle).toBeVisible();
    const backBox = await back.boundingBox();
    if (backBox) expect(overlaps(backBox, (await toggle.boundingBox())!), "'Regresar' over the switch").toBe(false);
    expect(await tapLandsOn(page, toggle)).toBe(true);
  });
});

for (const viewport of VIEWPORTS) {
  test.describe(`${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("the special report's scroll-down button takes its tap, clear of the bottom ad", async ({ page }) => {
      await page.goto(special.canonical_url);
      await hydrated(page);
      const button = page.getByRole("link", { name: "Bajar al contenido" });
      await expect(button).toBeInViewport({ ratio: 1 });
      const anchor = page.locator("[data-ad-anchor]");
      if (viewport === PHONE) {
        await expect(anchor).toBeVisible();
        expect(overlaps((await button.boundingBox())!, (await anchor.boundingBox())!), "the button under the ad").toBe(false);
      } else await expect(anchor).toBeHidden();
      expect(await tapLandsOn(page, button)).toBe(true);
      await button.click();
      await expect(page).toHaveURL(/#contenido-especial$/);
    });

    test("no empty band above the site header or between its bars, on articles, video pages and sections", async ({ page }) => {
      const pages = [
        story.canonical_url,
        video.canonical_url,
        "/nacion/",
        `http://elpais.localhost:${PORT}${published("elpais").find((d) => d.type === "story" && free(d))!.canonical_url}`,
        `http://fucsia.localhost:${PORT}/moda/`,
      ];
      for (const url of pages) {
        await page.goto(url);
        const header = page.locator('[data-block="site-header"]');
        expect((await header.boundingBox())!.y, `${url}: above the header`).toBe(0);
        const trending = page.locator('[data-block="trending-bar"]');
        if (await trending.count()) {
          const headerBox = (await header.boundingBox())!;
          expect((await trending.boundingBox())!.y, `${url}: between the menu and 'Tendencias'`).toBe(headerBox.y + headerBox.height);
        }
      }
    });
  });
}

test.describe("the phone's bottom ad", () => {
  test.use({ viewport: PHONE });

  test("closes with its button, and what stood above it goes back down", async ({ page }) => {
    await page.goto(live.canonical_url);
    await hydrated(page);
    const anchor = page.locator("[data-ad-anchor]");
    await expect(anchor).toBeVisible();
    // In the body: 'Regresar' stands at the bottom of the screen, above the ad.
    await page.locator("[data-live-timeline] > li").first().scrollIntoViewIfNeeded();
    const back = page.getByRole("link", { name: "Regresar" });
    await expect(back).toBeInViewport({ ratio: 1 });
    const raised = (await back.boundingBox())!;
    expect(raised.y + raised.height).toBeLessThanOrEqual((await anchor.boundingBox())!.y);
    await anchor.getByRole("button", { name: "Cerrar publicidad" }).click();
    await expect(anchor).toHaveCount(0);
    await expect.poll(async () => (await back.boundingBox())!.y).toBeGreaterThan(raised.y);
    expect(await page.evaluate(() => getComputedStyle(document.body).paddingBottom)).toBe("0px");
  });
});
