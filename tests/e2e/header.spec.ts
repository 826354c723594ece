// The brands' header items of issue 13 in Chromium at 390×844 and 1366×768 (docs/brands.md): Soho's
// search overlay opens, closes and searches with JavaScript off; El País's sticky bar (small logo,
// menu, search, subscribe, the user menu with 'Mi perfil' and 'Cerrar sesión', whose log-out reloads
// the page), its home's '75 años' mark; and the bottom-anchor ads, which sponsored stories do not show
// (docs/ads-and-widgets.md#sponsored).
import type { BrowserContext } from "@playwright/test";
import { seededCorpus } from "./corpus";
import { expect, hydrated, PORT, test } from "./fixtures";
import { newSubscriber, PASSWORD, signUp, uniqueEmail } from "./readers";

const SIZES = [
  { width: 390, height: 844 },
  { width: 1366, height: 768 },
];
const elpais = `http://elpais.localhost:${PORT}`;
const soho = `http://soho.localhost:${PORT}`;

/** Soho's pages behind its age gate, which without JavaScript cannot be passed: hidden for this test (its own test is brands.spec.ts). */
async function withoutAgeGate(context: BrowserContext) {
  await context.route(/soho\.localhost/, async (route) => {
    if (route.request().resourceType() !== "document") return route.continue();
    const url = new URL(route.request().url());
    const response = await route.fetch({
      url: `http://localhost:${url.port}${url.pathname}${url.search}`,
      headers: { ...route.request().headers(), "x-forwarded-host": url.host },
    });
    const type = response.headers()["content-type"] ?? "";
    if (!type.includes("text/html")) return route.fulfill({ response });
    const headers = { ...response.headers() };
    delete headers["content-security-policy"];
    const body = (await response.text()).replace("</head>", '<style>[data-block="age-gate"]{display:none!important}</style></head>');
    await route.fulfill({ response, headers, body });
  });
}

/** The canonical path of a seeded story: sponsored (/hablan-las-marcas) or not. */
function storyPath(brand: string, sponsored: boolean): string {
  const corpus = seededCorpus;
  const doc = (corpus.documents as Array<Record<string, any>>).find(
    (d) => d.canonical_website === brand && d.type === "story" && (d.owner?.sponsored === true) === sponsored && !d.related_content?.redirect,
  )!;
  return doc.canonical_url;
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: size });

    test("Soho's search overlay opens from the 'Buscar' label, closes and searches with JavaScript off", async ({ browser }) => {
      const context = await browser.newContext({ viewport: size, javaScriptEnabled: false });
      await withoutAgeGate(context);
      const page = await context.newPage();
      await page.goto(`${soho}/seccion/sexo/`);
      const overlay = page.locator("[data-search-overlay]");
      await expect(overlay).toBeHidden();
      await page.locator("label[data-search-label]").click();
      await expect(overlay).toBeVisible();
      await page.locator("label[data-search-close]").click();
      await expect(overlay).toBeHidden();

      await page.locator("label[data-search-label]").click();
      await page.getByRole("searchbox", { name: "Buscar en Soho" }).fill("fútbol");
      await overlay.getByRole("button", { name: "Buscar" }).click();
      await expect(page).toHaveURL(/\/buscador\/\?query=f%C3%BAtbol$/);
      await context.unrouteAll({ behavior: "ignoreErrors" });
      await context.close();
    });

    test("El País's sticky bar shows after scrolling: small logo, menu, search, subscribe and login", async ({ page }) => {
      await page.goto(`${elpais}/cali/`);
      await hydrated(page);
      const bar = page.locator("[data-compact-header]");
      await expect(bar).toHaveCount(0);
      await page.mouse.wheel(0, 1500);
      await expect(bar).toBeVisible();
      await expect.poll(async () => (await bar.boundingBox())!.y).toBe(0);
      await expect(bar.getByRole("button", { name: "Menú" })).toBeVisible();
      await expect(bar.getByRole("link", { name: "El País: ir a la portada" })).toBeVisible();
      await expect(bar.getByRole("link", { name: "Buscar" })).toHaveAttribute("href", "/buscador/");
      await expect(bar.getByRole("link", { name: "SUSCRÍBETE" })).toBeVisible();
      await expect(bar.getByRole("link", { name: "Inicia sesión" })).toBeVisible();
      await expect(bar.getByRole("link", { name: "Crea cuenta" })).toBeHidden();
      const menu = bar.getByRole("navigation", { name: "Menú de la barra fija" });
      if (size.width >= 1024) {
        await expect(menu.getByRole("link", { name: "Cali" })).toHaveAttribute("aria-current", "page");
        await expect(menu.getByRole("link")).toHaveText(["Inicio", "Cali", "Política", "Judicial", "Deportes", "Opinión", "Economía"]);
      } else await expect(menu).toBeHidden();
      // Everything fits the bar.
      for (const item of await bar.locator("a:visible, button:visible").all()) {
        const itemBox = (await item.boundingBox())!;
        expect(itemBox.x + itemBox.width).toBeLessThanOrEqual(size.width);
      }
      // The menu button opens the drawer.
      await bar.getByRole("button", { name: "Menú" }).click();
      await expect(page.getByRole("navigation", { name: "Secciones" })).toBeVisible();
    });

    test("El País's home shows its '75 años' mark beside the wordmark", async ({ page }) => {
      await page.goto(`${elpais}/`);
      const badge = page.locator("header [data-home-badge]");
      await expect(badge).toBeVisible();
      await expect(badge).toHaveAttribute("aria-label", "75 años");
      const logo = (await page.locator("header svg").first().boundingBox())!;
      const mark = (await badge.boundingBox())!;
      expect(mark.x).toBeGreaterThan(logo.x + logo.width - 1);
      // The user menu keeps its room beside it.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
      await page.goto(`${elpais}/cali/`);
      await expect(page.locator("[data-home-badge]")).toHaveCount(0);
    });
  });
}

