// The paywall in Chromium against the production server: an anonymous reader of a code-'3' article
// sees the preview and the notice (and the page reports it); a subscriber who signs in from the
// notice reads the whole body on the same address, with JavaScript and without it.
import type { Browser, Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { newSubscriber, PASSWORD } from "./readers";

test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
});

let lockedArticle: string | undefined;

/** A code-'3' article of the seeded corpus: the first article link of the home whose page shows the notice. */
async function findLockedArticle(page: Page): Promise<string> {
  if (lockedArticle) return lockedArticle;
  const home = await (await page.request.get("/")).text();
  const links = [...new Set([...home.matchAll(/href="(\/[a-z0-9-]+(?:\/[a-z0-9-]+)*\/articulo\/[^"]+)"/g)].map((m) => m[1]))];
  for (const link of links) {
    if ((await (await page.request.get(link)).text()).includes("data-paywall")) return (lockedArticle = link);
  }
  throw new Error("no hay un artículo bloqueado enlazado desde la portada");
}

/** A new reader, in a browser context of their own, who buys offer 466 with the test card: their e-mail. */
async function subscriber(browser: Browser): Promise<string> {
  const context = await browser.newContext();
  const email = await newSubscriber(await context.newPage(), "muro", "Lucía");
  await context.close();
  return email;
}

const paragraphs = (page: Page) => page.locator("[data-article-body] > p");

test("an anonymous reader sees the preview and the notice, reported to the page; signing in from it opens the body", async ({ page, browser }) => {
  const email = await subscriber(browser);
  const article = await findLockedArticle(page);
  await page.addInitScript(() => {
    (window as any).paywallEvents = [];
    window.addEventListener("bloques:muro-de-pago", (event) => (window as any).paywallEvents.push((event as CustomEvent).detail));
  });
  await page.goto(article);
  await hydrated(page);
  const notice = page.locator("[data-paywall]");
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("link", { name: "Suscríbete" })).toHaveAttribute("href", "/store/?offerId=466");
  expect(await paragraphs(page).count()).toBeLessThanOrEqual(1);
  const events = await page.evaluate(() => (window as any).paywallEvents);
  expect(events).toEqual([expect.objectContaining({ contentType: "story", contentId: expect.any(String), section: expect.stringMatching(/^\//), uuid: null })]);

  await notice.getByRole("link", { name: "Inicia sesión" }).click();
  const dialog = page.locator("#modal").getByRole("dialog");
  await dialog.getByLabel("Correo electrónico").fill(email);
  await dialog.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("button", { name: "Iniciar sesión" }).click();
  // Closing after signing in reloads the same address, now answered with the body.
  await expect(page.locator("[data-paywall]")).toHaveCount(0, { timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe(article);
  expect(await paragraphs(page).count()).toBeGreaterThan(1);
});

test("without JavaScript, a subscriber signs in with the plain form and reads the body", async ({ browser, page }) => {
  const email = await subscriber(browser);
  const article = await findLockedArticle(page);
  const context = await browser.newContext({ javaScriptEnabled: false });
  const reader = await context.newPage();
  await reader.goto(article);
  await expect(reader.locator("[data-paywall]")).toBeVisible();
  await reader.locator("[data-paywall]").getByRole("link", { name: "Inicia sesión" }).click();
  await expect(reader).toHaveURL(/\/-revista-semana\/\?redirect=/);
  await reader.getByLabel("Correo electrónico").fill(email);
  await reader.getByLabel("Contraseña").fill("una clave equivocada");
  await reader.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(reader.getByRole("alert")).toContainText("El correo o la contraseña no son correctos.");
  await reader.getByLabel("Correo electrónico").fill(email);
  await reader.getByLabel("Contraseña").fill(PASSWORD);
  await reader.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(reader).toHaveURL(new RegExp(`${article.replace(/[.?]/g, "\\$&")}$`));
  await expect(reader.locator("[data-paywall]")).toHaveCount(0);
  expect(await paragraphs(reader).count()).toBeGreaterThan(1);
  await context.close();
});

test.describe("storage blocked", () => {
  // Remix's <ScrollRestoration> inline script reads sessionStorage before any of our code runs.
  test.use({ allowedProblems: [/Failed to read the 'sessionStorage' property from 'Window'/] });

  test("signing in from the notice with storage blocked shows the body in place and keeps the session", async ({ page, browser }) => {
    const email = await subscriber(browser);
    const article = await findLockedArticle(page);
    // As a browser that blocks site data: reading localStorage or sessionStorage throws (cookies still work).
    await page.addInitScript(() => {
      for (const name of ["localStorage", "sessionStorage"]) {
        Object.defineProperty(window, name, {
          configurable: true,
          get() {
            throw new DOMException(`Failed to read the '${name}' property from 'Window': Access is denied for this document.`, "SecurityError");
          },
        });
      }
    });
    await page.goto(article);
    await hydrated(page);
    await page.evaluate(() => ((window as any).__mismaPagina = true));
    await page.locator("[data-paywall]").getByRole("link", { name: "Inicia sesión" }).click();
    const dialog = page.locator("#modal").getByRole("dialog");
    await dialog.getByLabel("Correo electrónico").fill(email);
    await dialog.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await dialog.getByRole("button", { name: "Iniciar sesión" }).click();
    await expect(page.locator("[data-paywall]")).toHaveCount(0, { timeout: 15_000 });
    expect(await paragraphs(page).count()).toBeGreaterThan(1);
    // The same page, not a reload (which would forget the session kept in memory): the header still shows it.
    expect(await page.evaluate(() => (window as any).__mismaPagina)).toBe(true);
    expect(new URL(page.url()).pathname).toBe(article);
    await expect(page.locator('[data-slot="user-menu"]').getByRole("button", { name: /menú de la cuenta/ })).toBeVisible();
  });
});
