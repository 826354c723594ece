// Readers for the account specs: new accounts made through the Identity API, signed in through the
// login modal, and subscribed by paying offer 466 at the checkout with a test card.
import type { Page } from "@playwright/test";
import { expect, hydrated } from "./fixtures";

export const PASSWORD = "Clave2024segura";
export const CHECKOUT = "/suscripciones-online/?offerId=466";

/** An address no earlier run used (the e2e database persists between runs). */
export const uniqueEmail = (tag: string) => `e2e.${tag}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** Creates the account through the Identity API (no browser). */
export async function signUp(page: Page, email: string, firstName: string) {
  const created = await page.request.post("/identity/public/v1/signup", {
    data: { identity: { userName: email, credentials: PASSWORD }, profile: { email, firstName, lastName: "Prueba" } },
  });
  expect(created.ok()).toBe(true);
}

/**
 * Signs in from the checkout's 'Iniciar sesión' button (a signed-out reader there may also buy as a
 * guest, so the guest form shows until the sign-in reloads the page); waits for that reload.
 */
export async function signInAtCheckout(page: Page, email: string) {
  await page.locator("main").getByRole("button", { name: "Iniciar sesión" }).click();
  const reloaded = page.waitForEvent("load");
  await signInInModal(page, email);
  await reloaded;
  await hydrated(page);
}

/** Signs in through the login modal already open on the page. */
export async function signInInModal(page: Page, email: string) {
  const modal = page.locator("#modal").getByRole("dialog");
  await modal.getByLabel("Correo electrónico").fill(email);
  await modal.getByLabel("Contraseña", { exact: true }).fill(PASSWORD);
  await modal.getByRole("button", { name: "Iniciar sesión" }).click();
}

/** Fills the checkout's contact and card fields and presses the pay button. */
export async function payWith(page: Page, card: string, nameOnCard = "Lectora Prueba") {
  const main = page.locator("main");
  await main.getByLabel("Celular").fill("3001234567");
  await main.getByLabel("Dirección").fill("Carrera 7 # 71-21");
  await main.getByLabel("Ciudad").fill("Bogotá");
  await main.getByLabel("Departamento").fill("Cundinamarca");
  await main.getByLabel("Número de la tarjeta").fill(card);
  await main.getByLabel("Vencimiento (MM/AA)").fill("12/30");
  await main.getByLabel("Código de seguridad").fill("123");
  await main.getByLabel("Nombre en la tarjeta").fill(nameOnCard);
  await main.getByRole("button", { name: "Pagar $199.000" }).click();
}

/** A new reader who signs in at the checkout and buys offer 466 with the test card; their e-mail. */
export async function newSubscriber(page: Page, tag: string, firstName: string): Promise<string> {
  const email = uniqueEmail(tag);
  await signUp(page, email, firstName);
  await page.goto(CHECKOUT);
  await hydrated(page);
  await signInAtCheckout(page, email);
  await expect(page.locator("main").getByLabel("Número de la tarjeta")).toBeVisible();
  await hydrated(page);
  await payWith(page, "4242 4242 4242 4242", `${firstName} Prueba`);
  await expect(page.getByText("¡Gracias! Tu suscripción está activa.")).toBeVisible();
  return email;
}

/** The path (with query) of the newest development-mailbox link to `email` whose address contains `route`. */
export async function mailLink(page: Page, email: string, route: string): Promise<string> {
  const html = await (await page.request.get("/dev/correo/")).text();
  const rows = html.split("<tr>").filter((chunk) => chunk.includes(email));
  const href = rows.flatMap((row) => [...row.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replace(/&amp;/g, "&"))).find((link) => link.includes(route));
  expect(href, `a ${route} link for ${email} in /dev/correo/`).toBeTruthy();
  const url = new URL(href!);
  return url.pathname + url.search;
}
