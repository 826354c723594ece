// What each reader sees of a subscription (docs/subscriptions-and-checkout.md#what-each-reader-sees),
// through the real HTTP API: the buyer sees their card, addresses and orders; a gift's recipient and
// an associate see the product, the period and (for a gift) who signed it — never the buyer's or
// owner's card, addresses, order or amounts; a stranger sees nothing. Every subscription-reading
// endpoint is asked as each of them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_CARD_NUMBERS } from "./payments/test-provider";
import { databaseTargets, lastMail, startAccountsServer, type TestServer } from "./testing/harness";
import { silentLogger } from "../platform/log";
import { DIGITAL_ANNUAL_PRICE, DIGITAL_ANNUAL_SKU } from "../domain/catalog";

const PASSWORD = "Clave2024segura";
const FULL = { sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 };
const BILLING = { line1: "Calle 5 # 38-14", locality: "Cali", region: "Valle del Cauca", country: "CO" };
/** What only the buyer may read: the card's digits, the billing street and city. */
const BUYERS_SECRETS = ["4242", "424242", "Calle 5", "Cali"];

describe.each(databaseTargets)("what each reader sees of a subscription on %s", (_name, database) => {
  let server: TestServer;
  let n = 0;

  beforeAll(async () => {
    server = await startAccountsServer(database(), { reconcileIntervalMs: 0, renewalIntervalMs: 0, logger: silentLogger });
  });
  afterAll(() => server.close());

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(`${server.origin}${path}`, {
      method,
      headers: { "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, text, body: text ? JSON.parse(text) : null };
  };

  async function reader(tag: string) {
    const email = `${tag}${++n}.${Date.now()}@example.com`;
    const signup = await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    expect((await call("GET", `/identity/public/v1/email/verify/${(await lastMail(server.db, email, "verificacion"))!.nonce}`)).status).toBe(200);
    const token = signup.body.accessToken as string;
    const api = (method: string, path: string, body?: unknown) => call(method, `/sales/public/v1${path}`, body, { Authorization: `Bearer ${token}` });
    return {
      email,
      api,
      async buy(items: unknown[]) {
        await api("DELETE", "/cart/clear");
        expect((await api("POST", "/cart/item", { items, billingAddress: BILLING })).status).toBe(200);
        const order = await api("POST", "/checkout/order", {});
        expect(order.status).toBe(200);
        const paid = await api("PUT", `/checkout/order/${order.body.orderNumber}/payment/1`, { token: TEST_CARD_NUMBERS.success });
        expect(paid.body.status).toBe("Paid");
        return order.body.orderNumber as string;
      },
      /** Every subscription-reading answer about `id`, as text: the lists and the details. */
      async everythingAbout(id: number) {
        const lists = [await api("GET", "/subscription/all"), await api("GET", "/subscription/allactive")];
        const details = await api("GET", `/subscription/${id}/details`);
        return { lists, details, text: [...lists.map((l) => l.text), details.text].join("\n") };
      },
    };
  }

  it("a gift's recipient sees the product, the period and the buyer's signature, never the buyer's card, address or order", async () => {
    const buyer = await reader("compra");
    const orderNumber = await buyer.buy([{ ...FULL, gift: true }]);
    const [gift] = (await buyer.api("GET", "/subscription/all")).body;
    // The buyer sees their card on the gift they bought (it is theirs).
    expect(gift).toMatchObject({ gift: true, paymentMethod: { lastFour: "4242" } });
    const luisa = await reader("recibe");
    const unsigned = await reader("recibe-sin-firma");
    expect((await buyer.api("PUT", `/subscription/gift/${gift.redeemCode}`, { email: luisa.email, name: "Luisa", from: "Tu tía Marta" })).status).toBe(200);
    expect((await luisa.api("POST", "/subscription/gift/redeem", { token: gift.redeemCode })).status).toBe(200);

    const seen = await luisa.everythingAbout(gift.subscriptionID);
    expect(seen.details.status).toBe(200);
    expect(seen.details.body).toMatchObject({
      subscriptionID: gift.subscriptionID,
      productName: "Suscripción digital anual",
      status: 1,
      giftReceived: true,
      giftFrom: "Tu tía Marta",
      autoRenew: false,
      currentPaymentMethod: null,
      billingAddress: null,
      shippingAddress: null,
      salesOrders: [],
      paymentHistory: [],
    });
    expect(seen.details.body.nextEventDateUTC).toBeGreaterThan(seen.details.body.currentPeriodStartUTC);
    for (const list of seen.lists)
      expect(list.body).toEqual([expect.objectContaining({ subscriptionID: gift.subscriptionID, paymentMethod: null, giftReceived: true })]);
    for (const secret of [...BUYERS_SECRETS, orderNumber, buyer.email]) expect(seen.text).not.toContain(secret);

    // Unsigned, the buyer stays unnamed.
    const other = await reader("compra-anonima");
    await other.buy([{ ...FULL, gift: true }]);
    const [second] = (await other.api("GET", "/subscription/all")).body;
    await other.api("PUT", `/subscription/gift/${second.redeemCode}`, { email: unsigned.email, name: "Pedro" });
    expect((await unsigned.api("POST", "/subscription/gift/redeem", { token: second.redeemCode })).status).toBe(200);
    const anonymous = await unsigned.everythingAbout(second.subscriptionID);
    expect(anonymous.details.body).toMatchObject({ giftReceived: true, giftFrom: null, currentPaymentMethod: null });
    expect(anonymous.text).not.toContain(other.email);

    // The buyer no longer reads the redeemed gift (it is the recipient's); a stranger never did.
    expect((await buyer.api("GET", `/subscription/${gift.subscriptionID}/details`)).status).toBe(404);
    const stranger = await reader("extrano");
    const strangers = await stranger.everythingAbout(gift.subscriptionID);
    expect(strangers.details.status).toBe(404);
    for (const list of strangers.lists) expect(list.body).toEqual([]);
    expect((await stranger.api("GET", `/order/detail/${orderNumber}`)).status).toBe(404);
    expect((await luisa.api("GET", `/order/detail/${orderNumber}`)).status).toBe(404);
    expect((await luisa.api("GET", "/order/history")).text).not.toContain(orderNumber);
  });

  it("an associate sees the shared subscription, never the owner's card, address or order; the owner still sees all of it", async () => {
    const owner = await reader("titular");
    const orderNumber = await owner.buy([FULL]);
    const [own] = (await owner.api("GET", "/subscription/all")).body;
    const associate = await reader("asociado");
    expect((await owner.api("PUT", `/subscription/${own.subscriptionID}/share`, { email: associate.email })).status).toBe(200);
    const invitation = await lastMail(server.db, associate.email, "invitacion");
    const redeemed = await associate.api("POST", "/subscription/redeem", { token: invitation!.nonce });
    expect(redeemed.status).toBe(200);
    const place = redeemed.body.subscriptionID as number;

    const seen = await associate.everythingAbout(place);
    expect(seen.details.status).toBe(200);
    expect(seen.details.body).toMatchObject({
      shared: true,
      currentPaymentMethod: null,
      billingAddress: null,
      shippingAddress: null,
      salesOrders: [],
      paymentHistory: [],
    });
    for (const list of seen.lists) expect(list.body).toEqual([expect.objectContaining({ subscriptionID: place, paymentMethod: null, shared: true })]);
    for (const secret of [...BUYERS_SECRETS, orderNumber, owner.email]) expect(seen.text).not.toContain(secret);
    // The owner's own subscription is not the associate's to read, nor the owner's sharing list.
    expect((await associate.api("GET", `/subscription/${own.subscriptionID}/details`)).status).toBe(404);
    expect((await associate.api("GET", `/subscription/${own.subscriptionID}/sharing`)).status).not.toBe(200);

    // The owner: card, address, order and amount, as before.
    const owners = await owner.everythingAbout(own.subscriptionID);
    expect(owners.details.body).toMatchObject({
      currentPaymentMethod: { lastFour: "4242", firstSix: "424242" },
      billingAddress: expect.objectContaining({ line1: BILLING.line1 }),
      salesOrders: [expect.objectContaining({ orderNumber, total: DIGITAL_ANNUAL_PRICE })],
      paymentHistory: [expect.objectContaining({ total: DIGITAL_ANNUAL_PRICE })],
    });
    expect(owners.details.body.giftReceived).toBeUndefined();
    // A stranger reads neither the subscription nor the place.
    const stranger = await reader("ajeno");
    expect((await stranger.api("GET", `/subscription/${own.subscriptionID}/details`)).status).toBe(404);
    expect((await stranger.api("GET", `/subscription/${place}/details`)).status).toBe(404);
  });
});
