// The accounts service: an Arc-compatible Identity API and Sales API that the unmodified Arc
// browser SDKs work against, the development mailbox, and the server-side entitlement check.
//
//   const accounts = await createAccountsRouter({ db });
//   app.use(accounts);                                  // /identity/public/v1|v2/…, /sales/public/v1/…, /dev/correo/
//   await entitlementFor(request.headers, "3", ["/politica"]);   // { entitled, reason, uuid? }
import express from "express";
import type { Database } from "../db/database";
import { migrate } from "../db/migrations";
import type { AccountsContext, CaptchaAction, CaptchaOptions } from "./context";
import { entitlementFor, setDefaultEntitlementContext, type Entitlement, type IdentitySource } from "./entitlement";
import { accountsErrorHandler, ApiError, ErrorCodes } from "./errors";
import { createIdentityRouter } from "./identity/router";
import type { SocialProvider } from "./identity/social";
import { createMailboxRouter } from "./mail/mailbox-page";
import { Outbox, type Mailer } from "./mail/outbox";
import { smtpMailer } from "./mail/smtp";
import { accountsMigrations } from "./migrations";
import type { PaymentProvider } from "./payments/provider";
import { TestPaymentProvider } from "./payments/test-provider";
import { DEFAULT_RATE_LIMITS, RateLimiter, type RateLimitOptions } from "./rate-limit";
import { startReconciler, type ReconcileReport } from "./sales/reconcile";
import { createSalesRouter } from "./sales/router";
import { loadSigningSecret, TokenSigner } from "./tokens";
import type { Logger } from "../../runtime/types";
import { loggerFromEnv } from "../log";

export interface AccountsOptions {
  db: Database;
  /** Where errors go. Default: the logger of LOG_LEVEL. */
  logger?: Logger;
  /** Origin of the site, for links in e-mails. Default PUBLIC_ORIGIN, else http://localhost:3000. */
  publicOrigin?: string;
  /** Where e-mail goes besides the outbox. Default: SMTP when SMTP_URL is set, else none. */
  mailer?: Mailer | null;
  /** Sender of e-mails. Default MAIL_FROM, else "Suscripciones <no-responder@localhost>". */
  mailFrom?: string;
  /** Signature of e-mails. Default "Semana". */
  siteName?: string;
  /** Milliseconds since the epoch; tests move it to expire tokens and nonces. */
  clock?: () => number;
  /** Captcha per call; all off by default, or all on with reCAPTCHA when RECAPTCHA_SECRET_KEY is set. */
  captcha?: CaptchaOptions;
  rateLimits?: Partial<RateLimitOptions>;
  /**
   * Default: the built-in test provider (TestPay) outside production; in production only with
   * PAYMENTS_TEST_PROVIDER=1 (otherwise none, and the checkout says online payment is unavailable).
   */
  paymentProviders?: PaymentProvider[];
  /**
   * Milliseconds between reconciliation passes (sales/reconcile.ts); 0 turns the interval off.
   * Default PAYMENTS_RECONCILE_SECONDS × 1000, else 60 s. A pass also runs once at start.
   */
  reconcileIntervalMs?: number;
  socialProviders?: SocialProvider[];
  /** "always" (default): every sign-in sets the httpOnly access cookie; "on-request": only ?cookie=true. */
  accessCookie?: "always" | "on-request";
  /** Serve /dev/correo/. Default: outside production, or when DEV_MAILBOX=1. */
  devMailbox?: boolean;
  /** Register this service as the default of entitlementFor (default true). */
  registerForEntitlement?: boolean;
  env?: Record<string, string | undefined>;
}

export type AccountsRouter = express.Router & {
  /** The entitlement check bound to this service. */
  entitlementFor(source: IdentitySource, contentCode: string | null | undefined, sections: readonly string[]): Promise<Entitlement>;
  /** Sends what the outbox holds (tests and shutdown). */
  flushOutbox(): Promise<void>;
  /** Runs a reconciliation pass now (tests, operators); it also runs at start and on an interval. */
  reconcile(): Promise<ReconcileReport | null>;
  /** Stops the reconciliation interval; call before closing the database. */
  close(): Promise<void>;
  context: AccountsContext;
};

/** reCAPTCHA v2/v3 server-side check through Google's siteverify endpoint. */
export function recaptchaVerifier(secret: string, logger: Logger, minimumScore = 0.5): (token: string, action: CaptchaAction) => Promise<boolean> {
  return async (token) => {
    try {
      const response = await fetch("https://www.google.com/recaptcha/api/siteverify", {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ secret, response: token }),
        signal: AbortSignal.timeout(5000),
      });
      const result = (await response.json()) as { success?: boolean; score?: number };
      return result.success === true && (result.score === undefined || result.score >= minimumScore);
    } catch (error) {
      logger.error("cuentas: no se pudo verificar el captcha", { error: (error as Error).message });
      return false;
    }
  };
}

/**
 * The payment providers of the environment. The test provider moves no money: outside production
 * it is on unless PAYMENTS_TEST_PROVIDER=0; in production only with PAYMENTS_TEST_PROVIDER=1 (the
 * local quick start and the end-to-end tests set it), so readers of a real site never see it.
 */
export function paymentProvidersFromEnv(env: Record<string, string | undefined>, db: Database, clock: () => number, logger: Logger): PaymentProvider[] {
  const production = env.NODE_ENV === "production";
  const testProvider = production ? env.PAYMENTS_TEST_PROVIDER === "1" : env.PAYMENTS_TEST_PROVIDER !== "0";
  if (!testProvider) {
    logger.warn("pagos: no hay proveedor de pagos configurado; el pago en línea no está disponible (PAYMENTS_TEST_PROVIDER=1 activa el de pruebas)");
    return [];
  }
  if (production) logger.warn("pagos: el proveedor de pruebas TestPay está activo (PAYMENTS_TEST_PROVIDER=1): ningún pago mueve dinero real");
  return [new TestPaymentProvider(db, clock)];
}

