// The reader's profile: reading it, changing it (a new e-mail address takes the current password
// and a new verification), and the deprecated avatar calls.
import type express from "express";
import { authenticate, sendMail, type AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { bodyObject, handle, noStore } from "../http";
import { mailTemplates } from "../mail/templates";
import { createNonce, invalidateOpenNonces } from "./nonces";
import { countWrongPassword, forgetWrongPasswords, refuseWhileThrottled } from "./password-attempts";
import { IDENTITY_V1, isUniqueViolation, requireActiveUser } from "./route-helpers";
import { findUserByEmail, getUser, passwordIdentity, passwordMatches, profileOf, updateUser, validateProfile } from "./users";
import { checkPassword } from "./validation";

export function registerProfileRoutes(router: express.Router, ctx: AccountsContext) {
  router.get(
    `${IDENTITY_V1}/profile`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      noStore(res);
      return ctx.db.transaction(async (tx) => profileOf(tx, await requireActiveUser(tx, caller.uuid)));
    }),
  );

  /**
   * Changing the e-mail hands the account to whoever reads the new address (magic links and
   * password resets go there), so it takes the current password, not only a session. Accounts
   * without a password (social sign-in only) cannot change it here: see accounts/README.md.
   * Wrong passwords count like failed sign-ins (password-attempts.ts), as in a password change.
   */
  async function checkCurrentPassword(req: express.Request, uuid: string, value: unknown) {
    const identity = await passwordIdentity(ctx.db, uuid);
    if (!identity)
      throw new ApiError(
        403,
        ErrorCodes.forbidden,
        "Tu cuenta ingresa con una red social y no tiene contraseña: para cambiar el correo electrónico escríbenos por los canales de atención al cliente",
        { field: "email" },
      );
    if (value === undefined || value === null || value === "")
      throw new ApiError(400, ErrorCodes.badRequest, "Escribe tu contraseña actual para cambiar el correo electrónico", { field: "currentPassword" });
    const password = checkPassword(value, "currentPassword");
    await refuseWhileThrottled(ctx, req, identity.user_name);
    if (!(await passwordMatches(identity.password_hash, password))) {
      await countWrongPassword(ctx, req, identity.user_name);
      ctx.logger.warn("cuentas: cambio de correo rechazado por contraseña actual incorrecta", { uuid });
      throw new ApiError(400, ErrorCodes.wrongPassword, "La contraseña actual no es correcta", { field: "currentPassword" });
    }
    await forgetWrongPasswords(ctx, req, identity.user_name);
  }

  router.patch(
    `${IDENTITY_V1}/profile`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      const { uuid: _ignored, currentPassword, ...input } = bodyObject(req);
      const fields = validateProfile(input, ctx.now(), "update");
      if (fields.displayName === undefined && input.displayName === null)
        throw new ApiError(400, ErrorCodes.displayNameLength, "El nombre para mostrar es obligatorio", { field: "displayName" });
      // The password is checked before the transaction (hashing is slow); the transaction then
      // makes sure the address it checked against is still the account's.
      const before = await requireActiveUser(ctx.db, caller.uuid);
      const passwordChecked = fields.email !== undefined && fields.email !== before.email;
      if (passwordChecked) await checkCurrentPassword(req, caller.uuid, currentPassword);
      let emailChanged = false;
      const profile = await ctx.db
        .transaction(async (tx) => {
          const user = await getUser(tx, caller.uuid, true);
          if (!user || user.status !== "Active") throw new ApiError(403, ErrorCodes.accountDeactivated, "La cuenta está desactivada");
          const changes: Parameters<typeof updateUser>[2] = { ...fields };
          if (fields.email && fields.email !== user.email) {
            if (!passwordChecked || user.email !== before.email)
              throw new ApiError(409, ErrorCodes.conflict, "El correo de la cuenta cambió mientras guardabas; vuelve a intentarlo");
            if (await findUserByEmail(tx, fields.email))
              throw new ApiError(409, ErrorCodes.emailAlreadyRegistered, "Ese correo ya está registrado con otra cuenta");
            // Unverified until the new address is proven: guest purchases, invitations and gifts
            // for it wait until then.
            changes.emailVerified = false;
            // The password identity signs in with the e-mail: it follows the change.
            await tx.query("UPDATE accounts_identities SET user_name = $2, modified_at = $3 WHERE user_uuid = $1 AND type = 'Identity' AND user_name = $4", [
              user.uuid,
              fields.email,
              ctx.now(),
              user.email,
            ]);
            // Links already sent to the old address no longer act on the account.
            await invalidateOpenNonces(ctx, tx, user.uuid);
            const nonce = await createNonce(ctx, tx, "verify", user.uuid, fields.email);
            await sendMail(ctx, tx, mailTemplates.verifyEmail(ctx.mailFor(), fields.email, nonce, fields.firstName ?? user.first_name));
            if (user.email && !user.email.endsWith(".invalid"))
              await sendMail(
                ctx,
                tx,
                mailTemplates.emailChanged(ctx.mailFor(), user.email, { name: fields.firstName ?? user.first_name, changedAt: ctx.now() }),
              );
            emailChanged = true;
          } else delete changes.email;
          await updateUser(tx, user.uuid, changes, ctx.now());
          return profileOf(tx, (await getUser(tx, user.uuid))!);
        })
        .catch((error) => {
          if (isUniqueViolation(error)) throw new ApiError(409, ErrorCodes.emailAlreadyRegistered, "Ese correo ya está registrado con otra cuenta");
          throw error;
        });
      if (emailChanged) ctx.logger.info("cuentas: correo de la cuenta cambiado; aviso enviado a la dirección anterior", { uuid: caller.uuid });
      void ctx.outbox.flush();
      noStore(res);
      return profile;
    }),
  );

  // Deprecated avatar upload: the picture field of the profile replaces it.
  router.delete(
    `${IDENTITY_V1}/avatar`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction(async (tx) => {
        await updateUser(tx, caller.uuid, { picture: null }, ctx.now());
        return profileOf(tx, (await getUser(tx, caller.uuid))!);
      });
    }),
  );
  router.put(`${IDENTITY_V1}/avatar`, (_req, res) => {
    res.status(501).json({
      code: ErrorCodes.notImplemented,
      message: "La carga de avatar está obsoleta; guarda la URL de la foto en el campo picture del perfil",
      httpStatus: 501,
    });
  });
}
