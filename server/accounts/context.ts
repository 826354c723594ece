// What every part of the accounts service shares: the database, the clock, token signing, the
// outbox, rate limits and configuration. Built once by createAccountsRouter.
import type express from "express";
import type { Database, Queryable } from "../db/database";
import { ApiError, CAPTCHA_INVALID, ErrorCodes, MISSING_OR_INVALID_JWT } from "./errors";
import { bearerToken } from "./http";
import type { Outbox } from "./mail/outbox";
import type { MailContext, MailMessage } from "./mail/templates";
import { queueMail } from "./mail/outbox";
import type { PaymentProvider } from "./payments/provider";
import type { RateLimiter, RateLimitOptions } from "./rate-limit";
import type { SocialProvider } from "./identity/social";
import type { TokenSigner } from "./tokens";
import type { Logger } from "../../runtime/types";

export type CaptchaAction = "signin" | "signup" | "magicLink" | "resetPassword" | "checkout";

export interface CaptchaOptions {
  /** Which calls require a captcha token (all off by default). */
  signin?: boolean;
  signup?: boolean;
  magicLink?: boolean;
  resetPassword?: boolean;
  checkout?: boolean;
  /** Public site key handed to the browser in the config answers. */
  siteKey?: string;
  /** Checks a token (reCAPTCHA: see recaptchaVerifier). Required when any call needs a captcha. */
  verify?: (token: string, action: CaptchaAction) => Promise<boolean>;
}

export interface AccountsContext {
  db: Database;
  logger: Logger;
  clock: () => number;
  now(): Date;
  tokens: TokenSigner;
  outbox: Outbox;
  rateLimiter: RateLimiter;
  rateLimits: RateLimitOptions;
  mail: MailContext;
  captcha: CaptchaOptions;
  /** Set the httpOnly access-token cookie on every sign-in ("always") or only with ?cookie=true. */
  accessCookie: "always" | "on-request";
  secureCookies: boolean;
  paymentProviders: PaymentProvider[];
  socialProviders: SocialProvider[];
  /** Config answered by GET /identity/public/v1/config beyond the captcha flags. */
  identityConfig: { facebookAppId: string; googleClientId: string; disqus?: { enabled: boolean; publicKey: string } };
}

/** Writes an e-mail to the outbox inside the caller's transaction. */
export function sendMail(ctx: AccountsContext, tx: Queryable, message: MailMessage) {
  return queueMail(tx, message, ctx.now());
}

/** Refuses with 130001 'Captcha token invalid' when this call needs a captcha and the token is missing or wrong. */
export async function enforceCaptcha(ctx: AccountsContext, action: CaptchaAction, token: unknown): Promise<void> {
  if (!ctx.captcha[action]) return;
  const valid = typeof token === "string" && token.length > 0 && (await ctx.captcha.verify!(token, action));
  if (!valid) throw new ApiError(400, ErrorCodes.captchaInvalid, CAPTCHA_INVALID);
}

export interface Caller {
  uuid: string;
  sid: string;
}

/**
 * The signed-in user of an API call, from its Authorization header (bearer or bare token), with
 * the session still live in the database. Throws 401 'Missing or invalid jwt' when required.
 */
export async function authenticate(ctx: AccountsContext, req: express.Request, required: true): Promise<Caller>;
export async function authenticate(ctx: AccountsContext, req: express.Request, required: false): Promise<Caller | null>;
export async function authenticate(ctx: AccountsContext, req: express.Request, required: boolean): Promise<Caller | null> {
  const token = bearerToken(req.get("authorization"));
  if (!token) {
    if (required) throw new ApiError(401, ErrorCodes.sessionExpiredLogInAgain, MISSING_OR_INVALID_JWT);
    return null;
  }
  const claims = await ctx.tokens.verify(token, "access");
  if (!(await isSessionLive(ctx, claims.sid, claims.uuid))) {
    throw new ApiError(401, ErrorCodes.sessionExpiredLogInAgain, `${MISSING_OR_INVALID_JWT}: la sesión fue cerrada`);
  }
  return { uuid: claims.uuid, sid: claims.sid };
}

export async function isSessionLive(ctx: AccountsContext, sid: string, uuid: string): Promise<boolean> {
  const { rows } = await ctx.db.query(
    `SELECT 1 FROM accounts_sessions s JOIN accounts_users u ON u.uuid = s.user_uuid
     WHERE s.id = $1 AND s.user_uuid = $2 AND s.revoked_at IS NULL AND s.expires_at > $3 AND u.status = 'Active'`,
    [sid, uuid, ctx.now()],
  );
  return rows.length > 0;
}
