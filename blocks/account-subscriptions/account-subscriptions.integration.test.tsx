// @vitest-environment jsdom
import { SALES_ERROR_MESSAGES } from "../../domain/errors";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { buySubscription, freshBrowser, Sales, signUpReader, startAccounts, type AccountsTestContext } from "../../tests/support/accounts";
import { SUBSCRIPTION_STATUS_LABELS } from "../_shared/identity";
import { getSession, resetSessionForTests } from "../_shared/session";
import AccountSubscriptions, { CANCELED_MESSAGE, RESCUED_MESSAGE } from "./index";
import server from "./index.server";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
beforeEach(() => freshBrowser(accounts.server.origin, "/autogestion/mis-suscripciones/"));

const context: PageContext = { brand: "semana", path: "/autogestion/mis-suscripciones/", params: {}, query: { regalo: "REGALO-123" } };
const settings = { published: true, title: "Mis suscripciones" };
const page = () => <AccountSubscriptions id="s" pageId="subs" settings={settings} data={server.transform!({}, settings, context)} />;

async function subscriber() {
  await signUpReader();
  const id = await buySubscription();
  resetSessionForTests();
  render(page());
  const card = await screen.findByText("Suscripción digital anual", {}, { timeout: 5000 });
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
    fireEvent.click(within(card).getByRole("button", { name: "Sí, cancelar" }));
    expect(await screen.findByText(CANCELED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    const canceled = screen.getByText("Suscripción digital anual").closest("li") as HTMLElement;
    await waitFor(() => expect(canceled.dataset.status).toBe("3"));
    expect(within(canceled).getByText("Acceso hasta")).toBeTruthy();
    // Status 3 still counts as active for the header.
    await waitFor(() => expect(getSession().subscriptions).toEqual([expect.objectContaining({ status: 3 })]));
    fireEvent.click(within(canceled).getByRole("button", { name: "Reactivar suscripción" }));
    expect(await screen.findByText(RESCUED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect((screen.getByText("Suscripción digital anual").closest("li") as HTMLElement).dataset.status).toBe("1"));
  });

  it("says a subscription was already rescued (330060) when another tab did it first", async () => {
    const { id, card } = await subscriber();
    fireEvent.click(within(card).getByRole("button", { name: "Cancelar suscripción" }));
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
    fireEvent.click(within(card).getByRole("button", { name: "Sí, cancelar" }));
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(SALES_ERROR_MESSAGES["300059"]);
  });
});
