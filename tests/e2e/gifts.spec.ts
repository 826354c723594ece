// A gift from the store to its recipient in Chromium (docs/subscriptions-and-checkout.md#gifts): the
// buyer pays the offer as a gift naming the recipient, sees it as 'Regalo enviado' (never as an
// active subscription with a cancel button), the recipient gets the e-mail with the redeem link,
// verifies the address and redeems it, and sees only what is theirs ('Regalo de …', the period, no
// card, address or renewal of the buyer's). A flow: once, on a phone (390×844; CONTRIBUTING.md#tests).
import { expect, hydrated, PHONE, test } from "./fixtures";
import { mailLink, signInInModal, signUp, uniqueEmail } from "./readers";

test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
});

test("a gift bought in the store reaches its recipient, who redeems it", async ({ page, browser }) => {
  const viewport = PHONE;
  await page.setViewportSize(viewport);
  const buyer = uniqueEmail("compra-regalo");
  const recipient = uniqueEmail("recibe-regalo");
  await signUp(page, buyer, "Marta");

  await page.goto("/store/");
  await hydrated(page);
  await page.getByRole("link", { name: "Regalar esta suscripción" }).click();
  await expect(page).toHaveURL(/\/suscripciones-online\/\?offerId=466&regalo=1$/);
  await hydrated(page);
  await signInInModal(page, buyer);
  const main = page.locator("main");
  await expect(main.getByLabel("Nombre de quien la recibe")).toBeVisible();
  await hydrated(page);
  await main.getByLabel("Nombre de quien la recibe").fill("Luis");
  await main.getByLabel("Correo de quien la recibe").fill(recipient);
  await main.getByLabel("Mensaje (opcional)").fill("¡Feliz cumpleaños!");
  await main.getByLabel("Firma (opcional)").fill("Tu hermana Marta");
  await main.getByLabel("Celular").fill("3001234567");
  await main.getByLabel("Dirección").fill("Carrera 7 # 71-21");
  await main.getByLabel("Ciudad").fill("Bogotá");
  await main.getByLabel("Departamento").fill("Cundinamarca");
  await main.getByLabel("Número de la tarjeta").fill("4242 4242 4242 4242");
  await main.getByLabel("Vencimiento (MM/AA)").fill("12/30");
  await main.getByLabel("Código de seguridad").fill("123");
  await main.getByLabel("Nombre en la tarjeta").fill("Marta Prueba");
  await main.getByRole("button", { name: "Pagar $199.000" }).click();
  await expect(page.getByText(`¡Gracias! Tu regalo está pagado. Enviamos a Luis (${recipient}) el correo para redimirlo.`)).toBeVisible();

  // The buyer sees the gift as sent, with no cancel button.
  await page.goto("/autogestion/mis-suscripciones/");
  await hydrated(page);
  const gift = page.locator("li[data-subscription-id]");
  await expect(gift).toContainText("Regalo enviado");
  await expect(gift).toContainText(`Luis (${recipient})`);
  await expect(gift.getByRole("button", { name: "Cancelar suscripción" })).toHaveCount(0);
  await expect(gift.getByRole("button", { name: "Cambiar tarjeta" })).toHaveCount(0);
  await expect(gift.locator("[data-status-label]")).toHaveText("Regalo enviado");
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/regalo-enviado-${viewport.width}.png`, fullPage: true });

  // The recipient: an account with that address, verified, then the gift e-mail's link.
  const other = await browser.newContext({ viewport, extraHTTPHeaders: { "X-Forwarded-For": `10.250.${viewport.width % 250}.2` } });
  const reader = await other.newPage();
  await signUp(reader, recipient, "Luis");
  const redeem = await mailLink(reader, recipient, "regalo=");
  await reader.goto(await mailLink(reader, recipient, "/verificar-correo/"));
  await expect(reader.getByText("Tu correo fue verificado. ¡Gracias!")).toBeVisible();
  await reader.goto(redeem);
  await hydrated(reader);
  await signInInModal(reader, recipient);
  await expect(reader.getByText("Activaste tu suscripción de regalo.")).toBeVisible({ timeout: 15_000 });
  const received = reader.locator("li[data-subscription-id]");
  await expect(received).toHaveAttribute("data-status", "1");
  // What is theirs: the product, who signed it, the period and its end; none of the buyer's payment
  // data, no renewal, nothing to change (docs/subscriptions-and-checkout.md#what-each-reader-sees).
  await expect(received.locator("[data-gift-received]")).toHaveText("Regalo de Tu hermana Marta. No se renueva.");
  await expect(received.locator("[data-period]")).toContainText("Del ");
  await expect(received.getByText("Fin del periodo")).toBeVisible();
  for (const hidden of ["Medio de pago", "terminada en", "4242", "Dirección de facturación", "Carrera 7", "Próxima renovación", buyer])
    await expect(received).not.toContainText(hidden);
  for (const button of ["Cambiar tarjeta", "Editar dirección", "Cancelar suscripción"])
    await expect(received.getByRole("button", { name: button })).toHaveCount(0);
  if (process.env.E2E_SCREENSHOTS) await reader.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/regalo-recibido-${viewport.width}.png`, fullPage: true });
  await other.close();
});
