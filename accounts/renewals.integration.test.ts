// The renewal job (sales/renewals.ts, docs/decisions/0017-renewals.md) on PGlite and PostgreSQL,
// through the real HTTP API and the test provider, with a test clock: each pass runs "as of" a
// moment relative to the subscription's period end (the service's own clock stands still).
// Scenarios: success at the full rate, decline then success on retry after a card update, decline
// to expiry, cancel then period end, two services racing over the same due subscriptions, and a
// crash between the provider's charge and its recording.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../platform/database";
import { createAccountsRouter } from "./service";
import { TEST_CARD_NUMBERS } from "./payments/test-provider";
import { GRACE_PERIOD_MS, RENEWAL_LEAD_MS } from "./sales/renewal-schedule";
import { BILLING, count, databaseTargets, lastMail, startAccountsServer, type TestServer } from "./testing/harness";
import { silentLogger } from "../platform/log";
import { DIGITAL_ANNUAL_PRICE, DIGITAL_ANNUAL_SKU } from "../domain/catalog";
import { subscriptionStatusesOf } from "./entitlement";
import { readSettings } from "../platform/settings";

const PASSWORD = "Clave2024segura";
const DAY = 24 * 60 * 60 * 1000;
const FULL = { sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 };

describe.each(databaseTargets)("renewals on %s", (_name, database) => {
  const options = database();
  let server: TestServer;
  let n = 0;

  beforeAll(async () => {
    server = await startAccountsServer(options, { reconcileIntervalMs: 0, renewalIntervalMs: 0, logger: silentLogger }, { frozenClock: true });
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

  /** A reader who bought the annual subscription with `card`; answers its id and period end. */
  async function subscriber(card: string = TEST_CARD_NUMBERS.success, item = FULL) {
    const email = `renueva${++n}.${Date.now()}@example.com`;
    const signup = await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    const auth = { Authorization: `Bearer ${signup.body.accessToken}` };
    const api = (method: string, path: string, body?: unknown) => call(method, `/sales/public/v1${path}`, body, auth);
    await api("POST", "/cart/item", { items: [item], billingAddress: BILLING });
    const orderNumber = (await api("POST", "/checkout/order", {})).body.orderNumber;
    expect((await api("PUT", `/checkout/order/${orderNumber}/payment/1`, { token: card })).body.status).toBe("Paid");
    const [summary] = (await api("GET", "/subscription/all")).body;
    const details = async () => (await api("GET", `/subscription/${summary.subscriptionID}/details`)).body;
    const first = await details();
    return {
      email,
      api,
      uuid: signup.body.uuid as string,
      id: Number(summary.subscriptionID),
      end: first.nextEventDateUTC as number,
      start: first.currentPeriodStartUTC as number,
      details,
    };
  }

  const renew = (id: number, at: number) => server.accounts.renew({ asOf: new Date(at), only: [id] });
  const charges = async (id: number) =>
    (
      await server.db.query<{ status: string; amount: string }>(
        "SELECT outcome::jsonb->>'status' AS status, amount FROM accounts_test_provider_charges WHERE idempotency_key LIKE $1 ORDER BY created_at, idempotency_key",
        [`renewal:${id}:%`],
      )
    ).rows.map((r) => `${r.status} ${Number(r.amount)}`);
  const renewalOrders = (id: number) => count(server.db, "accounts_orders", "subscription_id = $1 AND kind = 'renewal' AND status = 'Paid'", [id]);
  const nextYear = (ms: number) => {
    const date = new Date(ms);
    date.setUTCMonth(date.getUTCMonth() + 12);
    return date.getTime();
  };

  it("charges the full current rate on the stored card 2 days before the end, once, and moves to the next period", async () => {
    const reader = await subscriber(TEST_CARD_NUMBERS.success);
    expect(await renew(reader.id, reader.end - RENEWAL_LEAD_MS - DAY)).toMatchObject({ renewed: [], declined: [] });
    expect(await charges(reader.id)).toEqual([]);
    expect(await renew(reader.id, reader.end - RENEWAL_LEAD_MS)).toMatchObject({ renewed: [reader.id] });
    const details = await reader.details();
    expect(details).toMatchObject({ status: 1, currentPeriodStartUTC: reader.end, nextEventDateUTC: nextYear(reader.end), priceCode: "ANUAL-199000" });
    expect(details.events.map((e: { eventType: string }) => e.eventType)).toContain("RENEWED");
    expect(details.paymentHistory.map((p: { total: number }) => p.total)).toEqual([DIGITAL_ANNUAL_PRICE, DIGITAL_ANNUAL_PRICE]);
    expect(await charges(reader.id)).toEqual([`succeeded ${DIGITAL_ANNUAL_PRICE}`]);
    // The order history has the renewal, paid, and the reader got its receipt.
    const history = (await reader.api("GET", "/order/history")).body;
    expect(history.orders[0]).toMatchObject({ orderStatus: "Paid", totalAmount: DIGITAL_ANNUAL_PRICE, lastFour: "4242" });
    const mail = await lastMail(server.db, reader.email, "renovacion");
    expect(mail?.subject).toBe(`Renovamos tu suscripción — pedido ${history.orders[0].orderNumber}`);
    expect(mail?.text_body).toContain("Total pagado: $199.000 con la tarjeta terminada en 4242.");
    // Later passes in the same period do nothing.
    expect(await renew(reader.id, reader.end + 5 * DAY)).toMatchObject({ renewed: [], declined: [] });
    expect(await charges(reader.id)).toHaveLength(1);
    expect(await renewalOrders(reader.id)).toBe(1);
  });

  it("keeps access after a decline (status 4), then renews on the retry once the reader updated the card", async () => {
    const reader = await subscriber(TEST_CARD_NUMBERS.renewalDeclined);
    expect(await renew(reader.id, reader.end - RENEWAL_LEAD_MS)).toMatchObject({ declined: [reader.id] });
    expect(await reader.details()).toMatchObject({ status: 4, nextEventDateUTC: reader.end });
    expect(await subscriptionStatusesOf(server.db, reader.uuid, new Date(reader.end + DAY / 2))).toEqual([4]);
    const failed = await lastMail(server.db, reader.email, "pago-rechazado");
    expect(failed?.subject).toBe("No pudimos renovar tu suscripción");
    expect(failed?.text_body).toContain("el pago fue rechazado: La tarjeta no tiene fondos suficientes");
    // The reader changes the card (payment-method update, no 3-D Secure).
    const paymentId = (await reader.details()).currentPaymentMethod.paymentMethodID;
    const update = await reader.api("PUT", `/paymentmethod/${paymentId}/provider/1/finalize`, { token: TEST_CARD_NUMBERS.successMastercard });
    expect(update.status).toBe(200);
    // The card update moved the retry to now and started a pass: it renews on the new card.
    await server.accounts.renew();
    expect(await reader.details()).toMatchObject({ status: 1, currentPeriodStartUTC: reader.end, nextEventDateUTC: nextYear(reader.end) });
    expect(await charges(reader.id)).toEqual(["declined 0", `succeeded ${DIGITAL_ANNUAL_PRICE}`]);
    expect((await lastMail(server.db, reader.email, "renovacion"))?.text_body).toContain("tarjeta terminada en 4444");
  });

  it("retries a declined card on the schedule (+1, +3, +7 days) and ends the subscription after the last decline", async () => {
    const reader = await subscriber(TEST_CARD_NUMBERS.renewalDeclined);
    expect(await renew(reader.id, reader.end - RENEWAL_LEAD_MS)).toMatchObject({ declined: [reader.id] });
    // Not due again before the first retry.
    expect(await renew(reader.id, reader.end + DAY - 1)).toMatchObject({ declined: [], ended: [] });
    expect(await renew(reader.id, reader.end + DAY)).toMatchObject({ declined: [reader.id] });
    expect(await renew(reader.id, reader.end + 3 * DAY)).toMatchObject({ declined: [reader.id] });
    // Access is kept through the grace period.
    expect(await subscriptionStatusesOf(server.db, reader.uuid, new Date(reader.end + 5 * DAY))).toEqual([4]);
    expect(await renew(reader.id, reader.end + GRACE_PERIOD_MS)).toMatchObject({ ended: [reader.id] });
    expect(await reader.details()).toMatchObject({ status: 2 });
    expect(await charges(reader.id)).toEqual(["declined 0", "declined 0", "declined 0", "declined 0"]);
    expect(await renewalOrders(reader.id)).toBe(0);
    expect((await lastMail(server.db, reader.email, "suscripcion-terminada"))?.text_body).toContain("No pudimos cobrar la renovación");
    expect(await count(server.db, "accounts_outbox", "to_address = $1 AND kind = 'pago-rechazado'", [reader.email])).toBe(3);
  });

  it("does not charge a cancelled subscription: access until the end, then it ends", async () => {
    const reader = await subscriber();
    expect((await reader.api("PUT", `/subscription/${reader.id}/cancel`, { reason: "Prueba" })).status).toBe(200);
    expect(await renew(reader.id, reader.end - RENEWAL_LEAD_MS)).toMatchObject({ renewed: [], declined: [], ended: [] });
    expect(await subscriptionStatusesOf(server.db, reader.uuid, new Date(reader.end - 1))).toEqual([3]);
    expect(await renew(reader.id, reader.end)).toMatchObject({ ended: [reader.id] });
    expect(await reader.details()).toMatchObject({ status: 2 });
    expect(await charges(reader.id)).toEqual([]);
    expect((await lastMail(server.db, reader.email, "suscripcion-terminada"))?.text_body).toContain("La cancelaste y su periodo pagado terminó.");
  });

  it("charges each due subscription once when two services renew at the same time", async () => {
    const readers = [];
    for (let i = 0; i < 4; i++) readers.push(await subscriber());
    const ids = readers.map((r) => r.id);
    const at = Math.max(...readers.map((r) => r.end));
    // A second service on the same database: another process (for PostgreSQL, its own connections).
    const otherDb: Database = options.url ? await openDatabase(options) : server.db;
    const other = await createAccountsRouter({
      db: otherDb,
      settings: readSettings({}),
      mailer: null,
      devMailbox: false,
      registerForEntitlement: false,
      reconcileIntervalMs: 0,
      renewalIntervalMs: 0,
      cleanupIntervalMs: 0,
      logger: silentLogger,
      clock: server.now,
    });
    try {
      const [a, b] = await Promise.all([server.accounts.renew({ asOf: new Date(at), only: ids }), other.renew({ asOf: new Date(at), only: ids })]);
      expect([...a!.renewed, ...b!.renewed].sort((x, y) => x - y)).toEqual(ids);
      for (const reader of readers) {
        expect(await charges(reader.id)).toEqual([`succeeded ${DIGITAL_ANNUAL_PRICE}`]);
        expect(await renewalOrders(reader.id)).toBe(1);
        expect(await reader.details()).toMatchObject({ currentPeriodStartUTC: reader.end, nextEventDateUTC: nextYear(reader.end) });
      }
    } finally {
      await other.close();
      if (otherDb !== server.db) await otherDb.close();
    }
  });

  it("survives a crash between the provider's charge and its recording without charging twice", async () => {
    const reader = await subscriber();
    const at = reader.end - RENEWAL_LEAD_MS;
    const crash = async () => {
      throw new Error("caída simulada después del cobro de la renovación");
    };
    const crashed = await server.accounts.renew({ asOf: new Date(at), only: [reader.id], afterCharge: crash });
    expect(crashed).toMatchObject({ renewed: [], failed: [reader.id] });
    expect(await charges(reader.id)).toEqual([`succeeded ${DIGITAL_ANNUAL_PRICE}`]);
    expect(await reader.details()).toMatchObject({ status: 1, nextEventDateUTC: reader.end });
    // While the claim is fresh nobody takes it (the dead pass might still be charging).
    expect(await renew(reader.id, at)).toMatchObject({ renewed: [], failed: [] });
    // Past the stale time another pass asks the provider with the same key: the first charge's outcome.
    server.advance(3 * 60 * 1000);
    expect(await renew(reader.id, at)).toMatchObject({ renewed: [reader.id] });
    expect(await charges(reader.id)).toEqual([`succeeded ${DIGITAL_ANNUAL_PRICE}`]);
    expect(await renewalOrders(reader.id)).toBe(1);
    expect(await reader.details()).toMatchObject({ status: 1, currentPeriodStartUTC: reader.end, nextEventDateUTC: nextYear(reader.end) });
    expect(await count(server.db, "accounts_outbox", "to_address = $1 AND kind = 'renovacion'", [reader.email])).toBe(1);
  });

  it("sends a gift's e-mail on the day the buyer chose, once; a past day is refused", async () => {
    const email = `regala${++n}.${Date.now()}@example.com`;
    const signup = await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    const auth = { Authorization: `Bearer ${signup.body.accessToken}` };
    const api = (method: string, path: string, body?: unknown) => call(method, `/sales/public/v1${path}`, body, auth);
    await api("POST", "/cart/item", { items: [{ ...FULL, gift: true }], billingAddress: BILLING });
    const orderNumber = (await api("POST", "/checkout/order", {})).body.orderNumber;
    expect((await api("PUT", `/checkout/order/${orderNumber}/payment/1`, { token: TEST_CARD_NUMBERS.success })).body.status).toBe("Paid");
    const [gift] = (await api("GET", "/subscription/all")).body;
    const recipient = `recibe${n}.${Date.now()}@example.com`;
    const day = (offsetDays: number) => new Date(server.now() - 5 * 3600 * 1000 + offsetDays * DAY).toISOString().slice(0, 10);
    const past = await api("PUT", `/subscription/gift/${gift.redeemCode}`, { email: recipient, name: "Luis", sendNotificationOn: day(-1) });
    expect(past).toMatchObject({ status: 400, body: { field: "sendNotificationOn" } });
    const named = await api("PUT", `/subscription/gift/${gift.redeemCode}`, {
      email: recipient,
      name: "Luis",
      note: "¡Feliz cumpleaños!",
      sendNotificationOn: day(3),
    });
    expect(named.status).toBe(200);
    expect(await count(server.db, "accounts_outbox", "to_address = $1", [recipient])).toBe(0);
    const sendAt = new Date(named.body.sendNotificationOn).getTime();
    expect(await server.accounts.renew({ asOf: new Date(sendAt - 60_000), only: [-1] })).toMatchObject({ giftsSent: 0 });
    expect(await server.accounts.renew({ asOf: new Date(sendAt), only: [-1] })).toMatchObject({ giftsSent: 1 });
    expect(await server.accounts.renew({ asOf: new Date(sendAt + DAY), only: [-1] })).toMatchObject({ giftsSent: 0 });
    const mail = await lastMail(server.db, recipient, "regalo");
    expect(mail?.text_body).toContain("¡Feliz cumpleaños!");
    expect(await count(server.db, "accounts_outbox", "to_address = $1", [recipient])).toBe(1);
  });
});
