// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import type { PageContext } from "../../runtime/types";
import { buySubscription, freshBrowser, Identity, signUpReader, startAccounts, watchNavigation, type AccountsTestContext } from "../../tests/support/accounts";
import { IDENTITY_STORAGE_KEY } from "../_shared/accounts/identity";
import { getModalState, LOGIN_PANE, REGISTER_PANE } from "../_shared/accounts/loginModal";
import { brandIds } from "../../domain/brands";
import server, { TOP_BAR_PROFILE_BRANDS } from "./index.server";
import { ACTIVE_SUBSCRIPTION_LABEL, NO_SUBSCRIPTION_LABEL, UserMenuSlot, userMenuState } from "./UserMenuSlot";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
beforeEach(() => freshBrowser(accounts.server.origin));
afterEach(() => vi.restoreAllMocks());

const context: PageContext = { brand: "semana", path: "/", params: {}, query: {} };
/** The slot as the header renders it, with the links its server half picks for the brand. */
const menu = (brand = "semana") => <UserMenuSlot {...server.transform!({}, { published: true }, { ...context, brand }).userMenu} />;
const slot = (container: HTMLElement) => container.querySelector('[data-slot="user-menu"]') as HTMLElement;

/** Signs up (and optionally subscribes) through the SDK, then starts a new page as that reader. */
async function asReader({ subscribe = false } = {}) {
  const email = await signUpReader();
  if (subscribe) await buySubscription();
  const { resetSessionForTests } = await import("../_shared/accounts/session");
  resetSessionForTests();
  return email;
}

describe("userMenuState", () => {
  it("is unknown, anonymous, or signed in with or without an active subscription (status 1, 3, 4 or 5)", () => {
    expect(userMenuState({ loggedIn: null, profile: null, subscriptions: null })).toBe("unknown");
    expect(userMenuState({ loggedIn: false, profile: null, subscriptions: false })).toBe("anonymous");
    expect(userMenuState({ loggedIn: true, profile: null, subscriptions: false })).toBe("registered");
    expect(userMenuState({ loggedIn: true, profile: null, subscriptions: [{ subscriptionID: 1, status: 2 }] })).toBe("registered");
    for (const status of [1, 3, 4, 5])
      expect(userMenuState({ loggedIn: true, profile: null, subscriptions: [{ subscriptionID: 1, status }] })).toBe("subscriber");
  });
});

