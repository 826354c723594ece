// The accounts service: an Arc-compatible Identity API and Sales API that the unmodified Arc
// browser SDKs work against, what readers send without an account (the PQRS form, the newsletter
// and the data consent), the development mailbox, and the server-side entitlement check.
//
//   const accounts = await createAccountsRouter({ db });
//   app.use(accounts);                                  // /identity/public/v1|v2/…, /sales/public/v1/…, /dev/correo/
//   await entitlementFor(request.headers, "3", ["/politica"]);   // { entitled, reason, uuid? }
import express from "express";
import type { Database } from "../platform/database";
import { migrate } from "../platform/migrations";
import type { AccountsContext, CaptchaOptions } from "./context";
import { captchaOptions } from "./captcha";
import { entitlementFor, setDefaultEntitlementContext, type Entitlement, type IdentitySource } from "./entitlement";
import { accountsErrorHandler, ApiError, ErrorCodes } from "./errors";
import { quoteInput, requiredId } from "./input";
import { handleMailRequests, serialRunner } from "./identity/mail-requests";
import { prepareDataReports } from "./identity/data-reports";
import { createIdentityRouter } from "./identity/router";
import { socialProviders, type SocialProvider } from "./identity/social";
import { createMailboxRouter } from "./mail/mailbox-page";
import { Outbox, type Mailer } from "./mail/outbox";
import { smtpMailer } from "./mail/smtp";
import { accountsMigrations } from "./migrations";
import type { PaymentProvider } from "./payments/provider";
import { paymentProviders } from "./payments/configured";
import { DatabaseRateLimiter, DEFAULT_RATE_LIMITS, type RateLimitOptions } from "./rate-limit";
import { RedisRateLimiter, type RedisAttempts } from "./redis-rate-limiter";
import { CLEANUP_INTERVAL_MS, startCleanup, type CleanupReport } from "./maintenance";
import { startReconciler, type ReconcileReport } from "./sales/reconcile";
import { startRenewals, type RenewalOptions, type RenewalReport } from "./sales/renewals";
import { brandOrigins, currentRequestBrand, MAIL_LOGO_PATH, mailBrands, mailLogoSvg, rememberRequestBrand, storedBrand } from "./mail/brand";
import { brandForHost } from "../brands";
import { DEFAULT_BRAND } from "../domain/brands";
import { bodyObject, handle } from "./http";
import { createSalesRouter } from "./sales/router";
import { swgSettings, SwgVerifier } from "./sales/swg";
import { createNewsletterRouter } from "./newsletter";
import { createPqrsReportRouter, createPqrsRouter } from "./pqrs";
import { createTransferOperatorsRouter } from "./sales/transfers";
import { loadSigningSecret, TokenSigner } from "./tokens";
import type { Logger } from "../runtime/types";
import { loggerFor } from "../platform/log";
import { readSettings, type Settings } from "../platform/settings";

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
  /**
   * Public origins of the other brands, for their e-mails' links ("elpais=https://www.elpais.com.co,…").
   * Default PUBLIC_ORIGINS, else derived from publicOrigin (mail/brand.ts).
   */
  publicOrigins?: string;
  /** Milliseconds between renewal passes (sales/renewals.ts); 0 turns the interval off. Default RENEWALS_INTERVAL_SECONDS × 1000, else 10 minutes. A pass also runs at start. */
  renewalIntervalMs?: number;
  /**
   * Serve the renewal test clock (POST /_pruebas/renovaciones: a renewal pass as of a given moment).
   * Default: ACCOUNTS_TEST_CLOCK=1 (the end-to-end tests). Never on a real site.
   */
  testClock?: boolean;
  /** Milliseconds since the epoch; tests move it to expire tokens and nonces. */
  clock?: () => number;
  /** Captcha per call; all off by default, or all on with reCAPTCHA when RECAPTCHA_SECRET_KEY is set. */
  captcha?: CaptchaOptions;
  rateLimits?: Partial<RateLimitOptions>;
  /** The shared Redis (REDIS_URL): rate limits are counted there, with the database in its place while it is away. */
  redis?: RedisAttempts;
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
  /**
   * Milliseconds between clean-ups (maintenance.ts: expired anonymous carts, AMP reader ids, GDPR
   * reports, idle rate-limit keys); 0 turns the interval off. Default one hour. A pass also runs at start.
   */
  cleanupIntervalMs?: number;
  /** Default: the providers the environment configures (GOOGLE_*, APPLE_*, FACEBOOK_*; identity/social.ts). */
  socialProviders?: SocialProvider[];
  /** "always" (default): every sign-in sets the httpOnly access cookie; "on-request": only ?cookie=true. */
  accessCookie?: "always" | "on-request";
  /** Serve /dev/correo/. Default: outside production, or when DEV_MAILBOX=1. */
  devMailbox?: boolean;
  /**
   * The operators' reports' token (README.md): default OPERATOR_TOKEN. Without one, the PQRS list and
   * the transfer requests' list are open outside production and do not exist in production.
   */
  operatorToken?: string;
  /** Register this service as the default of entitlementFor (default true). */
  registerForEntitlement?: boolean;
  /** The settings read at start (platform/settings.ts); default: this process's. */
  settings?: Settings;
}

