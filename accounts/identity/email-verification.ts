// The e-mail's verification: asking for the link again, and opening it (the address must still be
// the account's). Sign-up and an e-mail change send the first link.
import type express from "express";
import type { AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { bodyObject, handle } from "../http";
import { requestMail } from "./mail-requests";
import { consumeNonce } from "./nonces";
import { IDENTITY_V1, markEmailVerified, requireActiveUser } from "./route-helpers";
import { normalizeEmail } from "./validation";

export function registerEmailVerificationRoutes(router: express.Router, ctx: AccountsContext) {
  const requestVerification = handle(async (req, res) => requestMail(ctx, req, res, "verify", normalizeEmail(bodyObject(req).email)));
  router.post(`${IDENTITY_V1}/email/verify`, requestVerification);
  router.post(`${IDENTITY_V1}/email`, requestVerification);

  router.get(
    `${IDENTITY_V1}/email/verify/:nonce`,
    handle(async (req) => {
      await ctx.db.transaction(async (tx) => {
        const nonce = await consumeNonce(ctx, tx, "verify", req.params.nonce);
        const user = await requireActiveUser(tx, nonce.user_uuid!);
        if (user.email !== nonce.email)
          throw new ApiError(400, ErrorCodes.notFound, "El correo de la cuenta cambió después de enviar este enlace; pide uno nuevo");
        await markEmailVerified(ctx, tx, user);
      });
      return { success: true };
    }),
  );
}
