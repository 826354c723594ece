// The Sales API under /sales/public/v1, as the unmodified @arc-publishing/sdk-sales calls it.
// Logged-in calls send the access token (as "Bearer <token>" or bare); anonymous cart and
// checkout calls rely on the cart cookie.
import express from "express";
import type { Queryable } from "../../platform/database";
import { enforceDeviceLimit } from "../identity/devices";
import { openSession } from "../identity/sessions";
import { sha256 } from "../tokens";
import { authenticate, limitAnonymousWrite, type AccountsContext } from "../context";
import { ENTITLED_STATUSES_FOR_LOCKED_CONTENT, subscriptionStatusesOf } from "../entitlement";
import { ApiError, ErrorCodes } from "../errors";
import { bodyObject, handle } from "../http";
import { AMP_READER_ID, CODE, LINK_TOKEN, optionalText, quoteInput, requiredId, requiredText, type TextRule } from "../input";
import { TEST_CHALLENGE_PATH, TEST_CHALLENGE_SCRIPT, TEST_CHALLENGE_SCRIPT_PATH, testChallengePage, TestPaymentProvider } from "../payments/test-provider";
import { checkCartAddress, checkItems, createsAnonymousCart, mergeItems, cartView, lockCart, saveCart } from "./cart";
import { offerView } from "../../domain/catalog";
import { CANCEL_REASONS } from "../../domain/cancelReasons";
import { bindRenewalItems, customerSegments } from "./offers";
import { accessibleOrder, createOrder, orderHistory, orderView } from "./orders";
import { finalizePayment, finalizePayment3ds, initializePayment } from "./checkout";
import { finalizePaymentUpdate, finalizePaymentUpdate3ds, initializePaymentUpdate } from "./payment-method-update";
import { paymentOptions } from "./payment-steps";
import { cancelSubscription, effectiveStatus, readableSubscription, rescueSubscription } from "./subscriptions";
import { detailView, subscriptionsOf, summaryView } from "./subscription-views";
import { updateAddresses } from "./subscription-addresses";
import { redeemShare, shareSubscription, sharingDetails, stopSharing } from "./sharing";
import { redeemGift, setGiftRecipient } from "./gifts";
import { linkSwgSubscription, signedEntitlementsOf, swgSubscription } from "./swg";
import { requestTransfer, transferRequestOf } from "./transfers";
import { transferApiPath } from "../../domain/transfer";

const V1 = "/sales/public/v1";
/** The customer-segment lookup: POST {correo}; answers data.ObtenerSegmentosClienteResult. */
export const SEGMENT_LOOKUP_PATH = "/s3plus/obtenersegmentoscliente";
const ACTIVE_LIST_STATUSES = [1, 3, 4, 5];
/** A cancellation's reason code and free text together (multi-line: a reader may write paragraphs). */
export const MAX_CANCEL_REASON_LENGTH = 1000;
/** An AMP reader id already stored is marked as seen again at most this often (reads are frequent; the mark is a write). */
const AMP_SEEN_RESOLUTION_MS = 24 * 60 * 60 * 1000;

/** The rule of each path parameter of the sales routes, checked before any handler uses it. */
const PATH_PARAMETERS: Record<string, TextRule | "id"> = {
  offerId: CODE,
  sku: CODE,
  orderNumber: CODE,
  paymentMethodId: CODE,
  paymentId: "id",
  subscriptionId: "id",
  code: LINK_TOKEN,
  token: LINK_TOKEN,
  readerId: AMP_READER_ID,
};

