// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { buySubscription, freshBrowser, signUpReader, startAccounts, type AccountsTestContext } from "../../tests/support/accounts";
import { getModalState, LOGIN_PANE } from "../_shared/accounts/loginModal";
import { resetSessionForTests } from "../_shared/accounts/session";
import { offerSummary } from "../_shared/accounts/offer";
import SubscriptionStore, { CANCEL_ANYTIME } from "./index";
import server from "./index.server";
import type { Settings } from "./settings";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
beforeEach(() => freshBrowser(accounts.server.origin, "/store/"));

const context: PageContext = { brand: "semana", path: "/store/", params: {}, query: {} };
const settings: Settings = { published: true, title: "Suscríbete", text: "Periodismo sin límites.", offerId: "466", termsLink: "/terminos-de-suscripcion/" };
const data = (s: Settings = settings) => server.transform!({}, s, context);
const page = () => <SubscriptionStore id="t" pageId="store" settings={settings} data={data()} />;

describe("transform", () => {
  it("reads offer 466 from the sales catalogue: the annual plan at $199.000", () => {
    expect(offerSummary("466")).toMatchObject({ offerId: "466", price: "$199.000", amount: 199000, sku: "DIGITAL-ANUAL", priceCode: "ANUAL-199000" });
    // Only what the card shows travels to the browser.
    expect(data()).toEqual({ offer: { offerId: "466", name: "Suscripción digital anual", price: "$199.000" } });
    expect(JSON.stringify(data())).not.toContain(offerSummary("466")!.description);
    expect(JSON.stringify(data())).not.toContain("ANUAL-199000");
  });

  it("is empty for an offer that does not exist", () => {
    const none = data({ ...settings, offerId: "999" });
    expect(none.offer).toBeNull();
    expect(server.isEmpty!(none, settings)).toBe(true);
    expect(server.isEmpty!(data(), settings)).toBe(false);
  });
});

describe("the store", () => {
  it("shows the price per year, 'cancele cuando quiera', the buy link and the terms", () => {
    render(page());
    expect(screen.getByText("$199.000").parentElement!.textContent).toBe("$199.000 al año");
    expect(screen.getAllByText(CANCEL_ANYTIME).length).toBeGreaterThan(0);
    expect(CANCEL_ANYTIME).toBe("Cancele cuando quiera");
    expect(screen.getByRole("link", { name: "Suscribirme" }).getAttribute("href")).toBe("/suscripciones-online/?offerId=466");
    expect(screen.getByRole("link", { name: "Términos y condiciones" }).getAttribute("href")).toBe("/terminos-de-suscripcion/");
  });

  it("offers existing subscribers a login link that opens the modal", () => {
    render(page());
    fireEvent.click(screen.getByRole("button", { name: "Inicia sesión" }));
    expect(getModalState()).toMatchObject({ open: true, pane: LOGIN_PANE });
  });

  it("hides the login link and the buy button from a subscriber", async () => {
    await signUpReader();
    await buySubscription();
    resetSessionForTests();
    render(page());
    expect(await screen.findByText("Ya tienes una suscripción activa.", {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Suscribirme" })).toBeNull();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Inicia sesión" })).toBeNull());
  });
});
