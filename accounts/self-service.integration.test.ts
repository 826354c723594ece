// Self-service through the real HTTP API on PGlite and PostgreSQL: the shipping address kept apart
// from the billing one (docs/subscriptions-and-checkout.md#self-service), a delivery change from
// 3:00 p. m. waiting for the next business day (docs/decisions/0063-address-change-cutoff.md), and the data rights
// (docs/accounts.md#data-rights): a copy of my data is answered at once, prepared after the answer,
// e-mailed about in the brand it was asked on and then downloadable as JSON; a deletion request is
// e-mailed and deletes nothing by itself.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCodes } from "./errors";
import { TEST_CARD_NUMBERS } from "./payments/test-provider";
import { count, databaseTargets, lastMail, settleMailRequests, startAccountsServer, type TestServer } from "./testing/harness";
import { silentLogger } from "../platform/log";
import { DIGITAL_ANNUAL_SKU } from "../domain/catalog";

const PASSWORD = "Clave2024segura";
const BILLING = { line1: "Calle 5 # 38-14", locality: "Cali", region: "Valle del Cauca", country: "CO" };
const SHIPPING = { line1: "Carrera 100 # 11-60", line2: "Apto 502", locality: "Cali", region: "Valle del Cauca", postal: "760032", country: "CO" };

