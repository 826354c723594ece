// The periodic clean-up of what anyone can make the service store, and of what has served its
// time (docs/accounts.md#limits-and-expiry): anonymous carts and unlinked AMP reader ids nobody
// touched for a while, GDPR reports past their availability, rate-limit keys nobody uses, visits to
// social providers past their ten minutes, and the e-mail requests and data-export reports a crash
// left unhandled. Like reconciliation (sales/reconcile.ts) it runs once at start and then on an
// unref'd interval, stopped by the accounts router's close().
import type { AccountsContext } from "./context";
import { handleMailRequests } from "./identity/mail-requests";
import { prepareDataReports } from "./identity/data-reports";
import { forgetUnconfirmed } from "./newsletter";
import { startPeriodic, type PeriodicJob } from "./periodic";

const DAY = 24 * 60 * 60 * 1000;

/** An anonymous cart unchanged this long is deleted: its cookie (set for 30 days when it was created) is gone by then. */
export const ANONYMOUS_CART_TTL_MS = 30 * DAY;
/** An AMP reader id linked to no account and not created, written or read for this long is deleted. */
export const AMP_READER_TTL_MS = 30 * DAY;
/** A rate-limit key nobody hit for this long is deleted: longer than any window or forgetting period (one day). */
const RATE_LIMIT_IDLE_MS = 2 * DAY;
/** Between two clean-ups. */
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export interface CleanupReport {
  carts: number;
  ampReaders: number;
  gdprReports: number;
  rateLimits: number;
  mailRequests: number;
  /** Visits to social providers nobody finished, and spent ID tokens, past their expiry. */
  socialStates: number;
  /** Newsletter and data-consent requests nobody confirmed within their link's 7 days. */
  newsletterRequests: number;
  /** Data-export reports a stop left unprepared, prepared now. */
  dataReports: number;
}

/** One clean-up pass. */
async function cleanUp(ctx: AccountsContext): Promise<CleanupReport> {
  const now = ctx.clock();
  const deleted = async (sql: string, params: unknown[]) => (await ctx.db.query(`${sql} RETURNING 1`, params)).rows.length;
  const report: CleanupReport = {
    carts: await deleted("DELETE FROM accounts_carts WHERE user_uuid IS NULL AND updated_at < $1", [new Date(now - ANONYMOUS_CART_TTL_MS)]),
    ampReaders: await deleted("DELETE FROM accounts_amp_readers WHERE user_uuid IS NULL AND seen_at < $1", [new Date(now - AMP_READER_TTL_MS)]),
    gdprReports: await deleted("DELETE FROM accounts_gdpr_reports WHERE available_until <= $1", [new Date(now)]),
    rateLimits: await ctx.rateLimiter.forgetIdle(RATE_LIMIT_IDLE_MS),
    mailRequests: await handleMailRequests(ctx),
    socialStates:
      (await deleted("DELETE FROM accounts_social_states WHERE expires_at <= $1", [new Date(now)])) +
      (await deleted("DELETE FROM accounts_social_used_tokens WHERE expires_at <= $1", [new Date(now)])),
    newsletterRequests: await forgetUnconfirmed(ctx),
    dataReports: await prepareDataReports(ctx),
  };
  if (report.carts || report.ampReaders || report.gdprReports || report.newsletterRequests || report.socialStates)
    ctx.logger.info("cuentas: limpieza periódica", {
      carts: report.carts,
      ampReaders: report.ampReaders,
      dataReports: report.gdprReports,
      rateLimits: report.rateLimits,
      unconfirmedNewsletters: report.newsletterRequests,
      socialStates: report.socialStates,
    });
  return report;
}

export type Cleaner = PeriodicJob<CleanupReport>;

/** Cleans up every `intervalMs` (0: never), unref'd so it never keeps the process alive. */
export function startCleanup(ctx: AccountsContext, intervalMs: number): Cleaner {
  return startPeriodic(() => cleanUp(ctx), intervalMs, ctx.logger, "cuentas: la limpieza periódica falló");
}
