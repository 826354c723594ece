// @vitest-environment jsdom
// Contract tests: the unmodified Arc sales SDK (with the identity SDK) against the embedded Sales API.
import { describe, expect, it } from "vitest";
import { ACCESS_TOKEN_COOKIE, entitlementFor } from "./entitlement";
import { ErrorCodes } from "./errors";
import { TEST_CARD_NUMBERS, testChallengeResultPath } from "./payments/test-provider";
import { BANNER_ANNUAL_PRICE, BUY_NOW_OFFER_ID, DIGITAL_ANNUAL_PRICE, DIGITAL_ANNUAL_SKU, MAX_SHARED_ASSOCIATES } from "../domain/catalog";
import { CART_COOKIE } from "./sales/cart";
import { BILLING, count, databaseTargets, lastMail } from "./testing/harness";
import { Identity, rejection, resetSdks, Sales, withSdkServer } from "./testing/sdk";

const PASSWORD = "Clave2024segura";
const PRICE_CODE = "ANUAL-199000";
const PAYMENT_METHOD_ID = 1;

describe.each(databaseTargets)("Sales API with the Arc SDK on %s", (_name, database) => {
  const context = withSdkServer(database);
  let n = 0;
  const newEmail = () => `comprador${++n}.${Date.now()}@example.com`;

  async function signUp(email = newEmail()) {
    await Identity.signUp({ userName: email, credentials: PASSWORD }, { email, firstName: "Carlos", lastName: "Rodríguez" } as never, undefined, true);
    return email;
  }

  async function order(items: Array<Record<string, unknown>> = [{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: PRICE_CODE }]) {
    await Sales.addItemToCart(items as never, BILLING as never);
    return Sales.createNewOrder(BILLING as never, Identity.userProfile?.email ?? "invitado@example.com", "3001234567", "Carlos", "Rodríguez");
  }

  /** Follows the verification link the sign-up e-mailed (invitations and gifts need a verified e-mail). */
  const verifyEmail = async (email: string) => Identity.verifyEmail((await lastMail(context.server.db, email, "verificacion"))!.nonce!);

  /** What the test provider's simulated issuer page posts when the reader answers its 3-D Secure challenge. */
  const issuerAnswers = (token: string, succeeded: boolean) =>
    fetch(`${context.server.origin}${testChallengeResultPath(token)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ succeeded }),
    });

  /** Signs up and buys the annual subscription; returns the subscription id. */
  async function subscribe(email?: string) {
    await signUp(email);
    const created = await order();
    const paid = (await Sales.finalizePayment(created.orderNumber!, PAYMENT_METHOD_ID, TEST_CARD_NUMBERS.success)) as { subscriptionIDs: number[] };
    return paid.subscriptionIDs[0];
  }

  it("answers the config, the offer 466 and the payment options", async () => {
    await expect(Sales.getConfig()).resolves.toMatchObject({ checkoutRecaptchaEnabled: false });
    const offer = await (await fetch(`${context.server.origin}/sales/public/v1/offer/${BUY_NOW_OFFER_ID}`)).json();
    expect(offer.product.prices.map((p: { amount: number }) => p.amount)).toEqual([DIGITAL_ANNUAL_PRICE, BANNER_ANNUAL_PRICE]);
    expect(offer.product.prices.map((p: { label: string }) => p.label)).toEqual(["$199.000 al año", "$129.000* al año"]);
    await expect(Sales.getPaymentOptions()).resolves.toEqual([expect.objectContaining({ paymentMethodID: PAYMENT_METHOD_ID, paymentPartner: "TestPay" })]);
  });

  it("keeps an anonymous cart by cookie (add, remove, clear) and hands it to the account on sign-in", async () => {
    const cart = await Sales.addItemToCart([{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: PRICE_CODE }] as never, BILLING as never);
    expect(cart).toMatchObject({
      currency: "COP",
      total: DIGITAL_ANNUAL_PRICE,
      items: [{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, price: DIGITAL_ANNUAL_PRICE, name: "Suscripción digital anual" }],
    });
    expect(context.jar.cookies.get(CART_COOKIE)).toBeTruthy();
    await expect(Sales.getCart()).resolves.toMatchObject({ total: DIGITAL_ANNUAL_PRICE });
    await expect(Sales.removeItemFromCart(DIGITAL_ANNUAL_SKU)).resolves.toMatchObject({ items: [], total: 0 });
    // The renewal price is the banners' offer: an anonymous cart cannot hold it (docs/subscriptions-and-checkout.md#renewal-offer).
    expect(
      await rejection(Sales.addItemToCart([{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: "ANUAL-129000" }] as never, BILLING as never)),
    ).toMatchObject({
      code: ErrorCodes.cartUnknownPriceCode,
      httpStatus: 403,
    });
    await Sales.addItemToCart([{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: PRICE_CODE }] as never, BILLING as never);
    await expect(Sales.clearCart()).resolves.toMatchObject({ items: [] });
    await Sales.addItemToCart([{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: PRICE_CODE }] as never, BILLING as never);
    await signUp();
    await expect(Sales.getCart()).resolves.toMatchObject({ total: DIGITAL_ANNUAL_PRICE, billingAddress: BILLING });
    expect(await rejection(Sales.addItemToCart([{ sku: "NO-EXISTE", quantity: 1 }] as never, BILLING as never))).toMatchObject({
      code: ErrorCodes.cartUnknownSku,
    });
  });

  it("buys the subscription: order (retry gives the same order), declines per code, payment, receipt, subscription status 1", async () => {
    const email = await signUp();
    const created = await order();
    expect(created).toMatchObject({ status: "Pending", total: DIGITAL_ANNUAL_PRICE, email });
    const retried = await Sales.createNewOrder(BILLING as never, email, "3001234567", "Carlos", "Rodríguez");
    expect(retried.orderNumber).toBe(created.orderNumber);
    await expect(Sales.initializePayment(created.orderNumber!, PAYMENT_METHOD_ID)).resolves.toMatchObject({
      orderNumber: created.orderNumber,
      parameter1: "TestPay",
    });
    for (const [card, code] of [
      [TEST_CARD_NUMBERS.tokenizerFailure, ErrorCodes.cardTokenizerFailed],
      [TEST_CARD_NUMBERS.declined, ErrorCodes.cardDeclined],
      [TEST_CARD_NUMBERS.expired, ErrorCodes.cardExpired],
      [TEST_CARD_NUMBERS.insufficientFunds, ErrorCodes.cardInsufficientFunds],
      [TEST_CARD_NUMBERS.wrongSecurityCode, ErrorCodes.cardSecurityCode],
      [TEST_CARD_NUMBERS.rejected, ErrorCodes.paymentRejected],
    ]) {
      expect(await rejection(Sales.finalizePayment(created.orderNumber!, PAYMENT_METHOD_ID, card))).toMatchObject({ code });
    }
    await expect(Sales.getAllSubscriptions()).resolves.toEqual([]);
    const paid = (await Sales.finalizePayment(created.orderNumber!, PAYMENT_METHOD_ID, TEST_CARD_NUMBERS.success)) as {
      status: string;
      subscriptionIDs: number[];
    };
    expect(paid).toMatchObject({ status: "Paid", orderNumber: created.orderNumber });
    expect(paid.subscriptionIDs).toHaveLength(1);
    expect(Sales.currentOrder).toMatchObject({ orderNumber: created.orderNumber, status: "Paid" });
    // Paying again is refused with 300016 (the order is paid) and charges nothing more.
    const charges = await count(context.server.db, "accounts_test_provider_charges", "outcome LIKE '%succeeded%'");
    expect(await rejection(Sales.finalizePayment(created.orderNumber!, PAYMENT_METHOD_ID, TEST_CARD_NUMBERS.success))).toMatchObject({
      code: ErrorCodes.orderAlreadyPaid,
      message: "Este pedido ya está pagado",
      status: "Paid",
    });
    expect(await count(context.server.db, "accounts_test_provider_charges", "outcome LIKE '%succeeded%'")).toBe(charges);
    expect(await count(context.server.db, "accounts_subscriptions", "order_number = $1", [created.orderNumber])).toBe(1);
    await expect(Sales.getCart()).resolves.toMatchObject({ items: [] });
    const receipt = await lastMail(context.server.db, email, "recibo");
    expect(receipt?.subject).toBe(`Recibo de compra — pedido ${created.orderNumber}`);
    expect(receipt?.text_body).toContain("Total pagado: $199.000 con la tarjeta terminada en 4242");
    const subscriptions = await Sales.getAllSubscriptions();
    expect(subscriptions).toEqual([expect.objectContaining({ subscriptionID: paid.subscriptionIDs[0], status: 1, sku: DIGITAL_ANNUAL_SKU })]);
    const details = await Sales.getSubscriptionDetails(paid.subscriptionIDs[0]);
    expect(details).toMatchObject({ status: 1, currentPaymentMethod: { lastFour: "4242", paymentPartner: "TestPay" }, billingAddress: BILLING });
    await expect(Sales.getAddresses()).resolves.toEqual([BILLING]);
    await expect(Identity.getUserSegments()).resolves.toEqual({ id: 1, segment: "suscriptor" });
  });

  it("completes a 3-D Secure payment in two steps", async () => {
    await signUp();
    const created = await order();
    const challenge = (await Sales.finalizePayment(created.orderNumber!, PAYMENT_METHOD_ID, TEST_CARD_NUMBERS.threeDSecure)) as {
      status: string;
      threeDSecure: { token: string; challengeUrl: string };
    };
    expect(challenge).toMatchObject({ status: "Pending", threeDSecure: { required: true } });
    const page = await (await fetch(`${context.server.origin}${challenge.threeDSecure.challengeUrl}`)).text();
    expect(page).toContain("Verificación de tu banco (prueba)");
    // The issuer's page reports the reader's choice to the server; the provider reads it back.
    expect((await issuerAnswers(challenge.threeDSecure.token, true)).status).toBe(200);
    expect((await issuerAnswers(challenge.threeDSecure.token, false)).status).toBe(409);
    const paid = await Sales.finalizePayment3ds(created.orderNumber!, PAYMENT_METHOD_ID, challenge.threeDSecure.token, {}, true);
    expect(paid).toMatchObject({ status: "Paid" });
    // A failed challenge declines with 300170, whatever the browser says.
    const second = await order([{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: PRICE_CODE, gift: true }]);
    const other = (await Sales.finalizePayment(second.orderNumber!, PAYMENT_METHOD_ID, TEST_CARD_NUMBERS.threeDSecure)) as { threeDSecure: { token: string } };
    await issuerAnswers(other.threeDSecure.token, false);
    expect(await rejection(Sales.finalizePayment3ds(second.orderNumber!, PAYMENT_METHOD_ID, other.threeDSecure.token, {}, true))).toMatchObject({
      code: ErrorCodes.paymentRejected,
    });
  });

  it("cancels (3) and rescues (1) with 300059 and 330060 when not possible, and 330061/330062 for another reader", async () => {
    const id = await subscribe();
    await expect(Sales.cancelSubscription(id, "Precio", "1")).resolves.toEqual({ subscriptionID: id });
    expect(Sales.subscriptions.find((s: { subscriptionID: number; status: number }) => s.subscriptionID === id)?.status).toBe(3);
    expect(await rejection(Sales.cancelSubscription(id, "Otra vez", "1"))).toMatchObject({ code: ErrorCodes.subscriptionNotCancellable });
    // A cancelled subscription still entitles until its period ends.
    await expect(entitlementFor(`${Identity.userIdentity.accessToken}`, "3", ["/politica"])).resolves.toMatchObject({ entitled: true });
    await expect(Sales.rescueSubscription(id)).resolves.toEqual({ subscriptionID: id });
    expect((await Sales.getSubscriptionDetails(id)).status).toBe(1);
    expect(await rejection(Sales.rescueSubscription(id))).toMatchObject({ code: ErrorCodes.alreadyRescued });
    resetSdks();
    await signUp();
    expect(await rejection(Sales.cancelSubscription(id, "x", "1"))).toMatchObject({ code: ErrorCodes.cancelNotAllowed });
    expect(await rejection(Sales.rescueSubscription(id))).toMatchObject({ code: ErrorCodes.rescueNotAllowed });
    expect(await rejection(Sales.getSubscriptionDetails(id))).toMatchObject({ code: ErrorCodes.subscriptionNotFound });
  });

  it("lists active subscriptions sorted by status and changes the billing address", async () => {
    // A reader holds one own subscription of a product (a second is refused), so the second active
    // one here is a place in another subscriber's.
    const email = newEmail();
    const first = await subscribe(email);
    const reader = { ...Identity.userIdentity };
    await Sales.cancelSubscription(first, "Precio", "1");
    expect(await rejection(order())).toMatchObject({ code: ErrorCodes.conflict, alreadySubscribed: true });
    resetSdks();
    const shared = await Sales.shareSubscription(await subscribe(), email);
    resetSdks();
    Identity.userIdentity = reader;
    await verifyEmail(email);
    const second = await Sales.redeemAssociateInvitation(shared.redeemCode);
    const active = await Sales.getAllActiveSubscriptions();
    expect(active.map((s: { subscriptionID: number; status: number }) => [s.subscriptionID, s.status])).toEqual([
      [second.subscriptionID, 1],
      [first, 3],
    ]);
    const address = { line1: "Calle 10 # 5-51", locality: "Cali", region: "Valle del Cauca", country: "CO" };
    // The answer also says where the subscription delivers; whether that change waits depends on the
    // hour and day of the run (docs/decisions/0063-address-change-cutoff.md): only the billing is asserted.
    await expect(Sales.updateBillingAddress(address as never, first)).resolves.toMatchObject(address);
    expect(await rejection(Sales.updateBillingAddress({ ...address, country: "Colombia" } as never, first))).toMatchObject({
      code: ErrorCodes.addressCountryInvalid,
    });
    expect((await Sales.getSubscriptionDetails(first)).billingAddress).toEqual(address);
  });

  it("shares with associates up to the limit (300073), who redeem and read; stop share ends it", async () => {
    const id = await subscribe();
    const owner = { ...Identity.userIdentity };
    const associates = Array.from({ length: MAX_SHARED_ASSOCIATES }, () => newEmail());
    const codes = [];
    for (const email of associates) codes.push((await Sales.shareSubscription(id, email)).redeemCode);
    expect(await rejection(Sales.shareSubscription(id, newEmail()))).toMatchObject({ code: ErrorCodes.sharedToMaximum });
    const invitation = await lastMail(context.server.db, associates[0], "invitacion");
    expect(invitation?.nonce).toBe(codes[0]);
    const sharing = await Sales.getSubscriptionSharingDetails(id);
    expect(sharing.sharedSubscriptions.map((s: { email: string }) => s.email)).toEqual(associates);

    resetSdks();
    await signUp(associates[0]);
    // Invitations go only to the account that verified the invited e-mail.
    await verifyEmail(associates[0]);
    await expect(entitlementFor(Identity.userIdentity.accessToken, "3", ["/politica"])).resolves.toMatchObject({ entitled: false });
    const redeemed = await Sales.redeemAssociateInvitation(codes[0]);
    await expect(entitlementFor(Identity.userIdentity.accessToken, "3", ["/politica"])).resolves.toMatchObject({ entitled: true, reason: "subscriber" });
    expect(await rejection(Sales.redeemAssociateInvitation(codes[0]))).toMatchObject({ code: ErrorCodes.alreadyInGroup });
    // An associate may not cancel the shared subscription.
    expect(await rejection(Sales.cancelSubscription(redeemed.subscriptionID, "x", "1"))).toMatchObject({ code: ErrorCodes.cancelNotAllowed });
    const associateToken = Identity.userIdentity.accessToken;

    resetSdks();
    Identity.userIdentity = owner;
    await Sales.getSubscriptionSharingDetails(id);
    await expect(Sales.stopSharing(redeemed.subscriptionID)).resolves.toEqual({ subscriptionID: redeemed.subscriptionID });
    expect(Sales.sharedSubscriptions.map((s: { subscriptionID: number }) => s.subscriptionID)).not.toContain(redeemed.subscriptionID);
    await expect(entitlementFor(associateToken, "3", ["/politica"])).resolves.toMatchObject({ entitled: false });
    // A place is free again.
    await expect(Sales.shareSubscription(id, newEmail())).resolves.toMatchObject({ redeemCode: expect.any(String) });
  });

  it("buys a gift, names its recipient, and the recipient redeems it", async () => {
    await signUp();
    const created = await order([{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: PRICE_CODE, gift: true }]);
    await Sales.finalizePayment(created.orderNumber!, PAYMENT_METHOD_ID, TEST_CARD_NUMBERS.success);
    const [gift] = (await Sales.getAllSubscriptions()) as Array<{ subscriptionID: number; redeemCode: string }>;
    expect(gift.redeemCode).toBeTruthy();
    // The buyer is not entitled by a gift.
    await expect(entitlementFor(Identity.userIdentity.accessToken, "3", ["/politica"])).resolves.toMatchObject({ entitled: false });
    const recipient = newEmail();
    const answer = await Sales.setGiftRecipient(gift.redeemCode, { email: recipient, name: "Lucía", note: "¡Feliz cumpleaños!" });
    expect(answer).toMatchObject({ subscriptionID: gift.subscriptionID, redeemCode: gift.redeemCode, email: recipient });
    expect((await lastMail(context.server.db, recipient, "regalo"))?.text_body).toContain("¡Feliz cumpleaños!");
    resetSdks();
    await signUp(recipient);
    await verifyEmail(recipient);
    await expect(Sales.redeemGiftSubscription(gift.redeemCode)).resolves.toEqual({ subscriptionID: gift.subscriptionID });
    await expect(Sales.getAllSubscriptions()).resolves.toEqual([expect.objectContaining({ subscriptionID: gift.subscriptionID, status: 1 })]);
    expect(await rejection(Sales.redeemGiftSubscription(gift.redeemCode))).toMatchObject({ code: ErrorCodes.conflict });
  });

  it("pages the order history (10 from 0 by default, status filter) and shows an order's detail", async () => {
    await signUp();
    const paidOrder = await order();
    await Sales.finalizePayment(paidOrder.orderNumber!, PAYMENT_METHOD_ID, TEST_CARD_NUMBERS.success);
    await Sales.clearCart();
    const pending = await order([{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: PRICE_CODE, gift: true }]);
    const history = await Sales.getOrderHistory();
    expect(history).toMatchObject({ start: 0, pageSize: 10, maxResults: 2 });
    expect(history.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([pending.orderNumber, paidOrder.orderNumber]);
    expect(history.orders[1]).toMatchObject({ orderStatus: "Paid", lastFour: "4242", products: [{ sku: DIGITAL_ANNUAL_SKU, quantity: 1 }] });
    const paidOnly = await Sales.getOrderHistory(0, 10, { status: "Paid" } as never);
    expect(paidOnly.orders.map((o: { orderNumber: string }) => o.orderNumber)).toEqual([paidOrder.orderNumber]);
    await expect(Sales.getOrderHistory(1, 1)).resolves.toMatchObject({ start: 1, orders: [{ orderNumber: paidOrder.orderNumber }] });
    const detail = await Sales.getOrderDetails(paidOrder.orderNumber!);
    expect(detail).toMatchObject({
      orderNumber: paidOrder.orderNumber,
      status: "Paid",
      total: DIGITAL_ANNUAL_PRICE,
      payments: [{ amount: DIGITAL_ANNUAL_PRICE }],
    });
  });

  it("updates the payment method of a subscription, with 3-D Secure and declines", async () => {
    const id = await subscribe();
    const paymentId = (await Sales.getSubscriptionDetails(id)).currentPaymentMethod.paymentMethodID;
    await expect(Sales.initializePaymentUpdate(paymentId, PAYMENT_METHOD_ID)).resolves.toMatchObject({ parameter1: "TestPay" });
    expect(await rejection(Sales.finalizePaymentUpdate(paymentId, PAYMENT_METHOD_ID, TEST_CARD_NUMBERS.expired))).toMatchObject({
      code: ErrorCodes.cardExpired,
    });
    const updated = (await Sales.finalizePaymentUpdate(paymentId, PAYMENT_METHOD_ID, TEST_CARD_NUMBERS.successMastercard)) as {
      paymentMethodID: number;
      creditCardLastFour: string;
    };
    expect(updated.creditCardLastFour).toBe("4444");
    expect((await Sales.getSubscriptionDetails(id)).currentPaymentMethod).toMatchObject({ lastFour: "4444", paymentMethodID: updated.paymentMethodID });
    const challenge = (await Sales.finalizePaymentUpdate(updated.paymentMethodID, PAYMENT_METHOD_ID, TEST_CARD_NUMBERS.threeDSecure)) as {
      threeDSecure: { token: string };
    };
    await issuerAnswers(challenge.threeDSecure.token, true);
    const finished = (await Sales.finalizePaymentUpdate3ds(updated.paymentMethodID, PAYMENT_METHOD_ID, challenge.threeDSecure.token, {}, true)) as {
      creditCardLastFour: string;
    };
    expect(finished.creditCardLastFour).toBe("3220");
    expect((await Sales.getSubscriptionDetails(id)).currentPaymentMethod.lastFour).toBe("3220");
  });

  it("lets a guest buy with the cart cookie; the purchase joins the account when its e-mail is verified", async () => {
    const email = newEmail();
    await Sales.addItemToCart([{ sku: DIGITAL_ANNUAL_SKU, quantity: 1, priceCode: PRICE_CODE }] as never, BILLING as never);
    const created = await Sales.createNewOrder(BILLING as never, email, "3001234567", "Laura", "Mejía");
    const paid = (await Sales.finalizePayment(created.orderNumber!, PAYMENT_METHOD_ID, TEST_CARD_NUMBERS.success)) as { subscriptionIDs: number[] };
    expect(paid.subscriptionIDs).toHaveLength(1);
    context.jar.clear();
    await signUp(email);
    // Not before the address is proven.
    await expect(Sales.getAllSubscriptions()).resolves.toEqual([]);
    const verification = await lastMail(context.server.db, email, "verificacion");
    await Identity.verifyEmail(verification!.nonce!);
    await expect(Sales.getAllSubscriptions()).resolves.toEqual([expect.objectContaining({ subscriptionID: paid.subscriptionIDs[0], status: 1 })]);
  });

  it("links an AMP reader id to the account and answers its entitlement", async () => {
    const readerId = `amp-${Date.now()}`;
    const put = (path: string, body: unknown, token?: string) =>
      fetch(`${context.server.origin}/sales/public/v1/amp${path}`, {
        method: "PUT",
        headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      });
    expect(await (await put("/", { ampReaderId: readerId })).json()).toEqual({ ampReaderId: readerId, linked: false });
    expect(await (await fetch(`${context.server.origin}/sales/public/v1/amp/${readerId}`)).json()).toMatchObject({ granted: false, data: { loggedIn: false } });
    await subscribe();
    expect((await put("/add", { ampReaderId: readerId })).status).toBe(401);
    expect(await (await put("/add", { ampReaderId: readerId }, Identity.userIdentity.accessToken)).json()).toEqual({ ampReaderId: readerId, linked: true });
    expect(
      await (await fetch(`${context.server.origin}/sales/public/v1/amp`, { headers: { Authorization: `Bearer ${Identity.userIdentity.accessToken}` } })).json(),
    ).toEqual({ ampReaderIds: [readerId] });
    expect(await (await fetch(`${context.server.origin}/sales/public/v1/amp/${readerId}`)).json()).toMatchObject({ granted: true, grantReason: "SUBSCRIBER" });
  });

  it("refuses logged-in calls without a valid token with 'Missing or invalid jwt'", async () => {
    for (const path of ["/subscription/all", "/subscription/allactive", "/order/history", "/checkout/addresses"]) {
      const response = await fetch(`${context.server.origin}/sales/public/v1${path}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ code: ErrorCodes.sessionExpiredLogInAgain, message: "Missing or invalid jwt" });
    }
    const bare = await fetch(`${context.server.origin}/sales/public/v1/subscription/all`, { headers: { Authorization: "no.es.un.jwt" } });
    expect(await bare.json()).toMatchObject({ code: ErrorCodes.sessionExpiredLogInAgain, message: expect.stringContaining("Missing or invalid jwt") });
  });

  it("makes the paywall decision from the access cookie a sign-in sets", async () => {
    await subscribe();
    const cookie = `${ACCESS_TOKEN_COOKIE}=${context.jar.cookies.get(ACCESS_TOKEN_COOKIE)}`;
    await expect(entitlementFor({ cookie }, "3", ["/politica"])).resolves.toMatchObject({
      entitled: true,
      reason: "subscriber",
      uuid: Identity.userIdentity.uuid,
    });
    // Hours later the access token has expired but the session is open: still entitled.
    context.server.advance(3 * 60 * 60 * 1000);
    await expect(entitlementFor({ cookie }, "3", ["/politica"])).resolves.toMatchObject({ entitled: true });
    await Identity.logout();
    await expect(entitlementFor({ cookie }, "3", ["/politica"])).resolves.toMatchObject({ entitled: false, reason: "invalid-token" });
  });
});
