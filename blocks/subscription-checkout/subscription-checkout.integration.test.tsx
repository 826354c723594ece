// @vitest-environment jsdom
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { count } from "../../accounts/testing/harness";
import { testChallengeResultPath } from "../../accounts/payments/test-provider";
import type { PageContext } from "../../runtime/types";
import { freshBrowser, Sales, signUpReader, startAccounts, TEST_CARD_NUMBERS, type AccountsTestContext } from "../../tests/support/accounts";
import { getModalState } from "../_shared/accounts/loginModal";
import { getSession, resetSessionForTests } from "../_shared/accounts/session";
import { LoginModalHost } from "../_shared/accounts/login-modal/LoginModalHost";
import { offerSummary } from "../_shared/accounts/offer";
import SubscriptionCheckout from "./index";
import { checkoutReducer, INITIAL_CHECKOUT, ORDER_ALREADY_PAID_MESSAGE, PAYMENT_UNAVAILABLE_MESSAGE } from "./checkoutFlow";
import { expiryError, securityCodeError, THREE_DS_MESSAGE_TYPE } from "../_shared/accounts/card";
import server, { OFFER_QUERY_PARAM } from "./index.server";
import type { Settings } from "./settings";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
beforeEach(() => freshBrowser(accounts.server.origin, "/suscripciones-online/?offerId=466"));
afterEach(() => vi.restoreAllMocks());

const settings: Settings = { published: true, title: "Finaliza tu suscripción", offerId: "466", country: "CO" };
const contextFor = (query: Record<string, string> = { offerId: "466" }): PageContext => ({
  brand: "semana",
  path: "/suscripciones-online/",
  params: {},
  query,
});
const page = (query?: Record<string, string>) => (
  <SubscriptionCheckout id="c" pageId="checkout" settings={settings} data={server.transform!({}, settings, contextFor(query))} />
);

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

/** Renders the checkout (a page load) for the signed-in reader and fills in everything but the card number. */
async function openCheckout() {
  resetSessionForTests();
  render(page());
  await screen.findByLabelText("Número de la tarjeta", {}, { timeout: 5000 });
  fill("Celular", "3001234567");
  fill("Dirección", "Carrera 7 # 71-21");
  fill("Ciudad", "Bogotá");
  fill("Departamento", "Cundinamarca");
  fill("Vencimiento (MM/AA)", "12/30");
  fill("Código de seguridad", "123");
  fill("Nombre en la tarjeta", "Ana Gómez");
  return (card: string) => {
    fill("Número de la tarjeta", card);
    fireEvent.click(screen.getByRole("button", { name: /^Pagar \$199\.000/ }));
  };
}

async function signedInCheckout() {
  await signUpReader();
  return openCheckout();
}

/** What the test provider charged for the reader's orders, and the reader's subscriptions. */
async function money() {
  const history = await Sales.getOrderHistory();
  const orders = history.orders as Array<{ orderNumber: string; orderStatus: string; totalAmount: number }>;
  const charges = await count(
    accounts.server.db,
    "accounts_test_provider_charges",
    "outcome::jsonb->>'status' = 'succeeded' AND split_part(idempotency_key, ':', 2) = ANY($1::text[])",
    [orders.map((o) => o.orderNumber)],
  );
  return { orders, charges, subscriptions: (await Sales.getAllSubscriptions()) as Array<{ status: number }> };
}

