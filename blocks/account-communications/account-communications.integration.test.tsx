// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { brands } from "../../brands";
import { NEWSLETTER_API, NEWSLETTER_PAGES } from "../../domain/newsletter";
import type { PageContext } from "../../runtime/types";
import { lastMail } from "../../accounts/testing/harness";
import { freshBrowser, Identity, signUpReader, startAccounts, type AccountsTestContext } from "../../tests/support/accounts";
import { resetSessionForTests } from "../_shared/accounts/session";
import AccountCommunications, { confirmationSent, LEFT, RESEND_LABEL, STATE_TEXT } from "./index";
import server from "./index.server";

let accounts: AccountsTestContext;
beforeAll(async () => {
  accounts = await startAccounts();
});
afterAll(() => accounts.close());
beforeEach(() => freshBrowser(accounts.server.origin, "/autogestion/comunicaciones/"));

const LABEL = "Quiero recibir el boletín";
const context: PageContext = { brand: "semana", path: "/autogestion/comunicaciones/", params: {}, query: { utm_source: "boletin" } };
const settings = { published: true, title: "Comunicaciones", newsletterLabel: LABEL };
const page = () => <AccountCommunications id="c" pageId="com" settings={settings} data={server.transform!({}, settings, context)} />;

/** The page opened again: what the box shows comes from the list, not from this page's memory. */
async function openPage(): Promise<HTMLInputElement> {
  cleanup();
  resetSessionForTests();
  render(page());
  return (await screen.findByRole("checkbox", { name: LABEL }, { timeout: 5000 })) as HTMLInputElement;
}

/** The account address's row on the brand's newsletter (the request and its consent record), if any. */
async function listRow(email: string) {
  const { rows } = await accounts.server.db.query<{ status: string; brand: string; requested_at: Date; confirmed_at: Date | null; cancelled_at: Date | null }>(
    "SELECT status, brand, requested_at, confirmed_at, cancelled_at FROM accounts_newsletter WHERE list = 'boletin' AND email = $1",
    [email],
  );
  return rows[0] ?? null;
}

