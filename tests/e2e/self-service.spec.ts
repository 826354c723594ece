// Self-service of a subscriber in Chromium, a flow run once on a phone (CONTRIBUTING.md#tests): change
// the card, read the order history and a receipt, share the subscription with an invited e-mail and
// withdraw it.
import { expect, fitsTheScreen, hydrated, PHONE, test } from "./fixtures";
import { newSubscriber, uniqueEmail } from "./readers";

test.beforeEach(async ({ page }) => {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `10.${octet()}.${octet()}.${octet()}` });
});

test("self-service: card, orders and receipt, sharing", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await newSubscriber(page, "autogestion", "Sofía");
  await page.goto("/autogestion/mis-suscripciones/");
  await hydrated(page);
  const card = page.locator("li[data-subscription-id]");
  await expect(card).toHaveAttribute("data-status", "1");
  await expect(card.locator("[data-period]")).toContainText("Del ");

  // Change the card.
  await card.getByRole("button", { name: "Cambiar tarjeta" }).click();
  const form = card.getByRole("form", { name: "Cambiar la tarjeta" });
  await form.getByLabel("Número de la tarjeta").fill("5555 5555 5555 4444");
  await form.getByLabel("Vencimiento (MM/AA)").fill("11/31");
  await form.getByLabel("Código de seguridad").fill("321");
  await form.getByLabel("Nombre en la tarjeta").fill("Sofía Prueba");
  await form.getByRole("button", { name: "Guardar la tarjeta" }).click();
  await expect(page.getByText("Actualizamos tu medio de pago. Los próximos cobros irán a la nueva tarjeta.")).toBeVisible();
  await expect(card).toContainText("terminada en 4444");

  // The order and its receipt.
  const history = page.getByRole("region", { name: "Historial de pedidos" });
  const order = history.locator("li[data-order-number]");
  await expect(order).toHaveCount(1);
  await expect(order).toContainText("$199.000");
  await order.getByRole("button", { name: "Ver recibo" }).click();
  await expect(order.locator("[data-receipt]")).toContainText("terminada en 4242");

  // Share with an invited e-mail, then withdraw it.
  const invited = uniqueEmail("invitada");
  await card.getByRole("button", { name: "Compartir" }).click();
  await card.getByLabel("Correo de la persona invitada").fill(invited);
  await card.getByRole("button", { name: "Enviar invitación" }).click();
  await expect(card.getByText(`Enviamos la invitación a ${invited}. Solo esa dirección puede aceptarla.`)).toBeVisible();
  await expect(card.locator(`[data-shared-email="${invited}"]`)).toContainText("Invitación pendiente");
  await card.locator(`[data-shared-email="${invited}"]`).getByRole("button", { name: "Retirar" }).click();
  await expect(card.getByText(`${invited} ya no comparte tu suscripción.`)).toBeVisible();
  await expect(card.locator(`[data-shared-email="${invited}"]`)).toHaveCount(0);

  await fitsTheScreen(page);
});
