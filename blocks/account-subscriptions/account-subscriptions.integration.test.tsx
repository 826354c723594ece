// @vitest-environment jsdom
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import {
  BILLING,
  buySubscription,
  freshBrowser,
  lastMail,
  Sales,
  signUpReader,
  startAccounts,
  TEST_CARD_NUMBERS,
  type AccountsTestContext,
} from "../../tests/support/accounts";
import { DIGITAL_ANNUAL_SKU } from "../../domain/catalog";
import { getSession, resetSessionForTests } from "../_shared/accounts/session";
import AccountSubscriptions from "./index";
import { GIFT_SENT_LABEL, GIFT_UNASSIGNED_LABEL, SUBSCRIPTION_STATUS_LABELS } from "./SubscriptionDetails";
import { CANCELED_MESSAGE, NOTHING_TO_TRANSFER, RESCUED_MESSAGE } from "./SubscriptionList";
import { CARD_UPDATED_MESSAGE } from "./PaymentMethodForm";
import { ADDRESS_SAVED_MESSAGE, addressScheduledMessage, SAME_ADDRESS_LABEL, SHIPPING_LEGEND } from "./AddressForm";
import { TRANSFER_ACTION, TRANSFER_EMAIL_LABEL, TRANSFER_NAME_LABEL, TRANSFER_SUBMIT, transferRequestedMessage } from "./TransferForm";
import { TRANSFER_CONSENT_LABEL, TRANSFER_MESSAGES, TRANSFER_NUMBER_PATTERN, TRANSFER_PAGE } from "../../domain/transfer";
import { SUBSCRIPTION_TERMS_PATH } from "../../domain/routes";
import { OPERATOR_TRANSFERS_PATH } from "../../accounts/sales/transfers";
import server from "./index.server";
import { bogotaDay, isBusinessDay, startOfBogotaDay } from "../../domain/calendar";

let accounts: AccountsTestContext;
beforeAll(async () => {
  // The address tests set the server's clock (the 3:00 p. m. cutoff, docs/decisions/0063-address-change-cutoff.md).
  accounts = await startAccounts({ frozenClock: true });
});
afterAll(() => accounts.close());
beforeEach(() => freshBrowser(accounts.server.origin, "/autogestion/mis-suscripciones/"));

const context: PageContext = { brand: "semana", path: "/autogestion/mis-suscripciones/", params: {}, query: { regalo: "REGALO-123" } };
const settings = { published: true, title: "Mis suscripciones" };
const page = () => <AccountSubscriptions id="s" pageId="subs" settings={settings} data={server.transform!({}, settings, context)} />;

/** The subscription's card in the list (the order history names the product too). */
const subscriptionCard = () => screen.getByRole("heading", { name: "Suscripción digital anual" }).closest("li") as HTMLElement;

function chooseReason(card: HTMLElement, code = "PRECIO") {
  fireEvent.change(within(card).getByLabelText("Motivo de la cancelación"), { target: { value: code } });
}

const fill = (scope: HTMLElement, label: string, value: string) => fireEvent.change(within(scope).getByLabelText(label), { target: { value } });

