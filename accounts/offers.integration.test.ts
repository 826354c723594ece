// The customer-segment lookup and the renewal offer (sales/offers.ts,
// docs/subscriptions-and-checkout.md#segment-lookup and #renewal-offer) through the real HTTP API on
// PGlite and PostgreSQL, with a clock that stands still unless a test moves it: the answer's shape
// per reader (none, up to date, renewal offered, payment to update), who may ask, and that only a
// reader who was offered the $129.000 price can buy it — once, for the subscription it renews, which
// then runs a year more and renews at the full rate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorCodes } from "./errors";
import { TEST_CARD_NUMBERS } from "./payments/test-provider";
import { RENEWAL_LEAD_MS } from "./sales/renewal-schedule";
import { RENEWAL_OFFER_WINDOW_MS } from "./sales/offers";
import { count, databaseTargets, lastMail, startAccountsServer, type TestServer } from "./testing/harness";
import { silentLogger } from "../platform/log";
import { BANNER_ANNUAL_PRICE, DIGITAL_ANNUAL_PRICE, DIGITAL_ANNUAL_SKU, RENEWAL_PRICE_CODE } from "../domain/catalog";

const PASSWORD = "Clave2024segura";
const DAY = 24 * 60 * 60 * 1000;
const FULL = { sku: DIGITAL_ANNUAL_SKU, priceCode: "ANUAL-199000", quantity: 1 };
const RENEWAL = { sku: DIGITAL_ANNUAL_SKU, priceCode: RENEWAL_PRICE_CODE, quantity: 1 };
const BILLING = { line1: "Calle 5 # 38-14", locality: "Cali", region: "Valle del Cauca", country: "CO" };
const LOOKUP = "/s3plus/obtenersegmentoscliente";

const nextYear = (ms: number) => {
  const date = new Date(ms);
  date.setUTCMonth(date.getUTCMonth() + 12);
  return date.getTime();
};

