// Every brand's own mail through the real API (mail/brand.ts): the brand is the one of the host the
// reader acted on. A magic link or a password reset asked for on El País opens El País; a reader
// who signed up and bought on Fucsia gets Fucsia's verification, receipt and — with no request at
// all — renewal receipt. On PGlite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands } from "../brands";
import { DIGITAL_ANNUAL_SKU } from "../domain/catalog";
import { SUBSCRIPTION_TERMS_PATH } from "../domain/routes";
import { silentLogger } from "../platform/log";
import { MAIL_LOGO_PATH } from "./mail/brand";
import { TEST_CARD_NUMBERS } from "./payments/test-provider";
import { RENEWAL_LEAD_MS } from "./sales/renewal-schedule";
import { BILLING, databaseTargets, settleMailRequests, startAccountsServer, type TestServer } from "./testing/harness";

const PASSWORD = "Clave2024segura";

describe.each(databaseTargets)("every brand's own mail on %s", (_name, database) => {
  const options = database();
  let server: TestServer;
  let n = 0;

  beforeAll(async () => {
    server = await startAccountsServer(options, { reconcileIntervalMs: 0, renewalIntervalMs: 0, logger: silentLogger });
  });
  afterAll(() => server.close());

  /** A call made on a brand's site: its host reaches the service through the trusted proxy. */
  const call = async (host: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", "X-Forwarded-Host": host, "X-Forwarded-For": `10.9.${n % 250}.${++n % 250}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json().catch(() => null) };
  };

  const mails = async (to: string, kind: string) => {
    await settleMailRequests(server.db);
    const { rows } = await server.db.query<{
      brand: string;
      from_address: string;
      subject: string;
      text_body: string;
      html_body: string;
      links: Array<{ label: string; url: string }>;
    }>("SELECT brand, from_address, subject, text_body, html_body, links FROM accounts_outbox WHERE to_address = $1 AND kind = $2 ORDER BY id", [to, kind]);
    return rows;
  };

  const expectBrand = (mail: Awaited<ReturnType<typeof mails>>[number], id: keyof typeof brands, origin: string) => {
    expect(mail.brand).toBe(id);
    expect(mail.from_address).toBe(`${brands[id].displayName} <no-responder@localhost>`);
    expect(mail.text_body).toContain(`— El equipo de ${brands[id].displayName}`);
    expect(mail.html_body).toContain(`${origin}${MAIL_LOGO_PATH}`);
    for (const link of mail.links) expect(new URL(link.url).origin).toBe(origin);
  };

  it("a magic link and a password reset asked for on El País open El País", async () => {
    const email = `elpais${Date.now()}@example.com`;
    expect(
      (await call("localhost", "POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } })).status,
    ).toBe(200);
    expect((await call("elpais.localhost", "POST", "/identity/public/v1/auth/magiclink", { email })).status).toBeLessThan(300);
    expect((await call("elpais.localhost", "POST", "/identity/public/v1/password/reset", { userName: email })).status).toBeLessThan(300);
    const [magic] = await mails(email, "enlace-magico");
    expectBrand(magic, "elpais", "http://elpais.localhost:3000");
    expect(magic.links[0].url).toMatch(/^http:\/\/elpais\.localhost:3000\/enlace-magico\/\?nonce=/);
    const [reset] = await mails(email, "restablecer");
    expectBrand(reset, "elpais", "http://elpais.localhost:3000");
    // The account was created on Semana: its verification e-mail is Semana's.
    expectBrand((await mails(email, "verificacion"))[0], "semana", "http://localhost:3000");
  });

  it("a reader of Fucsia gets Fucsia's verification, receipt and renewal receipt, which link the subscription's terms on Fucsia", async () => {
    const email = `fucsia${Date.now()}@example.com`;
    const host = "fucsia.localhost";
    const origin = "http://fucsia.localhost:3000";
    const signup = await call(host, "POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    const auth = { Authorization: `Bearer ${signup.body.accessToken}` };
    expectBrand((await mails(email, "verificacion"))[0], "fucsia", origin);
    await call(
      host,
      "POST",
      "/sales/public/v1/cart/item",
      { items: [{ sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 }], billingAddress: BILLING },
      auth,
    );
    const orderNumber = (await call(host, "POST", "/sales/public/v1/checkout/order", {}, auth)).body.orderNumber;
    expect((await call(host, "PUT", `/sales/public/v1/checkout/order/${orderNumber}/payment/1`, { token: TEST_CARD_NUMBERS.success }, auth)).body.status).toBe(
      "Paid",
    );
    const [receipt] = await mails(email, "recibo");
    expectBrand(receipt, "fucsia", origin);
    // The receipt links the subscription's terms on the brand's own site (docs/subscriptions-and-checkout.md#subscription-terms).
    const terms = { label: "Términos de la suscripción", url: `${origin}${SUBSCRIPTION_TERMS_PATH}` };
    expect(receipt.links).toContainEqual(terms);
    expect(receipt.text_body).toContain(`Términos de la suscripción: ${terms.url}`);
    expect(receipt.html_body).toContain(`href="${terms.url}"`);
    const [summary] = (await call("localhost", "GET", "/sales/public/v1/subscription/all", undefined, auth)).body;
    const details = (await call("localhost", "GET", `/sales/public/v1/subscription/${summary.subscriptionID}/details`, undefined, auth)).body;
    // The renewal job runs with no request: the subscription remembers its brand.
    const report = await server.accounts.renew({ asOf: new Date(details.nextEventDateUTC - RENEWAL_LEAD_MS), only: [summary.subscriptionID] });
    expect(report?.renewed).toEqual([summary.subscriptionID]);
    const [renewal] = await mails(email, "renovacion");
    expectBrand(renewal, "fucsia", origin);
    expect(renewal.links).toContainEqual(terms);
  });

  it("serves each brand's wordmark on its own host", async () => {
    const response = await fetch(`${server.origin}${MAIL_LOGO_PATH}`, { headers: { "X-Forwarded-Host": "soho.localhost" } });
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await response.text()).toContain(brands.soho.theme["--color-primary"]);
  });
});