function captchaFromEnv(env: Record<string, string | undefined>, logger: Logger): CaptchaOptions {
  if (!env.RECAPTCHA_SECRET_KEY) return {};
  return {
    signin: true,
    signup: true,
    magicLink: true,
    resetPassword: true,
    checkout: true,
    siteKey: env.RECAPTCHA_SITE_KEY,
    verify: recaptchaVerifier(env.RECAPTCHA_SECRET_KEY, logger),
  };
}

export async function createAccountsRouter(options: AccountsOptions): Promise<AccountsRouter> {
  const env = options.env ?? process.env;
  const { db } = options;
  const clock = options.clock ?? Date.now;
  const logger = options.logger ?? loggerFromEnv(env);
  await migrate(db, accountsMigrations);

  const captcha = options.captcha ?? captchaFromEnv(env, logger);
  const needsCaptcha = (["signin", "signup", "magicLink", "resetPassword", "checkout"] as const).some((a) => captcha[a]);
  if (needsCaptcha && !captcha.verify)
    throw new Error("captcha: hay llamadas que piden captcha pero no hay verificador (captcha.verify o RECAPTCHA_SECRET_KEY)");

  const publicOrigin = (options.publicOrigin ?? env.PUBLIC_ORIGIN ?? "http://localhost:3000").replace(/\/$/, "");
  const mailer = options.mailer !== undefined ? options.mailer : env.SMTP_URL ? smtpMailer(env.SMTP_URL) : null;
  const ctx: AccountsContext = {
    db,
    logger,
    clock,
    now: () => new Date(clock()),
    tokens: new TokenSigner(await loadSigningSecret(db, env), clock),
    outbox: new Outbox(db, mailer, options.mailFrom ?? env.MAIL_FROM ?? "Suscripciones <no-responder@localhost>", clock, logger),
    rateLimiter: new RateLimiter(db, clock),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    mail: { origin: publicOrigin, siteName: options.siteName ?? "Semana" },
    captcha,
    accessCookie: options.accessCookie ?? "always",
    secureCookies: publicOrigin.startsWith("https:"),
    paymentProviders: options.paymentProviders ?? paymentProvidersFromEnv(env, db, clock, logger),
    socialProviders: options.socialProviders ?? [],
    identityConfig: {
      facebookAppId: env.FACEBOOK_APP_ID ?? "",
      googleClientId: env.GOOGLE_CLIENT_ID ?? "",
      ...(env.DISQUS_PUBLIC_KEY ? { disqus: { enabled: true, publicKey: env.DISQUS_PUBLIC_KEY } } : {}),
    },
  };

  const router = express.Router() as AccountsRouter;
  const api = express.Router();
  // Room for a profile at its limits (100 attributes of 1,000 characters, 100 addresses).
  api.use(express.json({ limit: "512kb" }));
  api.use(createIdentityRouter(ctx));
  api.use(createSalesRouter(ctx));
  // Unknown API paths answer JSON the SDKs can read, not the site's HTML 404.
  api.use((req, res) => {
    res.status(404).json({ code: ErrorCodes.notFound, message: `No existe ${req.method} ${req.path}`, httpStatus: 404 });
  });
  api.use(accountsErrorHandler(logger));
  router.use((req, res, next) => {
    if (req.path.startsWith("/identity/public/") || req.path.startsWith("/sales/public/")) return api(req, res, next);
    next();
  });
  const devMailbox = options.devMailbox ?? (env.NODE_ENV !== "production" || env.DEV_MAILBOX === "1");
  if (devMailbox) router.use(createMailboxRouter(ctx.outbox));

  // No charge without a subscription: settle what a crash left half-done before answering anyone,
  // then keep looking (docs/decisions/0010-checkout-money-moves-once.md).
  const intervalSeconds = Number(env.PAYMENTS_RECONCILE_SECONDS ?? 60);
  const reconcileIntervalMs = options.reconcileIntervalMs ?? (Number.isFinite(intervalSeconds) && intervalSeconds > 0 ? intervalSeconds * 1000 : 0);
  const reconciler = startReconciler(ctx, reconcileIntervalMs);
  await reconciler.run();

  router.entitlementFor = (source, contentCode, sections) => entitlementFor(source, contentCode, sections, ctx);
  router.flushOutbox = () => ctx.outbox.flush();
  router.reconcile = () => reconciler.run();
  router.close = () => reconciler.stop();
  router.context = ctx;
  if (options.registerForEntitlement !== false) setDefaultEntitlementContext(ctx);
  return router;
}

export { entitlementFor, ApiError };
export type { Entitlement, IdentitySource, Mailer, PaymentProvider, SocialProvider, CaptchaOptions };
export { ACCESS_TOKEN_COOKIE, ENTITLED_STATUSES_FOR_LOCKED_CONTENT, NEVER_PAYWALLED_SECTIONS, LOCKED_CONTENT_CODE } from "./entitlement";
export { TEST_CARD_NUMBERS } from "./payments/test-provider";
export { BUY_NOW_OFFER_ID, DIGITAL_ANNUAL_PRICE, BANNER_ANNUAL_PRICE, offerView } from "../../domain/catalog";
export { MAIL_LINK_ROUTES } from "./mail/templates";