/** Following an e-mail link: the page the link opens posts its token (blocks/newsletter-link). */
async function follow(url: string, action: "confirmar" | "cancelar") {
  const link = new URL(url);
  expect(link.pathname).toBe(NEWSLETTER_PAGES[action]);
  const response = await fetch(`${accounts.server.origin}${NEWSLETTER_API[action]}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: link.searchParams.get("token") }),
  });
  return { status: response.status, body: await response.json() };
}

describe("the server half", () => {
  it("passes only the path, which the account navigation marks", () => {
    const data = server.transform!({}, settings, context);
    expect(data).toEqual({ path: "/autogestion/comunicaciones/" });
    expect(JSON.stringify(data)).not.toContain("boletin");
    render(page());
    expect(screen.getByRole("link", { name: "Comunicaciones" }).getAttribute("aria-current")).toBe("page");
  });
});

describe("the newsletter box", () => {
  it("ticked, asks the list to send the confirmation e-mail; its link confirms; unticked, leaves the list", async () => {
    const email = await signUpReader();
    resetSessionForTests();
    render(page());
    const box = (await screen.findByRole("checkbox", { name: LABEL }, { timeout: 5000 })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);

    // The request is on the brand's list, waiting for the e-mail's link, with when it was asked.
    await waitFor(async () => expect(await listRow(email)).toMatchObject({ status: "pendiente", brand: "semana", confirmed_at: null }), { timeout: 5000 });
    expect((await listRow(email))!.requested_at).toBeInstanceOf(Date);
    const mail = await lastMail(accounts.server.db, email, "boletin-confirmar");
    expect(mail?.subject).toBe(`Confirma tu suscripción al boletín de ${brands.semana.displayName}`);
    expect(mail!.links.map((l) => l.label)).toEqual(["Confirmar mi suscripción", "Cancelar la suscripción"]);
    expect(await screen.findByText(confirmationSent(email))).toBeTruthy();
    expect(box.checked).toBe(true);
    expect(screen.getByText(STATE_TEXT.pendiente(email))).toBeTruthy();

    // Opened again before confirming: still pending, and the e-mail can be sent again.
    let opened = await openPage();
    expect(opened.checked).toBe(true);
    expect(screen.getByText(STATE_TEXT.pendiente(email))).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: RESEND_LABEL }));
    expect(await screen.findByText(confirmationSent(email), {}, { timeout: 5000 })).toBeTruthy();
    const again = await lastMail(accounts.server.db, email, "boletin-confirmar");
    expect(again!.links).toEqual(mail!.links);

    // The e-mail's link confirms; the page then says the subscription is active.
    expect(await follow(mail!.links[0].url, "confirmar")).toMatchObject({ status: 200, body: { lista: "boletin", estado: "confirmada" } });
    expect((await listRow(email))!.confirmed_at).toBeInstanceOf(Date);
    opened = await openPage();
    expect(opened.checked).toBe(true);
    expect(await screen.findByText(STATE_TEXT.confirmada(email))).toBeTruthy();
    expect(screen.queryByRole("button", { name: RESEND_LABEL })).toBeNull();

    // Unticked: off the list, as with the e-mail's unsubscribe link.
    fireEvent.click(opened);
    expect(await screen.findByText(LEFT, {}, { timeout: 5000 })).toBeTruthy();
    expect(opened.checked).toBe(false);
    expect(await listRow(email)).toMatchObject({ status: "cancelada", cancelled_at: expect.any(Date) });
    opened = await openPage();
    expect(opened.checked).toBe(false);
    expect(screen.getByText(STATE_TEXT.ninguna(email))).toBeTruthy();
    // The first confirmation link does not bring the reader back.
    expect((await follow(mail!.links[0].url, "confirmar")).status).toBe(404);
    expect((await listRow(email))!.status).toBe("cancelada");
  });

  it("shows a subscription made with the newsletter form and confirmed, and leaving with the e-mail's link unticks it", async () => {
    const email = await signUpReader();
    const joined = await fetch(`${accounts.server.origin}${NEWSLETTER_API.boletin}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ correo: email.toUpperCase() }),
    });
    expect(joined.status).toBe(202);
    const mail = await lastMail(accounts.server.db, email, "boletin-confirmar");
    await follow(mail!.links[0].url, "confirmar");

    let box = await openPage();
    expect(box.checked).toBe(true);
    expect(await screen.findByText(STATE_TEXT.confirmada(email))).toBeTruthy();
    // Ticking what is ticked cannot happen here; asking again through the API says it already stands.
    const answer = await fetch(`${accounts.server.origin}${NEWSLETTER_API.cuenta}`, {
      method: "POST",
      headers: { Authorization: `Bearer ${Identity.userIdentity!.accessToken}` },
    });
    expect(answer.status).toBe(202);
    expect(await answer.json()).toEqual({ lista: "boletin", correo: email, estado: "confirmada" });
    expect((await lastMail(accounts.server.db, email))!.kind).toBe("boletin-activo");

    await follow(mail!.links[1].url, "cancelar");
    box = await openPage();
    expect(box.checked).toBe(false);
    expect(screen.getByText(STATE_TEXT.ninguna(email))).toBeTruthy();
  });

  it("is the signed-in reader's own: without a session the list answers 401 and nothing is stored", async () => {
    const before = await accounts.server.db.query("SELECT count(*)::int AS n FROM accounts_newsletter");
    for (const method of ["GET", "POST", "DELETE"])
      for (const headers of [{}, { Authorization: "Bearer a.b.c" }] as Array<Record<string, string>>) {
        const response = await fetch(`${accounts.server.origin}${NEWSLETTER_API.cuenta}`, { method, headers });
        expect(response.status).toBe(401);
      }
    const after = await accounts.server.db.query("SELECT count(*)::int AS n FROM accounts_newsletter");
    expect(after.rows).toEqual(before.rows);
  });
});
