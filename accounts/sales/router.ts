// The Sales API under /sales/public/v1, as the unmodified @arc-publishing/sdk-sales calls it.
// Logged-in calls send the access token (as "Bearer <token>" or bare); anonymous cart and
// checkout calls rely on the cart cookie. The routes of each part are registered by the files beside it.
import express from "express";
import { authenticate, type AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { bodyObject, handle, noStore } from "../http";
import { AMP_READER_ID, CODE, LINK_TOKEN, quoteInput, requiredId, requiredText, type TextRule } from "../input";
import { offerView } from "../../domain/catalog";
import { CANCEL_REASONS } from "../../domain/cancelReasons";
import { customerSegments } from "./offers";
import { V1 } from "./api-paths";
import { registerCheckoutRoutes } from "./checkout-routes";
import { registerSubscriptionRoutes } from "./subscription-routes";
import { registerAmpReaderRoutes } from "./amp-readers";
import { registerSwgRoutes } from "./swg-routes";

/** The customer-segment lookup: POST {correo}; answers data.ObtenerSegmentosClienteResult. */
const SEGMENT_LOOKUP_PATH = "/s3plus/obtenersegmentoscliente";

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

  registerCheckoutRoutes(router, ctx);
  registerSubscriptionRoutes(router, ctx);
  registerAmpReaderRoutes(router, ctx);
  registerSwgRoutes(router, ctx);

  return router;
}
