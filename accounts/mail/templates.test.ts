// Every e-mail template, rendered for every brand: the message speaks for that brand only — its
// sender, logo, colours, links on its own origin and its signature — in a plain-text and an HTML part.
import { describe, expect, it } from "vitest";
import { brands } from "../../brands";
import { brandIds, type BrandId } from "../../domain/brands";
import { brandOrigins, MAIL_LOGO_PATH, mailBrands, mailLogoSvg } from "./brand";
import { mailTemplates, type MailMessage } from "./templates";

const origins = brandOrigins("http://localhost:3000");
const identities = mailBrands({ origins, mailFrom: "Suscripciones <no-responder@example.com>" });
const paidAt = new Date("2026-03-14T15:00:00Z");

/** One message of every template for a brand. */
function everyTemplate(id: BrandId): MailMessage[] {
  const mail = identities[id];
  const to = "lectora@example.com";
  return [
    mailTemplates.verifyEmail(mail, to, "nonce-verifica", "Ana"),
    mailTemplates.resetPassword(mail, to, "nonce-restablece", 60),
    mailTemplates.magicLink(mail, to, "nonce-magico", 15),
    mailTemplates.deleteAccount(mail, to, "nonce-elimina"),
    mailTemplates.dataReportReady(mail, to, { requestedAt: paidAt, availableUntil: new Date("2026-04-13T15:00:00Z") }),
    mailTemplates.receipt(mail, to, {
      orderNumber: "ABCD1234EFGH5678",
      items: [{ name: "Suscripción digital anual", total: 199000 }],
      total: 199000,
      currency: "COP",
      lastFour: "4242",
      paidAt,
    }),
    mailTemplates.emailChanged(mail, to, { name: "Ana", changedAt: paidAt }),
    mailTemplates.shareInvitation(mail, to, "codigo-invitacion", "Ana Prueba"),
    mailTemplates.gift(mail, to, "codigo-regalo", "Luis", "¡Feliz cumpleaños!"),
    mailTemplates.renewalReceipt(mail, to, {
      orderNumber: "R1234567890ABCDE",
      productName: "Suscripción digital anual",
      amount: 199000,
      currency: "COP",
      lastFour: "4242",
      periodEnd: new Date("2028-03-14T15:00:00Z"),
      paidAt,
    }),
    mailTemplates.renewalFailed(mail, to, {
      productName: "Suscripción digital anual",
      amount: 199000,
      currency: "COP",
      lastFour: "0341",
      reason: "La tarjeta no tiene fondos suficientes",
      nextAttempt: new Date("2027-03-15T15:00:00Z"),
      graceEnd: new Date("2027-03-21T15:00:00Z"),
    }),
    mailTemplates.subscriptionEnded(mail, to, { productName: "Suscripción digital anual", reason: "sin-pago", endedAt: paidAt }),
    mailTemplates.pqrsReceived(mail, to, { radicado: "PQRS-ABCD2345", kind: "queja", receivedAt: paidAt }),
    mailTemplates.transferRequested(mail, to, {
      requestNumber: "CES-ABCD2345",
      productName: "Suscripción digital anual",
      recipientName: "Luis Pérez",
      recipientEmail: "luis@example.com",
      requestedAt: paidAt,
    }),
    ...(["boletin", "consentimiento"] as const).flatMap((list) => [
      mailTemplates.newsletterConfirm(mail, to, { list, confirmToken: "12.confirmar", cancelToken: "12.cancelar" }),
      mailTemplates.newsletterActive(mail, to, { list, cancelToken: "12.cancelar" }),
    ]),
  ];
}

describe("brand origins", () => {
  it("derive every brand's origin from PUBLIC_ORIGIN, locally and in production", () => {
    expect(brandOrigins("http://localhost:3000")).toMatchObject({ semana: "http://localhost:3000", elpais: "http://elpais.localhost:3000" });
    expect(brandOrigins("https://www.semana.com")).toMatchObject({
      semana: "https://www.semana.com",
      elpais: "https://www.elpais.com.co",
      soho: "https://www.soho.co",
    });
    expect(brandOrigins("https://www.semana.com", "elpais=https://suscripciones.elpais.com.co/")).toMatchObject({
      elpais: "https://suscripciones.elpais.com.co",
    });
    expect(() => brandOrigins("https://www.semana.com", "eltiempo=https://x.co")).toThrow(/marca desconocida "eltiempo"/);
  });

  it("serve each brand's wordmark in its own colour", () => {
    expect(mailLogoSvg("elpais")).toContain(brands.elpais.theme["--color-primary"]);
    expect(mailLogoSvg("elpais")).not.toContain("currentColor");
  });
});

describe.each(brandIds)("every e-mail of %s", (id) => {
  const brand = brands[id];
  const origin = origins[id];
  const others = brandIds.filter((other) => other !== id && !brand.displayName.includes(brands[other].displayName));

  it.each(everyTemplate(id).map((message) => [message.kind, message] as const))("%s speaks for the brand in both parts", (_kind, message) => {
    expect(message.brand).toBe(id);
    expect(message.from).toBe(`${brand.displayName} <no-responder@example.com>`);
    // Plain text: the brand's name, its signature, and links on its own origin.
    expect(message.text).toContain(`— El equipo de ${brand.displayName}`);
    expect(message.text).toContain(`${origin}/`);
    expect(message.text).not.toContain("<");
    // HTML: logo, colours, signature, links.
    expect(message.html).toMatch(/^<!doctype html><html lang="es-CO">/);
    expect(message.html).toContain(`<img src="${origin}${MAIL_LOGO_PATH}" alt="${brand.displayName.replace(/&/g, "&amp;")}"`);
    expect(message.html).toContain(brand.theme["--color-primary"]);
    expect(message.html).toContain(`— El equipo de ${brand.displayName}`);
    expect(message.links.length).toBeGreaterThan(0);
    for (const link of message.links) {
      expect(new URL(link.url).origin).toBe(origin);
      expect(message.text).toContain(link.url);
      expect(message.html).toContain(link.url.replace(/&/g, "&amp;"));
    }
    // Nothing of another brand.
    for (const other of others) {
      expect(message.text).not.toContain(`El equipo de ${brands[other].displayName}`);
      expect(message.text).not.toContain(origins[other] + "/");
    }
  });
});