/** The APIs this service answers (JSON, errors as { code, message, httpStatus }). */
const API_PREFIXES = ["/identity/public/", "/sales/public/", "/atencion/public/", "/boletines/public/", "/s3plus/"];

export type AccountsRouter = express.Router & {
  /** The entitlement check bound to this service. */
  entitlementFor(source: IdentitySource, contentCode: string | null | undefined, sections: readonly string[]): Promise<Entitlement>;
  /** Sends what the outbox holds (tests and shutdown). */
  flushOutbox(): Promise<void>;
  /** Handles the reset, magic-link and verification requests waiting (they are handled after each answer anyway). */
  handleMailRequests(): Promise<void>;
  /** Prepares the data-export reports waiting (they are prepared after each request anyway). */
  prepareDataReports(): Promise<void>;
  /** Runs a reconciliation pass now (tests, operators); it also runs at start and on an interval. */
  reconcile(): Promise<ReconcileReport | null>;
  /** Runs a clean-up pass now (tests, operators); it also runs at start and on an interval. */
  cleanUp(): Promise<CleanupReport | null>;
  /** Runs a renewal pass now, optionally as of another moment (tests); it also runs at start and on an interval. */
  renew(options?: RenewalOptions): Promise<RenewalReport | null>;
  /** Stops the reconciliation and clean-up intervals and waits for the work under way; call before closing the database. */
  close(): Promise<void>;
  context: AccountsContext;
};

function swgVerifier(settings: Settings, clock: () => number): SwgVerifier | null {
  const swg = swgSettings(settings);
  return swg ? new SwgVerifier(swg, clock) : null;
}

