// Reconciliation (sales/reconcile.ts, docs/decisions/0010-checkout-money-moves-once.md) on PGlite and
// PostgreSQL: a charge a crash left unsettled is settled exactly once — or refunded when the buyer
// holds the product by then —, by one of several services reconciling at once, at start, or by the
// next finalize of the order. The crash is simulated in process (the provider throws after it
// charged); checkout-kill.integration.test.ts kills the real server instead.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Database } from "../platform/database";
import { createAccountsRouter } from "./service";
import { ErrorCodes } from "./errors";
import type { PaymentOutcome } from "./payments/provider";
import { TEST_CARD_NUMBERS, testChallengeResultPath, TestPaymentProvider } from "./payments/test-provider";
import { BILLING, count, databaseTargets, lastMail, startAccountsServer, type TestServer } from "./testing/harness";
import { silentLogger } from "../platform/log";
import { DIGITAL_ANNUAL_SKU } from "../domain/catalog";
import { readSettings } from "../platform/settings";

const PASSWORD = "Clave2024segura";
const OWN = { sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 };

type Crash = "before-charge" | "after-charge" | "after-challenge" | null;

/** The test provider in a process that dies (throws) just before or just after the money moves. */
class CrashingProvider extends TestPaymentProvider {
  crash: Crash = null;
  async charge(input: Parameters<TestPaymentProvider["charge"]>[0]): Promise<PaymentOutcome> {
    if (this.crash === "before-charge") throw new Error("caída simulada antes del cobro");
    const outcome = await super.charge(input);
    if (this.crash === "after-charge") throw new Error("caída simulada después del cobro");
    return outcome;
  }
  async completeChallenge(input: Parameters<TestPaymentProvider["completeChallenge"]>[0]): Promise<PaymentOutcome> {
    const outcome = await super.completeChallenge(input);
    if (this.crash === "after-challenge") throw new Error("caída simulada después del cobro 3-D Secure");
    return outcome;
  }
}