export function createSalesRouter(ctx: AccountsContext): express.Router {
  const router = express.Router();
  const noStore = (res: express.Response) => res.set("Cache-Control", "no-store");

  for (const [name, rule] of Object.entries(PATH_PARAMETERS)) {
    router.param(name, (_req, _res, next, value: unknown) => {
      try {
        if (rule === "id") requiredId(value, name);
        else requiredText(value, name, rule);
        next();
      } catch (error) {
        next(error);
      }
    });
  }

  router.get(
    `${V1}/config`,
    handle(async () => ({
      checkoutRecaptchaEnabled: !!ctx.captcha.checkout,
      recaptchaKey: ctx.captcha.siteKey ?? null,
      recaptchaScriptUrl: ctx.captcha.siteKey ? (ctx.captcha.scriptUrl ?? null) : null,
      authProviderTypeId: 1,
      // The cancel page offers the same list (domain/cancelReasons.ts).
      cancelReasons: CANCEL_REASONS,
    })),
  );

  // Not an Arc call: the offer with its product and prices, for the store and checkout pages.
  router.get(
    `${V1}/offer/:offerId`,
    handle(async (req) => {
      const offer = offerView(req.params.offerId);
      if (!offer) throw new ApiError(404, ErrorCodes.notFound, `No existe la oferta ${quoteInput(req.params.offerId)}`);
      return offer;
    }),
  );

  // The customer-segment lookup the banners read (docs/subscriptions-and-checkout.md#segment-lookup):
  // {correo} and the reader's access token in the Authorization header (bare or "Bearer …").
  router.post(
    SEGMENT_LOOKUP_PATH,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, true);
      return customerSegments(ctx, caller, bodyObject(req).correo);
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
      return ctx.db.transaction(async (tx) => Promise.all((await subscriptionsOf(tx, caller.uuid)).map((s) => summaryView(ctx, tx, s, caller.uuid))));
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
        const views = await Promise.all(rows.map((s) => summaryView(ctx, tx, s, caller.uuid)));
        return views.sort((a, b) => a.statusID - b.statusID || a.subscriptionID - b.subscriptionID);
      });
    }),
  );

  router.put(
    `${V1}/subscription/address`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const body = bodyObject(req);
      return ctx.db.transaction((tx) => updateAddresses(ctx, tx, caller.uuid, body));
    }),
  );

  router.post(
    `${V1}/subscription/redeem`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const token = requiredText(bodyObject(req).token, "token", LINK_TOKEN);
      return ctx.db.transaction((tx) => redeemShare(ctx, tx, caller.uuid, token));
    }),
  );

  router.post(
    `${V1}/subscription/gift/redeem`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const token = requiredText(bodyObject(req).token, "token", LINK_TOKEN);
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
    `${V1}/subscription/:subscriptionId/details`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction(async (tx) => {
        const row = await readableSubscription(tx, caller.uuid, req.params.subscriptionId);
        // Beyond the SDK's shape: the owner's open transfer request (sales/transfers.ts).
        return { ...(await detailView(ctx, tx, row, caller.uuid)), ...(await transferRequestOf(tx, row, caller.uuid)) };
      });
    }),
  );

  router.put(
    `${V1}/subscription/:subscriptionId/cancel`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const body = bodyObject(req);
      const reasonCode = typeof body.reasonCode === "number" ? String(body.reasonCode) : body.reasonCode;
      const reason =
        [
          optionalText(reasonCode, "reasonCode", { max: MAX_CANCEL_REASON_LENGTH }),
          optionalText(body.reason, "reason", { max: MAX_CANCEL_REASON_LENGTH, multiline: true }),
        ]
          .filter(Boolean)
          .join(": ") || null;
      if (reason && reason.length > MAX_CANCEL_REASON_LENGTH)
        throw new ApiError(400, ErrorCodes.badRequest, `El motivo admite como máximo ${MAX_CANCEL_REASON_LENGTH} caracteres`, { field: "reason" });
      return ctx.db.transaction((tx) => cancelSubscription(ctx, tx, caller.uuid, req.params.subscriptionId, reason));
    }),
  );

  router.put(
    `${V1}/subscription/:subscriptionId/rescue`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction((tx) => rescueSubscription(ctx, tx, caller.uuid, req.params.subscriptionId));
    }),
  );

  router.get(
    `${V1}/subscription/:subscriptionId/sharing`,
    handle(async (req, res) => {
      noStore(res);
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction((tx) => sharingDetails(ctx, tx, caller.uuid, req.params.subscriptionId));
    }),
  );

  router.put(
    `${V1}/subscription/:subscriptionId/share`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const email = bodyObject(req).email;
      const result = await ctx.db.transaction((tx) => shareSubscription(ctx, tx, caller.uuid, req.params.subscriptionId, email));
      void ctx.outbox.flush();
      return result;
    }),
  );

  router.put(
    `${V1}/subscription/:subscriptionId/stopshare`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction((tx) => stopSharing(ctx, tx, caller.uuid, req.params.subscriptionId));
    }),
  );

  // Not an Arc call: a request to transfer the subscription to another person (sales/transfers.ts).
  router.post(
    transferApiPath(":subscriptionId"),
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      const body = bodyObject(req);
      const view = await ctx.db.transaction((tx) => requestTransfer(ctx, tx, caller.uuid, req.params.subscriptionId, body));
      void ctx.outbox.flush();
      res.status(201);
      return view;
    }),
  );

  // --- AMP reader ids --------------------------------------------------------------------------------
  // AMP pages cannot read the site's storage; the AMP READER_ID stands in for the reader. Linking it
  // to the account (after sign-in) lets GET /amp/:readerId answer the AMP entitlement for it. An id
  // nobody linked expires when unseen for AMP_READER_TTL_MS (maintenance.ts).

  /** The stored id's account, marking it seen (at most once per AMP_SEEN_RESOLUTION_MS); undefined when not stored. */
  async function seenAmpReader(id: string): Promise<{ user_uuid: string | null } | undefined> {
    const { rows } = await ctx.db.query<{ user_uuid: string | null; seen_at: Date }>(
      "SELECT user_uuid, seen_at FROM accounts_amp_readers WHERE reader_id = $1",
      [id],
    );
    if (rows[0] && new Date(rows[0].seen_at).getTime() < ctx.clock() - AMP_SEEN_RESOLUTION_MS)
      await ctx.db.query("UPDATE accounts_amp_readers SET seen_at = $2 WHERE reader_id = $1", [id, ctx.now()]);
    return rows[0];
  }

  router.put(
    `${V1}/amp/add`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const id = requiredText(bodyObject(req).ampReaderId, "ampReaderId", AMP_READER_ID);
      await ctx.db.query(
        `INSERT INTO accounts_amp_readers (reader_id, user_uuid, created_at, linked_at, seen_at) VALUES ($1, $2, $3, $3, $3)
         ON CONFLICT (reader_id) DO UPDATE SET user_uuid = EXCLUDED.user_uuid, linked_at = EXCLUDED.linked_at, seen_at = EXCLUDED.seen_at`,
        [id, caller.uuid, ctx.now()],
      );
      return { ampReaderId: id, linked: true };
    }),
  );

  router.put(
    `${V1}/amp`,
    handle(async (req) => {
      const id = requiredText(bodyObject(req).ampReaderId, "ampReaderId", AMP_READER_ID);
      const stored = await seenAmpReader(id);
      if (stored) return { ampReaderId: id, linked: !!stored.user_uuid };
      // Anyone may store one without an account: counted per client address.
      await limitAnonymousWrite(ctx, req, "amp");
      await ctx.db.query("INSERT INTO accounts_amp_readers (reader_id, created_at, seen_at) VALUES ($1, $2, $2) ON CONFLICT (reader_id) DO NOTHING", [
        id,
        ctx.now(),
      ]);
      return { ampReaderId: id, linked: false };
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
    `${V1}/amp/:readerId`,
    handle(async (req, res) => {
      noStore(res);
      const id = req.params.readerId;
      const uuid = (await seenAmpReader(id))?.user_uuid;
      const statuses = uuid ? await subscriptionStatusesOf(ctx.db, uuid, ctx.now()) : [];
      const granted = statuses.some((s) => (ENTITLED_STATUSES_FOR_LOCKED_CONTENT as readonly number[]).includes(s));
      // The amp-subscriptions entitlement shape.
      return { ampReaderId: id, granted, grantReason: granted ? "SUBSCRIBER" : null, data: { loggedIn: !!uuid } };
    }),
  );

  // --- Subscribe with Google (swg.ts) -----------------------------------------------------------------

  /** The verifier of Google's signed entitlements; without SWG_* the routes answer 404. */
  const swgVerifier = () => {
    if (!ctx.swg) throw new ApiError(404, ErrorCodes.notFound, "La vinculación con Suscríbete con Google no está configurada en este servidor");
    return ctx.swg;
  };

  router.post(
    `${V1}/swg/purchase`,
    handle(async (req, res) => {
      noStore(res);
      const verifier = swgVerifier();
      const caller = await authenticate(ctx, req, true);
      const entitlement = await verifier.verify(signedEntitlementsOf(bodyObject(req)));
      const subscriptionID = await ctx.db.transaction(async (tx) => {
        await activeAccount(tx, caller.uuid);
        return linkSwgSubscription(ctx, tx, caller.uuid, entitlement);
      });
      return { subscriptionID, linked: true };
    }),
  );

  // The SDK's checkSwgSubscriptionToken: { ...entitlement data, findOrCreate }. Whether the
  // entitlement's subscription has an account; with findOrCreate, signed in: linked to the caller;
  // signed out: a session for the subscription's account (the device limit applies, and one
  // entitlement opens one session).
  const swgExists = handle(async (req, res) => {
    noStore(res);
    const body = bodyObject(req);
    const entitlement = await swgVerifier().verify(signedEntitlementsOf(body));
    const caller = await authenticate(ctx, req, false);
    const linked = await swgSubscription(ctx.db, entitlement.subscriptionToken);
    const owner = linked?.user_uuid ?? null;
    if (body.findOrCreate !== true) return owner ? { exists: true, profileId: owner } : { exists: false };
    if (caller) {
      await ctx.db.transaction(async (tx) => {
        await activeAccount(tx, caller.uuid);
        await linkSwgSubscription(ctx, tx, caller.uuid, entitlement);
      });
      return { exists: true, profileId: caller.uuid };
    }
    if (!owner) return { exists: false };
    await enforceDeviceLimit(ctx, owner);
    const issued = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query("INSERT INTO accounts_social_used_tokens (token_hash, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1", [
        sha256(`swg:${entitlement.subscriptionToken}:${entitlement.expiresAt}`),
        new Date(entitlement.expiresAt),
      ]);
      if (!rows.length) throw new ApiError(401, ErrorCodes.socialSignInNotVerified, "Esa autorización de Google ya se usó para ingresar", { reason: "token" });
      await activeAccount(tx, owner);
      await linkSwgSubscription(ctx, tx, owner, entitlement);
      return openSession(ctx, tx, owner, true, req.get("user-agent"));
    });
    return { exists: true, profileId: owner, accessToken: issued.accessToken, refreshToken: issued.refreshToken };
  });
  router.post(`${V1}/swg/loginexists`, swgExists);
  router.post(`${V1}/swg/exists`, swgExists);

  /** The account must be open (not anonymised or disabled). */
  async function activeAccount(tx: Queryable, uuid: string) {
    const { rows } = await tx.query<{ status: string }>("SELECT status FROM accounts_users WHERE uuid = $1 FOR UPDATE", [uuid]);
    if (rows[0]?.status !== "Active") throw new ApiError(403, ErrorCodes.accountDeactivated, "La cuenta está desactivada");
  }

  return router;
}
