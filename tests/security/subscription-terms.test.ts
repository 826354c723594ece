// Issue 23, point 14: the subscription has its own terms page, with the rules a buyer needs
// (docs/subscriptions-and-checkout.md#subscription-terms), and every place that sells links to it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TERMS_PATH as PAYWALL_TERMS } from "../../blocks/_shared/accounts/SubscriberBanner";
import { TERMS_PATH as CHECKOUT_TERMS } from "../../blocks/subscription-checkout";
import storeSchema from "../../blocks/subscription-store/schema.json";
import { SUBSCRIPTION_TERMS_PATH } from "../../domain/routes";
import { TRANSFER_PAGE } from "../../domain/transfer";
import { requestSite } from "../support/site-http";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../support/site-server";

quietServerRenderWarnings();

let site: SiteServer;
beforeAll(async () => {
  site = await startSiteServer();
}, 180_000);
afterAll(() => site?.close());

describe("the subscription's terms", () => {
  it("the store, the checkout and the paywall box link to the subscription's terms, not the site's terms of use", () => {
    expect(SUBSCRIPTION_TERMS_PATH).toBe("/terminos-de-suscripcion/");
    expect(CHECKOUT_TERMS).toBe(SUBSCRIPTION_TERMS_PATH);
    expect(PAYWALL_TERMS).toBe(SUBSCRIPTION_TERMS_PATH);
    expect(storeSchema.properties.termsLink.default).toBe(SUBSCRIPTION_TERMS_PATH);
  });

  it.each(["localhost", "www.soho.co", "www.elpais.com.co"])(
    "are a page on every brand (%s) with refunds, withdrawal, renewal, cancellation and transfer",
    async (host) => {
      const page = await requestSite(site.port, { host, path: SUBSCRIPTION_TERMS_PATH });
      expect(page.status).toBe(200);
      const text = page.body.replace(/<[^>]+>/g, " ");
      expect(text).toContain("Términos de la suscripción");
      expect(text).toContain("5 días hábiles");
      expect(text).toContain("Devoluciones");
      expect(text).toContain("tarifa plena");
      expect(text).toContain("hasta 2 días antes del fin del periodo");
      expect(text).toContain("Cesión a un tercero");
      // «Ceder a otra persona» leads to where it is done: Mis suscripciones with the transfer form open.
      expect(page.body).toContain(`<a href="${TRANSFER_PAGE}">Ceder a otra persona</a>`);
    },
  );
});
