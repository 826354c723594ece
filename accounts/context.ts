// What every part of the accounts service shares: the database, the clock, token signing, the
// outbox, rate limits and configuration. Built once by createAccountsRouter.
import type express from "express";
import type { Database, Queryable } from "../platform/database";
import { waitText } from "../domain/errors";
import { ApiError, CAPTCHA_INVALID, ErrorCodes, MISSING_OR_INVALID_JWT, tooManyRequests } from "./errors";
import { bearerToken } from "./http";
import { clientIp } from "../platform/request";
import { CREDENTIAL, optionalText } from "./input";
import type { Outbox } from "./mail/outbox";
import type { MailContext, MailMessage } from "./mail/templates";
import { queueMail } from "./mail/outbox";
import type { PaymentProvider } from "./payments/provider";
import type { RateLimiter, RateLimitOptions } from "./rate-limit";
import type { SocialProvider } from "./identity/social";
import type { SwgVerifier } from "./sales/swg";
import type { TokenSigner } from "./tokens";
import type { Logger } from "../runtime/types";
import type { BrandId } from "../domain/brands";

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
  /** The reCAPTCHA page script the forms load (RECAPTCHA_SCRIPT_URL; Google's by default). */
  scriptUrl?: string;
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
  /** Handles the waiting reset, magic-link and verification requests (identity/mail-requests.ts), one run at a time. */
  handleMailRequests(): Promise<void>;
  /** Prepares the data-export reports asked for and e-mails their readers (identity/data-reports.ts), one run at a time. */
  prepareDataReports(): Promise<void>;
  /** The mail identity of every brand (mail/brand.ts). */
  mailBrands: Record<BrandId, MailContext>;
  /**
   * The brand an e-mail speaks for: `brand` when given and known (work outside a request names the
   * brand it stored), else the brand of the request under way, else the default brand.
   */
  mailFor(brand?: string | null): MailContext;
  /** Runs the renewal job soon (sales/renewals.ts), e.g. after a card update during the grace period. */
  kickRenewals(): void;
  captcha: CaptchaOptions;
  /** Set the httpOnly access-token cookie on every sign-in ("always") or only with ?cookie=true. */
  accessCookie: "always" | "on-request";
  secureCookies: boolean;
  paymentProviders: PaymentProvider[];
  /** Subscribe with Google's entitlement verifier (sales/swg.ts); null when SWG_* are not set. */
  swg: SwgVerifier | null;
  /** Google, Apple and Facebook as the environment configures them (identity/social.ts); empty when none is. */
  socialProviders: SocialProvider[];
  /** Config answered by GET /identity/public/v1/config beyond the captcha flags and the social providers. */
  identityConfig: { disqus?: { enabled: boolean; publicKey: string } };
  /** Disqus's secret for its single sign-on key (DISQUS_SECRET_KEY): never in identityConfig, which readers get. */
  disqusSecretKey?: string;
}

/** Writes an e-mail to the outbox inside the caller's transaction. */
export function sendMail(ctx: AccountsContext, tx: Queryable, message: MailMessage) {
  return queueMail(tx, message, ctx.now());
}

/** Whether `token` is a captcha answer the verifier accepts (one that is not a CREDENTIAL is refused with 130001 first). */
export async function captchaPasses(ctx: AccountsContext, action: CaptchaAction, token: unknown): Promise<boolean> {
  if (typeof token !== "string") return false;
  const answer = optionalText(token, "recaptchaToken", { ...CREDENTIAL, code: ErrorCodes.captchaInvalid });
  return !!answer && !!ctx.captcha.verify && (await ctx.captcha.verify(answer, action));
}

/** Refuses with 130001 'Captcha token invalid' when this call needs a captcha and the token is missing or wrong. */
export async function enforceCaptcha(ctx: AccountsContext, action: CaptchaAction, token: unknown): Promise<void> {
  if (!ctx.captcha[action]) return;
  if (!(await captchaPasses(ctx, action, token))) throw new ApiError(400, ErrorCodes.captchaInvalid, CAPTCHA_INVALID);
}

/**
 * Counts a row anyone can create without an account (an anonymous cart, an AMP reader id, a visit
 * to a social provider) against the client address; past anonymousWritesPerAddress, 429 with
 * Retry-After and nothing is stored.
 */
export async function limitAnonymousWrite(ctx: AccountsContext, req: express.Request, kind: "cart" | "amp" | "social" | "pqrs" | "boletin"): Promise<void> {
  const { allowed, retryAfterMs } = await ctx.rateLimiter.hit(`anonymous:${kind}:${clientIp(req)}`, ctx.rateLimits.anonymousWritesPerAddress);
  if (!allowed)
    throw tooManyRequests(
      ErrorCodes.tooManyRequests,
      (seconds) => `Demasiadas solicitudes desde tu conexión; intenta de nuevo en ${waitText(seconds)}`,
      retryAfterMs,
    );
}

/**
 * Counts an e-mail that a form without an account sends to the address a reader typed (a PQRS
 * acknowledgement, a newsletter confirmation) against that address: past mailPerAddress, 429 with
 * Retry-After and nothing is stored, so nobody can flood someone else's mailbox through the forms.
 */
export async function limitMailTo(ctx: AccountsContext, kind: "pqrs" | "boletin", email: string): Promise<void> {
  const { allowed, retryAfterMs } = await ctx.rateLimiter.hit(`mail:${kind}:address:${email}`, ctx.rateLimits.mailPerAddress);
  if (!allowed)
    throw tooManyRequests(
      ErrorCodes.tooManyRequests,
      (seconds) => `Ya enviamos varios correos a esa dirección; intenta de nuevo en ${waitText(seconds)}`,
      retryAfterMs,
    );
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
