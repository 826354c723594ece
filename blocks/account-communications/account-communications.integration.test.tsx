// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { PageContext } from "../../runtime/types";
import { freshBrowser, Identity, signUpReader, startAccounts, type AccountsTestContext } from "../../tests/support/accounts";
import { forgetCachedProfile } from "../_shared/identity";
import { resetSessionForTests } from "../_shared/session";
import AccountCommunications, { CONSENT_SAVED, NEWSLETTER_ATTRIBUTE, newsletterConsent, withNewsletterConsent } from "./index";
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

describe("the server half", () => {
  it("passes only the path, which the account navigation marks", () => {
    const data = server.transform!({}, settings, context);
    expect(data).toEqual({ path: "/autogestion/comunicaciones/" });
    expect(JSON.stringify(data)).not.toContain("boletin");
    render(page());
    expect(screen.getByRole("link", { name: "Comunicaciones" }).getAttribute("aria-current")).toBe("page");
  });
});

describe("newsletter consent in the profile's attributes", () => {
  it("replaces only its own attribute", () => {
    const attributes = [{ name: "ciudad", value: "Cali" }];
    expect(withNewsletterConsent(attributes, true)).toEqual([
      { name: "ciudad", value: "Cali" },
      { name: NEWSLETTER_ATTRIBUTE, value: "true", type: "Boolean" },
    ]);
    expect(newsletterConsent({ attributes: withNewsletterConsent(withNewsletterConsent(attributes, true), false) })).toBe(false);
  });

  it("is stored when the reader ticks the box, and removed when they untick it", async () => {
    await signUpReader(undefined, { attributes: [{ name: "ciudad", value: "Cali" }] });
    resetSessionForTests();
    render(page());
    const box = (await screen.findByRole("checkbox", { name: LABEL }, { timeout: 5000 })) as HTMLInputElement;
    expect(box.checked).toBe(false);
    fireEvent.click(box);
    expect(await screen.findByText(CONSENT_SAVED, {}, { timeout: 5000 })).toBeTruthy();
    forgetCachedProfile();
    expect((await Identity.getUserProfile()).attributes).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: "ciudad", value: "Cali" }),
        expect.objectContaining({ name: NEWSLETTER_ATTRIBUTE, value: "true" }),
      ]),
    );
    await waitFor(() => expect(box.disabled).toBe(false));
    fireEvent.click(box);
    await waitFor(async () => {
      forgetCachedProfile();
      expect(newsletterConsent(await Identity.getUserProfile())).toBe(false);
    });
    expect(box.checked).toBe(false);
  });
});
