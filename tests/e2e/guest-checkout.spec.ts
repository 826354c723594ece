// Buying without an account (docs/subscriptions-and-checkout.md#guest-checkout): a signed-out
// reader on the checkout is not stopped by the login modal, which stays one click away and can be
// left with Escape or 'Volver' (docs/login-modal.md#close-button); they pay with an e-mail through
// the usual single-charge path, and the subscription joins the account that verifies that e-mail.
import type { Page } from "@playwright/test";
import { expect, hydrated, test } from "./fixtures";
import { CHECKOUT, mailLink, PASSWORD, payWith, uniqueEmail } from "./readers";

test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
});

const modal = (page: Page) => page.locator("#modal").getByRole("dialog");

test("a signed-out reader leaves the sign-in modal, buys with an e-mail, and the subscription joins the account that verifies it", async ({ page }) => {
  const email = uniqueEmail("invitado");
  await page.goto(CHECKOUT);
  await hydrated(page);
  const main = page.locator("main");
  await expect(main.getByText("Compra con tu correo o inicia sesión si ya tienes cuenta.")).toBeVisible();
  await expect(modal(page)).toHaveCount(0);

  // Sign-in is one click away, and the modal can be left: Escape, or 'Volver' (no close button here).
  await main.getByRole("button", { name: "Iniciar sesión" }).click();
  await expect(modal(page).getByLabel("Contraseña", { exact: true })).toBeVisible();
  await expect(modal(page).getByRole("button", { name: "Cerrar" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(modal(page)).toHaveCount(0);
  await main.getByRole("button", { name: "Iniciar sesión" }).click();
  await modal(page).getByRole("button", { name: "Volver" }).click();
  await expect(modal(page)).toHaveCount(0);

  // An e-mail, then the card: paid once.
  await main.getByLabel("Correo electrónico").fill(email);
  await main.getByLabel("Nombre", { exact: true }).fill("Lucía");
  await main.getByLabel("Apellido").fill("Prueba");
  await payWith(page, "4242 4242 4242 4242");
  await expect(main.getByRole("status")).toContainText(
    `¡Gracias! Tu suscripción está pagada. Para leer como suscriptor, crea tu cuenta o inicia sesión con ${email}`,
  );

  // The account made with that e-mail gets the subscription once it verifies the address.
  await main.getByRole("button", { name: "Crear mi cuenta" }).click();
  const dialog = modal(page);
  await dialog.getByLabel("Nombre").fill("Lucía");
  await dialog.getByLabel("Apellido").fill("Prueba");
  await dialog.getByLabel("Correo electrónico").fill(email);
  await dialog.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await dialog.getByRole("checkbox").check();
  await dialog.getByRole("button", { name: "Crear cuenta" }).click();
  await expect(dialog.getByRole("status")).toContainText("para verificar tu dirección");
  await page.goto(await mailLink(page, email, "/verificar-correo/"));
  await expect(page.getByText("Tu correo fue verificado. ¡Gracias!")).toBeVisible();
  await page.goto(CHECKOUT);
  await hydrated(page);
  await expect(page.locator("main").getByText("Ya tienes una suscripción activa.")).toBeVisible();
});
