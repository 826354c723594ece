// Passwords: a change (with the current one), and a reset by e-mailed link (asked for by address,
// then finished with the link's nonce).
import type express from "express";
import { authenticate, enforceCaptcha, type AccountsContext } from "../context";
import { ACCESS_TOKEN_COOKIE } from "../entitlement";
import { ApiError, ErrorCodes } from "../errors";
import { bodyObject, handle } from "../http";
import { clearCookie } from "../../platform/request";
import { rememberClient, requestMail } from "./mail-requests";
import { consumeNonce } from "./nonces";
import { countWrongPassword, forgetAccountFailures, forgetWrongPasswords, refuseWhileThrottled } from "./password-attempts";
import { IDENTITY_V1, markEmailVerified, requireActiveUser } from "./route-helpers";
import { revokeUserSessions } from "./sessions";
import { hashPassword, passwordIdentity, passwordMatches, serializeIdentity } from "./users";
import { checkPassword, checkPasswordStrength, normalizeEmail } from "./validation";

export function registerPasswordRoutes(router: express.Router, ctx: AccountsContext) {
  const changePassword = handle(async (req) => {
    const caller = await authenticate(ctx, req, true);
    const body = bodyObject(req);
    const oldPassword = checkPassword(body.oldPassword ?? body.old, "oldPassword");
    const newPassword = checkPasswordStrength(body.newPassword ?? body.new, "newPassword");
    const identity = await passwordIdentity(ctx.db, caller.uuid);
    if (!identity) throw new ApiError(400, ErrorCodes.badRequest, "La cuenta no tiene contraseña (ingresa con tu red social)");
    await refuseWhileThrottled(ctx, req, identity.user_name);
    if (!(await passwordMatches(identity.password_hash, oldPassword))) {
      await countWrongPassword(ctx, req, identity.user_name);
      throw new ApiError(400, ErrorCodes.wrongPassword, "La contraseña actual no es correcta");
    }
    await forgetWrongPasswords(ctx, req, identity.user_name);
    const passwordHash = await hashPassword(newPassword);
    return ctx.db.transaction(async (tx) => {
      await tx.query("UPDATE accounts_identities SET password_hash = $2, password_reset = false, modified_at = $3 WHERE id = $1", [
        identity.id,
        passwordHash,
        ctx.now(),
      ]);
      // Other devices must sign in again with the new password; this one stays signed in.
      await revokeUserSessions(ctx, tx, caller.uuid, "password-change", caller.sid);
      return serializeIdentity((await passwordIdentity(tx, caller.uuid))!);
    });
  });
  router.put(`${IDENTITY_V1}/password`, changePassword);
  router.put(`${IDENTITY_V1}/`, changePassword);

  router.post(
    `${IDENTITY_V1}/password/reset`,
    handle(async (req, res) => {
      const body = bodyObject(req);
      const email = normalizeEmail(body.userName ?? body.Name ?? body.email, "userName");
      await enforceCaptcha(ctx, "resetPassword", body.recaptchaToken);
      return requestMail(ctx, req, res, "reset", email);
    }),
  );

  router.put(
    `${IDENTITY_V1}/password/reset/:nonce`,
    handle(async (req, res) => {
      const body = bodyObject(req);
      const newPassword = checkPasswordStrength(body.newPassword ?? body.new, "newPassword");
      const passwordHash = await hashPassword(newPassword);
      const userName = await ctx.db.transaction(async (tx) => {
        const nonce = await consumeNonce(ctx, tx, "reset", req.params.nonce);
        const user = await requireActiveUser(tx, nonce.user_uuid!);
        // An operator's block (locked) stays: only an operator lifts it.
        await tx.query(
          "UPDATE accounts_identities SET password_hash = $2, password_reset = false, modified_at = $3 WHERE user_uuid = $1 AND type = 'Identity'",
          [user.uuid, passwordHash, ctx.now()],
        );
        // The link went to the account's address: opening it proves the address too.
        if (user.email === nonce.email && !user.email_verified) await markEmailVerified(ctx, tx, user);
        await revokeUserSessions(ctx, tx, user.uuid, "password-reset");
        return (await passwordIdentity(tx, user.uuid))?.user_name;
      });
      // A reset proves who the reader is: the account's wrong-password counts end, from every address.
      if (userName) await forgetAccountFailures(ctx, userName);
      await rememberClient(ctx, req, userName);
      clearCookie(res, ACCESS_TOKEN_COOKIE, { secure: ctx.secureCookies });
      return { success: true };
    }),
  );
}
