// The Identity API under /identity/public/v1 and /v2, as the unmodified @arc-publishing/sdk-identity
// calls it (paths, bodies and answers read from its lib/ code), plus the aliases that
// docs/accounts.md#identity-api lists.
import crypto from "node:crypto";
import express from "express";
import type { Queryable } from "../../platform/database";
import { authenticate, enforceCaptcha, sendMail, type AccountsContext } from "../context";
import { ACCESS_TOKEN_COOKIE, subscriptionStatusesOf, ENTITLED_STATUSES_FOR_LOCKED_CONTENT } from "../entitlement";
import { ApiError, ErrorCodes, tooManyRequests } from "../errors";
import { bearerToken, bodyObject, handle } from "../http";
import { clearCookie, clientIp, parseCookies, setCookie } from "../../platform/request";
import { CODE, CREDENTIAL, optionalChoice, optionalText, requiredId, requiredText } from "../input";
import { mailTemplates } from "../mail/templates";
import { queueMailRequest, type MailRequestKind } from "./mail-requests";
import { consumeNonce, createNonce, invalidateOpenNonces, peekNonce } from "./nonces";
import { countWrongPassword, forgetAccountFailures, forgetWrongPasswords, refuseWhileThrottled, requireCaptchaAfterFailures } from "./password-attempts";
import { openSession, refreshSession, revokeSession, revokeUserSessions, type IssuedIdentity } from "./sessions";
import {
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
import { checkPassword, checkPasswordStrength, normalizeEmail } from "./validation";
import { attachGuestSubscriptions } from "../sales/purchases";
import { anonymizeSales } from "../sales/account-data";
import { FORM_LOGIN_PATH, LOGIN_PAGE } from "../../domain/routes";
import { waitText } from "../../domain/errors";
import { sitePath } from "../../domain/urls";
import { enforceDeviceLimit, signOutDevice } from "./devices";
import { registerSocialRoutes, unlinkIdentity } from "./social-sign-in";
import { createReadyReport, GDPR_REPORT_TTL_MS, requestReport } from "./data-reports";

const V1 = "/identity/public/v1";
/** GDPR reports stay downloadable this long. */
export { GDPR_REPORT_TTL_MS };
/** Subscribe with Google linking tokens last this long. */
const SWG_TOKEN_TTL_MS = 5 * 60 * 1000;
/** The identity SDK's DeclineDeleteReason (it sends 'DID_NOT_REQUEST_DELETION ' with a trailing space). */
export const DECLINE_DELETE_REASONS = ["MISTAKE", "CHANGED_MIND", "OTHER", "DID_NOT_REQUEST_DELETION"] as const;
/** The no-JavaScript sign-in form: its whole body (e-mail, password, redirect) fits in 4 KB. */
const FORM_LOGIN_BODY_LIMIT = "4kb";

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

  /**
   * An e-mail asked for by address (reset, magic link, verification), counted so that nobody can
   * use the limit against the owner (docs/accounts.md#e-mailed-links): per e-mail address and
   * client address (what one requester can make an address receive), per client address, and per
   * e-mail address from clients the account does not know — a device signed in to the account, or
   * a client address the account signed in from lately, is not counted there. 429 with Retry-After
   * past a limit; then recorded and answered. The address is looked up only after the answer is out
   * (mail-requests.ts), so the answer takes the same time and carries the same body and headers
   * whether the address has an account or not (a known client is one that already signed in to it).
   */
  async function requestMail(req: express.Request, res: express.Response, kind: MailRequestKind, email: string) {
    const ip = clientIp(req);
    const limits = ctx.rateLimits;
    const byPair = await ctx.rateLimiter.hit(`mail:${kind}:pair:${email} ${ip}`, limits.mailPerAddress);
    const byIp = await ctx.rateLimiter.hit(`mail:${kind}:ip:${ip}`, limits.mailPerIp);
    const refused = [byPair, byIp].filter((hit) => !hit.allowed);
    if (!refused.length && !(await isKnownClient(req, email))) {
      const byAddress = await ctx.rateLimiter.hit(`mail:${kind}:address:${email}`, limits.mailPerAddressFromUnknownClients);
      if (!byAddress.allowed) refused.push(byAddress);
    }
    if (refused.length)
      throw tooManyRequests(
        ErrorCodes.tooManyRequests,
        (seconds) => `Demasiadas solicitudes de correo; intenta de nuevo en ${waitText(seconds)}`,
        Math.max(...refused.map((hit) => hit.retryAfterMs)),
      );
    await queueMailRequest(ctx, kind, email);
    res.once("close", () => void ctx.handleMailRequests());
    return { success: true };
  }

  const knownClientKey = (email: string, ip: string) => `mail:known:${email} ${ip}`;

  /** Remembers that this client address signed in to the account of `email` (its mail requests are the owner's). */
  async function rememberClient(req: express.Request, email: string | null | undefined) {
    if (email) await ctx.rateLimiter.count(knownClientKey(email, clientIp(req)), ctx.rateLimits.knownClientMs);
  }

  /** A device signed in to the account of `email`, or a client address it signed in from lately. */
  async function isKnownClient(req: express.Request, email: string): Promise<boolean> {
    if ((await ctx.rateLimiter.failures(knownClientKey(email, clientIp(req)), ctx.rateLimits.knownClientMs)) > 0) return true;
    const caller = await authenticate(ctx, req, false).catch(() => null);
    if (!caller) return false;
    const user = await getUser(ctx.db, caller.uuid);
    return user?.email === email;
  }

  // Google, Apple and Facebook (social-sign-in.ts): visits, Apple's callback, the code's sign-in, unlinking.
  const social = registerSocialRoutes(router, ctx, { answerIdentity, requireActiveUser, markEmailVerified });

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
        recaptchaScriptUrl: ctx.captcha.siteKey ? (ctx.captcha.scriptUrl ?? null) : null,
        // Only configured providers: the login modal shows a button for each (docs/accounts.md#social-sign-in).
        googleClientId: ctx.socialProviders.find((p) => p.name === "google")?.clientId ?? "",
        facebookAppId: ctx.socialProviders.find((p) => p.name === "facebook")?.clientId ?? "",
        // The providers whose pages the modal's buttons lead to; Google with its id alone has only its own button (googleClientId).
        socialProviders: ctx.socialProviders.filter((p) => p.codeFlow).map((p) => p.name),
        ...(ctx.identityConfig.disqus ? { disqus: ctx.identityConfig.disqus } : {}),
      };
    }),
  );

  // --- Sign-in, refresh, sign-out -------------------------------------------------------------

  /**
   * Signs in with e-mail and password (already validated): the issued identity, or an ApiError.
   * Wrong passwords slow this account-and-address pair and this address down (password-attempts.ts);
   * nothing a stranger does elsewhere stops the owner. 100014 only for an account an operator blocked.
   */
  async function passwordLogin(req: express.Request, userName: string, password: string, rememberMe: boolean, captchaToken?: unknown): Promise<IssuedIdentity> {
    await refuseWhileThrottled(ctx, req, userName);
    await requireCaptchaAfterFailures(ctx, userName, captchaToken);
    const { rows } = await ctx.db.query<{ user_uuid: string; password_hash: string | null; password_reset: boolean; locked: boolean }>(
      "SELECT user_uuid, password_hash, password_reset, locked FROM accounts_identities WHERE type = 'Identity' AND user_name = $1",
      [userName],
    );
    const identity = rows[0];
    const ok = identity ? await passwordMatches(identity.password_hash, password) : (await spendPasswordTime(password), false);
    if (!ok) {
      await countWrongPassword(ctx, req, userName);
      // The same answer whether the account exists or not.
      throw new ApiError(401, ErrorCodes.wrongPassword, "El correo o la contraseña no son correctos");
    }
    await forgetWrongPasswords(ctx, req, userName);
    if (identity.locked) throw new ApiError(403, ErrorCodes.accountBlocked, "La cuenta está bloqueada; escríbenos a servicio al cliente");
    if (identity.password_reset) throw new ApiError(403, ErrorCodes.passwordMustBeReset, "Debes restablecer tu contraseña antes de ingresar");
    // A subscriber's fifth device is refused with the other four and a way to sign one out (devices.ts).
    await enforceDeviceLimit(ctx, identity.user_uuid);
    const issued = await ctx.db.transaction(async (tx) => {
      await requireActiveUser(tx, identity.user_uuid);
      return openSession(ctx, tx, identity.user_uuid, rememberMe, req.get("user-agent"));
    });
    await rememberClient(req, userName);
    return issued;
  }

  const login = handle(async (req, res) => {
    const body = bodyObject(req);
    const grantType = optionalText(body.grantType, "grantType", CODE) || "password";
    await enforceCaptcha(ctx, "signin", body.recaptchaToken);
    const rememberMe = body.rememberMe === true;
    if (grantType !== "password") return answerIdentity(req, res, await social.socialLogin(req, grantType, body));
    const userName = normalizeEmail(body.userName, "userName");
    const password = checkPassword(body.credentials, "credentials");
    return answerIdentity(req, res, await passwordLogin(req, userName, password, rememberMe, body.recaptchaToken));
  });

  // Signing in without JavaScript: the login page's <noscript> form posts here. Success sets the
  // identity cookie (the server-side paywall reads it) and goes back where the reader came from;
  // a refusal goes back to the login page with the error's code.
  router.post(
    FORM_LOGIN_PATH,
    express.urlencoded({ extended: false, limit: FORM_LOGIN_BODY_LIMIT }),
    handle(async (req, res) => {
      const field = (name: string) => (typeof req.body?.[name] === "string" ? (req.body[name] as string) : "");
      const redirect = sitePath(field("redirect"), "http://sitio.invalid") ?? "/";
      try {
        if (ctx.captcha.signin) throw new ApiError(400, ErrorCodes.captchaInvalid, "Captcha token invalid");
        // The same rules, throttle and answers as the API: a refusal's code goes back to the login page.
        const issued = await passwordLogin(req, normalizeEmail(field("email")), checkPassword(field("password"), "password"), field("remember") === "1");
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
  // Signs one device out after a sign-in refused at the device limit (its deviceToken), so it can be tried again.
  router.post(
    `${V1}/auth/devices/signout`,
    handle(async (req, res) => {
      res.set("Cache-Control", "no-store");
      return signOutDevice(ctx, bodyObject(req));
    }),
  );
  router.post(`${V1}/auth`, login);

  router.post(
    `${V1}/auth/token`,
    handle(async (req, res) => {
      const body = bodyObject(req);
      if (body.grantType !== "refresh-token") throw new ApiError(400, ErrorCodes.badRequest, "grantType debe ser 'refresh-token'");
      const token = optionalText(body.token, "token", CREDENTIAL);
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
    handle(async (req, res) => {
      const body = bodyObject(req);
      const email = normalizeEmail(body.email);
      await enforceCaptcha(ctx, "magicLink", body.recaptchaToken);
      // Unknown addresses get the same answer, at the same time: the form reveals nobody's account.
      return requestMail(req, res, "magic", email);
    }),
  );

  router.get(
    `${V1}/auth/magiclink/:nonce`,
    handle(async (req, res) => {
      // A subscriber's fifth device is refused as at a password sign-in (devices.ts), and the link
      // stays usable: the reader signs a device out and opens it again.
      const link = await peekNonce(ctx, ctx.db, "magic", req.params.nonce);
      await enforceDeviceLimit(ctx, link.user_uuid!);
      const issued = await ctx.db.transaction(async (tx) => {
        const nonce = await consumeNonce(ctx, tx, "magic", req.params.nonce);
        const user = await requireActiveUser(tx, nonce.user_uuid!);
        // Opening the link proves the reader controls the address.
        if (user.email === nonce.email && !user.email_verified) await markEmailVerified(tx, user);
        return { ...(await openSession(ctx, tx, user.uuid, true, req.get("user-agent"))), email: user.email };
      });
      await rememberClient(req, issued.email);
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
  router.put(`${V1}/password`, changePassword);
  router.put(`${V1}/`, changePassword);

  router.post(
    `${V1}/password/reset`,
    handle(async (req, res) => {
      const body = bodyObject(req);
      const email = normalizeEmail(body.userName ?? body.Name ?? body.email, "userName");
      await enforceCaptcha(ctx, "resetPassword", body.recaptchaToken);
      return requestMail(req, res, "reset", email);
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
        // An operator's block (locked) stays: only an operator lifts it.
        await tx.query(
          "UPDATE accounts_identities SET password_hash = $2, password_reset = false, modified_at = $3 WHERE user_uuid = $1 AND type = 'Identity'",
          [user.uuid, passwordHash, ctx.now()],
        );
        // The link went to the account's address: opening it proves the address too.
        if (user.email === nonce.email && !user.email_verified) await markEmailVerified(tx, user);
        await revokeUserSessions(ctx, tx, user.uuid, "password-reset");
        return (await passwordIdentity(tx, user.uuid))?.user_name;
      });
      // A reset proves who the reader is: the account's wrong-password counts end, from every address.
      if (userName) await forgetAccountFailures(ctx, userName);
      await rememberClient(req, userName);
      clearCookie(res, ACCESS_TOKEN_COOKIE, { secure: ctx.secureCookies });
      return { success: true };
    }),
  );

  // --- E-mail verification ----------------------------------------------------------------------

  const requestVerification = handle(async (req, res) => requestMail(req, res, "verify", normalizeEmail(bodyObject(req).email)));
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
        await createReadyReport(ctx, tx, user);
        const nonce = await createNonce(ctx, tx, "anonymize", user.uuid, user.email, { requestId: Number(rows[0].id) });
        if (user.email) await sendMail(ctx, tx, mailTemplates.deleteAccount(ctx.mailFor(), user.email, nonce));
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

  // --- Settings, segments, GDPR -------------------------------------------------------------------

  router.get(
    `${V1}/user/settings`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      res.set("Cache-Control", "no-store");
      const user = await requireActiveUser(ctx.db, caller.uuid);
      const settings: Record<string, unknown> = { ...user.settings };
      const disqusSecret = ctx.disqusSecretKey;
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

  router.get(
    `${V1}/gdpr`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      res.set("Cache-Control", "no-store");
      const { rows } = await ctx.db.query<{ id: number; requested_at: Date; available_until: Date; ready_at: Date | null }>(
        "SELECT id, requested_at, available_until, ready_at FROM accounts_gdpr_reports WHERE user_uuid = $1 AND available_until > $2 ORDER BY id DESC",
        [caller.uuid, ctx.now()],
      );
      return rows.map((r) => ({
        id: Number(r.id),
        ready: r.ready_at !== null,
        requestDate: new Date(r.requested_at).getTime(),
        availableUntil: new Date(r.available_until).getTime(),
      }));
    }),
  );

  // Not an SDK call: asks for a new report for the self-service pages (docs/accounts.md#data-rights).
  // It is prepared after the answer (identity/data-reports.ts) and the reader is e-mailed when it is
  // ready. Requests are counted under the account's row lock: a few a day (gdprReportsPerUser,
  // counting the account's reports of the window; 429 with Retry-After past it).
  router.post(
    `${V1}/gdpr`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      const id = await ctx.db.transaction(async (tx) => {
        const user = await getUser(tx, caller.uuid, true);
        if (!user || user.status !== "Active") throw new ApiError(403, ErrorCodes.accountDeactivated, "La cuenta está desactivada");
        const { limit, windowMs } = ctx.rateLimits.gdprReportsPerUser;
        const { rows } = await tx.query<{ requested_at: Date }>(
          "SELECT requested_at FROM accounts_gdpr_reports WHERE user_uuid = $1 AND requested_at > $2 ORDER BY requested_at",
          [user.uuid, new Date(ctx.clock() - windowMs)],
        );
        if (rows.length >= limit)
          throw tooManyRequests(
            ErrorCodes.tooManyRequests,
            (seconds) => `Ya pediste ${limit} reportes de tus datos en las últimas 24 horas; podrás pedir otro en ${waitText(seconds)}`,
            new Date(rows[rows.length - limit].requested_at).getTime() + windowMs - ctx.clock(),
          );
        return requestReport(ctx, tx, user);
      });
      res.status(201);
      res.once("close", () => void ctx.prepareDataReports());
      return { id, ready: false, requestDate: ctx.clock(), availableUntil: ctx.clock() + GDPR_REPORT_TTL_MS };
    }),
  );

  router.get(
    `${V1}/gdpr/:id`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      res.set("Cache-Control", "no-store");
      const id = requiredId(req.params.id, "id");
      const { rows } = await ctx.db.query<{ requested_at: Date; data: string | null; ready_at: Date | null }>(
        "SELECT requested_at, data, ready_at FROM accounts_gdpr_reports WHERE id = $1 AND user_uuid = $2 AND available_until > $3",
        [id, caller.uuid, ctx.now()],
      );
      if (!rows[0]) throw new ApiError(404, ErrorCodes.notFound, `No existe el reporte de datos ${id}`);
      if (rows[0].ready_at === null || rows[0].data === null)
        throw new ApiError(409, ErrorCodes.conflict, "El reporte de tus datos todavía se está preparando; te avisaremos por correo cuando esté listo", {
          ready: false,
        });
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
      const provider = requiredText(req.params.provider, "provider", CODE).toLowerCase();
      return unlinkIdentity(ctx, caller.uuid, provider, "provider");
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
    const token = requiredText(bodyObject(req).token, "token", CREDENTIAL);
    const google = ctx.socialProviders.find((p) => p.name === "google");
    // Without a Google provider the ID token cannot be verified: nobody can be found by it.
    if (!google?.verifyCredential) return { identityExists: false };
    const profile = await google.verifyCredential(token).catch(() => null);
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