export async function createAccountsRouter(options: AccountsOptions): Promise<AccountsRouter> {
  const settings = options.settings ?? readSettings();
  const { db } = options;
  const clock = options.clock ?? Date.now;
  const logger = options.logger ?? loggerFor(settings);
  await migrate(db, accountsMigrations);

  const captcha = options.captcha ?? captchaOptions(settings, logger);
  const needsCaptcha = (["signin", "signup", "magicLink", "resetPassword", "checkout"] as const).some((a) => captcha[a]);
  if (needsCaptcha && !captcha.verify)
    throw new Error("captcha: hay llamadas que piden captcha pero no hay verificador (captcha.verify o RECAPTCHA_SECRET_KEY)");

  const publicOrigin = (options.publicOrigin ?? settings.PUBLIC_ORIGIN ?? "http://localhost:3000").replace(/\/$/, "");
  const mailer = options.mailer !== undefined ? options.mailer : settings.SMTP_URL ? smtpMailer(settings.SMTP_URL) : null;
  const mailFrom = options.mailFrom ?? settings.MAIL_FROM ?? "Suscripciones <no-responder@localhost>";
  const brandsForMail = mailBrands({ origins: brandOrigins(publicOrigin, options.publicOrigins ?? settings.PUBLIC_ORIGINS ?? ""), mailFrom, settings });
  let renewals: ReturnType<typeof startRenewals> | null = null;
  const ctx: AccountsContext = {
    db,
    logger,
    clock,
    now: () => new Date(clock()),
    tokens: new TokenSigner(await loadSigningSecret(db, settings), clock),
    outbox: new Outbox(db, mailer, mailFrom, clock, logger),
    rateLimiter: options.redis ? new RedisRateLimiter(options.redis, new DatabaseRateLimiter(db, clock)) : new DatabaseRateLimiter(db, clock),
    rateLimits: { ...DEFAULT_RATE_LIMITS, ...options.rateLimits },
    handleMailRequests: serialRunner(() => handleMailRequests(ctx), logger, "el envío de correos solicitados"),
    prepareDataReports: serialRunner(() => prepareDataReports(ctx), logger, "la preparación de los reportes de datos"),
    mailBrands: brandsForMail,
    mailFor: (brand) => brandsForMail[storedBrand(brand) ?? currentRequestBrand() ?? DEFAULT_BRAND],
    kickRenewals: () => void renewals?.run(),
    captcha,
    accessCookie: options.accessCookie ?? "always",
    secureCookies: publicOrigin.startsWith("https:"),
    paymentProviders: options.paymentProviders ?? paymentProviders(settings, db, clock, logger),
    socialProviders: options.socialProviders ?? socialProviders(settings, logger, clock),
    swg: swgVerifier(settings, clock),
    identityConfig: {
      ...(settings.DISQUS_PUBLIC_KEY ? { disqus: { enabled: true, publicKey: settings.DISQUS_PUBLIC_KEY } } : {}),
    },
    disqusSecretKey: settings.DISQUS_SECRET_KEY,
  };

  const router = express.Router() as AccountsRouter;
  const api = express.Router();
  // E-mails written while answering speak for the brand of the request's host (mail/brand.ts).
  api.use(rememberRequestBrand);
  // Room for a profile at its limits (100 attributes of 1,000 characters, 100 addresses).
  api.use(express.json({ limit: "512kb" }));
  api.use(createIdentityRouter(ctx));
  api.use(createSalesRouter(ctx));
  // What readers send without an account: the help centre's PQRS form, the newsletter and the data consent.
  api.use(createPqrsRouter(ctx));
  api.use(createNewsletterRouter(ctx));
  // Unknown API paths answer JSON the SDKs can read, not the site's HTML 404.
  api.use((req, res) => {
    res.status(404).json({ code: ErrorCodes.notFound, message: `No existe ${req.method} ${quoteInput(req.path)}`, httpStatus: 404 });
  });
  api.use(accountsErrorHandler(logger));
  router.use((req, res, next) => {
    if (API_PREFIXES.some((prefix) => req.path.startsWith(prefix))) return api(req, res, next);
    next();
  });
  // The operators' list of PQRS requests (/_operador/pqrs/).
  router.use(createPqrsReportRouter(ctx, { operatorToken: options.operatorToken ?? settings.OPERATOR_TOKEN, production: settings.NODE_ENV === "production" }));
  // The operators' list of transfer requests (docs/subscriptions-and-checkout.md#transfer).
  router.use(
    createTransferOperatorsRouter(ctx, { operatorToken: options.operatorToken ?? settings.OPERATOR_TOKEN, production: settings.NODE_ENV === "production" }),
  );
  // The wordmark of the host's brand, for the <img> of its e-mails.
  router.get(MAIL_LOGO_PATH, (req, res) => {
    res
      .type("image/svg+xml")
      .set("Cache-Control", "public, max-age=86400")
      .send(mailLogoSvg(brandForHost(req.hostname).id));
  });
  const devMailbox = options.devMailbox ?? (settings.NODE_ENV !== "production" || settings.DEV_MAILBOX === "1");
  // The mailbox shows requested e-mails once their requests are handled (data reports prepared too).
  if (devMailbox)
    router.use(
      createMailboxRouter(ctx.outbox, async () => {
        await ctx.handleMailRequests();
        await ctx.prepareDataReports();
      }),
    );

  // No charge without a subscription: settle what a crash left half-done before answering anyone,
  // then keep looking (docs/decisions/0010-checkout-money-moves-once.md).
  const intervalSeconds = settings.PAYMENTS_RECONCILE_SECONDS;
  const reconcileIntervalMs = options.reconcileIntervalMs ?? (Number.isFinite(intervalSeconds) && intervalSeconds > 0 ? intervalSeconds * 1000 : 0);
  const reconciler = startReconciler(ctx, reconcileIntervalMs);
  await reconciler.run();
  // What anyone can make the service store expires (docs/accounts.md#limits-and-expiry); also
  // handles e-mail requests a stop left waiting.
  const cleaner = startCleanup(ctx, options.cleanupIntervalMs ?? CLEANUP_INTERVAL_MS);
  await cleaner.run();

  // Subscriptions due are charged once, at start and on an interval (docs/decisions/0017-renewals.md).
  const renewalSeconds = settings.RENEWALS_INTERVAL_SECONDS;
  const renewalIntervalMs = options.renewalIntervalMs ?? (Number.isFinite(renewalSeconds) && renewalSeconds > 0 ? renewalSeconds * 1000 : 0);
  renewals = startRenewals(ctx, renewalIntervalMs);
  await renewals.run();
  // The end-to-end tests' test clock: a renewal pass as of a later moment, for chosen subscriptions.
  if (options.testClock ?? settings.ACCOUNTS_TEST_CLOCK === "1") {
    if (settings.NODE_ENV === "production") logger.warn("renovaciones: el reloj de pruebas está activo (ACCOUNTS_TEST_CLOCK=1): nunca en un sitio real");
    router.post(
      "/_pruebas/renovaciones",
      express.json(),
      handle(async (req) => {
        const body = bodyObject(req);
        const asOf = new Date(typeof body.asOf === "string" && body.asOf.length <= 40 ? body.asOf : NaN);
        if (Number.isNaN(asOf.getTime())) throw new ApiError(400, ErrorCodes.badRequest, "asOf debe ser una fecha ISO 8601", { field: "asOf" });
        const only = Array.isArray(body.subscriptionIDs)
          ? body.subscriptionIDs.slice(0, 100).map((id: unknown) => requiredId(id, "subscriptionIDs"))
          : undefined;
        return renewals!.run({ asOf, only });
      }),
    );
    // A subscription bought long ago: its period moved back to end `daysLeft` days from now (the
    // renewal offer comes only in a period's last 30 days, docs/subscriptions-and-checkout.md#renewal-offer).
    router.post(
      "/_pruebas/periodo",
      express.json(),
      handle(async (req) => {
        const body = bodyObject(req);
        const id = requiredId(body.subscriptionID, "subscriptionID");
        const daysLeft = body.daysLeft;
        if (typeof daysLeft !== "number" || !Number.isInteger(daysLeft) || daysLeft < 1 || daysLeft > 366)
          throw new ApiError(400, ErrorCodes.badRequest, "daysLeft debe ser un número entero de días entre 1 y 366", { field: "daysLeft" });
        const end = new Date(ctx.clock() + daysLeft * 24 * 60 * 60 * 1000);
        const { rows } = await db.query<{ id: number }>(
          `UPDATE accounts_subscriptions SET current_period_start = current_period_start - (current_period_end - $2::timestamptz),
             current_period_end = $2 WHERE id = $1 RETURNING id`,
          [id, end],
        );
        if (!rows[0]) throw new ApiError(404, ErrorCodes.subscriptionNotFound, `No existe la suscripción ${id}`);
        return { subscriptionID: id, currentPeriodEndUTC: end.getTime() };
      }),
    );
    router.use("/_pruebas/", accountsErrorHandler(logger));
  }

  router.entitlementFor = (source, contentCode, sections) => entitlementFor(source, contentCode, sections, ctx);
  router.flushOutbox = () => ctx.outbox.flush();
  router.handleMailRequests = () => ctx.handleMailRequests();
  router.prepareDataReports = () => ctx.prepareDataReports();
  router.reconcile = () => reconciler.run();
  router.cleanUp = () => cleaner.run();
  router.renew = (renewalOptions) => renewals!.run(renewalOptions ?? {});
  router.close = async () => {
    await Promise.all([reconciler.stop(), cleaner.stop(), renewals!.stop()]);
    await ctx.handleMailRequests();
    await ctx.prepareDataReports();
  };
  router.context = ctx;
  if (options.registerForEntitlement !== false) setDefaultEntitlementContext(ctx);
  return router;
}
