// @vitest-environment jsdom
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { freshBrowser, Identity, lastMail, newEmail, signUpReader, startAccounts, TEST_PASSWORD, type AccountsTestContext } from "../../tests/support/accounts";
import { REQUIRED_FIELD_MESSAGE } from "../_shared/accounts/AccountUi";
import { forgetCachedProfile } from "../_shared/accounts/identity";
import { resetSessionForTests } from "../_shared/accounts/session";
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
import { BIRTH_DATE_LEGEND, BIRTH_DATE_REQUIRED, birthDateError, BIRTH_YEAR_FORMAT } from "./BirthDateField";
import { UNDER_AGE_MESSAGE } from "../../domain/birthDate";

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

/** A reader signed in on the form; by default one who gave a date of birth at sign-up (it is required here). */
async function signedInForm(profile: Record<string, unknown> = { birthYear: "1990", birthMonth: "6", birthDay: "15" }) {
  const email = await signUpReader(undefined, profile);
  resetSessionForTests();
  render(page());
  await screen.findByLabelText("Celular", {}, { timeout: 5000 });
  return email;
}

describe("profileUpdate and fieldOfError", () => {
  it("builds the PATCH body and finds the field a refusal names", () => {
    const born = { birthDay: "15", birthMonth: "6", birthYear: " 1990 " };
    expect(profileUpdate({ firstName: " Ana ", lastName: "Gómez", secondLastName: "", phone: "", ...born })).toEqual({
      firstName: "Ana",
      lastName: "Gómez",
      secondLastName: null,
      contacts: [],
      birthYear: "1990",
      birthMonth: "6",
      birthDay: "15",
    });
    expect(profileUpdate({ firstName: "Ana", lastName: "Gómez", secondLastName: "Ruiz", phone: "3001234567", ...born }).contacts).toEqual([
      { phone: "3001234567", type: "PRIMARY" },
    ]);
    expect([
      fieldOfError({ field: "nombre" }),
      fieldOfError({ field: "segundo apellido" }),
      fieldOfError({ field: "contacts[0].phone" }),
      fieldOfError({}),
    ]).toEqual(["firstName", "secondLastName", "phone", null]);
    expect([fieldOfError({ field: "email" }), fieldOfError({ field: "currentPassword" })]).toEqual(["email", "currentPassword"]);
    expect(["birthYear", "birthMonth", "birthDay"].map((field) => fieldOfError({ field }))).toEqual(["birthDate", "birthDate", "birthDate"]);
  });

  it("sends the e-mail and the current password only when the e-mail changes", () => {
    const values = { firstName: "Ana", lastName: "Gómez", secondLastName: "", phone: "", birthDay: "15", birthMonth: "6", birthYear: "1990" };
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

describe("the date of birth (docs/accounts.md#validation-limits: a real date, at least 14 years old, required here)", () => {
  const birthDate = () => screen.getByRole("group", { name: BIRTH_DATE_LEGEND });
  const choose = (label: "Día" | "Mes" | "Año", value: string) => fireEvent.change(within(birthDate()).getByLabelText(label), { target: { value } });
  const save = () => fireEvent.click(screen.getByRole("button", { name: "Guardar cambios" }));
  const stored = async (email: string) =>
    (await accounts.server.db.query("SELECT birth_year, birth_month, birth_day FROM accounts_users WHERE email = $1", [email])).rows[0];

  it("applies the service's rule on the 14th birthday in Bogotá, before sending anything", () => {
    // 2026-06-15 03:00 UTC is still 14 June in Bogotá: born 15 June 2012, the reader is 13 there.
    const eve = new Date("2026-06-15T03:00:00Z");
    const day = new Date("2026-06-15T05:00:00Z");
    const born = { birthDay: "15", birthMonth: "6", birthYear: "2012" };
    expect(birthDateError(born, eve)).toEqual({ part: "birthYear", message: `${UNDER_AGE_MESSAGE}.` });
    expect(birthDateError(born, day)).toBeNull();
    expect(birthDateError({ birthDay: "29", birthMonth: "2", birthYear: "2000" }, day)).toBeNull();
    expect(birthDateError({ birthDay: "29", birthMonth: "2", birthYear: "1990" }, day)).toEqual({
      part: "birthDay",
      message: "El 29 de febrero de 1990 no existe.",
    });
    expect(birthDateError({ birthDay: "1", birthMonth: "1", birthYear: "1899" }, day)?.message).toBe("El año de nacimiento debe estar entre 1900 y 2026.");
    expect(birthDateError({ birthDay: "1", birthMonth: "", birthYear: "1990" }, day)).toEqual({ part: "birthMonth", message: BIRTH_DATE_REQUIRED });
  });

  it("asks for it, refuses 31 February and a reader under 14 in Spanish, then saves a real date, shown again on a new page load", async () => {
    const email = await signedInForm({});
    expect((within(birthDate()).getByLabelText("Día") as HTMLSelectElement).value).toBe("");
    save();
    expect(within(birthDate()).getByText(BIRTH_DATE_REQUIRED)).toBeTruthy();
    expect(screen.getByText("Revisa los datos marcados.")).toBeTruthy();
    expect(within(birthDate()).getByLabelText("Día").getAttribute("aria-invalid")).toBe("true");

    choose("Día", "31");
    choose("Mes", "2");
    choose("Año", "1990");
    save();
    expect(within(birthDate()).getByText("El 31 de febrero de 1990 no existe.")).toBeTruthy();
    expect(within(birthDate()).getByLabelText("Día").getAttribute("aria-invalid")).toBe("true");

    choose("Año", "19x0");
    save();
    expect(within(birthDate()).getByText(BIRTH_YEAR_FORMAT)).toBeTruthy();

    // Thirteen years old today: born on today's date (in Bogotá) thirteen years ago.
    const today = new Date(Date.now() - 5 * 3600 * 1000);
    choose("Día", String(today.getUTCDate() === 29 && today.getUTCMonth() === 1 ? 28 : today.getUTCDate()));
    choose("Mes", String(today.getUTCMonth() + 1));
    choose("Año", String(today.getUTCFullYear() - 13));
    save();
    expect(within(birthDate()).getByText(`${UNDER_AGE_MESSAGE}.`)).toBeTruthy();
    expect(within(birthDate()).getByLabelText("Año").getAttribute("aria-invalid")).toBe("true");
    // Nothing the rule refuses reached the service.
    expect(await stored(email)).toEqual({ birth_year: null, birth_month: null, birth_day: null });

    choose("Día", "15");
    choose("Mes", "6");
    choose("Año", "1990");
    save();
    expect(await screen.findByText(SAVED_MESSAGE, {}, { timeout: 5000 })).toBeTruthy();
    expect(within(birthDate()).queryByText(BIRTH_DATE_REQUIRED)).toBeNull();
    expect(await stored(email)).toEqual({ birth_year: "1990", birth_month: "6", birth_day: "15" });

    // A new page load reads it from the service.
    cleanup();
    forgetCachedProfile();
    resetSessionForTests();
    render(page());
    await screen.findByLabelText("Celular", {}, { timeout: 5000 });
    const shown = ["Día", "Mes", "Año"].map((label) => (within(birthDate()).getByLabelText(label) as HTMLSelectElement | HTMLInputElement).value);
    expect(shown).toEqual(["15", "6", "1990"]);
    expect((within(birthDate()).getByLabelText("Mes") as HTMLSelectElement).selectedOptions[0].textContent).toBe("junio");
  });
});
