// @vitest-environment jsdom
// The newsletter and data-consent forms and the pages their e-mails open, as a reader sees them
// before anything is sent: each names its brand (and the consent, the company that treats the
// data), refuses a malformed address without sending it, and a link page without its token says so.
// Sending, confirming and leaving run against the real server: tests/e2e/reader-forms.spec.ts.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import NewsletterLink, { MISSING_TOKEN } from "../newsletter-link/index";
import { EMAIL_INVALID } from "../_shared/EmailSignup";
import NewsletterSignup, { SUBSCRIBE_BUTTON } from "./index";
import server from "./index.server";

const context = (brand: string) => ({ brand, path: "/boletines/", params: {}, query: {} });

afterEach(() => vi.restoreAllMocks());

describe("newsletter-signup: the newsletter", () => {
  it("names the brand, and refuses a malformed address without sending it", () => {
    const send = vi.spyOn(globalThis, "fetch");
    render(<NewsletterSignup id="b" pageId="p" settings={{ published: true }} data={server.transform!({}, {}, context("soho"))} />);
    expect(screen.getByRole("heading", { name: "Recibe el boletín de Soho" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Correo electrónico"), { target: { value: "ana@sin-punto" } });
    fireEvent.click(screen.getByRole("button", { name: SUBSCRIBE_BUTTON }));
    expect(screen.getByText(EMAIL_INVALID)).toBeTruthy();
    expect(send).not.toHaveBeenCalled();
  });
});

describe("newsletter-signup: the data consent", () => {
  it("names the company that treats the data and links its policy", () => {
    render(<NewsletterSignup id="c" pageId="p" settings={{ published: true, lista: "consentimiento" }} data={server.transform!({}, {}, context("elpais"))} />);
    expect(screen.getByText(/Autorizo a Editorial El País S\.A\.S\. a tratar mis datos personales/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "política de tratamiento de datos" }).getAttribute("href")).toBe("/politica-de-tratamiento-de-datos/");
  });
});

describe("newsletter-link", () => {
  it("says the link is incomplete when the address has no token, and posts nothing", async () => {
    const send = vi.spyOn(globalThis, "fetch");
    window.history.replaceState(null, "", "/boletines/confirmar/");
    render(<NewsletterLink id="l" pageId="p" settings={{ published: true, action: "confirmar" }} data={null} />);
    await waitFor(() => expect(screen.getByText(MISSING_TOKEN)).toBeTruthy());
    expect(send).not.toHaveBeenCalled();
  });
});
