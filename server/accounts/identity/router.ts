// The Identity API under /identity/public/v1 and /v2, as the unmodified @arc-publishing/sdk-identity
// calls it (paths, bodies and answers read from its lib/ code), plus the aliases that
// docs/accounts.md#identity-api lists.
import crypto from "node:crypto";
import express from "express";
import type { Queryable } from "../../db/database";
import { authenticate, enforceCaptcha, sendMail, type AccountsContext } from "../context";
import { ACCESS_TOKEN_COOKIE, subscriptionStatusesOf, ENTITLED_STATUSES_FOR_LOCKED_CONTENT } from "../entitlement";
import { ApiError, ErrorCodes } from "../errors";
import { bearerToken, bodyObject, clearCookie, clientIp, handle, optionalString, parseCookies, requiredString, setCookie } from "../http";
import { mailTemplates } from "../mail/templates";
import { consumeNonce, createNonce, invalidateOpenNonces, NONCE_TTL_MS } from "./nonces";
import { openSession, refreshSession, revokeSession, revokeUserSessions, type IssuedIdentity } from "./sessions";
import {
  countIdentities,
  findUserByEmail,
  getUser,
  hashPassword,
  insertUser,
  passwordIdentity,
  passwordMatches,
  profileOf,
  serializeIdentity,
  spendPasswordTime,
  updateUser,
  validateProfile,
  type UserRow,
} from "./users";
import { checkPasswordStrength, MAX_IDENTITIES, normalizeEmail } from "./validation";
import { attachGuestSubscriptions, anonymizeSales, salesReportOf } from "../sales/subscriptions";
import { FORM_LOGIN_PATH, LOGIN_PAGE } from "../../../domain/routes";
import { sitePath } from "../../../domain/urls";

const V1 = "/identity/public/v1";
/** GDPR reports stay downloadable this long. */
export const GDPR_REPORT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Subscribe with Google linking tokens last this long. */
const SWG_TOKEN_TTL_MS = 5 * 60 * 1000;
/** The identity SDK's DeclineDeleteReason (it sends 'DID_NOT_REQUEST_DELETION ' with a trailing space). */
export const DECLINE_DELETE_REASONS = ["MISTAKE", "CHANGED_MIND", "OTHER", "DID_NOT_REQUEST_DELETION"] as const;

function isUniqueViolation(error: unknown) {
  return (error as { code?: string })?.code === "23505";
}

