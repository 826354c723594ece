// @vitest-environment jsdom
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { freshBrowser, Sales, signUpReader, startAccounts, TEST_CARD_NUMBERS, type AccountsTestContext } from "../../tests/support/accounts";
import { getModalState } from "../_shared/loginModal";
import { getSession, resetSessionForTests } from "../_shared/session";
import { LoginModalHost } from "../login-modal/LoginModal";
import { offerSummary } from "../_shared/offer";
import SubscriptionCheckout, { checkoutReducer, INITIAL_CHECKOUT, THREE_DS_MESSAGE_TYPE } from "./index";
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

async function signedInCheckout() {
  await signUpReader();
  resetSessionForTests();
  render(page());
  await screen.findByLabelText("Número de la tarjeta", {}, { timeout: 5000 });
  const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
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

describe("transform", () => {
  it("takes the offer from ?offerId= and names an unknown one", () => {
    expect(OFFER_QUERY_PARAM).toBe("offerId");
    expect(server.transform!({}, settings, contextFor()).offer?.price).toBe("$199.000");
    expect(server.transform!({}, settings, contextFor({ offerId: "12" }))).toEqual({ offer: null, requestedOfferId: "12" });
    render(page({ offerId: "12" }));
    expect(screen.getByRole("alert").textContent).toContain("«12» no existe");
  });

  it("falls back to the configured offer, and sends only what the page shows and the cart needs", () => {
    const data = server.transform!({}, settings, contextFor({ utm_source: "boletin" }));
    expect(data).toEqual({
      offer: { name: "Suscripción digital anual", price: "$199.000", sku: "DIGITAL-ANUAL", priceCode: "ANUAL-199000" },
      requestedOfferId: "466",
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
  it("asks a signed-out reader to sign in, in a modal with no close button", async () => {
    render(
      <>
        <LoginModalHost />
        {page()}
      </>,
    );
    await waitFor(() => expect(getModalState().open).toBe(true));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).queryByRole("button", { name: "Cerrar" })).toBeNull();
    expect(screen.getByText("Inicia sesión o crea tu cuenta para suscribirte.")).toBeTruthy();
  });

  it("pays with the test card and the subscription becomes active; a declined card says why first", async () => {
    const pay = await signedInCheckout();
    expect(screen.getByText(/Pagos de prueba/)).toBeTruthy();
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
    // What the issuer's page posts to its opener when the reader authenticates.
    const token = src.split("/").pop();
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
    const token = frame.getAttribute("src")!.split("/").pop();
    act(() => {
      window.dispatchEvent(new MessageEvent("message", { origin: window.location.origin, data: { type: THREE_DS_MESSAGE_TYPE, token, succeeded: false } }));
    });
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(SALES_ERROR_MESSAGES["300170"]);
  });
});
