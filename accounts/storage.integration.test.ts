// Storage and transactions on PGlite and PostgreSQL: migrations, the persisted signing secret,
// payment steps that never run twice, retries that never charge twice or lose an order, and
// rate limits shared by every process using the database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../platform/database";
import { createAccountsRouter } from "./service";
import { DEFAULT_RATE_LIMITS } from "./rate-limit";
import { accountsMigrations } from "./migrations";
import { ErrorCodes } from "./errors";
import type { PaymentProvider } from "./payments/provider";
import { TEST_CARD_NUMBERS, TestPaymentProvider } from "./payments/test-provider";
import { BILLING, count, databaseTargets, startAccountsServer, type TestServer } from "./testing/harness";
import { readSettings } from "../platform/settings";

const PASSWORD = "Clave2024segura";

/** A provider as slow as a real one over the network: the test provider behind a delay. */
function slowProvider(inner: PaymentProvider, delayMs: number): PaymentProvider {
  const wait = () => new Promise((resolve) => setTimeout(resolve, delayMs));
  return {
    paymentMethodID: inner.paymentMethodID,
    paymentMethodType: inner.paymentMethodType,
    name: inner.name,
    initialize: async (input) => (await wait(), inner.initialize(input)),
    charge: async (input) => (await wait(), inner.charge(input)),
    verifyCard: async (input) => (await wait(), inner.verifyCard(input)),
    completeChallenge: async (input) => (await wait(), inner.completeChallenge(input)),
  };
}

