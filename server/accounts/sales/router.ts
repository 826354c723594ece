// The Sales API under /sales/public/v1, as the unmodified @arc-publishing/sdk-sales calls it.
// Logged-in calls send the access token (as "Bearer <token>" or bare); anonymous cart and
// checkout calls rely on the cart cookie.
import express from "express";
import { authenticate, type AccountsContext } from "../context";
import { ENTITLED_STATUSES_FOR_LOCKED_CONTENT, subscriptionStatusesOf } from "../entitlement";
import { ApiError, ErrorCodes } from "../errors";
import { bodyObject, handle, optionalString, requiredString } from "../http";
import { TEST_CHALLENGE_PATH, TEST_CHALLENGE_SCRIPT, TEST_CHALLENGE_SCRIPT_PATH, testChallengePage, TestPaymentProvider } from "../payments/test-provider";
import { checkBillingAddress, checkItems, mergeItems, cartView, lockCart, saveCart } from "./cart";
import { offerView } from "../../../domain/catalog";
import {
  accessibleOrder,
  createOrder,
  finalizePayment,
  finalizePayment3ds,
  finalizePaymentUpdate,
  finalizePaymentUpdate3ds,
  initializePayment,
  initializePaymentUpdate,
  orderHistory,
  orderView,
  paymentOptions,
} from "./checkout";
import {
  cancelSubscription,
  detailView,
  effectiveStatus,
  readableSubscription,
  redeemGift,
  redeemShare,
  rescueSubscription,
  setGiftRecipient,
  shareSubscription,
  sharingDetails,
  stopSharing,
  subscriptionsOf,
  summaryView,
  updateBillingAddress,
} from "./subscriptions";

const V1 = "/sales/public/v1";
const ACTIVE_LIST_STATUSES = [1, 3, 4, 5];
const AMP_READER_ID_PATTERN = /^[A-Za-z0-9_.:-]{1,200}$/;
const MAX_CANCEL_REASON_LENGTH = 1000;

