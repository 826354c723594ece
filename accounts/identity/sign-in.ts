// Signing in and out: e-mail and password (the API, and the login page's form without JavaScript),
// a refresh, a sign-out, one device signed out at the device limit (devices.ts), and magic links.
// Social grants are handed to social-sign-in.ts.
import express from "express";
import { enforceCaptcha, type AccountsContext } from "../context";
import { ACCESS_TOKEN_COOKIE } from "../entitlement";
import { ApiError, ErrorCodes } from "../errors";
import { bearerToken, bodyObject, handle, noStore } from "../http";
import { clearCookie, setCookie } from "../../platform/request";
import { CODE, CREDENTIAL, optionalText } from "../input";
import { FORM_LOGIN_PATH, LOGIN_PAGE } from "../../domain/routes";
import { sitePath } from "../../domain/urls";
import { enforceDeviceLimit, signOutDevice } from "./devices";
import { rememberClient, requestMail } from "./mail-requests";
import { consumeNonce, peekNonce } from "./nonces";
import { countWrongPassword, forgetWrongPasswords, refuseWhileThrottled, requireCaptchaAfterFailures } from "./password-attempts";
import { answerIdentity, IDENTITY_V1, markEmailVerified, requireActiveUser } from "./route-helpers";
import { openSession, refreshSession, revokeSession, type IssuedIdentity } from "./sessions";
import type { SocialLogin } from "./social-sign-in";
import { passwordMatches, spendPasswordTime } from "./users";
import { checkPassword, normalizeEmail } from "./validation";

/** The no-JavaScript sign-in form: its whole body (e-mail, password, redirect) fits in 4 KB. */
const FORM_LOGIN_BODY_LIMIT = "4kb";

export function registerSignInRoutes(router: express.Router, ctx: AccountsContext, socialLogin: SocialLogin) {
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
    await rememberClient(ctx, req, userName);
    return issued;
  }

  const login = handle(async (req, res) => {
    const body = bodyObject(req);
    const grantType = optionalText(body.grantType, "grantType", CODE) || "password";
    await enforceCaptcha(ctx, "signin", body.recaptchaToken);
    const rememberMe = body.rememberMe === true;
    if (grantType !== "password") return answerIdentity(ctx, req, res, await socialLogin(req, grantType, body));
    const userName = normalizeEmail(body.userName, "userName");
    const password = checkPassword(body.credentials, "credentials");
    return answerIdentity(ctx, req, res, await passwordLogin(req, userName, password, rememberMe, body.recaptchaToken));
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

  router.post(`${IDENTITY_V1}/auth/login`, login);
  // Signs one device out after a sign-in refused at the device limit (its deviceToken), so it can be tried again.
  router.post(
    `${IDENTITY_V1}/auth/devices/signout`,
    handle(async (req, res) => {
      noStore(res);
      return signOutDevice(ctx, bodyObject(req));
    }),
  );
  router.post(`${IDENTITY_V1}/auth`, login);

  router.post(
    `${IDENTITY_V1}/auth/token`,
    handle(async (req, res) => {
      const body = bodyObject(req);
      if (body.grantType !== "refresh-token") throw new ApiError(400, ErrorCodes.badRequest, "grantType debe ser 'refresh-token'");
      const token = optionalText(body.token, "token", CREDENTIAL);
      if (!token) throw new ApiError(400, ErrorCodes.badRequest, "No refresh token found for this session");
      return answerIdentity(ctx, req, res, await refreshSession(ctx, token));
    }),
  );

  router.delete(
    `${IDENTITY_V1}/auth/token`,
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
    `${IDENTITY_V1}/auth/magiclink`,
    handle(async (req, res) => {
      const body = bodyObject(req);
      const email = normalizeEmail(body.email);
      await enforceCaptcha(ctx, "magicLink", body.recaptchaToken);
      // Unknown addresses get the same answer, at the same time: the form reveals nobody's account.
      return requestMail(ctx, req, res, "magic", email);
    }),
  );

  router.get(
    `${IDENTITY_V1}/auth/magiclink/:nonce`,
    handle(async (req, res) => {
      // A subscriber's fifth device is refused as at a password sign-in (devices.ts), and the link
      // stays usable: the reader signs a device out and opens it again.
      const link = await peekNonce(ctx, ctx.db, "magic", req.params.nonce);
      await enforceDeviceLimit(ctx, link.user_uuid!);
      const issued = await ctx.db.transaction(async (tx) => {
        const nonce = await consumeNonce(ctx, tx, "magic", req.params.nonce);
        const user = await requireActiveUser(tx, nonce.user_uuid!);
        // Opening the link proves the reader controls the address.
        if (user.email === nonce.email && !user.email_verified) await markEmailVerified(ctx, tx, user);
        return { ...(await openSession(ctx, tx, user.uuid, true, req.get("user-agent"))), email: user.email };
      });
      await rememberClient(ctx, req, issued.email);
      return answerIdentity(ctx, req, res, issued);
    }),
  );
}