describe.each(databaseTargets)("segment lookup and renewal offer on %s", (_name, database) => {
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
    return { status: response.status, headers: response.headers, body: await response.json() };
  };

  /** A signed-in reader (e-mail verified when asked), with the sales API and the segment lookup at hand. */
  async function reader(tag: string, { verified = false } = {}) {
    const email = `${tag}${++n}.${Date.now()}@example.com`;
    const signup = await call("POST", "/identity/public/v1/signup", { identity: { userName: email, credentials: PASSWORD }, profile: { email } });
    if (verified) expect((await call("GET", `/identity/public/v1/email/verify/${(await lastMail(server.db, email, "verificacion"))!.nonce}`)).status).toBe(200);
    let token = signup.body.accessToken as string;
    const api = (method: string, path: string, body?: unknown) => call(method, `/sales/public/v1${path}`, body, { Authorization: `Bearer ${token}` });
    return {
      email,
      get token() {
        return token;
      },
      api,
      /** The lookup as the browser makes it: the bare token as the authorisation header's value. */
      lookup: (correo: string = email) => call("POST", LOOKUP, { correo }, { Authorization: token }),
      /** Signs in again (after the clock moved past the session's end). */
      async signIn() {
        const login = await call("POST", "/identity/public/v1/auth/login", { userName: email, credentials: PASSWORD });
        expect(login.status).toBe(200);
        token = login.body.accessToken;
      },
      async buy(items: unknown[], card: string = TEST_CARD_NUMBERS.success) {
        await api("DELETE", "/cart/clear");
        const added = await api("POST", "/cart/item", { items, billingAddress: BILLING });
        if (added.status !== 200) return added;
        const order = await api("POST", "/checkout/order", {});
        if (order.status !== 200) return order;
        return api("PUT", `/checkout/order/${order.body.orderNumber}/payment/1`, { token: card });
      },
      async subscription() {
        const [summary] = (await api("GET", "/subscription/all")).body.filter((s: { gift?: boolean }) => !s.gift);
        return (await api("GET", `/subscription/${summary.subscriptionID}/details`)).body;
      },
    };
  }

  /** Moves a subscription's period back so that it ends `ms` from now, as if bought long ago. */
  async function endsIn(id: number, ms: number) {
    const { rows } = await server.db.query<{ current_period_start: Date; current_period_end: Date }>(
      "SELECT current_period_start, current_period_end FROM accounts_subscriptions WHERE id = $1",
      [id],
    );
    const shift = new Date(rows[0].current_period_end).getTime() - (server.now() + ms);
    await server.db.query("UPDATE accounts_subscriptions SET current_period_start = $2, current_period_end = $3 WHERE id = $1", [
      id,
      new Date(new Date(rows[0].current_period_start).getTime() - shift),
      new Date(new Date(rows[0].current_period_end).getTime() - shift),
    ]);
  }

  const result = (answer: { body: { data: { ObtenerSegmentosClienteResult: unknown[] } } }) => answer.body.data.ObtenerSegmentosClienteResult as any[];

  it("answers a reader without a subscription one SIN_SUSCRIPCION element, only about their own address", async () => {
    const ana = await reader("sinsuscripcion");
    const answer = await ana.lookup();
    expect(answer.status).toBe(200);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.body).toEqual({
      data: { ObtenerSegmentosClienteResult: [{ correo: ana.email, segmento: "SIN_SUSCRIPCION", consultado: new Date(server.now()).toISOString() }] },
    });
    // The address compared as stored (lower-cased); "Bearer …" works as well as the bare token.
    expect((await call("POST", LOOKUP, { correo: ana.email.toUpperCase() }, { Authorization: `Bearer ${ana.token}` })).status).toBe(200);
    // Someone else's address, no token, a malformed address: refused, and nothing recorded.
    const other = await ana.lookup("otra.persona@example.com");
    expect([other.status, other.body.code, other.body.field]).toEqual([403, ErrorCodes.forbidden, "correo"]);
    expect((await call("POST", LOOKUP, { correo: ana.email })).status).toBe(401);
    expect((await ana.lookup("no es un correo")).body).toMatchObject({ code: ErrorCodes.emailFormat, field: "correo" });
    expect((await call("POST", LOOKUP, "[]", { Authorization: ana.token })).status).toBe(400);
  });

  it("offers a subscriber whose subscription renews by itself nothing, and the cart refuses the renewal price", async () => {
    const luis = await reader("aldia");
    expect((await luis.buy([FULL])).body.status).toBe("Paid");
    const subscription = await luis.subscription();
    expect(result(await luis.lookup())).toEqual([
      {
        correo: luis.email,
        segmento: "AL_DIA",
        idSuscripcion: subscription.subscriptionID,
        estado: 1,
        producto: "Suscripción digital anual",
        finPeriodo: new Date(subscription.nextEventDateUTC).toISOString(),
        consultado: new Date(server.now()).toISOString(),
      },
    ]);
    const refused = await luis.api("POST", "/cart/item", { items: [RENEWAL] });
    expect([refused.status, refused.body.code, refused.body.renewalOfferOnly]).toEqual([403, ErrorCodes.cartUnknownPriceCode, true]);
    expect(await count(server.db, "accounts_renewal_offers", "subscription_id = $1", [subscription.subscriptionID])).toBe(0);
  });

  it("offers a cancelled subscription the renewal price only in its last 30 days; paid, it runs a year more, renews by itself at the full rate, and the offer is spent", async () => {
    const marta = await reader("renueva");
    expect((await marta.buy([FULL])).body.status).toBe("Paid");
    const first = await marta.subscription();
    await marta.api("PUT", `/subscription/${first.subscriptionID}/cancel`, { reason: "Precio", reasonCode: "PRECIO" });

    // Cancelled on the first day: no offer, and the price stays out of the cart — cancelling must not
    // buy the next year $70.000 cheaper. An offer recorded earlier in the period is not honoured.
    expect(result(await marta.lookup())).toEqual([expect.objectContaining({ segmento: "AL_DIA", estado: 3, idSuscripcion: first.subscriptionID })]);
    expect(await count(server.db, "accounts_renewal_offers", "subscription_id = $1", [first.subscriptionID])).toBe(0);
    expect((await marta.api("POST", "/cart/item", { items: [RENEWAL] })).body).toMatchObject({ code: ErrorCodes.cartUnknownPriceCode, renewalOfferOnly: true });
    const early = new Date(first.nextEventDateUTC);
    await server.db.query(
      `INSERT INTO accounts_renewal_offers (user_uuid, subscription_id, price_code, period_end, offered_at, expires_at)
       SELECT user_uuid, id, $2, $3, $4, $3 FROM accounts_subscriptions WHERE id = $1`,
      [first.subscriptionID, RENEWAL_PRICE_CODE, early, new Date(server.now())],
    );
    expect((await marta.api("POST", "/cart/item", { items: [RENEWAL] })).status).toBe(403);
    await server.db.query("DELETE FROM accounts_renewal_offers WHERE subscription_id = $1", [first.subscriptionID]);

    // 30 days before its end (as if bought eleven months ago) it is offered.
    await endsIn(first.subscriptionID, RENEWAL_OFFER_WINDOW_MS);
    const bought = await marta.subscription();

    // Nobody else may buy at the renewal price before or after Marta is offered it.
    const stranger = await reader("ajena");
    const [element] = result(await marta.lookup());
    expect(element).toEqual({
      correo: marta.email,
      segmento: "RENOVACION",
      idSuscripcion: bought.subscriptionID,
      estado: 3,
      producto: "Suscripción digital anual",
      finPeriodo: new Date(bought.nextEventDateUTC).toISOString(),
      oferta: {
        codigoPrecio: RENEWAL_PRICE_CODE,
        precio: BANNER_ANNUAL_PRICE,
        texto: "$129.000* al año",
        vence: new Date(bought.nextEventDateUTC).toISOString(),
        url: "/suscripciones-online/?offerId=466&renovacion=1",
      },
      consultado: new Date(server.now()).toISOString(),
    });
    // Asking again the same day offers the same thing once.
    expect(result(await marta.lookup())[0].oferta).toEqual(element.oferta);
    expect(await count(server.db, "accounts_renewal_offers", "subscription_id = $1", [bought.subscriptionID])).toBe(1);
    expect((await stranger.api("POST", "/cart/item", { items: [RENEWAL] })).status).toBe(403);

    // Marta buys it: $129.000, the period a year longer from its end, renewing again with this card.
    const paid = await marta.buy([RENEWAL], TEST_CARD_NUMBERS.successMastercard);
    expect(paid.body).toMatchObject({ status: "Paid", total: BANNER_ANNUAL_PRICE, subscriptionIDs: [bought.subscriptionID] });
    const renewed = await marta.subscription();
    expect(renewed).toMatchObject({
      status: 1,
      priceCode: RENEWAL_PRICE_CODE,
      currentPeriodStartUTC: bought.currentPeriodStartUTC,
      nextEventDateUTC: nextYear(bought.nextEventDateUTC),
      currentPaymentMethod: { lastFour: "4444" },
    });
    expect(renewed.events.map((e: { eventType: string }) => e.eventType)).toEqual(["SUBSCRIBED", "CANCELED", "RENEWAL_OFFER"]);
    expect(renewed.paymentHistory.map((p: { total: number }) => p.total)).toEqual([DIGITAL_ANNUAL_PRICE, BANNER_ANNUAL_PRICE]);
    expect((await marta.api("GET", "/subscription/all")).body).toHaveLength(1);
    const receipt = await lastMail(server.db, marta.email, "recibo");
    expect(receipt?.text_body).toContain("Suscripción digital anual (renovación: 12 meses más)");
    expect(receipt?.text_body).toContain("$129.000");

    // Spent: no banner offer any more, and the price is refused again.
    expect(result(await marta.lookup())).toEqual([expect.objectContaining({ segmento: "AL_DIA", estado: 1 })]);
    expect((await marta.api("POST", "/cart/item", { items: [RENEWAL] })).status).toBe(403);
    // Never a second year stacked ahead: cancelling again now (a year and 30 days to go) is not offered it.
    await marta.api("PUT", `/subscription/${bought.subscriptionID}/cancel`, { reason: "Precio", reasonCode: "PRECIO" });
    expect(result(await marta.lookup())).toEqual([expect.objectContaining({ segmento: "AL_DIA", estado: 3 })]);
    expect((await marta.api("POST", "/cart/item", { items: [RENEWAL] })).status).toBe(403);
    expect((await marta.api("PUT", `/subscription/${bought.subscriptionID}/rescue`)).status).toBe(200);

    // Its next renewal charges the full current rate.
    const renewal = await server.accounts.renew({ asOf: new Date(renewed.nextEventDateUTC - RENEWAL_LEAD_MS), only: [bought.subscriptionID] });
    expect(renewal).toMatchObject({ renewed: [bought.subscriptionID] });
    expect((await marta.subscription()).paymentHistory.map((p: { total: number }) => p.total)).toEqual([
      DIGITAL_ANNUAL_PRICE,
      BANNER_ANNUAL_PRICE,
      DIGITAL_ANNUAL_PRICE,
    ]);
  });

  it("refuses an offer that expired between the cart and the payment, charging nothing", async () => {
    const pedro = await reader("vence");
    expect((await pedro.buy([FULL])).body.status).toBe("Paid");
    const bought = await pedro.subscription();
    await pedro.api("PUT", `/subscription/${bought.subscriptionID}/cancel`, { reason: "Precio", reasonCode: "PRECIO" });
    await endsIn(bought.subscriptionID, 10 * DAY);
    expect(result(await pedro.lookup())[0].segmento).toBe("RENOVACION");
    await pedro.api("POST", "/cart/item", { items: [RENEWAL], billingAddress: BILLING });
    const order = (await pedro.api("POST", "/checkout/order", {})).body;
    expect(order).toMatchObject({ status: "Pending", total: BANNER_ANNUAL_PRICE });
    // The period (and with it the offer) ends before the reader pays.
    const shift = 11 * DAY;
    server.advance(shift);
    try {
      await pedro.signIn();
      const late = await pedro.api("PUT", `/checkout/order/${order.orderNumber}/payment/1`, { token: TEST_CARD_NUMBERS.success });
      expect([late.status, late.body.code, late.body.renewalOfferOnly]).toEqual([403, ErrorCodes.cartUnknownPriceCode, true]);
      expect(late.body.message).toContain("La oferta venció o ya se usó.");
      expect(await count(server.db, "accounts_test_provider_charges", "idempotency_key LIKE $1", [`order:${order.orderNumber}:%`])).toBe(0);
      // Ended, it is nobody's renewal any more: no element, no offer.
      expect(result(await pedro.lookup())).toEqual([expect.objectContaining({ segmento: "SIN_SUSCRIPCION" })]);
    } finally {
      server.advance(-shift);
    }
  });

  it("puts a declined renewal first as ACTUALIZAR_PAGO, with the grace period's end and the next try", async () => {
    const sara = await reader("actualiza");
    expect((await sara.buy([FULL], TEST_CARD_NUMBERS.renewalDeclined)).body.status).toBe("Paid");
    const bought = await sara.subscription();
    expect(await server.accounts.renew({ asOf: new Date(bought.nextEventDateUTC - RENEWAL_LEAD_MS), only: [bought.subscriptionID] })).toMatchObject({
      declined: [bought.subscriptionID],
    });
    const details = await sara.subscription();
    expect(result(await sara.lookup())).toEqual([
      {
        correo: sara.email,
        segmento: "ACTUALIZAR_PAGO",
        idSuscripcion: bought.subscriptionID,
        estado: 4,
        producto: "Suscripción digital anual",
        finPeriodo: new Date(bought.nextEventDateUTC).toISOString(),
        finGracia: new Date(details.graceEndUTC).toISOString(),
        proximoIntento: new Date(details.paymentRetryUTC).toISOString(),
        consultado: new Date(server.now()).toISOString(),
      },
    ]);
    // Payment failed is not a renewal offer: the renewal price stays out of the cart.
    expect((await sara.api("POST", "/cart/item", { items: [RENEWAL] })).status).toBe(403);
  });

  it("offers a redeemed gift the renewal price only in its last 30 days", async () => {
    const giver = await reader("regala");
    const paid = await giver.buy([{ ...FULL, gift: true }]);
    expect(paid.body.status).toBe("Paid");
    const [gift] = (await giver.api("GET", "/subscription/all")).body;
    const luisa = await reader("recibe", { verified: true });
    await giver.api("PUT", `/subscription/gift/${gift.redeemCode}`, { email: luisa.email, name: "Luisa" });
    expect((await luisa.api("POST", "/subscription/gift/redeem", { token: gift.redeemCode })).status).toBe(200);
    const redeemed = await luisa.subscription();
    expect(result(await luisa.lookup())).toEqual([expect.objectContaining({ segmento: "AL_DIA", estado: 1, idSuscripcion: redeemed.subscriptionID })]);
    const shift = redeemed.nextEventDateUTC - server.now() - RENEWAL_OFFER_WINDOW_MS;
    server.advance(shift);
    try {
      await luisa.signIn();
      const [element] = result(await luisa.lookup());
      expect(element).toMatchObject({ segmento: "RENOVACION", oferta: { precio: BANNER_ANNUAL_PRICE } });
      // The gift becomes the reader's own subscription, renewing by itself on her card.
      expect((await luisa.buy([RENEWAL])).body.status).toBe("Paid");
      expect(await luisa.subscription()).toMatchObject({
        status: 1,
        nextEventDateUTC: nextYear(redeemed.nextEventDateUTC),
        currentPaymentMethod: { lastFour: "4242" },
      });
      expect((await luisa.api("GET", "/subscription/all")).body).toEqual([expect.not.objectContaining({ gift: true })]);
    } finally {
      server.advance(-shift);
    }
  });
});