const DAY = 24 * 60 * 60 * 1000;
const dayAfter = (day: string, days = 1) => new Date(Date.parse(`${day}T12:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * Sets the server's clock to `time` in Bogotá on the first day from tomorrow that `fits` (later than
 * the machine's clock, so the SDK's tokens, checked against it, stay valid); answers that day.
 */
function serverClockAt(time: string, fits: (day: string) => boolean): string {
  let day = bogotaDay(new Date(Date.now() + DAY));
  while (!fits(day)) day = dayAfter(day);
  accounts.server.setNow(Date.parse(`${day}T${time}:00-05:00`));
  return day;
}

async function subscriber() {
  await signUpReader();
  const id = await buySubscription();
  resetSessionForTests();
  render(page());
  const card = await screen.findByRole("heading", { name: "Suscripción digital anual" }, { timeout: 5000 });
  return { id, card: card.closest("li") as HTMLElement };
}

describe("the server half", () => {
  it("passes only the path: the gift or invitation code is read in the browser", () => {
    const data = server.transform!({}, settings, context);
    expect(data).toEqual({ path: "/autogestion/mis-suscripciones/" });
    expect(JSON.stringify(data)).not.toContain("REGALO-123");
  });
});

describe("the subscriptions page", () => {
  it("lists nothing for a reader without subscriptions, with a link to the store", async () => {
    await signUpReader();
    resetSessionForTests();
    render(page());
    expect(await screen.findByText("No tienes suscripciones.", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Suscríbete" }).getAttribute("href")).toBe("/store/");
  });

  it("cancels (status 3, access until the period ends) and rescues (status 1)", async () => {
    const { card } = await subscriber();
    expect(card.dataset.status).toBe("1");
    expect(within(card).getByText(SUBSCRIPTION_STATUS_LABELS[1])).toBeTruthy();
    expect(within(card).getByText(/terminada en 4242/)).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Cancelar suscripción" }));
    chooseReason(card);
    fireEvent.click(within(card).getByRole("button", { name: "Sí, cancelar" }));
    expect(await screen.findByText(CANCELED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    const canceled = subscriptionCard();
    await waitFor(() => expect(canceled.dataset.status).toBe("3"));
    expect(within(canceled).getByText("Acceso hasta")).toBeTruthy();
    // Status 3 still counts as active for the header.
    await waitFor(() => expect(getSession().subscriptions).toEqual([expect.objectContaining({ status: 3 })]));
    fireEvent.click(within(canceled).getByRole("button", { name: "Reactivar suscripción" }));
    expect(await screen.findByText(RESCUED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(subscriptionCard().dataset.status).toBe("1"));
  });

  it("says a subscription was already rescued (330060) when another tab did it first", async () => {
    const { id, card } = await subscriber();
    fireEvent.click(within(card).getByRole("button", { name: "Cancelar suscripción" }));
    chooseReason(card);
    fireEvent.click(within(card).getByRole("button", { name: "Sí, cancelar" }));
    const rescue = await screen.findByRole("button", { name: "Reactivar suscripción" }, { timeout: 5000 });
    await Sales.rescueSubscription(id);
    fireEvent.click(rescue);
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(SALES_ERROR_MESSAGES["330060"]);
  });

  it("says a subscription cannot be cancelled (300059) when it already was", async () => {
    const { id, card } = await subscriber();
    await Sales.cancelSubscription(id);
    fireEvent.click(within(card).getByRole("button", { name: "Cancelar suscripción" }));
    chooseReason(card);
    fireEvent.click(within(card).getByRole("button", { name: "Sí, cancelar" }));
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(SALES_ERROR_MESSAGES["300059"]);
  });

  it("asks for a reason before cancelling and sends the chosen one with the reader's words", async () => {
    const { id, card } = await subscriber();
    fireEvent.click(within(card).getByRole("button", { name: "Cancelar suscripción" }));
    fireEvent.click(within(card).getByRole("button", { name: "Sí, cancelar" }));
    expect(within(card).getByText("Elige el motivo de la cancelación.")).toBeTruthy();
    chooseReason(card, "POCO_USO");
    fireEvent.change(within(card).getByLabelText("Cuéntanos más (opcional)"), { target: { value: "Viajo mucho" } });
    fireEvent.click(within(card).getByRole("button", { name: "Sí, cancelar" }));
    expect(await screen.findByText(CANCELED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    const details = await Sales.getSubscriptionDetails(id);
    expect(details.events.at(-1)).toMatchObject({ eventType: "CANCELED", details: "POCO_USO: No la uso lo suficiente: Viajo mucho" });
  });

  it("offers exactly the reasons GET /sales/public/v1/config answers (one list: docs/subscriptions-and-checkout.md#self-service)", async () => {
    const { card } = await subscriber();
    const config = (await (await fetch(`${accounts.server.origin}/sales/public/v1/config`)).json()) as { cancelReasons: unknown };
    fireEvent.click(within(card).getByRole("button", { name: "Cancelar suscripción" }));
    const options = Array.from((within(card).getByLabelText("Motivo de la cancelación") as HTMLSelectElement).options)
      .filter((option) => option.value)
      .map((option) => ({ code: option.value, label: option.textContent }));
    expect(options.length).toBeGreaterThan(0);
    expect(config.cancelReasons).toEqual(options);
  });

  it("changes the card without and with 3-D Secure; a declined card changes nothing", async () => {
    const { id, card } = await subscriber();
    fireEvent.click(within(card).getByRole("button", { name: "Cambiar tarjeta" }));
    const form = within(card).getByRole("form", { name: "Cambiar la tarjeta" });
    fill(form, "Número de la tarjeta", "4000 0000 0000 0002");
    fill(form, "Vencimiento (MM/AA)", "13/30");
    fill(form, "Código de seguridad", "12");
    fill(form, "Nombre en la tarjeta", "Ana Gómez");
    fireEvent.click(within(form).getByRole("button", { name: "Guardar la tarjeta" }));
    // Checked before any call, with the checkout's rules.
    expect(within(form).getByText("El mes del vencimiento debe estar entre 01 y 12.")).toBeTruthy();
    expect(within(form).getByText("El código de seguridad tiene 3 dígitos (está al respaldo de la tarjeta).")).toBeTruthy();
    fill(form, "Vencimiento (MM/AA)", "12/30");
    fill(form, "Código de seguridad", "123");
    fireEvent.click(within(form).getByRole("button", { name: "Guardar la tarjeta" }));
    expect((await within(form).findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(SALES_ERROR_MESSAGES["300161"]);
    expect((await Sales.getSubscriptionDetails(id)).currentPaymentMethod.lastFour).toBe("4242");

    fill(form, "Número de la tarjeta", "5555 5555 5555 4444");
    fireEvent.click(within(form).getByRole("button", { name: "Guardar la tarjeta" }));
    expect(await screen.findByText(CARD_UPDATED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(within(subscriptionCard()).getByText(/terminada en 4444/)).toBeTruthy());

    // 3-D Secure: the bank's page answers, the server asks the provider.
    const again = subscriptionCard();
    fireEvent.click(within(again).getByRole("button", { name: "Cambiar tarjeta" }));
    const second = within(again).getByRole("form", { name: "Cambiar la tarjeta" });
    fill(second, "Número de la tarjeta", TEST_CARD_NUMBERS.threeDSecure);
    fill(second, "Vencimiento (MM/AA)", "12/30");
    fill(second, "Código de seguridad", "123");
    fill(second, "Nombre en la tarjeta", "Ana Gómez");
    fireEvent.click(within(second).getByRole("button", { name: "Guardar la tarjeta" }));
    const frame = (await within(again).findByTitle("Verificación 3-D Secure de tu banco", {}, { timeout: 5000 })) as HTMLIFrameElement;
    const token = new URL(frame.getAttribute("src")!, "http://x").pathname.split("/").pop()!;
    await fetch(`${accounts.server.origin}/sales/public/v1/checkout/3ds/challenge/${token}/result`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ succeeded: true }),
    });
    window.dispatchEvent(new MessageEvent("message", { origin: window.location.origin, data: { type: "ARC_3DS_RESULT", token, succeeded: true } }));
    expect(await screen.findByText(CARD_UPDATED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(async () => expect((await Sales.getSubscriptionDetails(id)).currentPaymentMethod.lastFour).toBe("3220"));
  });

  it("lists the orders with their receipts", async () => {
    await subscriber();
    const history = await screen.findByRole("region", { name: "Historial de pedidos" }, { timeout: 5000 });
    const order = await within(history).findByText("$199.000", {}, { timeout: 5000 });
    const line = order.closest("li") as HTMLElement;
    expect(within(line).getByText("Pagado")).toBeTruthy();
    fireEvent.click(within(line).getByRole("button", { name: "Ver recibo" }));
    const receipt = await within(line).findByText("Pagado con", {}, { timeout: 5000 });
    expect(receipt.closest("dl")!.textContent).toContain("terminada en 4242");
    expect(receipt.closest("dl")!.textContent).toContain(line.dataset.orderNumber!);
  });

  it("shares with an invited e-mail, shows it pending, and withdraws it", async () => {
    const { card } = await subscriber();
    fireEvent.click(within(card).getByRole("button", { name: "Compartir" }));
    const panel = await within(card).findByRole("form", { name: "Invitar a compartir la suscripción" }, { timeout: 5000 });
    fill(panel, "Correo de la persona invitada", "no-es-correo");
    fireEvent.click(within(panel).getByRole("button", { name: "Enviar invitación" }));
    expect(within(panel).getByText("El correo electrónico no tiene un formato válido.")).toBeTruthy();
    const invited = `invitada${Date.now()}@example.com`;
    fill(panel, "Correo de la persona invitada", invited);
    fireEvent.click(within(panel).getByRole("button", { name: "Enviar invitación" }));
    expect(await within(card).findByText(`Enviamos la invitación a ${invited}. Solo esa dirección puede aceptarla.`, {}, { timeout: 5000 })).toBeTruthy();
    expect(await within(card).findByText("Invitación pendiente", {}, { timeout: 5000 })).toBeTruthy();
    expect((await lastMail(accounts.server.db, invited, "invitacion"))?.subject).toBe("Te compartieron una suscripción digital");
    fireEvent.click(within(card).getByRole("button", { name: "Retirar" }));
    expect(await within(card).findByText(`${invited} ya no comparte tu suscripción.`, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(within(card).queryByText("Invitación pendiente")).toBeNull());
  });

  it("shows a gift the reader bought as a gift, never as an active subscription with a cancel button", async () => {
    await signUpReader();
    await Sales.addItemToCart([{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: "ANUAL-199000", gift: true }] as never, { country: "CO" } as never);
    // An order's address needs street, city and region (docs/subscriptions-and-checkout.md#addresses).
    const order = await Sales.createNewOrder(BILLING as never, null, "3001234567", "Ana", "Gómez");
    await Sales.finalizePayment(order.orderNumber!, 1, TEST_CARD_NUMBERS.success);
    resetSessionForTests();
    render(page());
    const gift = (await screen.findByText(GIFT_UNASSIGNED_LABEL, {}, { timeout: 5000 })).closest("li") as HTMLElement;
    expect(within(gift).queryByRole("button", { name: "Cancelar suscripción" })).toBeNull();
    expect(within(gift).queryByRole("button", { name: "Cambiar tarjeta" })).toBeNull();
    // A gift is not transferred: its buyer changes its recipient instead.
    expect(within(gift).queryByRole("button", { name: TRANSFER_ACTION })).toBeNull();
    const [summary] = await Sales.getAllSubscriptions();
    await Sales.setGiftRecipient(summary.redeemCode, { email: "luis@example.com", name: "Luis" } as never);
    cleanup();
    render(page());
    const sent = (await screen.findByText(GIFT_SENT_LABEL, {}, { timeout: 5000 })).closest("li") as HTMLElement;
    expect(within(sent).getByText("Luis (luis@example.com)")).toBeTruthy();
    expect(within(sent).queryByRole("button", { name: "Cancelar suscripción" })).toBeNull();
  });

  it("edits the subscription's address with the server's limits", async () => {
    // A business day's morning: the change takes effect at once.
    serverClockAt("10:00", isBusinessDay);
    const { id, card } = await subscriber();
    expect(within(card).getByText("Carrera 7 # 71-21, Bogotá, Cundinamarca")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Editar dirección" }));
    const form = within(card).getByRole("form", { name: "Editar la dirección" });
    expect((within(form).getByLabelText("Ciudad") as HTMLInputElement).value).toBe("Bogotá");
    fill(form, "Dirección", "");
    fill(form, "País", "Colombia");
    fireEvent.click(within(form).getByRole("button", { name: "Guardar la dirección" }));
    expect(within(form).getByText("El campo es obligatorio")).toBeTruthy();
    expect(within(form).getByText("Escribe el código de 2 letras del país, por ejemplo CO.")).toBeTruthy();
    fill(form, "Dirección", "Calle 5 # 38-25");
    fill(form, "Ciudad", "Cali");
    fill(form, "Departamento", "Valle del Cauca");
    fill(form, "País", "co");
    fireEvent.click(within(form).getByRole("button", { name: "Guardar la dirección" }));
    expect(await screen.findByText(ADDRESS_SAVED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    expect(await within(subscriptionCard()).findByText("Calle 5 # 38-25, Cali, Valle del Cauca", {}, { timeout: 5000 })).toBeTruthy();
    expect((await Sales.getSubscriptionDetails(id)).billingAddress).toMatchObject({ line1: "Calle 5 # 38-25", locality: "Cali", country: "CO" });
    expect(within(subscriptionCard()).getByText("La misma de facturación")).toBeTruthy();
  });

  it("changes the delivery at once at 2:59 p. m.; from 3:01 p. m. on a Friday it is scheduled for Monday and shown as such", async () => {
    // A Friday whose Monday is a business day.
    const friday = serverClockAt("14:59", (day) => new Date(`${day}T12:00:00Z`).getUTCDay() === 5 && isBusinessDay(day) && isBusinessDay(dayAfter(day, 3)));
    const monday = startOfBogotaDay(dayAfter(friday, 3)).getTime();
    const { id, card } = await subscriber();
    fireEvent.click(within(card).getByRole("button", { name: "Editar dirección" }));
    let form = within(card).getByRole("form", { name: "Editar la dirección" });
    expect(
      within(form).getByText("Los cambios hechos después de las 3:00 p. m., o en fin de semana o festivo, se aplican el siguiente día hábil."),
    ).toBeTruthy();
    fireEvent.click(within(form).getByLabelText(SAME_ADDRESS_LABEL));
    fill(within(form).getByRole("group", { name: SHIPPING_LEGEND }), "Dirección", "Calle 10 # 4-20");
    fireEvent.click(within(form).getByRole("button", { name: "Guardar la dirección" }));
    expect(await screen.findByText(ADDRESS_SAVED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(subscriptionCard().querySelector("[data-shipping-address]")!.textContent).toBe("Calle 10 # 4-20, Bogotá, Cundinamarca"));
    expect(subscriptionCard().querySelector("[data-address-change]")).toBeNull();

    // 3:01 p. m.: the new address waits for Monday; the one in force stays on the card.
    accounts.server.advance(2 * 60 * 1000);
    fireEvent.click(within(subscriptionCard()).getByRole("button", { name: "Editar dirección" }));
    form = within(subscriptionCard()).getByRole("form", { name: "Editar la dirección" });
    fill(within(form).getByRole("group", { name: SHIPPING_LEGEND }), "Dirección", "Carrera 100 # 11-60");
    fill(within(form).getByRole("group", { name: SHIPPING_LEGEND }), "Ciudad", "Cali");
    fill(within(form).getByRole("group", { name: SHIPPING_LEGEND }), "Departamento", "Valle del Cauca");
    fireEvent.click(within(form).getByRole("button", { name: "Guardar la dirección" }));
    const scheduled = addressScheduledMessage(monday);
    expect(scheduled).toMatch(/desde el lunes \d+ de \p{L}+ de \d{4}\.$/u);
    expect(await screen.findByText(scheduled, {}, { timeout: 5000 })).toBeTruthy();
    const pending = `Cambio de dirección programado para el ${scheduled.split("desde el ")[1].slice(0, -1)}: Carrera 100 # 11-60, Cali, Valle del Cauca.`;
    expect(await within(subscriptionCard()).findByText(pending, {}, { timeout: 5000 })).toBeTruthy();
    expect(subscriptionCard().querySelector("[data-shipping-address]")!.textContent).toBe("Calle 10 # 4-20, Bogotá, Cundinamarca");
    expect(await Sales.getSubscriptionDetails(id)).toMatchObject({
      shippingAddress: { line1: "Calle 10 # 4-20" },
      shippingAddressChange: { shippingAddress: { line1: "Carrera 100 # 11-60" }, effectiveFromUTC: monday },
    });

    // A new page load, on the editardireccion page: the change waiting, and the form holds it.
    cleanup();
    resetSessionForTests();
    const addressSettings = { published: true, title: "Editar dirección", section: "editardireccion" as const };
    render(
      <AccountSubscriptions
        id="s"
        pageId="dir"
        settings={addressSettings}
        data={server.transform!({}, addressSettings, { ...context, path: "/perfil/editardireccion/" })}
      />,
    );
    expect(await screen.findByText(pending, {}, { timeout: 5000 })).toBeTruthy();
    const shipping = within(screen.getByRole("form", { name: "Editar la dirección" })).getByRole("group", { name: SHIPPING_LEGEND });
    expect((within(shipping).getByLabelText("Dirección") as HTMLInputElement).value).toBe("Carrera 100 # 11-60");
  });

  it("edits the shipping address apart from the billing one on the editardireccion page", async () => {
    serverClockAt("10:00", isBusinessDay);
    await signUpReader();
    const id = await buySubscription();
    resetSessionForTests();
    const addressSettings = { published: true, title: "Editar dirección", section: "editardireccion" as const };
    const addressContext = { ...context, path: "/perfil/editardireccion/" };
    render(<AccountSubscriptions id="s" pageId="dir" settings={addressSettings} data={server.transform!({}, addressSettings, addressContext)} />);
    const form = await screen.findByRole("form", { name: "Editar la dirección" }, { timeout: 5000 });
    // Only the addresses: no card, sharing or cancel buttons, no order history.
    expect(screen.queryByRole("button", { name: "Cancelar suscripción" })).toBeNull();
    expect(screen.queryByRole("region", { name: "Historial de pedidos" })).toBeNull();
    expect(
      within(screen.getByRole("navigation", { name: "Mi cuenta" }))
        .getByRole("link", { name: "Editar dirección" })
        .getAttribute("aria-current"),
    ).toBe("page");
    fireEvent.click(within(form).getByLabelText(SAME_ADDRESS_LABEL));
    const shipping = within(form).getByRole("group", { name: SHIPPING_LEGEND });
    fill(shipping, "Dirección", "");
    fireEvent.click(within(form).getByRole("button", { name: "Guardar la dirección" }));
    expect(within(shipping).getByText("El campo es obligatorio")).toBeTruthy();
    fill(shipping, "Dirección", "Carrera 100 # 11-60");
    fill(shipping, "Complemento (opcional)", "Apto 502");
    fill(shipping, "Ciudad", "Cali");
    fill(shipping, "Departamento", "Valle del Cauca");
    fireEvent.click(within(form).getByRole("button", { name: "Guardar la dirección" }));
    expect(await screen.findByText(ADDRESS_SAVED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    const details = await Sales.getSubscriptionDetails(id);
    expect(details.billingAddress).toMatchObject({ line1: "Carrera 7 # 71-21", locality: "Bogotá" });
    expect((details as { shippingAddress?: unknown }).shippingAddress).toEqual({
      line1: "Carrera 100 # 11-60",
      line2: "Apto 502",
      locality: "Cali",
      region: "Valle del Cauca",
      country: "CO",
    });
  });

  it("asks to transfer a subscription to another person: checks the fields, sends the request, shows it in review and the operators list it", async () => {
    const { id, card } = await subscriber();
    fireEvent.click(within(card).getByRole("button", { name: TRANSFER_ACTION }));
    const form = within(card).getByRole("form", { name: TRANSFER_ACTION });
    expect(within(form).getByRole("link", { name: "Términos de la suscripción" }).getAttribute("href")).toBe(SUBSCRIPTION_TERMS_PATH);
    // Checked before any call, with the server's rules.
    fireEvent.click(within(form).getByRole("button", { name: TRANSFER_SUBMIT }));
    expect(within(form).getByText(TRANSFER_MESSAGES.name)).toBeTruthy();
    expect(within(form).getByText(TRANSFER_MESSAGES.email)).toBeTruthy();
    expect(within(form).getByText(TRANSFER_MESSAGES.consent)).toBeTruthy();
    fill(form, TRANSFER_NAME_LABEL, "Luis 2");
    fill(form, TRANSFER_EMAIL_LABEL, getSession().profile!.email!.toUpperCase());
    expect(within(form).getByText(TRANSFER_MESSAGES.nameCharacters)).toBeTruthy();
    expect(within(form).getByText(TRANSFER_MESSAGES.ownEmail)).toBeTruthy();
    const luis = `luis${Date.now()}@example.com`;
    fill(form, TRANSFER_NAME_LABEL, "Luis Pérez");
    fill(form, TRANSFER_EMAIL_LABEL, luis);
    fireEvent.click(within(form).getByLabelText(TRANSFER_CONSENT_LABEL));
    fireEvent.click(within(form).getByRole("button", { name: TRANSFER_SUBMIT }));

    const notice = await screen.findByText(/^Recibimos tu solicitud de cesión CES-/, {}, { timeout: 5000 });
    const number = /CES-[A-Z0-9]{8}/.exec(notice.textContent!)![0];
    expect(number).toMatch(TRANSFER_NUMBER_PATTERN);
    expect(notice.textContent).toBe(transferRequestedMessage(number));
    // The card says it is in review and offers no second request.
    const pending = await within(subscriptionCard()).findByText(`Solicitud ${number}: a Luis Pérez (${luis}), en revisión.`, {}, { timeout: 5000 });
    expect(pending).toBeTruthy();
    expect(within(subscriptionCard()).queryByRole("button", { name: TRANSFER_ACTION })).toBeNull();
    expect(within(subscriptionCard()).queryByRole("form", { name: TRANSFER_ACTION })).toBeNull();
    // The reader's confirmation, and the operators' list.
    expect((await lastMail(accounts.server.db, getSession().profile!.email!, "cesion-solicitada"))?.subject).toBe(`Recibimos tu solicitud de cesión ${number}`);
    const open = (await (await fetch(`${accounts.server.origin}${OPERATOR_TRANSFERS_PATH}`, { headers: { Accept: "application/json" } })).json()) as Array<{
      requestNumber: string;
      subscriptionID: number;
      email: string;
    }>;
    expect(open).toContainEqual(expect.objectContaining({ requestNumber: number, subscriptionID: id, email: luis }));
  });

  it("says why the server refused a transfer: the subscription was cancelled in another tab", async () => {
    const { id, card } = await subscriber();
    fireEvent.click(within(card).getByRole("button", { name: TRANSFER_ACTION }));
    const form = within(card).getByRole("form", { name: TRANSFER_ACTION });
    fill(form, TRANSFER_NAME_LABEL, "Luis Pérez");
    fill(form, TRANSFER_EMAIL_LABEL, `luis${Date.now()}@example.com`);
    fireEvent.click(within(form).getByLabelText(TRANSFER_CONSENT_LABEL));
    await Sales.cancelSubscription(id);
    fireEvent.click(within(form).getByRole("button", { name: TRANSFER_SUBMIT }));
    expect((await within(form).findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(
      "Solo se puede ceder una suscripción activa: si la cancelaste, reactívala primero",
    );
  });

  it("opens the transfer form from the subscription terms' link, and says so when there is nothing to transfer", async () => {
    freshBrowser(accounts.server.origin, TRANSFER_PAGE);
    const { card } = await subscriber();
    expect(await within(card).findByRole("form", { name: TRANSFER_ACTION }, { timeout: 5000 })).toBeTruthy();
    cleanup();

    freshBrowser(accounts.server.origin, TRANSFER_PAGE);
    await signUpReader();
    resetSessionForTests();
    render(page());
    expect(await screen.findByText(NOTHING_TO_TRANSFER, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole("form", { name: TRANSFER_ACTION })).toBeNull();
  });
});
