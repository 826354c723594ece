// The Sales API's routes of a reader's subscriptions: the lists and details, the addresses, cancel
// and rescue, sharing with associates, gifts, and a request to transfer one to another person.
import type express from "express";
import { authenticate, type AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { bodyObject, handle, noStore } from "../http";
import { LINK_TOKEN, optionalText, requiredText } from "../input";
import { transferApiPath } from "../../domain/transfer";
import { cancelSubscription, effectiveStatus, readableSubscription, rescueSubscription } from "./subscriptions";
import { detailView, subscriptionsOf, summaryView } from "./subscription-views";
import { updateAddresses } from "./subscription-addresses";
import { redeemShare, shareSubscription, sharingDetails, stopSharing } from "./sharing";
import { redeemGift, setGiftRecipient } from "./gifts";
import { requestTransfer, transferRequestOf } from "./transfers";
import { V1 } from "./api-paths";
import { isActiveStatus } from "../../domain/subscriptions";

/** A cancellation's reason code and free text together (multi-line: a reader may write paragraphs). */
const MAX_CANCEL_REASON_LENGTH = 1000;

export function registerSubscriptionRoutes(router: express.Router, ctx: AccountsContext) {
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
        const rows = (await subscriptionsOf(tx, caller.uuid)).filter((s) => s.user_uuid === caller.uuid && isActiveStatus(effectiveStatus(s, ctx.now())));
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
}
