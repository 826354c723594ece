// Checkout charges exactly what it shows, once (docs/decisions/0010-checkout-money-moves-once.md),
// through the HTTP API on PGlite and PostgreSQL: one own subscription per cart and per buyer, one
// Pending order per buyer and cart contents, 300016 for a paid order, the server's own total, one
// finalize at a time per buyer, and 3-D Secure results the provider vouches for, not the browser.
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountsRouter } from "./service";
import { ErrorCodes } from "./errors";
import type { PaymentOutcome } from "./payments/provider";
import { TEST_CARD_NUMBERS, testChallengeResultPath, TestPaymentProvider } from "./payments/test-provider";
import { BILLING, count, databaseTargets, startAccountsServer, type TestServer } from "./testing/harness";
import { DIGITAL_ANNUAL_SKU } from "../domain/catalog";
import { readSettings } from "../platform/settings";
import { metrics } from "../platform/metrics";

const PASSWORD = "Clave2024segura";
const OWN = { sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 };
const RENEWAL_PRICE = { sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-129000", quantity: 1 };
const GIFT = { ...OWN, gift: true };

/** The test provider behind a delay, as slow as a real one over the network. */
class SlowTestProvider extends TestPaymentProvider {
  async charge(input: Parameters<TestPaymentProvider["charge"]>[0]): Promise<PaymentOutcome> {
    await new Promise((resolve) => setTimeout(resolve, 300));
    return super.charge(input);
  }
}

describe.each(databaseTargets)("checkout money moves once on %s", (_name, database) => {
  let server: TestServer;
  let n = 0;

  beforeAll(async () => {
    server = await startAccountsServer(database(), { reconcileIntervalMs: 0 });
  });
  afterAll(() => server.close());

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  };

  /** A signed-in reader; `cart(items)` clears the cart and adds them, as the checkout page does. */
  async function reader() {
    const email = `caja${++n}.${Date.now()}@example.com`;
    const signup = await call("POST", "/identity/public/v1/signup", {
      identity: { userName: email, credentials: PASSWORD },
      profile: { email, firstName: "Ana", lastName: "Gómez" },
    });
    const auth = { Authorization: `Bearer ${signup.body.accessToken}` };
    const api = (method: string, path: string, body?: unknown) => call(method, `/sales/public/v1${path}`, body, auth);
    return {
      email,
      api,
      async order(items: unknown[] = [OWN]) {
        await api("DELETE", "/cart/clear");
        await api("POST", "/cart/item", { items, billingAddress: BILLING });
        return api("POST", "/checkout/order", { phone: "3001234567" });
      },
      pay: (orderNumber: string, token: string, extra: Record<string, unknown> = {}) =>
        api("PUT", `/checkout/order/${orderNumber}/payment/1`, { token, ...extra }),
    };
  }

  const charges = (orderNumber: string) =>
    count(server.db, "accounts_test_provider_charges", "idempotency_key LIKE $1 AND outcome::jsonb->>'status' = 'succeeded'", [`order:${orderNumber}:%`]);
  const subscriptions = (orderNumber: string) => count(server.db, "accounts_subscriptions", "order_number = $1", [orderNumber]);

  it("keeps one own subscription in the cart however often it is added; gifts add up", async () => {
    const { api } = await reader();
    await api("POST", "/cart/item", { items: [OWN], billingAddress: BILLING });
    const twice = await api("POST", "/cart/item", { items: [OWN] });
    expect(twice.body).toMatchObject({ total: 199000, items: [{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: "ANUAL-199000" }] });
    // The renewal price is sold only to a reader its banner offered it to (sales/offers.ts): refused, the cart unchanged.
    const other = await api("POST", "/cart/item", { items: [RENEWAL_PRICE] });
    expect([other.status, other.body.code, other.body.field, other.body.renewalOfferOnly]).toEqual([
      403,
      ErrorCodes.cartUnknownPriceCode,
      "items[0].priceCode",
      true,
    ]);
    expect(other.body.message).toContain("solo puede comprarlo quien la recibió en su aviso de renovación");
    expect((await api("GET", "/cart")).body.items).toEqual([expect.objectContaining({ quantity: 1, priceCode: "ANUAL-199000", gift: false })]);
    await api("POST", "/cart/item", { items: [GIFT] });
    const gifts = await api("POST", "/cart/item", { items: [GIFT] });
    expect(gifts.body.items.map((i: { quantity: number; gift: boolean }) => [i.gift, i.quantity])).toEqual([
      [false, 1],
      [true, 2],
    ]);
    const refused = await api("POST", "/cart/item", { items: [{ ...OWN, quantity: 2 }] });
    expect([refused.status, refused.body.code]).toEqual([400, ErrorCodes.cartInvalidQuantity]);
    expect(refused.body.message).toContain("Una suscripción propia se compra de a una");
  });

  it("converges on one order: a declined card, a reload and a second tab all pay the same order, once", async () => {
    const buyer = await reader();
    // The operators' metric of checkout outcomes (docs/observability.md), counted per provider answer.
    const outcomes = async () => Object.fromEntries((await metrics.checkoutOutcomes.get()).values.map((v) => [v.labels.outcome, v.value]));
    const before = await outcomes();
    const first = await buyer.order();
    expect(first.body).toMatchObject({ status: "Pending", total: 199000 });
    expect((await buyer.pay(first.body.orderNumber, TEST_CARD_NUMBERS.declined)).body.code).toBe(ErrorCodes.cardDeclined);
    // A reload clears the cart and adds the offer again; a second tab does the same.
    const reloaded = await buyer.order();
    const secondTab = await buyer.order();
    expect([reloaded.body.orderNumber, secondTab.body.orderNumber]).toEqual([first.body.orderNumber, first.body.orderNumber]);
    const paid = await buyer.pay(first.body.orderNumber, TEST_CARD_NUMBERS.success, { expectedTotal: 199000 });
    expect(paid.body).toMatchObject({ status: "Paid", total: 199000, payments: [{ amount: 199000 }] });
    const after = await outcomes();
    expect([(after.declined ?? 0) - (before.declined ?? 0), (after.paid ?? 0) - (before.paid ?? 0)]).toEqual([1, 1]);
    expect(await charges(first.body.orderNumber)).toBe(1);
    expect(await subscriptions(first.body.orderNumber)).toBe(1);
    expect(await count(server.db, "accounts_orders", "email = $1", [buyer.email])).toBe(1);
    expect((await buyer.api("GET", "/cart")).body.items).toEqual([]);
  });

  it("refuses a paid order with 300016 (finalize and initialize) and charges nothing more", async () => {
    const buyer = await reader();
    const { orderNumber } = (await buyer.order()).body;
    await buyer.pay(orderNumber, TEST_CARD_NUMBERS.success);
    // A network retry of the finalize that went through, and the second tab's.
    const again = await buyer.pay(orderNumber, TEST_CARD_NUMBERS.successMastercard);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: ErrorCodes.orderAlreadyPaid, message: "Este pedido ya está pagado", status: "Paid" });
    expect(again.body.orderNumber).toBeUndefined();
    expect((await buyer.api("GET", `/checkout/order/${orderNumber}/payment/1`)).body.code).toBe(ErrorCodes.orderAlreadyPaid);
    expect(await charges(orderNumber)).toBe(1);
  });

  it("refuses to order or pay a second own subscription of a product the buyer holds (gifts still sell)", async () => {
    const buyer = await reader();
    const first = (await buyer.order([OWN])).body;
    const second = (await buyer.order([OWN, GIFT])).body;
    expect(second.orderNumber).not.toBe(first.orderNumber);
    expect((await buyer.pay(first.orderNumber, TEST_CARD_NUMBERS.success)).body.status).toBe("Paid");
    const reorder = await buyer.order([OWN]);
    expect(reorder.status).toBe(409);
    expect(reorder.body).toMatchObject({ code: ErrorCodes.conflict, alreadySubscribed: true });
    expect(reorder.body.message).toBe(
      "Ya tienes una suscripción activa a Suscripción digital anual: no necesitas comprar otra. La encuentras en Mis suscripciones.",
    );
    const paySecond = await buyer.pay(second.orderNumber, TEST_CARD_NUMBERS.success);
    expect(paySecond.body).toMatchObject({ code: ErrorCodes.conflict, alreadySubscribed: true });
    expect(await charges(second.orderNumber)).toBe(0);
    // Cancelled (status 3) still counts as held until the period ends.
    const [own] = (await buyer.api("GET", "/subscription/all")).body;
    await buyer.api("PUT", `/subscription/${own.subscriptionID}/cancel`, { reason: "Precio" });
    expect((await buyer.order([OWN])).body.alreadySubscribed).toBe(true);
    const gift = (await buyer.order([GIFT])).body;
    expect((await buyer.pay(gift.orderNumber, TEST_CARD_NUMBERS.success)).body.status).toBe("Paid");
  });

  it("charges the order's own total: a different expectedTotal is refused before the provider is asked", async () => {
    const buyer = await reader();
    const { orderNumber } = (await buyer.order()).body;
    const wrong = await buyer.pay(orderNumber, TEST_CARD_NUMBERS.success, { expectedTotal: 129000 });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ code: ErrorCodes.conflict, field: "expectedTotal", total: 199000 });
    expect(wrong.body.message).toBe(
      "El total del pedido ($199.000) no es el que se te mostró ($129.000); no se cobró nada. Recarga la página e intenta de nuevo.",
    );
    expect((await buyer.pay(orderNumber, TEST_CARD_NUMBERS.success, { expectedTotal: "mucho" })).status).toBe(400);
    expect(await count(server.db, "accounts_test_provider_charges", "idempotency_key LIKE $1", [`order:${orderNumber}:%`])).toBe(0);
    // The amount in the body is not the amount charged.
    const paid = await buyer.pay(orderNumber, TEST_CARD_NUMBERS.success, { expectedTotal: "199000", amount: 1 });
    expect(paid.body).toMatchObject({ status: "Paid", payments: [{ amount: 199000 }] });
  });

  it("runs one finalize at a time per buyer: two orders of one buyer are never charged at once", async () => {
    const providers = server.accounts.context.paymentProviders;
    server.accounts.context.paymentProviders = [new SlowTestProvider(server.db, Date.now)];
    try {
      const buyer = await reader();
      const a = (await buyer.order([OWN])).body.orderNumber;
      const b = (await buyer.order([OWN, GIFT])).body.orderNumber;
      const [first, second] = await Promise.all([buyer.pay(a, TEST_CARD_NUMBERS.success), buyer.pay(b, TEST_CARD_NUMBERS.success)]);
      expect([first.status, second.status].sort()).toEqual([200, 409]);
      const refused = first.status === 409 ? first : second;
      expect(refused.body).toMatchObject({ code: ErrorCodes.conflict, paymentInFlight: true });
      expect(refused.body.message).toContain("finalizePayment no se puede llamar hasta que termine la llamada anterior");
      // Retried once the first is done: the buyer holds the product now.
      const retried = await buyer.pay(first.status === 409 ? a : b, TEST_CARD_NUMBERS.success);
      expect(retried.body.alreadySubscribed).toBe(true);
      expect((await charges(a)) + (await charges(b))).toBe(1);
      expect(await count(server.db, "accounts_payment_steps")).toBe(0);
    } finally {
      server.accounts.context.paymentProviders = providers;
    }
  });

  it("asks the provider how a 3-D Secure challenge went: a forged success leaves the order unpaid", async () => {
    const buyer = await reader();
    const { orderNumber } = (await buyer.order()).body;
    const challenged = await buyer.pay(orderNumber, TEST_CARD_NUMBERS.threeDSecure);
    const token = challenged.body.threeDSecure.token as string;
    // The browser claims success (what Sales.finalizePayment3ds(…, true) sends); the issuer never answered.
    const forged = await buyer.api("PUT", `/checkout/3ds/order/${orderNumber}/payment/1`, { token, SPREEDLY_SUCCEEDED: true });
    expect([forged.status, forged.body.code]).toEqual([402, ErrorCodes.paymentRejected]);
    expect((await buyer.api("GET", `/order/detail/${orderNumber}`)).body).toMatchObject({ status: "Pending", payments: [], subscriptionIDs: [] });
    expect(await charges(orderNumber)).toBe(0);
    // The challenge is spent; a new one, authenticated on the issuer's page, pays — whatever the browser's flag says.
    const retry = await buyer.pay(orderNumber, TEST_CARD_NUMBERS.threeDSecure);
    const fresh = retry.body.threeDSecure.token as string;
    expect(fresh).not.toBe(token);
    const answer = await call("POST", testChallengeResultPath(fresh), { succeeded: true });
    expect(answer).toEqual({ status: 200, body: { token: fresh, result: "authenticated" } });
    expect((await call("POST", testChallengeResultPath(fresh), { succeeded: false })).status).toBe(409);
    expect((await call("POST", testChallengeResultPath(fresh), { succeeded: "sí" })).status).toBe(400);
    const paid = await buyer.api("PUT", `/checkout/3ds/order/${orderNumber}/payment/1`, { token: fresh, expectedTotal: 199000 });
    expect(paid.body).toMatchObject({ status: "Paid", total: 199000 });
    expect(await charges(orderNumber)).toBe(1);
    const { rows } = await server.db.query<{ amount: string }>(
      "SELECT amount FROM accounts_test_provider_charges WHERE idempotency_key LIKE $1 AND outcome::jsonb->>'status' = 'succeeded'",
      [`order:${orderNumber}:%`],
    );
    expect(rows.map((r) => Number(r.amount))).toEqual([199000]);
  });
});

