// Accounts and subscriptions in Chromium against the production server: sign-up and e-mail
// verification through the development mailbox, purchase of offer 466 (test card and 3-D Secure),
// cancel and rescue, logout, password restore, and the login modal's close and redirect rules.
// Every account is new (the e2e database persists between runs).
import type { Page } from "@playwright/test";
import { expect, hydrated, pauseClock, test } from "./fixtures";
import { mailLink, PASSWORD, payWith, uniqueEmail } from "./readers";

// The mail rate limits count per client address; the server trusts X-Forwarded-For from this
// machine, so each test speaks from an address of its own.
test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
});

const header = (page: Page) => page.locator('[data-slot="user-menu"]');
const accountButton = (page: Page) => header(page).getByRole("button", { name: /menú de la cuenta/ });
const modal = (page: Page) => page.locator("#modal").getByRole("dialog");

/** Creates an account through the register pane of the modal, opened from the header. */
async function signUpInModal(page: Page, email: string, firstName: string) {
  await page.goto("/");
  await hydrated(page);
  await header(page).getByRole("link", { name: "Crea tu cuenta" }).click();
  const dialog = modal(page);
  await dialog.getByLabel("Nombre").fill(firstName);
  await dialog.getByLabel("Apellido").fill("Prueba");
  await dialog.getByLabel("Correo electrónico").fill(email);
  await dialog.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(dialog.getByRole("status")).toContainText("@example.com para verificar tu dirección");
  // Continuing closes the modal: after 500 ms the page reloads as a signed-in reader.
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await expect(accountButton(page)).toBeVisible();
}

async function subscriptionState(page: Page): Promise<string> {
  await accountButton(page).click();
  const text = (await header(page).locator("[data-subscription-state]").textContent()) ?? "";
  await page.locator("main").click({ position: { x: 5, y: 5 } });
  return text;
}

test("sign up, verify the e-mail from the mailbox, then buy offer 466 with the test card", async ({ page }) => {
  const email = uniqueEmail("compra");
  await signUpInModal(page, email, "Valentina");

  const verify = await mailLink(page, email, "/verificar-correo/");
  await page.goto(verify);
  await expect(page.getByText("Tu correo fue verificado. ¡Gracias!")).toBeVisible();

  await page.goto("/");
  await hydrated(page);
  expect(await subscriptionState(page)).toBe("No cuenta con una suscripción");
  await header(page).getByRole("link", { name: "Suscríbete" }).click();
  await expect(page).toHaveURL(/\/store\/$/);
  await expect(page.locator("main")).toContainText("$199.000 al año");
  await expect(page.getByRole("button", { name: "Inicia sesión" })).toHaveCount(0);
  await page.getByRole("link", { name: "Suscribirme" }).click();
  await expect(page).toHaveURL(/\/suscripciones-online\/\?offerId=466$/);
  await hydrated(page);
  await payWith(page, "4242 4242 4242 4242");
  await expect(page.getByText("¡Gracias! Tu suscripción está activa.")).toBeVisible();
  // The header follows without a reload, and after one.
  await expect(header(page).getByRole("link", { name: "Suscríbete" })).toHaveCount(0);
  expect(await subscriptionState(page)).toBe("Suscripción activa");
  await page.goto("/");
  await hydrated(page);
  expect(await subscriptionState(page)).toBe("Suscripción activa");
  await expect(header(page).getByRole("link", { name: "Suscríbete" })).toHaveCount(0);
});

