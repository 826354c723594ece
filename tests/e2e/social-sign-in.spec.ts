// Social sign-in in Chromium against the production server, a flow run once at a phone's size: a
// reader on an article opens the login modal, presses "Acceder con Google", goes through the
// login and consent screens of the local OpenID provider that stands for Google
// (tests/e2e/openid-provider.ts, started by playwright.config.ts) and comes back to the same
// article, signed in with the name the provider gave.
import type { Page } from "@playwright/test";
import { expect, hydrated, PHONE, test } from "./fixtures";
import { uniqueEmail } from "./readers";

const header = (page: Page) => page.locator("header").first();
const modal = (page: Page) => page.locator("#modal").getByRole("dialog");

test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
});

test("signs in with Google from an article and comes back to it", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const article = await page.locator('main a[href*="/articulo/"]').first().getAttribute("href");
  expect(article).toBeTruthy();
  // ?form=login opens the modal on the article, as the header's link and the paywall's do.
  await page.goto(`${article}?form=login`);
  await hydrated(page);
  const google = modal(page).getByRole("button", { name: "Acceder con Google" });
  await expect(google).toBeVisible();
  // Only the configured provider has a button.
  await expect(modal(page).getByRole("button", { name: /Acceder con (Apple|Facebook)/ })).toHaveCount(0);
  await google.click();

  // The provider's own screens: sign in (any password), then consent.
  const email = uniqueEmail("google").replace(/^e2e\./, "valentina.");
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("cualquiera");
  await page.getByRole("button", { name: "Sign-in" }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  // Back on the same article, signed in.
  await page.waitForURL((url) => url.pathname === article, { timeout: 20_000 });
  await hydrated(page);
  await expect(header(page).locator('[data-slot="user-menu"]').first()).toHaveAttribute("data-state", "registered", { timeout: 10_000 });
  await expect(modal(page)).toHaveCount(0);
  const profile = await page.evaluate(() => JSON.parse(localStorage.getItem("ArcId.USER_PROFILE") ?? "null"));
  expect(profile).toMatchObject({ email, emailVerified: true, firstName: "Valentina", identities: [expect.objectContaining({ type: "Google" })] });
  // The server's paywall knows the reader too: the httpOnly access cookie was set.
  const cookies = await page.context().cookies();
  expect(cookies.map((cookie) => cookie.name)).toContain("identity_access_token");
});

test("a reader who cancels at the provider is told so on the login page", async ({ page }) => {
  await page.goto("/?form=login");
  await hydrated(page);
  await modal(page).getByRole("button", { name: "Acceder con Google" }).click();
  await page.getByRole("link", { name: "[ Cancel ]" }).click();
  await page.waitForURL((url) => url.pathname === "/-revista-semana/");
  await expect(page.getByText("Cancelaste el ingreso. Puedes intentarlo de nuevo o ingresar con tu correo.")).toBeVisible();
  await page.getByRole("button", { name: "Volver a intentarlo" }).click();
  await expect(modal(page).getByRole("button", { name: "Acceder con Google" })).toBeVisible();
});