describe.each(databaseTargets)("reconciliation on %s", (_name, database) => {
  const options = database();
  let server: TestServer;
  let provider: CrashingProvider;
  let n = 0;

  beforeAll(async () => {
    // Silent: the simulated crashes are logged as internal errors.
    server = await startAccountsServer(options, { reconcileIntervalMs: 0, logger: silentLogger });
    provider = new CrashingProvider(server.db, server.accounts.context.clock);
    server.accounts.context.paymentProviders = [provider];
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

  async function reader() {
    const email = `concilia${++n}.${Date.now()}@example.com`;
    const signup = await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    const auth = { Authorization: `Bearer ${signup.body.accessToken}` };
    const api = (method: string, path: string, body?: unknown) => call(method, `/sales/public/v1${path}`, body, auth);
    return {
      email,
      api,
      async order(items: unknown[] = [OWN]) {
        await api("DELETE", "/cart/clear");
        await api("POST", "/cart/item", { items, billingAddress: BILLING });
        return (await api("POST", "/checkout/order", {})).body.orderNumber as string;
      },
      pay: (orderNumber: string, token: string) => api("PUT", `/checkout/order/${orderNumber}/payment/1`, { token }),
    };
  }

  /** Pays `orderNumber` in a process that dies at `crash`: the request fails, the order stays Pending. */
  async function payAndCrash(buyer: Awaited<ReturnType<typeof reader>>, orderNumber: string, crash: Crash, card: string = TEST_CARD_NUMBERS.success) {
    provider.crash = crash;
    try {
      expect((await buyer.pay(orderNumber, card)).status).toBe(500);
    } finally {
      provider.crash = null;
    }
  }

  const order = async (orderNumber: string) =>
    (await server.db.query("SELECT status, charge_key, payment_attempt FROM accounts_orders WHERE order_number = $1", [orderNumber])).rows[0];
  const succeededCharges = (orderNumber: string) =>
    count(server.db, "accounts_test_provider_charges", "idempotency_key LIKE $1 AND outcome::jsonb->>'status' = 'succeeded'", [`order:${orderNumber}:%`]);
  const subscriptions = (orderNumber: string) => count(server.db, "accounts_subscriptions", "order_number = $1", [orderNumber]);

  it("settles, when the service starts again, a charge a crash left unsettled: one subscription, one receipt", async () => {
    const buyer = await reader();
    const orderNumber = await buyer.order();
    await payAndCrash(buyer, orderNumber, "after-charge");
    expect(await order(orderNumber)).toMatchObject({ status: "Pending", charge_key: `order:${orderNumber}:0` });
    expect([await succeededCharges(orderNumber), await subscriptions(orderNumber)]).toEqual([1, 0]);
    // A restart: a new service on the same database reconciles before it answers anyone.
    const restarted = await createAccountsRouter({
      db: server.db,
      settings: readSettings({}),
      mailer: null,
      devMailbox: false,
      registerForEntitlement: false,
      reconcileIntervalMs: 0,
    });
    expect(await order(orderNumber)).toMatchObject({ status: "Paid", charge_key: null });
    expect([await succeededCharges(orderNumber), await subscriptions(orderNumber)]).toEqual([1, 1]);
    expect((await lastMail(server.db, buyer.email, "recibo"))?.subject).toBe(`Recibo de compra — pedido ${orderNumber}`);
    // Again: nothing more happens.
    expect(await restarted.reconcile()).toMatchObject({ checked: 0 });
    expect(await server.accounts.reconcile()).toMatchObject({ checked: 0, settled: [] });
    expect(await subscriptions(orderNumber)).toBe(1);
    expect(await count(server.db, "accounts_outbox", "to_address = $1 AND kind = 'recibo'", [buyer.email])).toBe(1);
    expect((await buyer.pay(orderNumber, TEST_CARD_NUMBERS.success)).body.code).toBe(ErrorCodes.orderAlreadyPaid);
    expect(await succeededCharges(orderNumber)).toBe(1);
  });

  it("refunds, and tells the buyer, a charge for a product the buyer holds by then", async () => {
    const buyer = await reader();
    const crashed = await buyer.order([OWN]);
    await payAndCrash(buyer, crashed, "after-charge");
    // Meanwhile the buyer bought the product with another order (with a gift, so that it is not the same order).
    const other = await buyer.order([OWN, { ...OWN, gift: true }]);
    expect((await buyer.pay(other, TEST_CARD_NUMBERS.successMastercard)).body.status).toBe("Paid");
    const report = await server.accounts.reconcile();
    expect(report).toMatchObject({ refunded: [crashed], settled: [] });
    expect(await order(crashed)).toMatchObject({ status: "Cancelled", charge_key: null });
    expect(await subscriptions(crashed)).toBe(0);
    const { rows: payments } = await server.db.query<{ kind: string; status: string; amount: string }>(
      "SELECT kind, status, amount FROM accounts_payments WHERE order_number = $1 ORDER BY id",
      [crashed],
    );
    expect(payments.map((p) => [p.kind, p.status, Number(p.amount)])).toEqual([
      ["charge", "refunded", 199000],
      ["refund", "refunded", 199000],
    ]);
    expect(await count(server.db, "accounts_test_provider_charges", "idempotency_key = $1 AND refund_id IS NOT NULL", [`order:${crashed}:0`])).toBe(1);
    const mail = await lastMail(server.db, buyer.email, "recibo");
    expect(mail?.subject).toBe(`Reembolso de tu pago — pedido ${crashed}`);
    expect(mail?.text_body).toContain("Recibimos un pago de $199.000");
    expect(mail?.text_body).toContain("lo devolvimos a la tarjeta terminada en 4242");
    // Once: a second pass neither refunds nor writes again.
    await server.accounts.reconcile();
    expect(await count(server.db, "accounts_outbox", "to_address = $1 AND subject LIKE 'Reembolso%'", [buyer.email])).toBe(1);
    expect((await buyer.api("GET", "/subscription/all")).body.filter((s: { gift?: boolean }) => !s.gift)).toHaveLength(1);
  });

  it("is safe with two services reconciling at once over one database (several processes)", async () => {
    // On PostgreSQL the second service has its own connections, as another process would.
    const secondDb: Database = options.url ? await openDatabase(options) : server.db;
    try {
      const second = await createAccountsRouter({
        db: secondDb,
        settings: readSettings({}),
        mailer: null,
        devMailbox: false,
        registerForEntitlement: false,
        reconcileIntervalMs: 0,
      });
      const buyers = await Promise.all([reader(), reader(), reader()]);
      const orders: string[] = [];
      for (const buyer of buyers) {
        const orderNumber = await buyer.order();
        await payAndCrash(buyer, orderNumber, "after-charge");
        orders.push(orderNumber);
      }
      const [a, b] = await Promise.all([server.accounts.reconcile(), second.reconcile()]);
      expect([...a!.settled, ...b!.settled].sort()).toEqual([...orders].sort());
      for (const [i, orderNumber] of orders.entries()) {
        expect(await order(orderNumber)).toMatchObject({ status: "Paid", charge_key: null });
        expect([await succeededCharges(orderNumber), await subscriptions(orderNumber)]).toEqual([1, 1]);
        expect(await count(server.db, "accounts_outbox", "to_address = $1 AND kind = 'recibo'", [buyers[i].email])).toBe(1);
      }
    } finally {
      if (secondDb !== server.db) await secondDb.close();
    }
  });

  it("drops a key the provider never saw once it is stale; the reader then pays once", async () => {
    const buyer = await reader();
    const orderNumber = await buyer.order();
    await payAndCrash(buyer, orderNumber, "before-charge");
    expect(await order(orderNumber)).toMatchObject({ status: "Pending", charge_key: `order:${orderNumber}:0` });
    // Maybe still being charged by a live request: left alone.
    expect(await server.accounts.reconcile()).toMatchObject({ skipped: [orderNumber] });
    server.advance(3 * 60 * 1000);
    expect(await server.accounts.reconcile()).toMatchObject({ abandoned: [orderNumber] });
    expect(await order(orderNumber)).toMatchObject({ status: "Pending", charge_key: null });
    expect((await buyer.pay(orderNumber, TEST_CARD_NUMBERS.success)).body.status).toBe("Paid");
    expect([await succeededCharges(orderNumber), await subscriptions(orderNumber)]).toEqual([1, 1]);
  });

  it("records a decline a crash left unrecorded, so that the next card gets a fresh attempt", async () => {
    const buyer = await reader();
    const orderNumber = await buyer.order();
    await payAndCrash(buyer, orderNumber, "after-charge", TEST_CARD_NUMBERS.declined);
    expect(await server.accounts.reconcile()).toMatchObject({ declined: [orderNumber] });
    expect(await order(orderNumber)).toMatchObject({ status: "Pending", charge_key: null, payment_attempt: 1 });
    expect(await count(server.db, "accounts_payments", "order_number = $1 AND status = 'declined'", [orderNumber])).toBe(1);
    expect((await buyer.pay(orderNumber, TEST_CARD_NUMBERS.success)).body.status).toBe("Paid");
    expect(await succeededCharges(orderNumber)).toBe(1);
  });

  it("settles a crashed 3-D Secure charge when the reader pays again, instead of charging twice", async () => {
    const buyer = await reader();
    const orderNumber = await buyer.order();
    const token = (await buyer.pay(orderNumber, TEST_CARD_NUMBERS.threeDSecure)).body.threeDSecure.token as string;
    await call("POST", testChallengeResultPath(token), { succeeded: true });
    provider.crash = "after-challenge";
    try {
      expect((await buyer.api("PUT", `/checkout/3ds/order/${orderNumber}/payment/1`, { token })).status).toBe(500);
    } finally {
      provider.crash = null;
    }
    // The reader reloads and pays with another card: the 3-D Secure charge is the payment.
    const again = await buyer.pay(orderNumber, TEST_CARD_NUMBERS.success);
    expect(again.body).toMatchObject({ code: ErrorCodes.orderAlreadyPaid, status: "Paid" });
    expect([await succeededCharges(orderNumber), await subscriptions(orderNumber)]).toEqual([1, 1]);
    expect(await order(orderNumber)).toMatchObject({ status: "Paid", charge_key: null });
  });
});
