// The Sales API's buying routes: the cart, the order and its payment (with the test provider's
// simulated 3-D Secure issuer), a reader's card update and their order history.
import type express from "express";
import { authenticate, limitAnonymousWrite, type AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { bodyObject, handle, noStore } from "../http";
import { quoteInput } from "../input";
import { TEST_CHALLENGE_PATH, TEST_CHALLENGE_SCRIPT, TEST_CHALLENGE_SCRIPT_PATH, testChallengePage, TestPaymentProvider } from "../payments/test-provider";
import { checkCartAddress, checkItems, createsAnonymousCart, mergeItems, cartView, lockCart, saveCart } from "./cart";
import { bindRenewalItems } from "./offers";
import { accessibleOrder, createOrder, orderHistory, orderView } from "./orders";
import { finalizePayment, finalizePayment3ds, initializePayment } from "./checkout";
import { finalizePaymentUpdate, finalizePaymentUpdate3ds, initializePaymentUpdate } from "./payment-method-update";
import { paymentOptions } from "./payment-steps";
import { V1 } from "./api-paths";
import { CACHE_CONTROL } from "../../platform/caching";

export function registerCheckoutRoutes(router: express.Router, ctx: AccountsContext) {
  // --- Cart -------------------------------------------------------------------------------------

  router.get(
    `${V1}/cart`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, false);
      return ctx.db.transaction(async (tx) => cartView(await lockCart(ctx, tx, req, res, caller, false)));
    }),
  );

  const addToCart = handle(async (req, res) => {
    noStore(res);
    const caller = await authenticate(ctx, req, false);
    const body = bodyObject(req);
    const items = checkItems(body.items);
    const billingAddress = body.billingAddress ? checkCartAddress(body.billingAddress) : undefined;
    // A cart anyone can create without an account: counted per client address.
    if (await createsAnonymousCart(ctx, req, caller)) await limitAnonymousWrite(ctx, req, "cart");
    return ctx.db.transaction(async (tx) => {
      // The renewal price only for the reader it was offered to (sales/offers.ts), before any cart is made.
      const bound = await bindRenewalItems(ctx, tx, caller, items);
      const cart = (await lockCart(ctx, tx, req, res, caller, true))!;
      return cartView(await saveCart(ctx, tx, cart, mergeItems(cart.items, bound), billingAddress ?? cart.billing_address));
    });
  });
  router.post(`${V1}/cart/item`, addToCart);
  router.post(`${V1}/cart/add`, addToCart);

  router.delete(
    `${V1}/cart/item/:sku`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, false);
      return ctx.db.transaction(async (tx) => {
        const cart = await lockCart(ctx, tx, req, res, caller, false);
        if (!cart) throw new ApiError(404, ErrorCodes.cartNotFound, "No hay carrito");
        if (!cart.items.some((i) => i.sku === req.params.sku))
          throw new ApiError(404, ErrorCodes.cartUnknownSku, `El producto ${quoteInput(req.params.sku)} no está en el carrito`);
        return cartView(
          await saveCart(
            ctx,
            tx,
            cart,
            cart.items.filter((i) => i.sku !== req.params.sku),
            cart.billing_address,
          ),
        );
      });
    }),
  );

  router.delete(
    `${V1}/cart/clear`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, false);
      return ctx.db.transaction(async (tx) => {
        const cart = await lockCart(ctx, tx, req, res, caller, false);
        return cartView(cart ? await saveCart(ctx, tx, cart, [], cart.billing_address) : null);
      });
    }),
  );

  // --- Checkout -----------------------------------------------------------------------------------

  router.post(
    `${V1}/checkout/order`,
    handle(async (req, res) => {
      noStore(res);
      return createOrder(ctx, req, res, await authenticate(ctx, req, false), bodyObject(req));
    }),
  );

  router.get(
    `${V1}/checkout/payment/options`,
    handle(async (_req, res) => (noStore(res), paymentOptions(ctx))),
  );

  router.get(
    `${V1}/checkout/addresses`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, true);
      const { rows } = await ctx.db.query<{ address: unknown }>(
        `SELECT DISTINCT billing_address::text AS address FROM (
           SELECT billing_address FROM accounts_orders WHERE user_uuid = $1 AND billing_address IS NOT NULL
           UNION ALL SELECT billing_address FROM accounts_subscriptions WHERE user_uuid = $1 AND billing_address IS NOT NULL) a`,
        [caller.uuid],
      );
      return rows.map((r) => JSON.parse(String(r.address)));
    }),
  );

  router.get(
    `${V1}/checkout/order/:orderNumber/payment/:paymentMethodId`,
    handle(async (req, res) => {
      noStore(res);
      return initializePayment(ctx, req, await authenticate(ctx, req, false), req.params.orderNumber, req.params.paymentMethodId);
    }),
  );

  router.put(
    `${V1}/checkout/order/:orderNumber/payment/:paymentMethodId`,
    handle(async (req, res) => {
      noStore(res);
      return finalizePayment(ctx, req, await authenticate(ctx, req, false), req.params.orderNumber, req.params.paymentMethodId, bodyObject(req));
    }),
  );

  router.put(
    `${V1}/checkout/3ds/order/:orderNumber/payment/:paymentMethodId`,
    handle(async (req, res) => {
      noStore(res);
      return finalizePayment3ds(ctx, req, await authenticate(ctx, req, false), req.params.orderNumber, req.params.paymentMethodId, bodyObject(req));
    }),
  );

  // The test provider's simulated issuer for its 3-D Secure card: the page, and where the page
  // reports the reader's choice (the provider reads it back in completeChallenge). Only while the
  // test provider is configured.
  const testProvider = () => {
    const provider = ctx.paymentProviders.find((p): p is TestPaymentProvider => p instanceof TestPaymentProvider);
    if (!provider) throw new ApiError(404, ErrorCodes.notFound, "El proveedor de pagos de prueba no está activo");
    return provider;
  };
  router.get(
    TEST_CHALLENGE_SCRIPT_PATH,
    handle(async (_req, res) => {
      testProvider();
      res.type("text/javascript").set("Cache-Control", CACHE_CONTROL.none).send(TEST_CHALLENGE_SCRIPT);
    }),
  );
  router.get(
    `${TEST_CHALLENGE_PATH}:token`,
    handle(async (req, res) => {
      testProvider();
      res.type("html").set("Cache-Control", CACHE_CONTROL.none).send(testChallengePage(req.params.token));
    }),
  );
  router.post(
    `${TEST_CHALLENGE_PATH}:token/result`,
    handle(async (req, res) => {
      noStore(res);
      const provider = testProvider();
      const succeeded = bodyObject(req).succeeded;
      if (typeof succeeded !== "boolean") throw new ApiError(400, ErrorCodes.badRequest, "succeeded debe ser true o false", { field: "succeeded" });
      if (!(await provider.recordChallengeResult(req.params.token, succeeded)))
        throw new ApiError(409, ErrorCodes.conflict, "Esa verificación 3-D Secure no existe o ya fue respondida");
      return { token: req.params.token, result: succeeded ? "authenticated" : "failed" };
    }),
  );

  // --- Payment-method update ----------------------------------------------------------------------

  router.put(
    `${V1}/paymentmethod/:paymentId/provider/:paymentMethodId`,
    handle(async (req) => initializePaymentUpdate(ctx, await authenticate(ctx, req, true), req.params.paymentId, req.params.paymentMethodId)),
  );
  router.put(
    `${V1}/paymentmethod/:paymentId/provider/:paymentMethodId/finalize`,
    handle(async (req) => finalizePaymentUpdate(ctx, await authenticate(ctx, req, true), req.params.paymentId, req.params.paymentMethodId, bodyObject(req))),
  );
  router.put(
    `${V1}/paymentmethod/:paymentId/provider/:paymentMethodId/finalize3ds`,
    handle(async (req) => finalizePaymentUpdate3ds(ctx, await authenticate(ctx, req, true), req.params.paymentId, req.params.paymentMethodId, bodyObject(req))),
  );

  // --- Orders ---------------------------------------------------------------------------------------

  router.get(
    `${V1}/order/history`,
    handle(async (req, res) => (noStore(res), orderHistory(ctx, await authenticate(ctx, req, true), req.query as Record<string, unknown>))),
  );

  router.get(
    `${V1}/order/detail/:orderNumber`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction(async (tx) => orderView(tx, await accessibleOrder(tx, req, caller, req.params.orderNumber)));
    }),
  );
}