describe("the header user menu", () => {
  it("renders a fixed-size placeholder on the server, with no links", () => {
    const html = renderToString(menu());
    const box = document.createElement("div");
    box.innerHTML = html;
    expect(slot(box).dataset.state).toBe("unknown");
    expect(slot(box).querySelector("[aria-hidden='true']")).toBeTruthy();
    expect(slot(box).querySelectorAll("a")).toHaveLength(0);
  });

  it("hydrates the placeholder without warnings, then shows the signed-in state", async () => {
    await asReader();
    const html = renderToString(menu());
    const root = document.createElement("div");
    root.innerHTML = html;
    document.body.appendChild(root);
    const errors = vi.spyOn(console, "error");
    const hydrated = await act(async () => hydrateRoot(root, menu()));
    // Unmounted at the end, as Testing Library does with what it renders: a menu left mounted followed the
    // session of the files after this one in its fork and put a Semana subscriber's notices in their pages.
    onTestFinished(() => {
      act(() => hydrated.unmount());
      root.remove();
    });
    await waitFor(() => expect(slot(root).dataset.state).toBe("registered"), { timeout: 5000 });
    expect(errors).not.toHaveBeenCalled();
  });

  it("shows Subscribe, Create account and Login to an anonymous reader; the last two open the modal", () => {
    const { container } = render(menu());
    const links = within(slot(container)).getAllByRole("link");
    expect(links.map((a) => [a.textContent, a.getAttribute("href")])).toEqual([
      ["Suscríbete", "/store/"],
      ["Crea tu cuenta", "/-revista-semana/?=1"],
      ["Iniciar sesión", "/-revista-semana/"],
    ]);
    fireEvent.click(screen.getByRole("link", { name: "Crea tu cuenta" }));
    expect(getModalState()).toMatchObject({ open: true, pane: REGISTER_PANE });
    fireEvent.click(screen.getByRole("link", { name: "Iniciar sesión" }));
    expect(getModalState()).toMatchObject({ open: true, pane: LOGIN_PANE });
  });

  it("shows 'No cuenta con una suscripción' and the Subscribe button to a reader without a subscription", async () => {
    await asReader();
    const { container } = render(menu());
    const button = await screen.findByRole("button", { name: /menú de la cuenta/ }, { timeout: 5000 });
    await waitFor(() => expect(within(slot(container)).getByRole("link", { name: "Suscríbete" }).getAttribute("href")).toBe("/store/"));
    expect(within(slot(container)).queryByRole("link", { name: "Iniciar sesión" })).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText(NO_SUBSCRIPTION_LABEL)).toBeTruthy();
    const links = within(slot(container))
      .getAllByRole("link")
      .map((a) => a.getAttribute("href"));
    expect(links).toEqual(
      expect.arrayContaining(["/autogestion/perfil/", "/autogestion/datos-/", "/autogestion/mis-suscripciones/", "/autogestion/comunicaciones/"]),
    );
    // The menu toggles on click and closes on a click outside.
    fireEvent.click(button);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(button);
    fireEvent.click(screen.getByText(NO_SUBSCRIPTION_LABEL));
    expect(button.getAttribute("aria-expanded")).toBe("true");
    fireEvent.click(document.body);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });

  it("links the help centre ('Servicio al cliente') from a signed-in reader's menu on every brand with one", async () => {
    await asReader();
    // The regional daily has no account menu: its top bar is the spec's (docs/help-centre.md#where-it-is-linked).
    for (const brand of brandIds.filter((id) => !TOP_BAR_PROFILE_BRANDS.has(id))) {
      const { container, unmount } = render(menu(brand));
      fireEvent.click(await within(slot(container)).findByRole("button", { name: /menú de la cuenta/ }, { timeout: 5000 }));
      const items = within(slot(container))
        .getAllByRole("listitem")
        .map((li) => [li.textContent, li.querySelector("a")?.getAttribute("href")]);
      expect(items, brand).toContainEqual(["Servicio al cliente", "/servicio-al-cliente/"]);
      unmount();
    }
  });

  it("shows 'Suscripción activa' and no Subscribe button to a subscriber", async () => {
    await asReader({ subscribe: true });
    const { container } = render(menu());
    const button = await screen.findByRole("button", { name: /menú de la cuenta/ }, { timeout: 5000 });
    fireEvent.click(button);
    expect(await screen.findByText(ACTIVE_SUBSCRIPTION_LABEL)).toBeTruthy();
    expect(within(slot(container)).queryByRole("link", { name: "Suscríbete" })).toBeNull();
    expect(slot(container).dataset.state).toBe("subscriber");
  });

  it("logs out: the session is cleared on the server and in the browser, and the reader goes to '/'", async () => {
    await asReader();
    const token = Identity.userIdentity.accessToken!;
    const nav = watchNavigation();
    render(menu());
    fireEvent.click(await screen.findByRole("button", { name: /menú de la cuenta/ }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole("button", { name: "Cerrar sesión" }));
    await waitFor(() => expect(nav.assign).toHaveBeenCalledWith("/"));
    expect(JSON.parse(localStorage.getItem(IDENTITY_STORAGE_KEY) ?? "{}")).toEqual({});
    const answer = await fetch(`${accounts.server.origin}/identity/public/v1/profile`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(401);
    expect(screen.getByRole("link", { name: "Iniciar sesión" })).toBeTruthy();
  });

  it("gives the regional daily its top bar: the e-mail's name linking to /perfil/ and 'Cerrar sesión'", async () => {
    const email = await asReader();
    const { container } = render(menu("elpais"));
    const profile = await within(slot(container)).findByRole("link", { name: email.split("@")[0] }, { timeout: 5000 });
    expect(profile.getAttribute("href")).toBe("/perfil/");
    expect(within(slot(container)).getByRole("button", { name: "Cerrar sesión" })).toBeTruthy();
    await waitFor(() => expect(within(slot(container)).getByRole("link", { name: "SUSCRÍBETE" }).getAttribute("href")).toBe("/suscripciones/"));
    // The subscription state, in the top bar itself (the regional daily has no account menu).
    expect(within(slot(container)).getByText(NO_SUBSCRIPTION_LABEL).getAttribute("data-subscription-state")).toBe("registered");
  });

  it("tells a regional daily subscriber 'Suscripción activa' in the top bar, with the whole e-mail name and no SUSCRÍBETE", async () => {
    const email = await asReader({ subscribe: true });
    const { container } = render(menu("elpais"));
    const state = await within(slot(container)).findByText(ACTIVE_SUBSCRIPTION_LABEL, {}, { timeout: 5000 });
    expect(state.getAttribute("data-subscription-state")).toBe("subscriber");
    expect(
      within(slot(container))
        .getByRole("link", { name: email.split("@")[0] })
        .getAttribute("href"),
    ).toBe("/perfil/");
    expect(within(slot(container)).queryByRole("link", { name: "SUSCRÍBETE" })).toBeNull();
    expect(within(slot(container)).queryByText(NO_SUBSCRIPTION_LABEL)).toBeNull();
  });

  it("logs out of the regional daily by reloading the page the reader is on, not by going to '/'", async () => {
    await asReader();
    const nav = watchNavigation();
    const { container } = render(menu("elpais"));
    fireEvent.click(await within(slot(container)).findByRole("button", { name: "Cerrar sesión" }, { timeout: 5000 }));
    await waitFor(() => expect(nav.reload).toHaveBeenCalledTimes(1));
    expect(nav.assign).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem(IDENTITY_STORAGE_KEY) ?? "{}")).toEqual({});
  });
});

