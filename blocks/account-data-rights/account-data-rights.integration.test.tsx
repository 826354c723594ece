// @vitest-environment jsdom
// 'Descargar mis datos' and 'Eliminar mi cuenta' against the real accounts API (docs/accounts.md#data-rights):
// the copy is asked for, shown as being prepared, e-mailed about and downloaded as JSON; the
// deletion request says an e-mail was sent and deletes nothing.
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { freshBrowser, Identity, lastMail, signUpReader, startAccounts, type AccountsTestContext } from "../../tests/support/accounts";
import { settleMailRequests } from "../../accounts/testing/harness";
import { maskEmail } from "../_shared/format";
import { resetSessionForTests } from "../_shared/accounts/session";
import AccountDataRights, { DELETE_ACCOUNT_LABEL, deletionRequested, REPORT_DOWNLOAD_LABEL, REPORT_REQUESTED, REQUEST_DATA_LABEL } from "./index";
import server from "./index.server";
import type { Settings } from "./settings";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
beforeEach(() => freshBrowser(accounts.server.origin, "/autogestion/datos-/"));
afterEach(() => vi.restoreAllMocks());

const context: PageContext = { brand: "semana", path: "/autogestion/datos-/", params: {}, query: {} };
const block = (settings: Settings = { published: true }, path = context.path) => (
  <AccountDataRights id="d" pageId="datos" settings={settings} data={server.transform!({}, settings, { ...context, path })} />
);

async function signedIn() {
  const email = await signUpReader();
  resetSessionForTests();
  return email;
}

describe("the data rights", () => {
  it("show nothing under another block to a signed-out reader, and the sign-in prompt on a page of their own", async () => {
    const { container, unmount } = render(block());
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(container.innerHTML).toBe("");
    unmount();
    render(block({ published: true, title: "Datos personales" }, "/perfil/datos-personales/"));
    expect(await screen.findByText("Inicia sesión para descargar tus datos o eliminar tu cuenta.", {}, { timeout: 5000 })).toBeTruthy();
    // The /perfil/ sections' navigation, with this one current.
    const nav = screen.getByRole("navigation", { name: "Mi cuenta" });
    expect(
      within(nav)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual([
      "/perfil/",
      "/perfil/editarperfil/",
      "/perfil/datos-personales/",
      "/perfil/comunicaciones/",
      "/perfil/suscripciones/",
      "/perfil/editardireccion/",
    ]);
    expect(within(nav).getByRole("link", { name: "Datos personales" }).getAttribute("aria-current")).toBe("page");
  });

  it("ask for a copy of my data, show it being prepared, then download it as JSON once ready", async () => {
    const email = await signedIn();
    const saved: Blob[] = [];
    // jsdom has no object URLs: keep what the page hands the browser to save.
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return "blob:mis-datos";
    });
    URL.revokeObjectURL = vi.fn();
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    render(block());
    fireEvent.click(await screen.findByRole("button", { name: REQUEST_DATA_LABEL }, { timeout: 5000 }));
    expect(await screen.findByText(REPORT_REQUESTED, {}, { timeout: 5000 })).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Copias de tus datos" }, { timeout: 5000 });
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    // Prepared after the answer; the e-mail says so and the list offers the download.
    await settleMailRequests(accounts.server.db);
    expect((await lastMail(accounts.server.db, email, "datos-listos"))?.subject).toBe("La copia de tus datos está lista");
    const download = await within(list).findByRole("button", { name: REPORT_DOWNLOAD_LABEL }, { timeout: 10_000 });
    fireEvent.click(download);
    await waitFor(() => expect(clicks).toHaveBeenCalledTimes(1));
    const anchor = clicks.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^mis-datos-\d{4}-\d{2}-\d{2}\.json$/);
    const json = JSON.parse(await saved[0].text());
    expect(json).toMatchObject({ profile: { email, uuid: Identity.userIdentity.uuid }, subscriptions: [], orders: [] });
    expect(json.fecha).toEqual(expect.any(String));
  });

  it("ask to delete my account: an e-mail is sent, and the account stays until its button is pressed", async () => {
    const email = await signedIn();
    render(block());
    fireEvent.click(await screen.findByRole("button", { name: DELETE_ACCOUNT_LABEL }, { timeout: 5000 }));
    expect(await screen.findByText(deletionRequested(email), {}, { timeout: 5000 })).toBeTruthy();
    expect(deletionRequested(email)).toContain(maskEmail(email));
    const mail = await lastMail(accounts.server.db, email, "eliminar-cuenta");
    expect(mail?.subject).toBe("Confirma la eliminación de tu cuenta");
    const { rows } = await accounts.server.db.query("SELECT status FROM accounts_users WHERE email = $1", [email]);
    expect(rows).toEqual([{ status: "Active" }]);
  });
});