describe("transform", () => {
  it("takes the offer from ?offerId= and names an unknown one", () => {
    expect(OFFER_QUERY_PARAM).toBe("offerId");
    expect(server.transform!({}, settings, contextFor()).offer?.price).toBe("$199.000");
    expect(server.transform!({}, settings, contextFor({ offerId: "12" }))).toEqual({ offer: null, requestedOfferId: "12", gift: false, renewal: false });
    expect(server.transform!({}, settings, contextFor({ offerId: "466", regalo: "1" })).gift).toBe(true);
    // The banners' renewal offer: its own price, never as a gift.
    expect(server.transform!({}, settings, contextFor({ offerId: "466", renovacion: "1" }))).toMatchObject({
      renewal: true,
      offer: { price: "$129.000", amount: 129000, priceCode: "ANUAL-129000", termsApply: true },
    });
    expect(server.transform!({}, settings, contextFor({ offerId: "466", renovacion: "1", regalo: "1" }))).toMatchObject({ renewal: false, gift: true });
    render(page({ offerId: "12" }));
    expect(screen.getByRole("alert").textContent).toContain("«12» no existe");
  });

  it("falls back to the configured offer, and sends only what the page shows and the cart needs", () => {
    const data = server.transform!({}, settings, contextFor({ utm_source: "boletin" }));
    expect(data).toEqual({
      offer: { name: "Suscripción digital anual", price: "$199.000", amount: 199000, sku: "DIGITAL-ANUAL", priceCode: "ANUAL-199000", termsApply: false },
      requestedOfferId: "466",
      gift: false,
      renewal: false,
    });
    expect(JSON.stringify(data)).not.toContain(offerSummary("466")!.description);
    expect(JSON.stringify(data)).not.toContain("boletin");
  });
});

describe("checkoutReducer", () => {
  it("keeps the order after a decline and forgets it when the server lost it", () => {
    let state = checkoutReducer(INITIAL_CHECKOUT, { type: "pay" });
    state = checkoutReducer(state, { type: "ordered", orderNumber: "ORD-1", paymentMethodId: 1 });
    state = checkoutReducer(state, { type: "failed", message: "no" });
    expect(state).toMatchObject({ step: "form", orderNumber: "ORD-1", error: "no" });
    expect(checkoutReducer(state, { type: "failed", message: "x", forgetOrder: true }).orderNumber).toBeNull();
  });
});

describe("the checkout", () => {
  it("offers a signed-out reader a purchase with their e-mail, sign-in one click away, and no modal in the way", async () => {
    render(
      <>
        <LoginModalHost />
        {page()}
      </>,
    );
    await screen.findByText("Compra con tu correo o inicia sesión si ya tienes cuenta.", {}, { timeout: 5000 });
    expect(screen.getByLabelText("Correo electrónico")).toBeTruthy();
    expect(getModalState().open).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Iniciar sesión" }));
    await waitFor(() => expect(getModalState().open).toBe(true));
  });

  it("asks a signed-out buyer of a gift to sign in, in a modal with no close button", async () => {
    render(
      <>
        <LoginModalHost />
        {page({ offerId: "466", regalo: "1" })}
      </>,
    );
    await waitFor(() => expect(getModalState().open).toBe(true));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByRole("button", { name: "Cerrar" })).toBeNull();
    expect(screen.getByText("Inicia sesión o crea tu cuenta para suscribirte.")).toBeTruthy();
  });

  it("pays with the test card and the subscription becomes active; a declined card says why first", async () => {
    const pay = await signedInCheckout();
    expect(screen.getByText(/Pagos de prueba, sin dinero real/)).toBeTruthy();
    pay(TEST_CARD_NUMBERS.declined);
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(SALES_ERROR_MESSAGES["300161"]);
    pay(TEST_CARD_NUMBERS.insufficientFunds);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(SALES_ERROR_MESSAGES["300163"]));
    pay("4242 4242 4242 4242");
    expect(await screen.findByText("¡Gracias! Tu suscripción está activa.", {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(getSession().subscriptions).toEqual([expect.objectContaining({ status: 1 })]));
    // One order, paid once: the declines did not create others.
    const subscriptions = await Sales.getAllSubscriptions();
    expect(subscriptions).toHaveLength(1);
  });

  it("completes the 3-D Secure challenge the server asks for", async () => {
    const pay = await signedInCheckout();
    pay(TEST_CARD_NUMBERS.threeDSecure);
    const frame = (await screen.findByTitle("Verificación 3-D Secure de tu banco", {}, { timeout: 5000 })) as HTMLIFrameElement;
    const src = frame.getAttribute("src")!;
    expect(src).toMatch(/^\/sales\/public\/v1\/checkout\/3ds\/challenge\/3ds_/);
    // The issuer's page tells the server first, then posts to its opener.
    const token = src.split("/").pop()!;
    const answered = await fetch(`${accounts.server.origin}${testChallengeResultPath(token)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ succeeded: true }),
    });
    expect(answered.status).toBe(200);
    act(() => {
      window.dispatchEvent(
        new MessageEvent("message", { origin: "https://otro-sitio.example", data: { type: THREE_DS_MESSAGE_TYPE, token, succeeded: true } }),
      );
    });
    expect(screen.getByTitle("Verificación 3-D Secure de tu banco")).toBeTruthy();
    act(() => {
      window.dispatchEvent(new MessageEvent("message", { origin: window.location.origin, data: { type: THREE_DS_MESSAGE_TYPE, token, succeeded: true } }));
    });
    expect(await screen.findByText("¡Gracias! Tu suscripción está activa.", {}, { timeout: 5000 })).toBeTruthy();
  });

  it("says the payment was rejected when the 3-D Secure challenge fails", async () => {
    const pay = await signedInCheckout();
    pay(TEST_CARD_NUMBERS.threeDSecure);
    const frame = await screen.findByTitle("Verificación 3-D Secure de tu banco", {}, { timeout: 5000 });
    const token = frame.getAttribute("src")!.split("/").pop()!;
    await fetch(`${accounts.server.origin}${testChallengeResultPath(token)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ succeeded: false }),
    });
    act(() => {
      window.dispatchEvent(new MessageEvent("message", { origin: window.location.origin, data: { type: THREE_DS_MESSAGE_TYPE, token, succeeded: false } }));
    });
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(SALES_ERROR_MESSAGES["300170"]);
  });

  it("does not believe a success message the issuer's page never sent: the order stays unpaid", async () => {
    const pay = await signedInCheckout();
    pay(TEST_CARD_NUMBERS.threeDSecure);
    const frame = await screen.findByTitle("Verificación 3-D Secure de tu banco", {}, { timeout: 5000 });
    const token = frame.getAttribute("src")!.split("/").pop();
    // A forged "authenticated" message, with no answer from the issuer.
    act(() => {
      window.dispatchEvent(new MessageEvent("message", { origin: window.location.origin, data: { type: THREE_DS_MESSAGE_TYPE, token, succeeded: true } }));
    });
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(SALES_ERROR_MESSAGES["300170"]);
    const { orders, charges, subscriptions } = await money();
    expect(orders.map((o) => o.orderStatus)).toEqual(["Pending"]);
    expect([charges, subscriptions.length]).toEqual([0, 0]);
  });
});