test("3-D Secure purchase, then cancel, rescue and log out", async ({ page }) => {
  const email = uniqueEmail("3ds");
  // The create-account address opens the register pane by itself.
  await page.goto("/-revista-semana/?=1");
  await hydrated(page);
  const dialog = modal(page);
  await dialog.getByLabel("Nombre").fill("Camilo");
  await dialog.getByLabel("Apellido").fill("Prueba");
  await dialog.getByLabel("Correo electrónico").fill(email);
  await dialog.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Crear cuenta" }).click();
  await dialog.getByRole("button", { name: "Continuar" }).click();
  await expect(page.getByText("Ya iniciaste sesión como Camilo Prueba.")).toBeVisible();

  await page.goto("/suscripciones-online/?offerId=466");
  await hydrated(page);
  await payWith(page, "4000 0000 0000 3220");
  const issuer = page.frameLocator('iframe[title="Verificación 3-D Secure de tu banco"]');
  await issuer.getByRole("button", { name: "Autenticar" }).click();
  await expect(page.getByText("¡Gracias! Tu suscripción está activa.")).toBeVisible();

  await page.goto("/autogestion/mis-suscripciones/");
  await hydrated(page);
  const card = page.locator("li[data-subscription-id]");
  await expect(card).toHaveAttribute("data-status", "1");
  await expect(card).toContainText("terminada en 3220");
  await card.getByRole("button", { name: "Cancelar suscripción" }).click();
  await card.getByLabel("Motivo de la cancelación").selectOption("PRECIO");
  await card.getByRole("button", { name: "Sí, cancelar" }).click();
  await expect(card).toHaveAttribute("data-status", "3");
  await expect(card).toContainText("Cancelada");
  await card.getByRole("button", { name: "Reactivar suscripción" }).click();
  await expect(card).toHaveAttribute("data-status", "1");
  await expect(page.getByText("Reactivaste tu suscripción.")).toBeVisible();

  await accountButton(page).click();
  await header(page).getByRole("button", { name: "Cerrar sesión" }).click();
  // Logging out lands on the home page (the account page's URL ends with "/" too: compare the path).
  await page.waitForURL((url) => url.pathname === "/");
  await hydrated(page);
  await expect(header(page).getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
  // The stored identity goes with the session (docs/accounts.md#storage; every key: session-robustness.spec.ts).
  await expect.poll(() => page.evaluate(() => localStorage.getItem("ArcId.USER_INFO"))).toBeNull();
});

test("password restore from the mailbox link, then sign in with the new password", async ({ page }) => {
  const email = uniqueEmail("clave");
  const created = await page.request.post("/identity/public/v1/signup", {
    data: { identity: { userName: email, credentials: PASSWORD }, profile: { email, firstName: "Sofía", lastName: "Prueba" } },
  });
  expect(created.ok()).toBe(true);

  await page.goto("/?form=recovery");
  await hydrated(page);
  await modal(page).getByLabel("Correo electrónico").fill(email);
  await modal(page).getByRole("button", { name: "Enviar enlace" }).click();
  await expect(modal(page).getByRole("status")).toContainText("te enviamos un enlace");

  await page.goto(await mailLink(page, email, "/restablecer-contrasena/"));
  await hydrated(page);
  const main = page.locator("main");
  await main.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(main.getByText("El campo es obligatorio")).toHaveCount(2);
  await main.getByLabel("Nueva contraseña").fill("Nueva2025ab");
  await main.getByLabel("Confirmar contraseña").fill("Nueva2025ac");
  await expect(main.getByText("Tus contraseñas no coinciden")).toBeVisible();
  await main.getByLabel("Confirmar contraseña").fill("Nueva2025ab");
  await main.getByRole("button", { name: "Cambiar contraseña" }).click();
  await expect(main.getByText("Tu contraseña ha sido actualizada")).toBeVisible();
  // 2600 ms later: the home page with the login form open.
  await page.waitForURL(/\/\?form=login$/, { timeout: 6000 });
  await hydrated(page);
  await modal(page).getByLabel("Correo electrónico").fill(email);
  await modal(page).getByLabel("Contraseña", { exact: true }).fill("Nueva2025ab");
  await modal(page).getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(accountButton(page)).toBeVisible();
  await expect(modal(page)).toHaveCount(0);
});

/** docs/login-modal.md#constants: the modal closes 500 ms after its close button. */
const CLOSE_DELAY_MS = 500;

test("the modal's close and redirect rules", async ({ page }) => {
  // Signed out on an article: closing sends the reader home.
  await page.goto("/");
  await hydrated(page);
  const article = await page.locator('main a[href*="/articulo/"]').first().getAttribute("href");
  // The 500 ms close delay runs on a clock the test moves: on a busy machine real time ran past it
  // before the test looked.
  await page.clock.install();
  await page.goto(`${article}?form=login`);
  await hydrated(page);
  await pauseClock(page);
  await modal(page).getByRole("button", { name: "Cerrar" }).click();
  await page.clock.runFor(CLOSE_DELAY_MS - 50);
  await expect(modal(page)).toHaveCount(1); // still there during the close delay
  await page.clock.runFor(100);
  await page.waitForURL((url) => url.pathname === "/");
  await page.clock.resume();

  // Signed out elsewhere: the reader stays.
  await page.goto("/politica/?form=register");
  await hydrated(page);
  await expect(modal(page).getByRole("button", { name: "Crear cuenta" })).toBeVisible();
  await modal(page).getByRole("button", { name: "Cerrar" }).click();
  await expect(modal(page)).toHaveCount(0);
  expect(new URL(page.url()).pathname).toBe("/politica/");

  // Subscription pages: no close button (sign-in opens from the checkout, which also sells to guests).
  await page.goto("/suscripciones-online/?offerId=466");
  await hydrated(page);
  await page.locator("main").getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(modal(page).getByLabel("Correo electrónico")).toBeVisible();
  await expect(modal(page).getByRole("button", { name: "Cerrar" })).toHaveCount(0);

  const email = uniqueEmail("redir");
  await page.request.post("/identity/public/v1/signup", {
    data: { identity: { userName: email, credentials: PASSWORD }, profile: { email, firstName: "Andrés" } },
  });
  const signIn = async () => {
    await modal(page).getByLabel("Correo electrónico").fill(email);
    await modal(page).getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
    await modal(page).getByRole("button", { name: "Iniciar sesión" }).click();
  };

  // A foreign redirect target is ignored: the page reloads where it was.
  await page.goto("/?form=login&redirect=https%3A%2F%2Fotro-sitio.example%2Fstore%2F");
  await hydrated(page);
  await signIn();
  await expect(accountButton(page)).toBeVisible();
  const after = new URL(page.url());
  expect([after.hostname, after.pathname]).toEqual(["localhost", "/"]);

  // A redirect target on this site gets its offerId.
  await accountButton(page).click();
  await header(page).getByRole("button", { name: "Cerrar sesión" }).click();
  await page.waitForURL((url) => url.pathname === "/" && url.search === "");
  await hydrated(page);
  await page.goto("/?form=login&redirect=%2Fsuscripciones-online%2F");
  await hydrated(page);
  await signIn();
  await page.waitForURL(/\/suscripciones-online\/\?offerId=466$/);
  await hydrated(page);
  await expect(page.locator("main").getByLabel("Número de la tarjeta")).toBeVisible();
});
