// The session in Chromium when the browser gets in the way (docs/accounts.md#storage): with storage
// blocked the SDK keeps the session in memory and sign-in works; a session revoked on the server
// (logout elsewhere) stops showing the reader's name at the next page view.
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { signInInModal, signUp, uniqueEmail } from "./readers";

let forwardedFor = "";
test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  forwardedFor = `10.${octet()}.${octet()}.${octet()}`;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": forwardedFor });
});

const header = (page: Page) => page.locator('[data-slot="user-menu"]');
const accountButton = (page: Page) => header(page).getByRole("button", { name: /menú de la cuenta/ });
const modal = (page: Page) => page.locator("#modal").getByRole("dialog");

async function createAccount(page: Page, firstName: string): Promise<string> {
  const email = uniqueEmail(firstName.toLowerCase());
  await signUp(page, email, firstName);
  return email;
}

async function signInFromHeader(page: Page, email: string) {
  await page.goto("/");
  await hydrated(page);
  await header(page).getByRole("link", { name: "Iniciar sesión" }).click();
  await signInInModal(page, email);
}

test.describe("storage blocked", () => {
  // Remix's <ScrollRestoration> inline script (server/app/root.tsx) reads sessionStorage before any
  // of our code runs and logs its SecurityError; harmless (scroll positions are not restored).
  test.use({ allowedProblems: [/Failed to read the 'sessionStorage' property from 'Window'/] });

  test("with storage blocked, sign-in works with the session in memory", async ({ page }) => {
    // As a browser that blocks site data: reading localStorage or sessionStorage throws.
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
    const email = await createAccount(page, "Bloqueada");
    await signInFromHeader(page, email);
    await expect(modal(page)).toHaveCount(0);
    await expect(accountButton(page)).toBeVisible();
    await accountButton(page).click();
    await expect(header(page)).toContainText("Bloqueada");
    await expect(page.getByText(/blocked/i)).toHaveCount(0);
  });
});

test.describe("revoked session", () => {
  // The profile request of the revoked session answers 401: the browser logs it.
  test.use({ allowedProblems: [/status of 401 .*\/identity\/public\/v1\/profile/] });

  test("a session revoked on the server stops showing the reader's name at the next page view", async ({ page }) => {
    const email = await createAccount(page, "Revocada");
    await signInFromHeader(page, email);
    await expect(accountButton(page)).toBeVisible();
    await accountButton(page).click();
    await expect(header(page)).toContainText("Revocada");
    // Logged out elsewhere: the same session is closed on the server (its access token is still unexpired here).
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("ArcId.USER_INFO") || "{}").accessToken as string);
    expect((await page.request.delete("/identity/public/v1/auth/token", { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
    await page.goto("/");
    await hydrated(page);
    await expect(header(page).getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await expect(header(page)).not.toContainText("Revocada");
  });
});

/** What our code and the Arc SDKs keep of a reader (docs/accounts.md#storage-keys), in both storages. */
const readerRecords = (page: Page) =>
  page.evaluate(() =>
    [localStorage, sessionStorage].flatMap((storage) =>
      Object.keys(storage).filter((key) => /^(Arc|RenewalData$|currentlocaldate$|IdAnalytics$|avisoSuscripcionCerrado$|ingresoSocial$)/.test(key)),
    ),
  );

test.describe("nothing of the reader stays in the browser", () => {
  test.use({ allowedProblems: [/status of 401 .*\/identity\/public\/v1\/profile/] });

  test("after logout, local and session storage keep no record of the previous reader", async ({ page }) => {
    const email = await createAccount(page, "Saliente");
    await signInFromHeader(page, email);
    await expect(accountButton(page)).toBeVisible();
    expect(await readerRecords(page)).toContain("ArcId.USER_INFO");
    // What a subscriber's pages store too (renewal data, a closed banner).
    await page.evaluate(() => {
      localStorage.setItem("RenewalData", '{"subscriptionId":"1","status":1}');
      localStorage.setItem("IdAnalytics", "uuid");
      sessionStorage.setItem("avisoSuscripcionCerrado", "renewal");
    });
    await accountButton(page).click();
    // Logout clears the session, then loads / (docs/accounts.md#logout): read the storages on that page,
    // not on the one it leaves while they are read.
    const redirected = page.waitForEvent("load");
    await header(page)
      .getByRole("button", { name: "Cerrar sesión" })
      .or(header(page).getByRole("link", { name: "Cerrar sesión" }))
      .first()
      .click();
    await redirected;
    await hydrated(page);
    await expect(header(page).getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await expect.poll(() => readerRecords(page)).toEqual([]);
  });

  test("a session lost on the server leaves no record of the reader either", async ({ page }) => {
    const email = await createAccount(page, "Perdida");
    await signInFromHeader(page, email);
    await expect(accountButton(page)).toBeVisible();
    const token = await page.evaluate(() => JSON.parse(localStorage.getItem("ArcId.USER_INFO") || "{}").accessToken as string);
    expect((await page.request.delete("/identity/public/v1/auth/token", { headers: { Authorization: `Bearer ${token}` } })).ok()).toBe(true);
    await page.goto("/");
    await hydrated(page);
    await expect(header(page).getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
    await expect.poll(() => readerRecords(page)).toEqual([]);
  });
});
