// @vitest-environment jsdom
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { freshBrowser, Identity, lastMail, signUpReader, startAccounts, TEST_PASSWORD, type AccountsTestContext } from "../../tests/support/accounts";
import { maskEmail } from "../_shared/format";
import { getModalState, LOGIN_PANE } from "../_shared/accounts/loginModal";
import { resetSessionForTests } from "../_shared/accounts/session";
import AccountProfile, { EMAIL_UNVERIFIED_LABEL, EMAIL_VERIFIED_LABEL, PASSWORD_CHANGED, VERIFICATION_SENT } from "./index";
import server from "./index.server";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
beforeEach(() => freshBrowser(accounts.server.origin, "/autogestion/perfil/"));

const context: PageContext = { brand: "semana", path: "/autogestion/perfil/", params: {}, query: { utm_source: "boletin" } };
const settings = { published: true, title: "Mi perfil" };
const page = (pageContext: PageContext = context) => (
  <AccountProfile id="p" pageId="perfil" settings={settings} data={server.transform!({}, settings, pageContext)} />
);

describe("the server half", () => {
  it("passes only the path; the navigation marks 'Mi perfil' on /perfil/ too", () => {
    const data = server.transform!({}, settings, context);
    expect(data).toEqual({ path: "/autogestion/perfil/" });
    expect(JSON.stringify(data)).not.toContain("boletin");
    render(page({ ...context, brand: "elpais", path: "/perfil/" }));
    expect(screen.getByRole("link", { name: "Mi perfil" }).getAttribute("aria-current")).toBe("page");
  });
});

describe("maskEmail on the profile (docs/accounts.md#masked-e-mail: keeps the domain, hides the last three characters of the local part)", () => {
  it("masks as docs/accounts.md#masked-e-mail says", () => {
    expect(maskEmail("ana.gomez@example.com")).toBe("ana.go***@example.com");
    expect(maskEmail("ab@example.com")).toBe("**@example.com");
  });
});

describe("the profile page", () => {
  it("opens the login modal for a signed-out reader", async () => {
    render(page());
    expect(await screen.findByText("Inicia sesión para ver tu perfil.")).toBeTruthy();
    expect(getModalState()).toMatchObject({ open: true, pane: LOGIN_PANE });
  });

  it("shows the name, the masked e-mail and the account navigation, and verifies the e-mail from the link", async () => {
    const email = await signUpReader();
    resetSessionForTests();
    render(page());
    expect(await screen.findByRole("heading", { name: "Ana Gómez" }, { timeout: 5000 })).toBeTruthy();
    const shown = document.querySelector("[data-email]")!;
    expect(shown.textContent).toBe(maskEmail(email));
    expect(shown.textContent).not.toContain(email.split("@")[0]);
    expect(screen.getByRole("link", { name: "Mi perfil" }).getAttribute("aria-current")).toBe("page");
    expect(await screen.findByText(EMAIL_UNVERIFIED_LABEL, { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reenviar el enlace de verificación" }));
    expect(await screen.findByText(VERIFICATION_SENT)).toBeTruthy();
    const mail = await lastMail(accounts.server.db, email, "verificacion");
    await Identity.verifyEmail(mail!.nonce!);
    resetSessionForTests();
    document.body.innerHTML = '<div id="modal"></div>';
    render(page());
    await waitFor(() => expect(screen.getByText(EMAIL_VERIFIED_LABEL)).toBeTruthy(), { timeout: 5000 });
  });

  it("shows the date of birth the reader gave, and a dash while there is none", async () => {
    await signUpReader(undefined, { birthYear: "1990", birthMonth: "6", birthDay: "15" });
    resetSessionForTests();
    render(page());
    await screen.findByRole("heading", { name: "Ana Gómez" }, { timeout: 5000 });
    const shown = () => document.querySelector("[data-birth-date]")!;
    expect(shown().previousElementSibling?.textContent).toBe("Fecha de nacimiento");
    expect(shown().textContent).toBe("15 de junio de 1990");
    cleanup();
    freshBrowser(accounts.server.origin, "/autogestion/perfil/");
    await signUpReader();
    resetSessionForTests();
    render(page());
    await screen.findByRole("heading", { name: "Ana Gómez" }, { timeout: 5000 });
    expect(shown().textContent).toBe("—");
  });

  it("changes the password, and says when the current one is wrong", async () => {
    const email = await signUpReader();
    resetSessionForTests();
    render(page());
    const current = await screen.findByLabelText("Contraseña actual", {}, { timeout: 5000 });
    fireEvent.change(current, { target: { value: "Incorrecta123" } });
    fireEvent.change(screen.getByLabelText(/^Contraseña nueva/), { target: { value: "Distinta2025" } });
    fireEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
    expect((await screen.findByRole("alert", {}, { timeout: 5000 })).textContent).toBe(IDENTITY_ERROR_MESSAGES["300040"]);
    fireEvent.change(current, { target: { value: TEST_PASSWORD } });
    fireEvent.change(screen.getByLabelText(/^Contraseña nueva/), { target: { value: "Distinta2025" } });
    fireEvent.click(screen.getByRole("button", { name: "Cambiar contraseña" }));
    expect(await screen.findByText(PASSWORD_CHANGED, {}, { timeout: 5000 })).toBeTruthy();
    await expect(Identity.login(email, "Distinta2025")).resolves.toMatchObject({ uuid: expect.any(String) });
  });
});