test("a signed-in reader of El País finds 'Mi perfil' and 'Cerrar sesión' in the sticky bar; signing out reloads the page", async ({ page }) => {
  const email = uniqueEmail("barra");
  await signUp(page, email, "Lucía");
  const login = await page.request.post(`http://localhost:${PORT}/identity/public/v1/auth/login`, {
    data: { userName: email, credentials: PASSWORD, grantType: "password" },
  });
  const identity = await login.json();
  await page.addInitScript((value) => {
    if (!sessionStorage.getItem("e2e-signed-in")) {
      localStorage.setItem("ArcId.USER_INFO", JSON.stringify(value));
      sessionStorage.setItem("e2e-signed-in", "1");
    }
  }, identity);
  const path = "/politica/";
  await page.goto(`${elpais}${path}`);
  await hydrated(page);
  await page.mouse.wheel(0, 1500);
  const bar = page.locator("[data-compact-header]");
  await expect(bar.getByRole("link", { name: "Mi perfil" })).toHaveAttribute("href", "/perfil/");
  await Promise.all([page.waitForEvent("load"), bar.getByRole("button", { name: "Cerrar sesión" }).click()]);
  await expect(page).toHaveURL(`${elpais}${path}`);
  await hydrated(page);
  await expect(page.locator("header").getByRole("link", { name: "Inicia sesión" })).toBeVisible();
});

/** Signs the page's browser in on El País's host with `email` (the session lives in that origin's storage). */
async function signedInOnElpais(page: import("@playwright/test").Page, email: string) {
  const login = await page.request.post(`http://localhost:${PORT}/identity/public/v1/auth/login`, {
    data: { userName: email, credentials: PASSWORD, grantType: "password" },
  });
  const identity = await login.json();
  await page.addInitScript((value) => {
    if (location.hostname.startsWith("elpais") && !localStorage.getItem("ArcId.USER_INFO")) localStorage.setItem("ArcId.USER_INFO", JSON.stringify(value));
  }, identity);
}

for (const size of SIZES)
  test(`El País's top bar tells a reader their subscription state, and hides SUSCRÍBETE from a subscriber (${size.width})`, async ({ page }) => {
    await page.setViewportSize(size);
    const top = page.locator("header [data-slot='user-menu']").first();
    // Signed in without a subscription: the state, SUSCRÍBETE, the e-mail's name and 'Cerrar sesión'.
    const reader = uniqueEmail("estado");
    await signUp(page, reader, "Lucía");
    await signedInOnElpais(page, reader);
    await page.goto(`${elpais}/politica/`);
    await hydrated(page);
    await expect(top.getByText("No cuenta con una suscripción")).toBeVisible();
    await expect(top.getByRole("link", { name: "SUSCRÍBETE" })).toBeVisible();
    await page.context().clearCookies();
    await page.evaluate(() => localStorage.clear());

    // A subscriber: 'Suscripción activa', no SUSCRÍBETE, the whole name before the at-sign.
    const subscriber = await newSubscriber(page, "estado-activa", "Rosa");
    const fresh = await page.context().newPage();
    await fresh.setViewportSize(size);
    await signedInOnElpais(fresh, subscriber);
    await fresh.goto(`${elpais}/politica/`);
    await hydrated(fresh);
    const bar = fresh.locator("header [data-slot='user-menu']").first();
    await expect(bar.getByText("Suscripción activa")).toBeVisible();
    await expect(bar.getByRole("link", { name: "SUSCRÍBETE" })).toHaveCount(0);
    await expect(bar.getByText("No cuenta con una suscripción")).toHaveCount(0);
    const name = bar.getByRole("link", { name: subscriber.split("@")[0] });
    await expect(name).toHaveAttribute("href", "/perfil/");
    // Long names end in an ellipsis, but never after only a few characters (at least 90 px of it shows).
    expect(await name.evaluate((a) => a.clientWidth >= Math.min(a.scrollWidth, 90))).toBe(true);
    await expect(bar.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    if (process.env.E2E_SCREENSHOTS) await fresh.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/elpais-barra-suscriptor-${size.width}.png` });
  });

test.describe("bottom-anchor ads", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("stay fixed to the bottom of the screen on an ordinary story, and a sponsored story shows none", async ({ page }) => {
    await page.goto(storyPath("semana", false));
    const anchor = page.locator('[data-ad-slot="Sticky_M"]');
    await expect(anchor).toBeVisible();
    await page.mouse.wheel(0, 1200);
    const box = (await anchor.boundingBox())!;
    expect(Math.round(box.y + box.height)).toBe(844);

    await page.goto(storyPath("semana", true));
    await expect(page.locator("[data-ad-slot]").first()).toBeAttached();
    await expect(page.locator('[data-ad-slot="Sticky_M"], [data-ad-slot="Bottom_D"]')).toHaveCount(0);
  });
});