describe.each(databaseTargets)("accounts storage on %s", (_name, database) => {
  let server: TestServer;
  let testProvider: TestPaymentProvider;
  let n = 0;

  beforeAll(async () => {
    const options = database();
    // The provider needs the server's database: build the server, then swap its providers.
    server = await startAccountsServer(options);
    testProvider = new TestPaymentProvider(server.db, Date.now);
    server.accounts.context.paymentProviders = [slowProvider(testProvider, 300)];
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

  /** A signed-in reader with the annual subscription in the cart; returns the auth header. */
  async function readerWithCart() {
    const email = `almacen${++n}.${Date.now()}@example.com`;
    const signup = await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    const auth = { Authorization: `Bearer ${signup.body.accessToken}` };
    await call("POST", "/sales/public/v1/cart/item", { items: [{ sku: "DIGITAL-ANUAL", quantity: 1 }], billingAddress: BILLING }, auth);
    return { auth, refreshToken: signup.body.refreshToken as string, email };
  }

  it("applies its migrations once and keeps one signing secret across restarts", async () => {
    const { rows } = await server.db.query<{ id: string }>("SELECT id FROM schema_migrations WHERE id LIKE 'accounts-%' ORDER BY id");
    expect(rows.map((r) => r.id)).toEqual(accountsMigrations.map((m) => m.id));
    const { auth } = await readerWithCart();
    // A second service over the same database (a restart, another process) accepts the token.
    const again = await createAccountsRouter({ db: server.db, settings: readSettings({}), mailer: null, devMailbox: false, registerForEntitlement: false });
    expect(await count(server.db, "schema_migrations", "id LIKE 'accounts-%'")).toBe(accountsMigrations.length);
    const token = auth.Authorization.slice("Bearer ".length);
    const claims = await again.context.tokens.verify(token, "access");
    expect(claims.uuid).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("creates one order for a retried checkout (same cart, or same Idempotency-Key)", async () => {
    const { auth } = await readerWithCart();
    const headers = { ...auth, "Idempotency-Key": `checkout-${Date.now()}` };
    const [first, second] = await Promise.all([
      call("POST", "/sales/public/v1/checkout/order", {}, headers),
      call("POST", "/sales/public/v1/checkout/order", {}, headers),
    ]);
    expect(first.status).toBe(200);
    expect(second.body.orderNumber).toBe(first.body.orderNumber);
    const third = await call("POST", "/sales/public/v1/checkout/order", {}, auth);
    expect(third.body.orderNumber).toBe(first.body.orderNumber);
    expect(await count(server.db, "accounts_orders", "order_number = $1", [first.body.orderNumber])).toBe(1);
  });

  it("refuses a second finalize while one is in flight, and charges once", async () => {
    const { auth } = await readerWithCart();
    const order = (await call("POST", "/sales/public/v1/checkout/order", {}, auth)).body;
    const path = `/sales/public/v1/checkout/order/${order.orderNumber}/payment/1`;
    const [a, b] = await Promise.all([
      call("PUT", path, { token: TEST_CARD_NUMBERS.success }, auth),
      call("PUT", path, { token: TEST_CARD_NUMBERS.success }, auth),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const refused = a.status === 409 ? a : b;
    expect(refused.body.message).toContain("finalizePayment no se puede llamar hasta que termine la llamada anterior");
    expect(await count(server.db, "accounts_test_provider_charges", "idempotency_key LIKE $1", [`order:${order.orderNumber}:%`])).toBe(1);
    expect(await count(server.db, "accounts_subscriptions", "order_number = $1", [order.orderNumber])).toBe(1);
    // Once it is done, another call answers the paid order.
    expect((await call("PUT", path, { token: TEST_CARD_NUMBERS.success }, auth)).body.status).toBe("Paid");
    expect(await count(server.db, "accounts_payment_steps")).toBe(0);
  });

  it("never charges twice nor loses the order when recording a payment fails after the charge", async () => {
    const { auth, email } = await readerWithCart();
    const order = (await call("POST", "/sales/public/v1/checkout/order", {}, auth)).body;
    const path = `/sales/public/v1/checkout/order/${order.orderNumber}/payment/1`;
    // The receipt cannot be written: the transaction that records the payment fails at its end.
    await server.db.exec(`
      CREATE FUNCTION accounts_test_fail_receipt() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'buzón caído'; END $$ LANGUAGE plpgsql;
      CREATE TRIGGER accounts_test_fail_receipt BEFORE INSERT ON accounts_outbox FOR EACH ROW WHEN (NEW.kind = 'recibo') EXECUTE FUNCTION accounts_test_fail_receipt();
    `);
    const failed = await call("PUT", path, { token: TEST_CARD_NUMBERS.success }, auth);
    expect(failed.status).toBe(500);
    // The charge happened at the provider, but nothing half-done was stored.
    expect(await count(server.db, "accounts_test_provider_charges", "idempotency_key = $1", [`order:${order.orderNumber}:0`])).toBe(1);
    expect(await count(server.db, "accounts_orders", "order_number = $1 AND status = 'Pending'", [order.orderNumber])).toBe(1);
    expect(await count(server.db, "accounts_subscriptions", "order_number = $1", [order.orderNumber])).toBe(0);
    expect(await count(server.db, "accounts_payments", "order_number = $1", [order.orderNumber])).toBe(0);
    expect((await call("GET", "/sales/public/v1/cart", undefined, auth)).body.items).toHaveLength(1);
    await server.db.exec("DROP TRIGGER accounts_test_fail_receipt ON accounts_outbox; DROP FUNCTION accounts_test_fail_receipt()");
    // The retry reuses the idempotency key: the provider answers the first charge.
    const retried = await call("PUT", path, { token: TEST_CARD_NUMBERS.success }, auth);
    expect(retried.body).toMatchObject({ status: "Paid" });
    expect(await count(server.db, "accounts_test_provider_charges", "idempotency_key LIKE $1", [`order:${order.orderNumber}:%`])).toBe(1);
    const { rows } = await server.db.query<{ provider_charge_id: string }>("SELECT provider_charge_id FROM accounts_payments WHERE order_number = $1", [
      order.orderNumber,
    ]);
    const { rows: charges } = await server.db.query<{ charge_id: string }>("SELECT charge_id FROM accounts_test_provider_charges WHERE idempotency_key = $1", [
      `order:${order.orderNumber}:0`,
    ]);
    expect(rows.map((r) => r.provider_charge_id)).toEqual([charges[0].charge_id]);
    expect(await count(server.db, "accounts_outbox", "to_address = $1 AND kind = 'recibo'", [email])).toBe(1);
  });

  it("lets a payment step take over a marker left by a crashed process", async () => {
    const { auth } = await readerWithCart();
    const order = (await call("POST", "/sales/public/v1/checkout/order", {}, auth)).body;
    await server.db.query("INSERT INTO accounts_payment_steps (subject, step, started_at) VALUES ($1, 'finalize', $2)", [
      `order:${order.orderNumber}`,
      new Date(Date.now() - 60_000),
    ]);
    const path = `/sales/public/v1/checkout/order/${order.orderNumber}/payment/1`;
    expect((await call("PUT", path, { token: TEST_CARD_NUMBERS.success }, auth)).status).toBe(409);
    await server.db.query("UPDATE accounts_payment_steps SET started_at = $2 WHERE subject = $1", [
      `order:${order.orderNumber}`,
      new Date(Date.now() - 3 * 60_000),
    ]);
    expect((await call("PUT", path, { token: TEST_CARD_NUMBERS.success }, auth)).body.status).toBe("Paid");
  });

  it("accepts two tabs refreshing with the same token at once, without revoking the session", async () => {
    const { refreshToken } = await readerWithCart();
    const body = { token: refreshToken, grantType: "refresh-token" };
    const [a, b] = await Promise.all([call("POST", "/identity/public/v1/auth/token", body), call("POST", "/identity/public/v1/auth/token", body)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    for (const answer of [a, b])
      expect((await call("GET", "/identity/public/v1/profile", undefined, { Authorization: `Bearer ${answer.body.accessToken}` })).status).toBe(200);
  });

  it("shares rate limits between two services over the same database", async () => {
    const email = `compartido.${Date.now()}@example.com`;
    await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    // A second service on this database, as a second process would be.
    const express = (await import("express")).default;
    // Its first wait is long, so no real time passes it during the test.
    const rule = { ...DEFAULT_RATE_LIMITS.passwordPerAccountAndAddress, firstDelayMs: 60 * 60 * 1000, maxDelayMs: 60 * 60 * 1000 };
    const second = await createAccountsRouter({
      db: server.db,
      settings: readSettings({}),
      mailer: null,
      devMailbox: false,
      registerForEntitlement: false,
      rateLimits: { passwordPerAccountAndAddress: rule },
    });
    const app = express();
    app.use(second);
    const listener = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => listener.once("listening", resolve));
    const secondOrigin = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
    try {
      const login = (origin: string) =>
        fetch(`${origin}/identity/public/v1/auth/login`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ userName: email, credentials: "Equivocada1", grantType: "password" }),
        }).then((r) => r.json());
      // The free failures, counted by both; the one past them (on the second) makes this address wait, in both.
      for (let i = 0; i < rule.freeFailures - 1; i++) expect((await login(server.origin)).code).toBe(ErrorCodes.wrongPassword);
      expect((await login(secondOrigin)).code).toBe(ErrorCodes.wrongPassword);
      expect((await login(secondOrigin)).code).toBe(ErrorCodes.wrongPassword);
      expect((await login(server.origin)).code).toBe(ErrorCodes.signInThrottled);
      expect((await login(secondOrigin)).code).toBe(ErrorCodes.signInThrottled);
    } finally {
      listener.closeAllConnections();
      await new Promise((resolve) => listener.close(resolve));
    }
  });
});

it("runs the accounts migrations on a fresh PostgreSQL schema and PGlite alike", async () => {
  for (const [, options] of databaseTargets) {
    const opened = options();
    const db = await openDatabase(opened);
    try {
      await createAccountsRouter({ db, settings: readSettings({}), mailer: null, devMailbox: false, registerForEntitlement: false });
      const { rows } = await db.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_name LIKE 'accounts_%' AND table_schema = current_schema() ORDER BY table_name",
      );
      expect(rows.map((r) => r.table_name)).toEqual([
        "accounts_amp_readers",
        "accounts_carts",
        "accounts_deletion_requests",
        "accounts_gdpr_reports",
        "accounts_identities",
        "accounts_mail_requests",
        "accounts_newsletter",
        "accounts_nonces",
        "accounts_orders",
        "accounts_outbox",
        "accounts_payment_methods",
        "accounts_payment_steps",
        "accounts_payments",
        "accounts_pending_challenges",
        "accounts_pqrs",
        "accounts_rate_limits",
        "accounts_refresh_tokens",
        "accounts_renewal_offers",
        "accounts_sessions",
        "accounts_settings",
        "accounts_social_states",
        "accounts_social_used_tokens",
        "accounts_subscriptions",
        "accounts_test_provider_charges",
        "accounts_transfer_requests",
        "accounts_users",
      ]);
    } finally {
      if (opened.schema) await db.query(`DROP SCHEMA ${opened.schema} CASCADE`);
      await db.close();
    }
  }
});
