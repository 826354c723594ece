// The editors' page features (docs/carousels-and-blocks.md#page-features): a redirect page, a raw-HTML
// page, an iframe page at its two heights, the WhatsApp community landing, and the readers' dark-theme
// switch (remembered, following the system until chosen, never flashing light), at 1366×768 and 390×844.
import type { Page } from "@playwright/test";
import { seededCorpus } from "./corpus";
import { expect, hydrated, test } from "./fixtures";

const corpus = seededCorpus;

test("a redirect page sends the reader to its URL with the query string (302 for /suscribete/)", async ({ page }) => {
  const response = await page.request.get("/suscribete/?utm_source=boletin&utm_medium=correo", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers()["location"]).toBe("/suscripciones/?utm_source=boletin&utm_medium=correo");
  expect(response.headers()["cache-control"]).toBe("no-store");
  await page.goto("/suscribete/?utm_source=boletin");
  await expect(page).toHaveURL(/\/suscripciones\/\?utm_source=boletin$/);
});

test("a raw-HTML page shows the editor's HTML, cleaned as an article's", async ({ page }) => {
  expect((await page.goto("/calendario-electoral-2026/"))?.status()).toBe(200);
  const html = page.locator('[data-block="raw-html"]');
  await expect(html.getByRole("heading", { level: 2, name: "Calendario electoral 2026" })).toBeVisible();
  await expect(html.getByRole("row")).toHaveCount(5);
  await expect(html.getByRole("link", { name: "Elecciones" })).toHaveAttribute("href", "/elecciones/");
  await expect(html.locator("script")).toHaveCount(0);
});

test("the WhatsApp community landing links to the brand's channel", async ({ page }) => {
  expect((await page.goto("/comunidad-whatsapp/"))?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Únete a la comunidad de Semana en WhatsApp" })).toBeVisible();
  const join = page.getByRole("link", { name: "Unirme al canal" });
  await expect(join).toBeVisible();
  await expect(join).toHaveAttribute("href", "https://whatsapp.com/channel/0029VaJm0ZC3bbV5TsQ3Tq1M");
});

/** The iframe's height as laid out. */
const frameHeight = (page: Page) => page.locator('[data-block="iframe-embed"] iframe').evaluate((frame) => frame.getBoundingClientRect().height);

test("an iframe page frames its document at the desktop height", async ({ page }) => {
  expect((await page.goto("/informe-de-gestion/"))?.status()).toBe(200);
  const frame = page.locator('[data-block="iframe-embed"] iframe');
  await expect(frame).toHaveAttribute("src", "/documentos/informe-de-gestion-2025.pdf");
  await expect(frame).toHaveAttribute("title", "Informe de gestión 2025");
  expect(await frameHeight(page)).toBe(900);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the iframe takes the mobile height, and the editor pages fit the screen", async ({ page }) => {
    await page.goto("/informe-de-gestion/");
    expect(await frameHeight(page)).toBe(560);
    for (const path of ["/informe-de-gestion/", "/calendario-electoral-2026/", "/comunidad-whatsapp/"]) {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(390);
    }
  });
});

/** Records, from before the document is parsed, whether <html> was dark when <body> appeared (before any paint). */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      observer.disconnect();
      (window as any).__darkAtBody = document.documentElement.getAttribute("data-tema") === "oscuro";
      (window as any).__backgroundAtBody = getComputedStyle(document.documentElement).getPropertyValue("--color-background").trim();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
}
const darkAtBody = (page: Page) => page.evaluate(() => (window as any).__darkAtBody as boolean);
/** The page's background token when <body> appeared: already the brand's dark colour on a dark page. */
const backgroundAtBody = (page: Page) => page.evaluate(() => (window as any).__backgroundAtBody as string);
const bodyBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
const themeSwitch = (page: Page) => page.getByRole("switch", { name: "Tema oscuro" });

test.describe("dark theme", () => {
  test("the reader's choice is kept from page to page, and the dark page never starts light", async ({ page }) => {
    await watchFirstPaint(page);
    await page.goto("/opinion/");
    await hydrated(page);
    expect(await darkAtBody(page)).toBe(false);
    expect(await backgroundAtBody(page)).toBe("#ffffff");
    expect(await bodyBackground(page)).toBe("rgb(255, 255, 255)");
    await themeSwitch(page).scrollIntoViewIfNeeded();
    await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "false");
    await themeSwitch(page).click();
    await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "true");
    // Semana's --color-dark-background.
    expect(await bodyBackground(page)).toBe("rgb(17, 17, 17)");
    await page.goto("/edicion/");
    expect(await darkAtBody(page)).toBe(true);
    expect(await backgroundAtBody(page)).toBe("#111111");
    expect(await bodyBackground(page)).toBe("rgb(17, 17, 17)");
    await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "true");
    await themeSwitch(page).click();
    await page.reload();
    expect(await darkAtBody(page)).toBe(false);
    expect(await bodyBackground(page)).toBe("rgb(255, 255, 255)");
  });

  test.describe("with the system in dark mode", () => {
    test.use({ colorScheme: "dark" });

    test("the page is dark from the start until the reader chooses light", async ({ page }) => {
      await watchFirstPaint(page);
      await page.goto("/comunidad-whatsapp/");
      expect(await darkAtBody(page)).toBe(true);
      expect(await backgroundAtBody(page)).toBe("#111111");
      await hydrated(page);
      await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "true");
      await themeSwitch(page).click();
      await page.reload();
      expect(await darkAtBody(page)).toBe(false);
      await expect(themeSwitch(page)).toHaveAttribute("aria-checked", "false");
    });
  });

  test("video pages stay dark whatever the reader chose, without the switch", async ({ page }) => {
    const video = (corpus.documents as any[]).find(
      (doc) => doc.canonical_website === "semana" && (doc.taxonomy?.sections ?? []).some((section: any) => section._id === "/videos"),
    );
    await page.goto("/opinion/");
    await page.evaluate(() => window.localStorage.setItem("bloques:tema", "claro"));
    await page.goto(video.canonical_url);
    await hydrated(page);
    expect(await bodyBackground(page)).toBe("rgb(17, 17, 17)");
    await expect(page.locator("[data-theme-switch]")).toBeHidden();
  });
});