export function createIdentityRouter(ctx: AccountsContext): express.Router {
  const router = express.Router();

  /** The identity the SDK stores, and the access cookie the server-side paywall reads. */
  function answerIdentity(req: express.Request, res: express.Response, issued: IssuedIdentity) {
    const wantsCookie = ctx.accessCookie === "always" || req.query.cookie === "true" || ACCESS_TOKEN_COOKIE in parseCookies(req.get("cookie"));
    if (wantsCookie) {
      setCookie(res, ACCESS_TOKEN_COOKIE, issued.accessToken, {
        secure: ctx.secureCookies,
        // Without "remember me" the cookie ends with the browser, like the SDK's sessionStorage.
        maxAgeMs: issued.rememberMe ? issued.sessionExpiresAt - ctx.clock() : undefined,
      });
    }
    return { uuid: issued.uuid, accessToken: issued.accessToken, refreshToken: issued.refreshToken };
  }

  async function requireActiveUser(tx: Queryable, uuid: string): Promise<UserRow> {
    const user = await getUser(tx, uuid);
    if (!user || user.status !== "Active") throw new ApiError(403, ErrorCodes.accountDeactivated, "La cuenta está desactivada");
    return user;
  }

  /**
   * The reader has just proven they control the account's current address (a verification link, a
   * magic link, a password reset, a provider that vouches for it): the e-mail counts as verified
   * and guest purchases made with it join the account. The only way guest purchases attach later.
   */
  async function markEmailVerified(tx: Queryable, user: UserRow) {
    if (!user.email) return;
    await updateUser(tx, user.uuid, { emailVerified: true }, ctx.now());
    await attachGuestSubscriptions(ctx, tx, user.uuid, user.email);
  }

  /** Counts an e-mail request against the address and the IP; refuses past the limits. */
  async function limitMailRequest(req: express.Request, kind: string, email: string) {
    const allowedAddress = await ctx.rateLimiter.hit(`mail:${kind}:address:${email}`, ctx.rateLimits.mailPerAddress);
    const allowedIp = await ctx.rateLimiter.hit(`mail:${kind}:ip:${clientIp(req)}`, ctx.rateLimits.mailPerIp);
    if (!allowedAddress || !allowedIp)
      throw new ApiError(429, ErrorCodes.tooManyRequests, "Demasiadas solicitudes de correo; intenta de nuevo en unos minutos");
  }

  router.get(
    `${V1}/config`,
    handle(async (_req, res) => {
      res.set("Cache-Control", "no-cache");
      return {
        signinRecaptcha: !!ctx.captcha.signin,
        signupRecaptcha: !!ctx.captcha.signup,
        magicLinkRecaptcha: !!ctx.captcha.magicLink,
        resetPasswordRecaptcha: !!ctx.captcha.resetPassword,
        recaptchaSiteKey: ctx.captcha.siteKey ?? null,
        googleClientId: ctx.identityConfig.googleClientId,
        facebookAppId: ctx.identityConfig.facebookAppId,
        ...(ctx.identityConfig.disqus ? { disqus: ctx.identityConfig.disqus } : {}),
      };
    }),
  );

  // --- Sign-in, refresh, sign-out -------------------------------------------------------------

  /** Signs in with e-mail and password: the issued identity, or an ApiError (wrong password, blocked…). */
  async function passwordLogin(req: express.Request, userName: string, password: string, rememberMe: boolean): Promise<IssuedIdentity> {
    const accountKey = `login:account:${userName}`;
    const ipKey = `login:ip:${clientIp(req)}`;
    const blockedMessage = (until: Date) =>
      `Demasiados intentos fallidos: el ingreso quedó bloqueado hasta las ${until.toLocaleTimeString("es-CO", { timeZone: "America/Bogota", hour: "2-digit", minute: "2-digit" })}. Puedes restablecer tu contraseña.`;
    const blocked = await ctx.rateLimiter.blockedUntil([accountKey, ipKey]);
    if (blocked) throw new ApiError(429, ErrorCodes.accountBlocked, blockedMessage(blocked), { blockedUntil: blocked.getTime() });

    const { rows } = await ctx.db.query<{ user_uuid: string; password_hash: string | null; password_reset: boolean; locked: boolean }>(
      "SELECT user_uuid, password_hash, password_reset, locked FROM accounts_identities WHERE type = 'Identity' AND user_name = $1",
      [userName],
    );
    const identity = rows[0];
    const ok = identity ? await passwordMatches(identity.password_hash, password) : (await spendPasswordTime(password), false);
    if (!ok) {
      const accountAllowed = await ctx.rateLimiter.hit(accountKey, ctx.rateLimits.loginPerAccount);
      const ipAllowed = await ctx.rateLimiter.hit(ipKey, ctx.rateLimits.loginPerIp);
      if (!accountAllowed || !ipAllowed) {
        const until = (await ctx.rateLimiter.blockedUntil([accountKey, ipKey])) ?? ctx.now();
        throw new ApiError(429, ErrorCodes.accountBlocked, blockedMessage(until), { blockedUntil: until.getTime() });
      }
      // The same answer whether the account exists or not.
      throw new ApiError(401, ErrorCodes.wrongPassword, "El correo o la contraseña no son correctos");
    }
    if (identity.locked) throw new ApiError(403, ErrorCodes.accountBlocked, "La cuenta está bloqueada");
    if (identity.password_reset) throw new ApiError(403, ErrorCodes.passwordMustBeReset, "Debes restablecer tu contraseña antes de ingresar");
    await ctx.rateLimiter.reset(accountKey);
    return ctx.db.transaction(async (tx) => {
      await requireActiveUser(tx, identity.user_uuid);
      return openSession(ctx, tx, identity.user_uuid, rememberMe);
    });
  }

  const login = handle(async (req, res) => {
    const body = bodyObject(req);
    await enforceCaptcha(ctx, "signin", body.recaptchaToken);
    const grantType = optionalString(body.grantType, "grantType") ?? "password";
    const rememberMe = body.rememberMe === true;
    if (grantType !== "password") return answerIdentity(req, res, await socialLogin(grantType, body, rememberMe));
    const userName = (optionalString(body.userName, "userName") ?? "").trim().toLowerCase();
    const password = optionalString(body.credentials, "credentials") ?? "";
    return answerIdentity(req, res, await passwordLogin(req, userName, password, rememberMe));
  });

  // Signing in without JavaScript: the login page's <noscript> form posts here. Success sets the
  // identity cookie (the server-side paywall reads it) and goes back where the reader came from;
  // a refusal goes back to the login page with the error's code.
  router.post(
    FORM_LOGIN_PATH,
    express.urlencoded({ extended: false, limit: "4kb" }),
    handle(async (req, res) => {
      const field = (name: string) => (typeof req.body?.[name] === "string" ? (req.body[name] as string) : "");
      const redirect = sitePath(field("redirect"), "http://sitio.invalid") ?? "/";
      try {
        if (ctx.captcha.signin) throw new ApiError(400, ErrorCodes.captchaInvalid, "Captcha token invalid");
        const issued = await passwordLogin(req, field("email").trim().toLowerCase().slice(0, 256), field("password").slice(0, 256), field("remember") === "1");
        setCookie(res, ACCESS_TOKEN_COOKIE, issued.accessToken, {
          secure: ctx.secureCookies,
          maxAgeMs: issued.rememberMe ? issued.sessionExpiresAt - ctx.clock() : undefined,
        });
        res.redirect(303, redirect);
      } catch (error) {
        const code = error instanceof ApiError ? error.code : ErrorCodes.internal;
        if (!(error instanceof ApiError)) ctx.logger.error("cuentas: falló el ingreso sin JavaScript", { error: (error as Error)?.message ?? String(error) });
        res.redirect(303, `${LOGIN_PAGE}?${new URLSearchParams({ error: code, redirect })}`);
      }
    }),
  );

  router.post(`${V1}/auth/login`, login);
  router.post(`${V1}/auth`, login);

  async function socialLogin(grantType: string, body: Record<string, any>, rememberMe: boolean): Promise<IssuedIdentity> {
    const provider = ctx.socialProviders.find((p) => p.grantType === grantType.toLowerCase());
    if (!provider) throw new ApiError(400, ErrorCodes.badRequest, `El ingreso con «${grantType}» no está disponible`);
    const credentials = requiredString(body.credentials, "credentials");
    let profile;
    try {
      profile = await provider.verifyCredentials(credentials);
    } catch (error) {
      throw new ApiError(401, ErrorCodes.wrongPassword, `No se pudo verificar el ingreso con ${provider.identityType}: ${(error as Error).message}`);
    }
    return ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ user_uuid: string }>("SELECT user_uuid FROM accounts_identities WHERE type = $1 AND user_name = $2", [
        provider.identityType,
        profile.subject,
      ]);
      let uuid = rows[0]?.user_uuid;
      if (!uuid) {
        const email = profile.email ? normalizeEmail(profile.email) : null;
        const existing = email ? await findUserByEmail(tx, email) : null;
        if (existing && !profile.emailVerified)
          throw new ApiError(409, ErrorCodes.emailAlreadyRegistered, "Ese correo ya está registrado con otro método de ingreso");
        // An account that never proved the address (created, or switched to it, by someone else
        // perhaps) must not receive the provider's sign-in of the address's real owner.
        if (existing && !existing.email_verified)
          throw new ApiError(
            409,
            ErrorCodes.emailAlreadyRegistered,
            "Ese correo está registrado en una cuenta que aún no lo ha verificado: ingresa con tu contraseña y verifica el correo, o restablece la contraseña",
          );
        if (existing) {
          if ((await countIdentities(tx, existing.uuid)) >= MAX_IDENTITIES)
            throw new ApiError(400, ErrorCodes.badRequest, `Una cuenta admite como máximo ${MAX_IDENTITIES} identidades`);
          uuid = existing.uuid;
        } else {
          uuid = crypto.randomUUID();
          const fields = validateProfile(
            {
              email: email ?? `${provider.identityType.toLowerCase()}-${profile.subject}@sin-correo.invalid`,
              firstName: profile.firstName,
              lastName: profile.lastName,
            },
            ctx.now(),
            "signup",
          );
          await insertUser(tx, uuid, fields, ctx.now());
          if (email && profile.emailVerified) await markEmailVerified(tx, (await getUser(tx, uuid))!);
        }
        await tx.query("INSERT INTO accounts_identities (user_uuid, type, user_name, created_at, modified_at) VALUES ($1, $2, $3, $4, $4)", [
          uuid,
          provider.identityType,
          profile.subject,
          ctx.now(),
        ]);
      }
      await requireActiveUser(tx, uuid);
      return openSession(ctx, tx, uuid, rememberMe);
    });
  }

  router.post(
    `${V1}/auth/token`,
    handle(async (req, res) => {
      const body = bodyObject(req);
      if (body.grantType !== "refresh-token") throw new ApiError(400, ErrorCodes.badRequest, "grantType debe ser 'refresh-token'");
      const token = optionalString(body.token, "token");
      if (!token) throw new ApiError(400, ErrorCodes.badRequest, "No refresh token found for this session");
      return answerIdentity(req, res, await refreshSession(ctx, token));
    }),
  );

  router.delete(
    `${V1}/auth/token`,
    handle(async (req, res) => {
      const token = bearerToken(req.get("authorization"));
      if (!token) throw new ApiError(401, ErrorCodes.sessionExpiredLogInAgain, "No access token found, is already logged out");
      // An expired access token may still end its session: logging out must always work.
      const claims = await ctx.tokens.verify(token, "access", { allowExpired: true });
      await ctx.db.transaction((tx) => revokeSession(ctx, tx, claims.sid, "logout"));
      clearCookie(res, ACCESS_TOKEN_COOKIE, { secure: ctx.secureCookies });
      return { success: true };
    }),
  );

  // --- Magic links (one-time access) ------------------------------------------------------------

  router.post(
    `${V1}/auth/magiclink`,
    handle(async (req) => {
      const body = bodyObject(req);
      await enforceCaptcha(ctx, "magicLink", body.recaptchaToken);
      const email = normalizeEmail(body.email);
      await limitMailRequest(req, "magic", email);
      await ctx.db.transaction(async (tx) => {
        const user = await findUserByEmail(tx, email);
        // Unknown addresses get the same answer, so the form does not reveal who has an account.
        if (!user || user.status !== "Active") return;
        const nonce = await createNonce(ctx, tx, "magic", user.uuid, email);
        await sendMail(ctx, tx, mailTemplates.magicLink(ctx.mail, email, nonce, NONCE_TTL_MS.magic / 60000));
      });
      void ctx.outbox.flush();
      return { success: true };
    }),
  );

  router.get(
    `${V1}/auth/magiclink/:nonce`,
    handle(async (req, res) => {
      const issued = await ctx.db.transaction(async (tx) => {
        const nonce = await consumeNonce(ctx, tx, "magic", req.params.nonce);
        const user = await requireActiveUser(tx, nonce.user_uuid!);
        // Opening the link proves the reader controls the address.
        if (user.email === nonce.email && !user.email_verified) await markEmailVerified(tx, user);
        return openSession(ctx, tx, user.uuid, true);
      });
      return answerIdentity(req, res, issued);
    }),
  );

  // --- Sign-up --------------------------------------------------------------------------------

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
        await sendMail(ctx, tx, mailTemplates.verifyEmail(ctx.mail, fields.email!, nonce, fields.firstName));
        return openSession(ctx, tx, uuid, body.rememberMe === true);
      });
    } catch (error) {
      // Two sign-ups with one address at the same moment: the unique index decides.
      if (isUniqueViolation(error))
        throw new ApiError(409, ErrorCodes.emailAlreadyRegistered, "Ese correo ya está registrado; ingresa o restablece tu contraseña");
      throw error;
    }
    void ctx.outbox.flush();
    const { identities, ...profile } = await ctx.db.transaction(async (tx) => profileOf(tx, (await getUser(tx, uuid))!));
    return { ...answerIdentity(req, res, issued), identities, profile };
  });
  router.post(`${V1}/signup`, signUp);
  router.post(`${V1}/`, signUp);

  // --- Profile --------------------------------------------------------------------------------

  router.get(
    `${V1}/profile`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      res.set("Cache-Control", "no-store");
      return ctx.db.transaction(async (tx) => profileOf(tx, await requireActiveUser(tx, caller.uuid)));
    }),
  );

  /**
   * Changing the e-mail hands the account to whoever reads the new address (magic links and
   * password resets go there), so it takes the current password, not only a session. Accounts
   * without a password (social sign-in only) cannot change it here: see server/accounts/README.md.
   * Wrong passwords count against the account's sign-in limit, as in a password change.
   */
  async function checkCurrentPassword(uuid: string, value: unknown) {
    const identity = await passwordIdentity(ctx.db, uuid);
    if (!identity)
      throw new ApiError(
        403,
        ErrorCodes.forbidden,
        "Tu cuenta ingresa con una red social y no tiene contraseña: para cambiar el correo electrónico escríbenos por los canales de atención al cliente",
        { field: "email" },
      );
    const password = optionalString(value, "currentPassword");
    if (!password)
      throw new ApiError(400, ErrorCodes.badRequest, "Escribe tu contraseña actual para cambiar el correo electrónico", { field: "currentPassword" });
    const accountKey = `login:account:${identity.user_name}`;
    const blocked = await ctx.rateLimiter.blockedUntil([accountKey]);
    if (blocked) throw new ApiError(429, ErrorCodes.accountBlocked, "Demasiados intentos fallidos; intenta de nuevo más tarde");
    if (!(await passwordMatches(identity.password_hash, password))) {
      await ctx.rateLimiter.hit(accountKey, ctx.rateLimits.loginPerAccount);
      ctx.logger.warn("cuentas: cambio de correo rechazado por contraseña actual incorrecta", { uuid });
      throw new ApiError(400, ErrorCodes.wrongPassword, "La contraseña actual no es correcta", { field: "currentPassword" });
    }
  }

  router.patch(
    `${V1}/profile`,
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
      if (passwordChecked) await checkCurrentPassword(caller.uuid, currentPassword);
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
            await sendMail(ctx, tx, mailTemplates.verifyEmail(ctx.mail, fields.email, nonce, fields.firstName ?? user.first_name));
            if (user.email && !user.email.endsWith(".invalid"))
              await sendMail(ctx, tx, mailTemplates.emailChanged(ctx.mail, user.email, { name: fields.firstName ?? user.first_name, changedAt: ctx.now() }));
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
      res.set("Cache-Control", "no-store");
      return profile;
    }),
  );

  // Deprecated avatar upload: the picture field of the profile replaces it.
  router.delete(
    `${V1}/avatar`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      return ctx.db.transaction(async (tx) => {
        await updateUser(tx, caller.uuid, { picture: null }, ctx.now());
        return profileOf(tx, (await getUser(tx, caller.uuid))!);
      });
    }),
  );
  router.put(`${V1}/avatar`, (_req, res) => {
    res.status(501).json({
      code: ErrorCodes.notImplemented,
      message: "La carga de avatar está obsoleta; guarda la URL de la foto en el campo picture del perfil",
      httpStatus: 501,
    });
  });

  // --- Passwords ------------------------------------------------------------------------------

  const changePassword = handle(async (req) => {
    const caller = await authenticate(ctx, req, true);
    const body = bodyObject(req);
    const oldPassword = optionalString(body.oldPassword ?? body.old, "oldPassword") ?? "";
    const newPassword = checkPasswordStrength(body.newPassword ?? body.new, "newPassword");
    const identity = await passwordIdentity(ctx.db, caller.uuid);
    if (!identity) throw new ApiError(400, ErrorCodes.badRequest, "La cuenta no tiene contraseña (ingresa con tu red social)");
    const accountKey = `login:account:${identity.user_name}`;
    const blocked = await ctx.rateLimiter.blockedUntil([accountKey]);
    if (blocked) throw new ApiError(429, ErrorCodes.accountBlocked, "Demasiados intentos fallidos; intenta de nuevo más tarde");
    if (!(await passwordMatches(identity.password_hash, oldPassword))) {
      await ctx.rateLimiter.hit(accountKey, ctx.rateLimits.loginPerAccount);
      throw new ApiError(400, ErrorCodes.wrongPassword, "La contraseña actual no es correcta");
    }
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
  router.put(`${V1}/password`, changePassword);
  router.put(`${V1}/`, changePassword);

  router.post(
    `${V1}/password/reset`,
    handle(async (req) => {
      const body = bodyObject(req);
      await enforceCaptcha(ctx, "resetPassword", body.recaptchaToken);
      const email = normalizeEmail(body.userName ?? body.Name ?? body.email, "userName");
      await limitMailRequest(req, "reset", email);
      await ctx.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ user_uuid: string }>("SELECT user_uuid FROM accounts_identities WHERE type = 'Identity' AND user_name = $1", [email]);
        const user = rows[0] ? await getUser(tx, rows[0].user_uuid) : null;
        if (!user || user.status !== "Active" || !user.email) return;
        const nonce = await createNonce(ctx, tx, "reset", user.uuid, user.email);
        await sendMail(ctx, tx, mailTemplates.resetPassword(ctx.mail, user.email, nonce, NONCE_TTL_MS.reset / 60000));
      });
      void ctx.outbox.flush();
      return { success: true };
    }),
  );

  router.put(
    `${V1}/password/reset/:nonce`,
    handle(async (req, res) => {
      const body = bodyObject(req);
      const newPassword = checkPasswordStrength(body.newPassword ?? body.new, "newPassword");
      const passwordHash = await hashPassword(newPassword);
      const userName = await ctx.db.transaction(async (tx) => {
        const nonce = await consumeNonce(ctx, tx, "reset", req.params.nonce);
        const user = await requireActiveUser(tx, nonce.user_uuid!);
        await tx.query(
          "UPDATE accounts_identities SET password_hash = $2, password_reset = false, locked = false, modified_at = $3 WHERE user_uuid = $1 AND type = 'Identity'",
          [user.uuid, passwordHash, ctx.now()],
        );
        // The link went to the account's address: opening it proves the address too.
        if (user.email === nonce.email && !user.email_verified) await markEmailVerified(tx, user);
        await revokeUserSessions(ctx, tx, user.uuid, "password-reset");
        return (await passwordIdentity(tx, user.uuid))?.user_name;
      });
      // A reset proves who the reader is: the wrong-password block on the account ends.
      if (userName) await ctx.rateLimiter.reset(`login:account:${userName}`);
      clearCookie(res, ACCESS_TOKEN_COOKIE, { secure: ctx.secureCookies });
      return { success: true };
    }),
  );

  // --- E-mail verification ----------------------------------------------------------------------

  const requestVerification = handle(async (req) => {
    const email = normalizeEmail(bodyObject(req).email);
    await limitMailRequest(req, "verify", email);
    await ctx.db.transaction(async (tx) => {
      const user = await findUserByEmail(tx, email);
      if (!user || user.status !== "Active" || user.email_verified) return;
      const nonce = await createNonce(ctx, tx, "verify", user.uuid, email);
      await sendMail(ctx, tx, mailTemplates.verifyEmail(ctx.mail, email, nonce, user.first_name));
    });
    void ctx.outbox.flush();
    return { success: true };
  });
  router.post(`${V1}/email/verify`, requestVerification);
  router.post(`${V1}/email`, requestVerification);

  router.get(
    `${V1}/email/verify/:nonce`,
    handle(async (req) => {
      await ctx.db.transaction(async (tx) => {
        const nonce = await consumeNonce(ctx, tx, "verify", req.params.nonce);
        const user = await requireActiveUser(tx, nonce.user_uuid!);
        if (user.email !== nonce.email)
          throw new ApiError(400, ErrorCodes.notFound, "El correo de la cuenta cambió después de enviar este enlace; pide uno nuevo");
        await markEmailVerified(tx, user);
      });
      return { success: true };
    }),
  );

  // --- Account deletion (anonymisation) ---------------------------------------------------------

  router.delete(
    `${V1}/user/anonymize`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      await ctx.db.transaction(async (tx) => {
        const user = await requireActiveUser(tx, caller.uuid);
        const { rows } = await tx.query<{ id: number }>(
          "INSERT INTO accounts_deletion_requests (user_uuid, requested_at, status) VALUES ($1, $2, 'pending') RETURNING id",
          [user.uuid, ctx.now()],
        );
        // A copy of their data, downloadable before they decide.
        await createGdprReport(tx, user);
        const nonce = await createNonce(ctx, tx, "anonymize", user.uuid, user.email, { requestId: Number(rows[0].id) });
        if (user.email) await sendMail(ctx, tx, mailTemplates.deleteAccount(ctx.mail, user.email, nonce));
      });
      void ctx.outbox.flush();
      return { success: true, status: "pending" };
    }),
  );

  router.put(
    `${V1}/user/anonymize/approve/:nonce`,
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
    `${V1}/user/anonymize/decline/:nonce`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const reason = optionalString(bodyObject(req).reason, "reason")?.trim() ?? null;
      if (reason && !(DECLINE_DELETE_REASONS as readonly string[]).includes(reason)) {
        throw new ApiError(400, ErrorCodes.badRequest, `El motivo debe ser uno de ${DECLINE_DELETE_REASONS.join(", ")}`, { field: "reason" });
      }
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

  // --- Settings, segments, GDPR -------------------------------------------------------------------

  router.get(
    `${V1}/user/settings`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      res.set("Cache-Control", "no-store");
      const user = await requireActiveUser(ctx.db, caller.uuid);
      const settings: Record<string, unknown> = { ...user.settings };
      const disqusSecret = process.env.DISQUS_SECRET_KEY;
      if (ctx.identityConfig.disqus?.enabled && disqusSecret) settings.disqus = { ssoKey: disqusSsoKey(user, disqusSecret, ctx.clock()) };
      return settings;
    }),
  );

  router.get(
    "/identity/public/v2/identity/segmentation",
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      res.set("Cache-Control", "no-store");
      const statuses = await subscriptionStatusesOf(ctx.db, caller.uuid, ctx.now());
      const subscriber = statuses.some((s) => (ENTITLED_STATUSES_FOR_LOCKED_CONTENT as readonly number[]).includes(s));
      return subscriber ? { id: 1, segment: "suscriptor" } : { id: 2, segment: "registrado" };
    }),
  );

  async function createGdprReport(tx: Queryable, user: UserRow) {
    const data = JSON.stringify({ profile: await profileOf(tx, user), ...(await salesReportOf(tx, user.uuid)) });
    const { rows } = await tx.query<{ id: number }>(
      "INSERT INTO accounts_gdpr_reports (user_uuid, requested_at, available_until, data) VALUES ($1, $2, $3, $4) RETURNING id",
      [user.uuid, ctx.now(), new Date(ctx.clock() + GDPR_REPORT_TTL_MS), data],
    );
    return Number(rows[0].id);
  }

  router.get(
    `${V1}/gdpr`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      res.set("Cache-Control", "no-store");
      const { rows } = await ctx.db.query<{ id: number; requested_at: Date; available_until: Date }>(
        "SELECT id, requested_at, available_until FROM accounts_gdpr_reports WHERE user_uuid = $1 AND available_until > $2 ORDER BY id DESC",
        [caller.uuid, ctx.now()],
      );
      return rows.map((r) => ({
        id: Number(r.id),
        ready: true,
        requestDate: new Date(r.requested_at).getTime(),
        availableUntil: new Date(r.available_until).getTime(),
      }));
    }),
  );

  // Not an SDK call: asks for a new report (generated at once) for the self-service pages.
  router.post(
    `${V1}/gdpr`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      const id = await ctx.db.transaction(async (tx) => createGdprReport(tx, await requireActiveUser(tx, caller.uuid)));
      res.status(201);
      return { id, ready: true, requestDate: ctx.clock(), availableUntil: ctx.clock() + GDPR_REPORT_TTL_MS };
    }),
  );

  router.get(
    `${V1}/gdpr/:id`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      res.set("Cache-Control", "no-store");
      const id = Number(req.params.id);
      const { rows } = Number.isSafeInteger(id)
        ? await ctx.db.query<{ requested_at: Date; data: string }>(
            "SELECT requested_at, data FROM accounts_gdpr_reports WHERE id = $1 AND user_uuid = $2 AND available_until > $3",
            [id, caller.uuid, ctx.now()],
          )
        : { rows: [] };
      if (!rows[0]) throw new ApiError(404, ErrorCodes.notFound, `No existe el reporte de datos ${req.params.id}`);
      const user = (await getUser(ctx.db, caller.uuid))!;
      return {
        asOfDate: new Date(rows[0].requested_at).toISOString(),
        data: rows[0].data,
        displayName: user.display_name,
        email: user.email,
        firstName: user.first_name,
        lastName: user.last_name,
        secondLastName: user.second_last_name,
      };
    }),
  );

  // --- Social identities and Subscribe with Google ----------------------------------------------

  router.delete(
    `${V1}/identity/:provider`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      const type = { google: "Google", facebook: "Facebook", apple: "Apple", oidc: "OIDC" }[req.params.provider.toLowerCase()];
      if (!type) throw new ApiError(400, ErrorCodes.badRequest, `Proveedor desconocido: ${req.params.provider}`);
      return ctx.db.transaction(async (tx) => {
        const count = await countIdentities(tx, caller.uuid);
        const { rows } = await tx.query("DELETE FROM accounts_identities WHERE user_uuid = $1 AND type = $2 AND $3 > 1 RETURNING id", [
          caller.uuid,
          type,
          count,
        ]);
        if (!rows.length)
          throw new ApiError(400, ErrorCodes.badRequest, count <= 1 ? "No puedes quitar tu único método de ingreso" : `La cuenta no tiene ingreso con ${type}`);
        return profileOf(tx, (await getUser(tx, caller.uuid))!);
      });
    }),
  );

  router.get(
    `${V1}/swg/accesstoken`,
    handle(async (req) => {
      const caller = await authenticate(ctx, req, true);
      return { accessToken: await ctx.tokens.signPurpose(caller.uuid, "swg", SWG_TOKEN_TTL_MS) };
    }),
  );

  const swgCheckExists = handle(async (req) => {
    const token = requiredString(bodyObject(req).token, "token");
    const google = ctx.socialProviders.find((p) => p.identityType === "Google");
    // Without a Google provider the ID token cannot be verified: nobody can be found by it.
    if (!google) return { identityExists: false };
    const profile = await google.verifyCredentials(token).catch(() => null);
    if (!profile) return { identityExists: false };
    const { rows } = await ctx.db.query("SELECT 1 FROM accounts_identities WHERE type = 'Google' AND user_name = $1", [profile.subject]);
    return { identityExists: rows.length > 0 };
  });
  router.post(`${V1}/swg/checkloginexists`, swgCheckExists);
  router.post(`${V1}/swg/checkexists`, swgCheckExists);

  return router;
}

/** Disqus "remote_auth_s3": base64 user data, its HMAC-SHA1 and the timestamp. */
function disqusSsoKey(user: UserRow, secret: string, now: number): string {
  const message = Buffer.from(JSON.stringify({ id: user.uuid, username: user.display_name, email: user.email })).toString("base64");
  const timestamp = Math.floor(now / 1000);
  const signature = crypto.createHmac("sha1", secret).update(`${message} ${timestamp}`).digest("hex");
  return `${message} ${signature} ${timestamp}`;
}
