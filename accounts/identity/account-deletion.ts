// Account deletion (anonymisation): the reader asks, gets a copy of their data and an e-mailed
// link, and approves or declines with it; an approval removes the personal data and keeps the orders.
import type express from "express";
import type { Queryable } from "../../platform/database";
import { authenticate, sendMail, type AccountsContext } from "../context";
import { ACCESS_TOKEN_COOKIE } from "../entitlement";
import { ApiError, ErrorCodes } from "../errors";
import { bearerToken, bodyObject, handle } from "../http";
import { clearCookie } from "../../platform/request";
import { optionalChoice } from "../input";
import { mailTemplates } from "../mail/templates";
import { anonymizeSales } from "../sales/account-data";
import { createReadyReport } from "./data-reports";
import { consumeNonce, createNonce } from "./nonces";
import { IDENTITY_V1, requireActiveUser } from "./route-helpers";
import { revokeUserSessions } from "./sessions";

/** The identity SDK's DeclineDeleteReason (it sends 'DID_NOT_REQUEST_DELETION ' with a trailing space). */
const DECLINE_DELETE_REASONS = ["MISTAKE", "CHANGED_MIND", "OTHER", "DID_NOT_REQUEST_DELETION"] as const;

export function registerAccountDeletionRoutes(router: express.Router, ctx: AccountsContext) {
  router.delete(
    `${IDENTITY_V1}/user/anonymize`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      await ctx.db.transaction(async (tx) => {
        const user = await requireActiveUser(tx, caller.uuid);
        const { rows } = await tx.query<{ id: number }>(
          "INSERT INTO accounts_deletion_requests (user_uuid, requested_at, status) VALUES ($1, $2, 'pending') RETURNING id",
          [user.uuid, ctx.now()],
        );
        // A copy of their data, downloadable before they decide.
        await createReadyReport(ctx, tx, user);
        const nonce = await createNonce(ctx, tx, "anonymize", user.uuid, user.email, { requestId: Number(rows[0].id) });
        if (user.email) await sendMail(ctx, tx, mailTemplates.deleteAccount(ctx.mailFor(), user.email, nonce));
      });
      void ctx.outbox.flush();
      return { success: true, status: "pending" };
    }),
  );

  router.put(
    `${IDENTITY_V1}/user/anonymize/approve/:nonce`,
    handle(async (req, res) => {
      // The e-mailed nonce authorises the deletion; a bearer, when sent, must be the same user.
      const token = bearerToken(req.get("authorization"));
      const callerUuid = token ? (await ctx.tokens.verify(token, "access", { allowExpired: true }).catch(() => null))?.uuid : undefined;
      await ctx.db.transaction(async (tx) => {
        const nonce = await consumeNonce(ctx, tx, "anonymize", req.params.nonce);
        if (callerUuid && callerUuid !== nonce.user_uuid) throw new ApiError(403, ErrorCodes.forbidden, "Esta solicitud es de otra cuenta");
        const uuid = nonce.user_uuid!;
        await tx.query("UPDATE accounts_deletion_requests SET status = 'approved', decided_at = $2 WHERE id = $1", [nonce.data.requestId, ctx.now()]);
        await anonymizeUser(tx, uuid);
      });
      clearCookie(res, ACCESS_TOKEN_COOKIE, { secure: ctx.secureCookies });
      return { success: true, status: "approved" };
    }),
  );

  router.put(
    `${IDENTITY_V1}/user/anonymize/decline/:nonce`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const raw = bodyObject(req).reason;
      // The SDK sends 'DID_NOT_REQUEST_DELETION ' with a trailing space.
      const reason = optionalChoice(typeof raw === "string" ? raw.trim() || undefined : raw, "reason", DECLINE_DELETE_REASONS) ?? null;
      await ctx.db.transaction(async (tx) => {
        const nonce = await consumeNonce(ctx, tx, "anonymize", req.params.nonce);
        if (nonce.user_uuid !== caller.uuid) throw new ApiError(403, ErrorCodes.forbidden, "Esta solicitud es de otra cuenta");
        await tx.query("UPDATE accounts_deletion_requests SET status = 'declined', decided_at = $2, reason = $3 WHERE id = $1", [
          nonce.data.requestId,
          ctx.now(),
          reason,
        ]);
      });
      return { success: true, status: "declined" };
    }),
  );

  /** Removes personal data; keeps orders (for accounting) without the buyer's contact data. */
  async function anonymizeUser(tx: Queryable, uuid: string) {
    await tx.query(
      `UPDATE accounts_users SET email = NULL, email_verified = false, first_name = NULL, last_name = NULL, second_last_name = NULL,
         display_name = 'Cuenta eliminada', gender = NULL, birth_year = NULL, birth_month = NULL, birth_day = NULL, picture = NULL,
         legacy_id = NULL, contacts = '[]', addresses = '[]', attributes = '[]', settings = '{}', status = 'Disabled',
         modified_at = $2, deleted_at = $2
       WHERE uuid = $1`,
      [uuid, ctx.now()],
    );
    await tx.query("DELETE FROM accounts_identities WHERE user_uuid = $1", [uuid]);
    await tx.query("DELETE FROM accounts_nonces WHERE user_uuid = $1", [uuid]);
    await tx.query("DELETE FROM accounts_gdpr_reports WHERE user_uuid = $1", [uuid]);
    await tx.query("UPDATE accounts_amp_readers SET user_uuid = NULL WHERE user_uuid = $1", [uuid]);
    await revokeUserSessions(ctx, tx, uuid, "account-anonymized");
    await anonymizeSales(ctx, tx, uuid);
  }
}
