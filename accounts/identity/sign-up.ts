// Sign-up with e-mail and password: the account, its password identity, the verification e-mail
// and the first session, in one transaction.
import crypto from "node:crypto";
import type express from "express";
import { enforceCaptcha, sendMail, type AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { bodyObject, handle } from "../http";
import { mailTemplates } from "../mail/templates";
import { createNonce } from "./nonces";
import { answerIdentity, IDENTITY_V1, isUniqueViolation } from "./route-helpers";
import { openSession, type IssuedIdentity } from "./sessions";
import { getUser, hashPassword, insertUser, profileOf, validateProfile } from "./users";
import { checkPasswordStrength, normalizeEmail } from "./validation";

export function registerSignUpRoutes(router: express.Router, ctx: AccountsContext) {
  const signUp = handle(async (req, res) => {
    const body = bodyObject(req);
    await enforceCaptcha(ctx, "signup", body.recaptchaToken);
    const identityInput = body.identity;
    if (!identityInput || typeof identityInput !== "object")
      throw new ApiError(400, ErrorCodes.badRequest, "Falta identity (userName y credentials)", { field: "identity" });
    const profileInput = body.profile && typeof body.profile === "object" ? body.profile : {};
    const userName = normalizeEmail(identityInput.userName, "identity.userName");
    const password = checkPasswordStrength(identityInput.credentials, "identity.credentials");
    const fields = validateProfile({ ...profileInput, email: profileInput.email ?? userName }, ctx.now(), "signup");
    const passwordHash = await hashPassword(password);
    const uuid = crypto.randomUUID();
    let issued: IssuedIdentity;
    try {
      issued = await ctx.db.transaction(async (tx) => {
        const taken = await tx.query(
          "SELECT 1 FROM accounts_users WHERE email = ANY($1) UNION ALL SELECT 1 FROM accounts_identities WHERE type = 'Identity' AND user_name = $2",
          [[fields.email, userName], userName],
        );
        if (taken.rows.length) throw new ApiError(409, ErrorCodes.emailAlreadyRegistered, "Ese correo ya está registrado; ingresa o restablece tu contraseña");
        await insertUser(tx, uuid, fields, ctx.now());
        await tx.query(
          "INSERT INTO accounts_identities (user_uuid, type, user_name, password_hash, created_at, modified_at) VALUES ($1, 'Identity', $2, $3, $4, $4)",
          [uuid, userName, passwordHash, ctx.now()],
        );
        const nonce = await createNonce(ctx, tx, "verify", uuid, fields.email!);
        await sendMail(ctx, tx, mailTemplates.verifyEmail(ctx.mailFor(), fields.email!, nonce, fields.firstName));
        return openSession(ctx, tx, uuid, body.rememberMe === true, req.get("user-agent"));
      });
    } catch (error) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (isUniqueViolation(error))
        throw new ApiError(409, ErrorCodes.emailAlreadyRegistered, "Ese correo ya está registrado; ingresa o restablece tu contraseña");
      throw error;
    }
    void ctx.outbox.flush();
    const { identities, ...profile } = await ctx.db.transaction(async (tx) => profileOf(tx, (await getUser(tx, uuid))!));
    return { ...answerIdentity(ctx, req, res, issued), identities, profile };
  });
  router.post(`${IDENTITY_V1}/signup`, signUp);
  router.post(`${IDENTITY_V1}/`, signUp);
}
