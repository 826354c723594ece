// @vitest-environment jsdom
import { IDENTITY_ERROR_MESSAGES } from "../../domain/errors";
import { fireEvent, render, screen, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { freshBrowser, Identity, signUpReader, startAccounts, type AccountsTestContext } from "../../tests/support/accounts";
import { forgetCachedProfile } from "../_shared/identity";
import { resetSessionForTests } from "../_shared/session";
import AccountPersonalData, { fieldOfError, profileUpdate, SAVED_MESSAGE } from "./index";
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
  await signUpReader();
  resetSessionForTests();
  render(page());
  await screen.findByLabelText("Celular", {}, { timeout: 5000 });
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

  it("saves first, last and second last name and phone in the profile", async () => {
    await signedInForm();
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
