// @vitest-environment jsdom
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { freshBrowser, Identity, lastMail, newEmail, signUpReader, startAccounts, TEST_PASSWORD, type AccountsTestContext } from "../../tests/support/accounts";
import { REQUIRED_FIELD_MESSAGE } from "../_shared/AccountUi";
import { forgetCachedProfile } from "../_shared/identity";
import { resetSessionForTests } from "../_shared/session";
import AccountPersonalData, {
  changesEmail,
  CURRENT_PASSWORD_LABEL,
  EMAIL_LABEL,
  emailChangedMessage,
  fieldOfError,
  hasPassword,
  profileUpdate,
  SAVED_MESSAGE,
  WRONG_CURRENT_PASSWORD,
} from "./index";
import server from "./index.server";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
beforeEach(() => freshBrowser(accounts.server.origin, "/autogestion/datos-/"));

const context: PageContext = { brand: "semana", path: "/autogestion/datos-/", params: {}, query: { utm_source: "boletin" } };
const settings = { published: true, title: "Datos personales" };
const page = () => <AccountPersonalData id="d" pageId="datos" settings={settings} data={server.transform!({}, settings, context)} />;

describe("the server half", () => {
  it("passes only the path, which the account navigation marks", () => {
    const data = server.transform!({}, settings, context);
    expect(data).toEqual({ path: "/autogestion/datos-/" });
    expect(JSON.stringify(data)).not.toContain("boletin");
    render(page());
    expect(screen.getByRole("link", { name: "Datos personales" }).getAttribute("aria-current")).toBe("page");
  });
});

async function signedInForm() {
  const email = await signUpReader();
  resetSessionForTests();
  render(page());
  await screen.findByLabelText("Celular", {}, { timeout: 5000 });
  return email;
}

describe("profileUpdate and fieldOfError", () => {
  it("builds the PATCH body and finds the field a refusal names", () => {
    expect(profileUpdate({ firstName: " Ana ", lastName: "Gómez", secondLastName: "", phone: "" })).toEqual({
      firstName: "Ana",
      lastName: "Gómez",
      secondLastName: null,
      contacts: [],
    });
    expect(profileUpdate({ firstName: "Ana", lastName: "Gómez", secondLastName: "Ruiz", phone: "3001234567" }).contacts).toEqual([
      { phone: "3001234567", type: "PRIMARY" },
    ]);
    expect([
      fieldOfError({ field: "nombre" }),
      fieldOfError({ field: "segundo apellido" }),
      fieldOfError({ field: "contacts[0].phone" }),
      fieldOfError({}),
    ]).toEqual(["firstName", "secondLastName", "phone", null]);
    expect([fieldOfError({ field: "email" }), fieldOfError({ field: "currentPassword" })]).toEqual(["email", "currentPassword"]);
  });

  it("sends the e-mail and the current password only when the e-mail changes", () => {
    const values = { firstName: "Ana", lastName: "Gómez", secondLastName: "", phone: "" };
    expect(profileUpdate(values)).not.toHaveProperty("email");
    expect(profileUpdate(values, { email: " nueva@example.com ", currentPassword: "Clave2024segura" })).toMatchObject({
      email: "nueva@example.com",
      currentPassword: "Clave2024segura",
    });
    expect([
      changesEmail("ANA@example.com", "ana@example.com"),
      changesEmail(" ", "ana@example.com"),
      changesEmail("otra@example.com", "ana@example.com"),
    ]).toEqual([false, false, true]);
    // Social sign-in only: no password identity, nothing to confirm a change with.
    expect([
      hasPassword({ identities: [{ type: "Google" }] } as never),
      hasPassword({ identities: [{ type: "Google" }, { type: "Identity" }] } as never),
      hasPassword({ email: "ana@example.com" }),
    ]).toEqual([false, true, true]);
  });
});

describe("the personal-data page", () => {
  it("shows the service's refusal of a short phone under the phone field, in Spanish", async () => {
    await signedInForm();
    fireEvent.change(screen.getByLabelText("Celular"), { target: { value: "12345" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText(IDENTITY_ERROR_MESSAGES["300071"], {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText("Celular").getAttribute("aria-invalid")).toBe("true");
  });

  it("shows the refusal of a name with digits, and of an empty one", async () => {
    await signedInForm();
    fireEvent.change(screen.getByLabelText("Nombre"), { target: { value: "Ana3" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText(IDENTITY_ERROR_MESSAGES["300127"], {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Nombre"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText(IDENTITY_ERROR_MESSAGES["300128"], {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText("Nombre").getAttribute("aria-invalid")).toBe("true");
  });

  it("asks for the current password when the e-mail changes: required, wrong (300040), then saved, unverified, and the old address told", async () => {
    const oldEmail = await signedInForm();
    const nextEmail = newEmail("cambio");
    const stored = async () =>
      (await accounts.server.db.query("SELECT email, email_verified FROM accounts_users WHERE email = ANY($1)", [[oldEmail, nextEmail]])).rows;
    const before = await stored();
    expect(screen.queryByLabelText(CURRENT_PASSWORD_LABEL)).toBeNull();
    fireEvent.change(screen.getByLabelText(EMAIL_LABEL), { target: { value: nextEmail } });
    const password = screen.getByLabelText(CURRENT_PASSWORD_LABEL, { exact: false });
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText(REQUIRED_FIELD_MESSAGE)).toBeTruthy();

    fireEvent.change(password, { target: { value: "Incorrecta123" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText(WRONG_CURRENT_PASSWORD, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByLabelText(CURRENT_PASSWORD_LABEL, { exact: false }).getAttribute("aria-invalid")).toBe("true");
    expect(await stored()).toEqual(before);
    expect(await lastMail(accounts.server.db, nextEmail)).toBeNull();

    fireEvent.change(screen.getByLabelText(CURRENT_PASSWORD_LABEL, { exact: false }), { target: { value: TEST_PASSWORD } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText(emailChangedMessage(nextEmail), {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByLabelText(CURRENT_PASSWORD_LABEL, { exact: false })).toBeNull();
    forgetCachedProfile();
    expect(await Identity.getUserProfile()).toMatchObject({ email: nextEmail, emailVerified: false });
    expect((await lastMail(accounts.server.db, oldEmail, "correo-cambiado"))?.subject).toBe("El correo de tu cuenta cambió");
    expect(await lastMail(accounts.server.db, nextEmail, "verificacion")).toBeTruthy();
  });

  it("saves first, last and second last name and phone in the profile", async () => {
    await signedInForm();
    // The e-mail is unchanged: no password is asked for.
    expect(screen.queryByLabelText(CURRENT_PASSWORD_LABEL, { exact: false })).toBeNull();
    fireEvent.change(screen.getByLabelText("Nombre"), { target: { value: "María José" } });
    fireEvent.change(screen.getByLabelText("Primer apellido"), { target: { value: "Rodríguez" } });
    fireEvent.change(screen.getByLabelText(/^Segundo apellido/), { target: { value: "De la Torre" } });
    fireEvent.change(screen.getByLabelText(/^Celular/), { target: { value: "3109876543" } });
    fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
    expect(await screen.findByText(SAVED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    forgetCachedProfile();
    expect(await Identity.getUserProfile()).toMatchObject({
      firstName: "María José",
      lastName: "Rodríguez",
      secondLastName: "De la Torre",
      contacts: [{ phone: "3109876543", type: "PRIMARY" }],
    });
    expect(within(document.body).queryByRole("alert")).toBeNull();
  });
});