export function createSalesRouter(ctx: AccountsContext): express.Router {
  const router = express.Router();
  const noStore = (res: express.Response) => res.set("Cache-Control", "no-store");

  router.get(
    `${V1}/config`,
    handle(async () => ({
      checkoutRecaptchaEnabled: !!ctx.captcha.checkout,
      recaptchaKey: ctx.captcha.siteKey ?? null,
      authProviderTypeId: 1,
      cancelReasons: ["Precio", "No tengo tiempo para leer", "Problemas técnicos", "Encontré la información en otro lugar", "Otro motivo"],
    })),
  );

  // Not an Arc call: the offer with its product and prices, for the store and checkout pages.
  router.get(
    `${V1}/offer/:id`,
    handle(async (req) => {
      const offer = offerView(req.params.id);
      if (!offer) throw new ApiError(404, ErrorCodes.notFound, `No existe la oferta ${req.params.id}`);
      return offer;
    }),
  );

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
    const billingAddress = body.billingAddress ? checkBillingAddress(body.billingAddress) : undefined;
    return ctx.db.transaction(async (tx) => {
      const cart = (await lockCart(ctx, tx, req, res, caller, true))!;
      return cartView(await saveCart(ctx, tx, cart, mergeItems(cart.items, items), billingAddress ?? cart.billing_address));
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
          throw new ApiError(404, ErrorCodes.cartUnknownSku, `El producto ${req.params.sku} no está en el carrito`);
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
      res.type("text/javascript").set("Cache-Control", "no-store").send(TEST_CHALLENGE_SCRIPT);
    }),
  );
  router.get(
    `${TEST_CHALLENGE_PATH}:token`,
    handle(async (req, res) => {
      testProvider();
      res.type("html").set("Cache-Control", "no-store").send(testChallengePage(req.params.token));
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

  // --- Subscriptions --------------------------------------------------------------------------------

  router.get(
    `${V1}/subscription/all`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction(async (tx) => Promise.all((await subscriptionsOf(tx, caller.uuid)).map((s) => summaryView(ctx, tx, s))));
    }),
  );

  router.get(
    `${V1}/subscription/allactive`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction(async (tx) => {
        const rows = (await subscriptionsOf(tx, caller.uuid)).filter(
          (s) => s.user_uuid === caller.uuid && ACTIVE_LIST_STATUSES.includes(effectiveStatus(s, ctx.now())),
        );
        const views = await Promise.all(rows.map((s) => summaryView(ctx, tx, s)));
        return views.sort((a, b) => a.statusID - b.statusID || a.subscriptionID - b.subscriptionID);
      });
    }),
  );

  router.put(
    `${V1}/subscription/address`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const body = bodyObject(req);
      return ctx.db.transaction((tx) => updateBillingAddress(ctx, tx, caller.uuid, body.subscriptionID, body.billingAddress));
    }),
  );

  router.post(
    `${V1}/subscription/redeem`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const token = requiredString(bodyObject(req).token, "token");
      return ctx.db.transaction((tx) => redeemShare(ctx, tx, caller.uuid, token));
    }),
  );

  router.post(
    `${V1}/subscription/gift/redeem`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const token = requiredString(bodyObject(req).token, "token");
      return ctx.db.transaction((tx) => redeemGift(ctx, tx, caller.uuid, token));
    }),
  );

  router.put(
    `${V1}/subscription/gift/:code`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const body = bodyObject(req);
      const result = await ctx.db.transaction((tx) => setGiftRecipient(ctx, tx, caller.uuid, req.params.code, body));
      void ctx.outbox.flush();
      return result;
    }),
  );

  router.get(
    `${V1}/subscription/:id/details`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction(async (tx) => detailView(ctx, tx, await readableSubscription(tx, caller.uuid, req.params.id)));
    }),
  );

  router.put(
    `${V1}/subscription/:id/cancel`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const body = bodyObject(req);
      const reason =
        [optionalString(body.reasonCode === undefined ? undefined : String(body.reasonCode), "reasonCode"), optionalString(body.reason, "reason")]
          .filter(Boolean)
          .join(": ") || null;
      if (reason && reason.length > MAX_CANCEL_REASON_LENGTH)
        throw new ApiError(400, ErrorCodes.badRequest, `El motivo admite como máximo ${MAX_CANCEL_REASON_LENGTH} caracteres`, { field: "reason" });
      return ctx.db.transaction((tx) => cancelSubscription(ctx, tx, caller.uuid, req.params.id, reason));
    }),
  );

  router.put(
    `${V1}/subscription/:id/rescue`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction((tx) => rescueSubscription(ctx, tx, caller.uuid, req.params.id));
    }),
  );

  router.get(
    `${V1}/subscription/:id/sharing`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction((tx) => sharingDetails(ctx, tx, caller.uuid, req.params.id));
    }),
  );

  router.put(
    `${V1}/subscription/:id/share`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const email = bodyObject(req).email;
      const result = await ctx.db.transaction((tx) => shareSubscription(ctx, tx, caller.uuid, req.params.id, email));
      void ctx.outbox.flush();
      return result;
    }),
  );

  router.put(
    `${V1}/subscription/:id/stopshare`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction((tx) => stopSharing(ctx, tx, caller.uuid, req.params.id));
    }),
  );

  // --- AMP reader ids --------------------------------------------------------------------------------
  // AMP pages cannot read the site's storage; the AMP READER_ID stands in for the reader. Linking it
  // to the account (after sign-in) lets GET /amp/:id answer the AMP entitlement for it.

  function readerId(value: unknown): string {
    const id = requiredString(value, "ampReaderId");
    if (!AMP_READER_ID_PATTERN.test(id))
      throw new ApiError(400, ErrorCodes.badRequest, "ampReaderId no es un identificador de lector AMP válido", { field: "ampReaderId" });
    return id;
  }

  router.put(
    `${V1}/amp/add`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const id = readerId(bodyObject(req).ampReaderId);
      await ctx.db.query(
        `INSERT INTO accounts_amp_readers (reader_id, user_uuid, created_at, linked_at) VALUES ($1, $2, $3, $3)
         ON CONFLICT (reader_id) DO UPDATE SET user_uuid = EXCLUDED.user_uuid, linked_at = EXCLUDED.linked_at`,
        [id, caller.uuid, ctx.now()],
      );
      return { ampReaderId: id, linked: true };
    }),
  );

  router.put(
    `${V1}/amp`,
    handle(async (req) => {
      const id = readerId(bodyObject(req).ampReaderId);
      await ctx.db.query("INSERT INTO accounts_amp_readers (reader_id, created_at) VALUES ($1, $2) ON CONFLICT (reader_id) DO NOTHING", [id, ctx.now()]);
      const { rows } = await ctx.db.query<{ user_uuid: string | null }>("SELECT user_uuid FROM accounts_amp_readers WHERE reader_id = $1", [id]);
      return { ampReaderId: id, linked: !!rows[0]?.user_uuid };
    }),
  );

  router.get(
    `${V1}/amp`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, true);
      const { rows } = await ctx.db.query<{ reader_id: string }>("SELECT reader_id FROM accounts_amp_readers WHERE user_uuid = $1 ORDER BY linked_at DESC", [
        caller.uuid,
      ]);
      return { ampReaderIds: rows.map((r) => r.reader_id) };
    }),
  );

  router.get(
    `${V1}/amp/:id`,
    handle(async (req, res) => {
      noStore(res);
      const id = readerId(req.params.id);
      const { rows } = await ctx.db.query<{ user_uuid: string | null }>("SELECT user_uuid FROM accounts_amp_readers WHERE reader_id = $1", [id]);
      const uuid = rows[0]?.user_uuid;
      const statuses = uuid ? await subscriptionStatusesOf(ctx.db, uuid, ctx.now()) : [];
      const granted = statuses.some((s) => (ENTITLED_STATUSES_FOR_LOCKED_CONTENT as readonly number[]).includes(s));
      // The amp-subscriptions entitlement shape.
      return { ampReaderId: id, granted, grantReason: granted ? "SUBSCRIBER" : null, data: { loggedIn: !!uuid } };
    }),
  );

  // --- Subscribe with Google --------------------------------------------------------------------------
  // Linking needs Google's Subscription Linking credentials, which this server does not have yet.
  const swgUnavailable: express.RequestHandler = (_req, res) => {
    res
      .status(501)
      .json({ code: ErrorCodes.notImplemented, message: "La vinculación con Suscríbete con Google no está configurada en este servidor", httpStatus: 501 });
  };
  router.post(`${V1}/swg/purchase`, swgUnavailable);
  router.post(`${V1}/swg/exists`, swgUnavailable);
  router.post(`${V1}/swg/loginexists`, swgUnavailable);

  return router;
}
