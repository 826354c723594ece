// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import {
  buySubscription,
  freshBrowser,
  Identity,
  lastMail,
  signUpReader,
  startAccounts,
  TEST_PASSWORD,
  type AccountsTestContext,
} from "../../tests/support/accounts";
import { DEVICE_LIMIT_MESSAGE } from "../../domain/errors";
import { forgetCachedProfile, IDENTITY_STORAGE_KEY } from "../_shared/accounts/identity";
import { getSession } from "../_shared/accounts/session";
import AccountLink, {
  DELETE_CONFIRM_BUTTON,
  DELETE_CONFIRM_QUESTION,
  DELETE_DECLINED,
  LINK_ERRORS,
  LINK_SUCCESS,
  MISSING_NONCE,
  type LinkAction,
} from "./index";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
beforeEach(() => freshBrowser(accounts.server.origin));

// No server half (data === null): the nonce is read from the address in the browser, never put in the page data.
const page = (action: LinkAction) => <AccountLink id="l" pageId="link" settings={{ published: true, action }} data={null} />;

describe("e-mail link pages", () => {
  it("/verificar-correo/ verifies the address once; the used link says so", async () => {
    const email = await signUpReader();
    const { nonce } = (await lastMail(accounts.server.db, email, "verificacion"))!;
    freshBrowser(accounts.server.origin, `/verificar-correo/?nonce=${nonce}`);
    const { unmount } = render(page("verificar-correo"));
    expect(await screen.findByText(LINK_SUCCESS["verificar-correo"], {}, { timeout: 5000 })).toBeTruthy();
    unmount();
    render(page("verificar-correo"));
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(LINK_ERRORS["verificar-correo"]["404"]);
    await Identity.login(email, "Clave2024segura");
    forgetCachedProfile();
    expect((await Identity.getUserProfile()).emailVerified).toBe(true);
  });

  it("/enlace-magico/ signs the reader in", async () => {
    const email = await signUpReader();
    await Identity.requestMagicLink(email);
    const { nonce } = (await lastMail(accounts.server.db, email, "enlace-magico"))!;
    freshBrowser(accounts.server.origin, `/enlace-magico/?nonce=${nonce}`);
    render(page("enlace-magico"));
    expect(await screen.findByText(LINK_SUCCESS["enlace-magico"], {}, { timeout: 5000 })).toBeTruthy();
    expect(JSON.parse(localStorage.getItem(IDENTITY_STORAGE_KEY) ?? sessionStorage.getItem(IDENTITY_STORAGE_KEY)!)).toMatchObject({
      accessToken: expect.any(String),
    });
    await waitFor(() => expect(getSession()).toMatchObject({ loggedIn: true, profile: { email } }));
  });

  it("/enlace-magico/ at a subscriber's 4-device limit lists the devices; signing one out signs in with the same link", async () => {
    const email = await signUpReader();
    await buySubscription();
    // Three more devices: four open sessions with the sign-up's.
    for (let i = 0; i < 3; i++) {
      const signedIn = await fetch(`${accounts.server.origin}/identity/public/v1/auth/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ userName: email, credentials: TEST_PASSWORD }),
      });
      expect(signedIn.status).toBe(200);
    }
    await Identity.requestMagicLink(email);
    const { nonce } = (await lastMail(accounts.server.db, email, "enlace-magico"))!;
    freshBrowser(accounts.server.origin, `/enlace-magico/?nonce=${nonce}`);
    render(page("enlace-magico"));
    const devices = await screen.findByRole("group", { name: "Dispositivos con la sesión iniciada" }, { timeout: 5000 });
    expect(devices.textContent).toContain(DEVICE_LIMIT_MESSAGE);
    const buttons = screen.getAllByRole("button", { name: "Cerrar la sesión allí" });
    expect(buttons).toHaveLength(4);
    fireEvent.click(buttons[3]);
    expect(await screen.findByText(LINK_SUCCESS["enlace-magico"], {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(getSession()).toMatchObject({ loggedIn: true, profile: { email } }));
  });

  it("/autogestion/eliminar-cuenta/?accion=rechazar keeps the account, with a reason", async () => {
    await signUpReader();
    await Identity.requestDeleteAccount();
    const email = Identity.userProfile!.email!;
    const { nonce } = (await lastMail(accounts.server.db, email, "eliminar-cuenta"))!;
    window.history.replaceState(null, "", `/autogestion/eliminar-cuenta/?nonce=${nonce}&accion=rechazar`);
    render(page("eliminar-cuenta"));
    fireEvent.click(await screen.findByRole("radio", { name: "Cambié de opinión" }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole("button", { name: "Conservar mi cuenta" }));
    expect(await screen.findByText(DELETE_DECLINED, {}, { timeout: 5000 })).toBeTruthy();
    forgetCachedProfile();
    expect(await Identity.getUserProfile()).toMatchObject({ email });
  });

  it("/autogestion/eliminar-cuenta/?accion=aprobar asks first: opening the link deletes nothing, only its button does", async () => {
    await signUpReader();
    await Identity.requestDeleteAccount();
    const email = Identity.userProfile!.email!;
    const { nonce } = (await lastMail(accounts.server.db, email, "eliminar-cuenta"))!;
    window.history.replaceState(null, "", `/autogestion/eliminar-cuenta/?nonce=${nonce}&accion=aprobar`);
    render(page("eliminar-cuenta"));
    // A prefetcher opening the link (the page's script runs) leaves the account as it was.
    expect(await screen.findByText(DELETE_CONFIRM_QUESTION, {}, { timeout: 5000 })).toBeTruthy();
    const { rows } = await accounts.server.db.query<{ status: string }>("SELECT status FROM accounts_users WHERE email = $1", [email]);
    expect(rows[0]?.status).toBe("Active");
    fireEvent.click(screen.getByRole("button", { name: DELETE_CONFIRM_BUTTON }));
    expect(await screen.findByText(LINK_SUCCESS["eliminar-cuenta"], {}, { timeout: 5000 })).toBeTruthy();
    await waitFor(() => expect(getSession().loggedIn).toBe(false));
    await expect(Identity.login(email, "Clave2024segura")).rejects.toMatchObject({ code: "300040" });
  });

  it("explains a link without its nonce", async () => {
    window.history.replaceState(null, "", "/verificar-correo/");
    render(page("verificar-correo"));
    expect((await screen.findByRole("alert")).textContent).toBe(MISSING_NONCE);
  });
});