describe("which payment providers a server offers", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startAccountsServer({}, { reconcileIntervalMs: 0 });
  });
  afterAll(() => server.close());

  async function serve(env: Record<string, string>) {
    const accounts = await createAccountsRouter({
      db: server.db,
      settings: readSettings(env),
      mailer: null,
      devMailbox: false,
      registerForEntitlement: false,
      reconcileIntervalMs: 0,
    });
    const app = express();
    app.use(accounts);
    const listener = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listener.once("listening", resolve));
    const origin = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
    try {
      const options = await (await fetch(`${origin}/sales/public/v1/checkout/payment/options`)).json();
      const issuerPage = (await fetch(`${origin}/sales/public/v1/checkout/3ds/challenge/3ds_prueba`)).status;
      return { partners: options.map((o: { paymentPartner: string }) => o.paymentPartner), issuerPage };
    } finally {
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
    }
  }

  it("offers the test provider outside production, and in production only with PAYMENTS_TEST_PROVIDER=1", async () => {
    expect(await serve({})).toEqual({ partners: ["TestPay"], issuerPage: 200 });
    expect(await serve({ PAYMENTS_TEST_PROVIDER: "0" })).toEqual({ partners: [], issuerPage: 404 });
    expect(await serve({ NODE_ENV: "production" })).toEqual({ partners: [], issuerPage: 404 });
    expect(await serve({ NODE_ENV: "production", PAYMENTS_TEST_PROVIDER: "1" })).toEqual({ partners: ["TestPay"], issuerPage: 200 });
  });
});