describe.each(databaseTargets)("self-service on %s", (_name, database) => {
  let server: TestServer;
  let n = 0;

  beforeAll(async () => {
    server = await startAccountsServer(database(), { reconcileIntervalMs: 0, renewalIntervalMs: 0, logger: silentLogger }, { frozenClock: true });
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

  /** Sets the server's (frozen) clock to a moment in Bogotá, "2026-12-04T15:01" (UTC−5). */
  const atBogota = (local: string) => server.setNow(Date.parse(`${local}:00-05:00`));

  async function reader(tag: string, host?: string) {
    const email = `${tag}${++n}.${Date.now()}@example.com`;
    const signup = await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    const headers: Record<string, string> = { Authorization: `Bearer ${signup.body.accessToken}`, ...(host ? { "X-Forwarded-Host": host } : {}) };
    return { email, uuid: signup.body.uuid as string, call: (method: string, path: string, body?: unknown) => call(method, path, body, headers) };
  }

  /**
   * A reader ("remember me") with a paid subscription (the order's shipping address, if given): its
   * id, details and address change. Each call first refreshes the access token, as the SDK does once
   * it has expired: the tests move the clock by days.
   */
  async function subscriber(tag: string, shippingAddress?: typeof SHIPPING) {
    const email = `${tag}${++n}.${Date.now()}@example.com`;
    let { refreshToken } = (
      await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email }, rememberMe: true })
    ).body;
    const as = async (method: string, path: string, body?: unknown) => {
      const fresh = (await call("POST", "/identity/public/v1/auth/token", { grantType: "refresh-token", token: refreshToken })).body;
      refreshToken = fresh.refreshToken;
      return call(method, path, body, { Authorization: `Bearer ${fresh.accessToken}` });
    };
    await as("POST", "/sales/public/v1/cart/item", { items: [{ sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 }], billingAddress: BILLING });
    const order = (await as("POST", "/sales/public/v1/checkout/order", shippingAddress ? { shippingAddress } : {})).body;
    await as("PUT", `/sales/public/v1/checkout/order/${order.orderNumber}/payment/1`, { token: TEST_CARD_NUMBERS.success });
    const [{ subscriptionID: id }] = (await as("GET", "/sales/public/v1/subscription/all")).body;
    return {
      id,
      details: async () => (await as("GET", `/sales/public/v1/subscription/${id}/details`)).body,
      change: (body: Record<string, unknown>) => as("PUT", "/sales/public/v1/subscription/address", { subscriptionID: id, ...body }),
    };
  }

  it("keeps the shipping address apart from the billing one, or the same when the reader says so", async () => {
    // A Thursday morning: every change takes effect at once.
    atBogota("2026-12-03T10:00");
    const ana = await reader("direcciones");
    await ana.call("POST", "/sales/public/v1/cart/item", {
      items: [{ sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 }],
      billingAddress: BILLING,
    });
    const order = (await ana.call("POST", "/sales/public/v1/checkout/order", { shippingAddress: SHIPPING })).body;
    expect((await ana.call("PUT", `/sales/public/v1/checkout/order/${order.orderNumber}/payment/1`, { token: TEST_CARD_NUMBERS.success })).body.status).toBe(
      "Paid",
    );
    const [{ subscriptionID: id }] = (await ana.call("GET", "/sales/public/v1/subscription/all")).body;
    const details = async () => (await ana.call("GET", `/sales/public/v1/subscription/${id}/details`)).body;
    // The order's shipping address becomes the subscription's.
    expect(await details()).toMatchObject({ billingAddress: BILLING, shippingAddress: SHIPPING });

    // The SDK's call changes the billing address only.
    const billing = { ...BILLING, line1: "Avenida 6N # 23-45" };
    expect((await ana.call("PUT", "/sales/public/v1/subscription/address", { subscriptionID: id, billingAddress: billing })).status).toBe(200);
    expect(await details()).toMatchObject({ billingAddress: billing, shippingAddress: SHIPPING });
    // A shipping address of its own, then "the same as billing".
    const shipping = { ...SHIPPING, line2: "Casa 3" };
    expect(
      (await ana.call("PUT", "/sales/public/v1/subscription/address", { subscriptionID: id, billingAddress: billing, shippingAddress: shipping })).body,
    ).toEqual({ ...billing, shippingAddress: shipping });
    expect(await details()).toMatchObject({ shippingAddress: shipping });
    await ana.call("PUT", "/sales/public/v1/subscription/address", { subscriptionID: id, billingAddress: billing, shippingAddress: null });
    expect(await details()).toMatchObject({ billingAddress: billing, shippingAddress: null });
    // A bad shipping address names its field and changes nothing.
    const refused = await ana.call("PUT", "/sales/public/v1/subscription/address", {
      subscriptionID: id,
      billingAddress: BILLING,
      shippingAddress: { ...SHIPPING, country: "Colombia" },
    });
    expect([refused.status, refused.body.field]).toEqual([400, "shippingAddress.country"]);
    expect(await details()).toMatchObject({ billingAddress: billing, shippingAddress: null });
  });

  it("keeps a delivery change made from 3:00 p. m. for the next business day, the address in force until then (docs/decisions/0063-address-change-cutoff.md)", async () => {
    atBogota("2026-12-04T10:00");
    const ana = await subscriber("corte");
    const monday = Date.parse("2026-12-07T00:00:00-05:00");
    expect(await ana.details()).toMatchObject({ billingAddress: BILLING, shippingAddress: null, shippingAddressChange: null });

    // Friday 2:59 p. m.: at once.
    atBogota("2026-12-04T14:59");
    expect((await ana.change({ billingAddress: BILLING, shippingAddress: SHIPPING })).body).toEqual({ ...BILLING, shippingAddress: SHIPPING });
    expect(await ana.details()).toMatchObject({ shippingAddress: SHIPPING, shippingAddressChange: null });

    // Friday 3:01 p. m.: Monday. The answer and the details say so; Saturday's delivery keeps the old address.
    atBogota("2026-12-04T15:01");
    const moved = { ...SHIPPING, line1: "Calle 80 # 10-20", line2: null };
    const later = await ana.change({ billingAddress: BILLING, shippingAddress: moved });
    expect([later.status, later.body.shippingAddress, later.body.shippingAddressChange]).toEqual([
      200,
      SHIPPING,
      { shippingAddress: expect.objectContaining({ line1: "Calle 80 # 10-20" }), effectiveFromUTC: monday },
    ]);
    const waiting = {
      shippingAddress: SHIPPING,
      shippingAddressChange: { shippingAddress: expect.objectContaining({ line1: "Calle 80 # 10-20" }), effectiveFromUTC: monday },
    };
    expect(await ana.details()).toMatchObject(waiting);
    atBogota("2026-12-06T23:59");
    expect(await ana.details()).toMatchObject(waiting);

    // Monday 00:00 in Bogotá: the new address is the one in force, before the renewal pass writes it…
    atBogota("2026-12-07T00:00");
    expect(await ana.details()).toMatchObject({ shippingAddress: expect.objectContaining({ line1: "Calle 80 # 10-20" }), shippingAddressChange: null });
    const stored = async () =>
      (await server.db.query("SELECT shipping_address->>'line1' AS line1, address_change_on FROM accounts_subscriptions WHERE id = $1", [ana.id])).rows[0];
    expect(await stored()).toEqual({ line1: SHIPPING.line1, address_change_on: new Date(monday) });
    // …which it does when its day has come.
    expect(await server.accounts.renew({ asOf: new Date(server.now()), only: [-1] })).toMatchObject({ addressChanges: 1 });
    expect(await stored()).toEqual({ line1: "Calle 80 # 10-20", address_change_on: null });

    // Monday 3:01 p. m., "the same as billing" with a new billing address: the billing changes at once,
    // the delivery on Wednesday (Tuesday 8 December is a holiday), the address in force kept as it was.
    atBogota("2026-12-07T15:01");
    const billing = { ...BILLING, line1: "Avenida 6N # 23-45" };
    await ana.change({ billingAddress: billing, shippingAddress: null });
    expect(await ana.details()).toMatchObject({
      billingAddress: billing,
      shippingAddress: expect.objectContaining({ line1: "Calle 80 # 10-20" }),
      shippingAddressChange: { shippingAddress: null, effectiveFromUTC: Date.parse("2026-12-09T00:00:00-05:00") },
    });
    // Going back to the address in force cancels the waiting change.
    await ana.change({ billingAddress: billing, shippingAddress: moved });
    expect(await ana.details()).toMatchObject({ shippingAddress: expect.objectContaining({ line1: "Calle 80 # 10-20" }), shippingAddressChange: null });
  });

  it("refuses an order's or a subscription's address without street, city or department, as the forms do (docs/subscriptions-and-checkout.md#addresses)", async () => {
    const ana = await reader("sindireccion");
    await ana.call("POST", "/sales/public/v1/cart/item", {
      items: [{ sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 }],
      billingAddress: { country: "CO" },
    });
    const missing = [
      ["line1", ErrorCodes.addressLineInvalid],
      ["locality", ErrorCodes.addressLocalityInvalid],
      ["region", ErrorCodes.addressRegionInvalid],
    ] as const;
    for (const [field, code] of missing) {
      const { [field]: _left, ...partial } = BILLING;
      const order = await ana.call("POST", "/sales/public/v1/checkout/order", { billingAddress: partial });
      expect([order.status, order.body.code, order.body.field]).toEqual([400, code, `billingAddress.${field}`]);
      const blank = await ana.call("POST", "/sales/public/v1/checkout/order", { billingAddress: { ...BILLING, [field]: "" } });
      expect([blank.status, blank.body.code]).toEqual([400, code]);
      const shipping = await ana.call("POST", "/sales/public/v1/checkout/order", { billingAddress: BILLING, shippingAddress: partial });
      expect([shipping.status, shipping.body.field]).toEqual([400, `shippingAddress.${field}`]);
    }
    // Without an address of its own the order takes the cart's, which held only the country: refused too.
    const lent = await ana.call("POST", "/sales/public/v1/checkout/order", {});
    expect([lent.status, lent.body.code, lent.body.field]).toEqual([400, ErrorCodes.addressLineInvalid, "billingAddress.line1"]);
    const order = (await ana.call("POST", "/sales/public/v1/checkout/order", { billingAddress: BILLING })).body;
    expect((await ana.call("PUT", `/sales/public/v1/checkout/order/${order.orderNumber}/payment/1`, { token: TEST_CARD_NUMBERS.success })).body.status).toBe(
      "Paid",
    );
    const [{ subscriptionID: id }] = (await ana.call("GET", "/sales/public/v1/subscription/all")).body;
    for (const [field, code] of missing) {
      const { [field]: _left, ...partial } = BILLING;
      const refused = await ana.call("PUT", "/sales/public/v1/subscription/address", { subscriptionID: id, billingAddress: partial });
      expect([refused.status, refused.body.code, refused.body.field]).toEqual([400, code, `billingAddress.${field}`]);
    }
    expect((await ana.call("GET", `/sales/public/v1/subscription/${id}/details`)).body).toMatchObject({ billingAddress: BILLING });
  });

  it("prepares a copy of my data after the answer, e-mails that it is ready in the brand asked on, and lets me download it", async () => {
    const luis = await reader("misdatos", "elpais.localhost");
    const asked = await luis.call("POST", "/identity/public/v1/gdpr");
    expect(asked).toMatchObject({ status: 201, body: { ready: false, requestDate: server.now() } });
    // Before it is prepared the download says so; afterwards the list says ready and the mail went.
    const early = await luis.call("GET", `/identity/public/v1/gdpr/${asked.body.id}`);
    if (early.status !== 200) expect([early.status, early.body.code, early.body.ready]).toEqual([409, ErrorCodes.conflict, false]);
    await settleMailRequests(server.db);
    expect((await luis.call("GET", "/identity/public/v1/gdpr")).body).toEqual([
      { id: asked.body.id, ready: true, requestDate: server.now(), availableUntil: asked.body.availableUntil },
    ]);
    const mail = await lastMail(server.db, luis.email, "datos-listos");
    expect(mail?.subject).toBe("La copia de tus datos está lista");
    expect(mail?.url?.toString()).toBe("http://elpais.localhost:3000/autogestion/datos-/");
    expect(mail?.text_body).toContain("— El equipo de El País");
    const report = await luis.call("GET", `/identity/public/v1/gdpr/${asked.body.id}`);
    expect(report.status).toBe(200);
    const data = JSON.parse(report.body.data);
    expect(data.profile).toMatchObject({ email: luis.email, uuid: luis.uuid });
    expect(data).toMatchObject({ subscriptions: [], orders: [], renewalOffers: [] });
    expect(data.sessions).toHaveLength(1);
    // Prepared once: another pass sends nothing more.
    await settleMailRequests(server.db);
    expect(await count(server.db, "accounts_outbox", "to_address = $1 AND kind = 'datos-listos'", [luis.email])).toBe(1);
    // Nobody else's report.
    const other = await reader("otro");
    expect((await other.call("GET", `/identity/public/v1/gdpr/${asked.body.id}`)).status).toBe(404);
  });

  it("answers a deletion request with an e-mail and deletes nothing until its button is pressed", async () => {
    const sara = await reader("eliminar");
    expect((await sara.call("DELETE", "/identity/public/v1/user/anonymize")).body).toEqual({ success: true, status: "pending" });
    const mail = await lastMail(server.db, sara.email, "eliminar-cuenta");
    expect(mail?.url?.pathname).toBe("/autogestion/eliminar-cuenta/");
    expect(mail?.url?.searchParams.get("accion")).toBe("aprobar");
    expect(await count(server.db, "accounts_users", "uuid = $1 AND status = 'Active' AND email = $2", [sara.uuid, sara.email])).toBe(1);
    // Its copy of the data is ready at once, to keep before deciding.
    expect((await sara.call("GET", "/identity/public/v1/gdpr")).body).toEqual([expect.objectContaining({ ready: true })]);
  });
});