describe("money moves once", () => {
  it("declined card, reload, good card: one order, one charge of $199.000, one subscription", async () => {
    const pay = await signedInCheckout();
    pay(TEST_CARD_NUMBERS.declined);
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(SALES_ERROR_MESSAGES["300161"]);
    // The reader reloads the page: a new checkout, the same saved cart.
    cleanup();
    const again = await openCheckout();
    again(TEST_CARD_NUMBERS.success);
    expect(await screen.findByText("¡Gracias! Tu suscripción está activa.", {}, { timeout: 5000 })).toBeTruthy();
    const { orders, charges, subscriptions } = await money();
    expect(orders).toEqual([expect.objectContaining({ orderStatus: "Paid", totalAmount: 199000 })]);
    expect(charges).toBe(1);
    expect(subscriptions).toEqual([expect.objectContaining({ status: 1 })]);
    await expect(Sales.getCart()).resolves.toMatchObject({ items: [] });
  });

  it("pays once however often the button is pressed (two clicks and Enter before React re-renders)", async () => {
    await signedInCheckout();
    fill("Número de la tarjeta", TEST_CARD_NUMBERS.success);
    const button = screen.getByRole("button", { name: /^Pagar \$199\.000/ });
    const form = button.closest("form")!;
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
      fireEvent.click(button);
    });
    expect(await screen.findByText("¡Gracias! Tu suscripción está activa.", {}, { timeout: 5000 })).toBeTruthy();
    // The page itself sent one order and one finalize (the server would have merged more, but it need not).
    const calls = fetchSpy.mock.calls.map(([url, init]) => `${init?.method ?? "GET"} ${new URL(String(url)).pathname}`);
    expect(calls.filter((c) => c === "POST /sales/public/v1/checkout/order")).toHaveLength(1);
    expect(calls.filter((c) => /^PUT \/sales\/public\/v1\/checkout\/order\//.test(c))).toHaveLength(1);
    const { orders, charges, subscriptions } = await money();
    expect([orders.length, charges, subscriptions.length]).toEqual([1, 1, 1]);
  });

  it("tells a second tab that its order is already paid (300016) and shows the paid state", async () => {
    const pay = await signedInCheckout();
    pay(TEST_CARD_NUMBERS.declined);
    await screen.findByRole("alert", {}, { timeout: 5000 });
    // Another tab pays the same order meanwhile.
    const [{ orderNumber }] = (await money()).orders;
    await Sales.finalizePayment(orderNumber, 1, TEST_CARD_NUMBERS.success);
    pay(TEST_CARD_NUMBERS.success);
    expect(await screen.findByText(ORDER_ALREADY_PAID_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver mis suscripciones" })).toBeTruthy();
    const { charges, subscriptions } = await money();
    expect([charges, subscriptions.length]).toEqual([1, 1]);
  });

  it("retries a finalize whose answer the network lost, and takes the server's 300016 for paid", async () => {
    const pay = await signedInCheckout();
    const send = globalThis.fetch;
    let lost = 0;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const response = await send(input, init);
      // The first finalize reaches the server and is paid there; its answer never arrives.
      if (init?.method === "PUT" && /\/checkout\/order\/[^/]+\/payment\//.test(String(input)) && lost++ === 0) throw new TypeError("Failed to fetch");
      return response;
    });
    pay(TEST_CARD_NUMBERS.success);
    expect(await screen.findByText(ORDER_ALREADY_PAID_MESSAGE, {}, { timeout: 8000 })).toBeTruthy();
    expect(lost).toBe(2);
    const { orders, charges, subscriptions } = await money();
    expect([orders.length, charges, subscriptions.length]).toEqual([1, 1, 1]);
  });

  it("checks the card's expiry and security code before calling the API", async () => {
    const pay = await signedInCheckout();
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    fill("Vencimiento (MM/AA)", "13/30");
    fill("Código de seguridad", "12");
    pay(TEST_CARD_NUMBERS.success);
    expect(screen.getByText("El mes del vencimiento debe estar entre 01 y 12.")).toBeTruthy();
    expect(screen.getByText("El código de seguridad tiene 3 dígitos (está al respaldo de la tarjeta).")).toBeTruthy();
    fill("Vencimiento (MM/AA)", "01/20");
    fill("Código de seguridad", "123");
    pay("3782 822463 10005");
    expect(screen.getByText("La tarjeta está vencida: revisa la fecha o usa otra tarjeta.")).toBeTruthy();
    expect(screen.getByText("El código de seguridad de American Express tiene 4 dígitos (está en el frente de la tarjeta).")).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("says online payment is not available when the server offers no payment provider, and shows no test cards", async () => {
    const providers = accounts.server.accounts.context.paymentProviders;
    accounts.server.accounts.context.paymentProviders = [];
    try {
      await signUpReader();
      render(page());
      expect(await screen.findByText(PAYMENT_UNAVAILABLE_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
      expect(screen.queryByText(/Pagos de prueba|4242/)).toBeNull();
      expect(screen.queryByLabelText("Número de la tarjeta")).toBeNull();
    } finally {
      accounts.server.accounts.context.paymentProviders = providers;
    }
  });
});

describe("card checks", () => {
  const today = new Date(2026, 4, 15);
  it("accepts MM/AA of this month or later, and 3 digits (4 for American Express)", () => {
    expect(expiryError("05/26", today)).toBeNull();
    expect(expiryError(" 12 / 30 ", today)).toBeNull();
    expect(expiryError("04/26", today)).toBe("La tarjeta está vencida: revisa la fecha o usa otra tarjeta.");
    expect(expiryError("00/30", today)).toBe("El mes del vencimiento debe estar entre 01 y 12.");
    expect(expiryError("1230", today)).toBe("Escribe el vencimiento como MM/AA, por ejemplo 08/29.");
    expect(securityCodeError("123", "4242 4242 4242 4242")).toBeNull();
    expect(securityCodeError("1234", "4242 4242 4242 4242")).not.toBeNull();
    expect(securityCodeError("1234", "3782 822463 10005")).toBeNull();
    expect(securityCodeError("123", "3411 111111 11111")).not.toBeNull();
  });
});