describe("the regional daily's sticky user menu", () => {
  const sticky = () => <UserMenuSlot {...server.transform!({}, { published: true }, { ...context, brand: "elpais" }).userMenu} sticky />;
  const stickySlot = (container: HTMLElement) => container.querySelector('[data-slot="user-menu"]') as HTMLElement;

  it("offers SUSCRÍBETE and 'Inicia sesión' (which opens the modal) to an anonymous reader", async () => {
    const { container } = render(sticky());
    await waitFor(() => expect(stickySlot(container).dataset.state).toBe("anonymous"));
    expect(
      within(stickySlot(container))
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual(
      // 'Crea cuenta' is there too, hidden by the sticky bar's CSS (tests/e2e/header.spec.ts checks what shows).
      expect.arrayContaining([
        ["SUSCRÍBETE", "/suscripciones/"],
        ["Inicia sesión", "/-revista-semana/"],
      ]),
    );
    fireEvent.click(within(stickySlot(container)).getByRole("link", { name: "Inicia sesión" }));
    expect(getModalState()).toMatchObject({ open: true, pane: LOGIN_PANE });
  });

  it("shows 'Mi perfil' (/perfil/) and 'Cerrar sesión' to a signed-in reader; signing out reloads the page", async () => {
    await asReader();
    const nav = watchNavigation();
    const { container } = render(sticky());
    const profile = await within(stickySlot(container)).findByRole("link", { name: "Mi perfil" }, { timeout: 5000 });
    expect(profile.getAttribute("href")).toBe("/perfil/");
    fireEvent.click(within(stickySlot(container)).getByRole("button", { name: "Cerrar sesión" }));
    await waitFor(() => expect(nav.reload).toHaveBeenCalledTimes(1));
  });

  it("hides SUSCRÍBETE from a subscriber", async () => {
    await asReader({ subscribe: true });
    const { container } = render(sticky());
    await waitFor(() => expect(stickySlot(container).dataset.state).toBe("subscriber"), { timeout: 5000 });
    expect(within(stickySlot(container)).queryByRole("link", { name: "SUSCRÍBETE" })).toBeNull();
  });
});
