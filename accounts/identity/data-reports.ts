// Data-export (GDPR) reports (docs/accounts.md#data-rights): a reader asks for a copy of their data;
// the request is answered at once (ready: false) and the report is prepared after the answer — and
// at the next clean-up, for requests a stop left behind — then the reader gets an e-mail, in the
// brand they asked on, that it is ready to download (as JSON) from their account. A deletion request
// makes its report at once, so the reader can keep a copy before deciding.
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { sendMail } from "../context";
import { currentRequestBrand } from "../mail/brand";
import { mailTemplates } from "../mail/templates";
import { salesReportOf } from "../sales/account-data";
import { getUser, profileOf, type UserRow } from "./users";

/** How long a report can be downloaded after it was asked for. */
export const GDPR_REPORT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Reports prepared per run; the rest wait for the next one. */
const BATCH = 20;

/** Everything the service keeps about the reader, as the report's JSON text. */
async function reportData(tx: Queryable, user: UserRow): Promise<string> {
  const { rows: sessions } = await tx.query(
    "SELECT created_at, last_seen_at, expires_at, revoked_at, user_agent FROM accounts_sessions WHERE user_uuid = $1 ORDER BY created_at",
    [user.uuid],
  );
  const { rows: offers } = await tx.query(
    "SELECT subscription_id, price_code, offered_at, expires_at, used_at FROM accounts_renewal_offers WHERE user_uuid = $1 ORDER BY offered_at",
    [user.uuid],
  );
  return JSON.stringify({ profile: await profileOf(tx, user), ...(await salesReportOf(tx, user.uuid)), sessions, renewalOffers: offers });
}

/** A report made now (a deletion request's). */
export async function createReadyReport(ctx: AccountsContext, tx: Queryable, user: UserRow): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    "INSERT INTO accounts_gdpr_reports (user_uuid, requested_at, available_until, data, ready_at, brand) VALUES ($1, $2, $3, $4, $2, $5) RETURNING id",
    [user.uuid, ctx.now(), new Date(ctx.clock() + GDPR_REPORT_TTL_MS), await reportData(tx, user), currentRequestBrand() ?? null],
  );
  return Number(rows[0].id);
}

/** A report asked for: prepared after the answer (prepareDataReports). */
export async function requestReport(ctx: AccountsContext, tx: Queryable, user: UserRow): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    "INSERT INTO accounts_gdpr_reports (user_uuid, requested_at, available_until, brand) VALUES ($1, $2, $3, $4) RETURNING id",
    [user.uuid, ctx.now(), new Date(ctx.clock() + GDPR_REPORT_TTL_MS), currentRequestBrand() ?? null],
  );
  return Number(rows[0].id);
}

/**
 * Prepares the reports waiting, one transaction each (another process skips the rows this one
 * holds), and e-mails each reader that theirs is ready. Returns how many were prepared.
 */
export async function prepareDataReports(ctx: AccountsContext): Promise<number> {
  let prepared = 0;
  for (;;) {
    const done = await ctx.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: number; user_uuid: string; requested_at: Date; available_until: Date; brand: string | null }>(
        `SELECT id, user_uuid, requested_at, available_until, brand FROM accounts_gdpr_reports
         WHERE ready_at IS NULL AND available_until > $1 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [ctx.now()],
      );
      const report = rows[0];
      if (!report) return false;
      const user = await getUser(tx, report.user_uuid);
      if (!user || user.status !== "Active") {
        await tx.query("DELETE FROM accounts_gdpr_reports WHERE id = $1", [report.id]);
        return true;
      }
      await tx.query("UPDATE accounts_gdpr_reports SET data = $2, ready_at = $3 WHERE id = $1", [report.id, await reportData(tx, user), ctx.now()]);
      if (user.email)
        await sendMail(
          ctx,
          tx,
          mailTemplates.dataReportReady(ctx.mailFor(report.brand ?? user.brand), user.email, {
            requestedAt: new Date(report.requested_at),
            availableUntil: new Date(report.available_until),
          }),
        );
      prepared++;
      return true;
    });
    if (!done || prepared >= BATCH) break;
  }
  if (prepared) void ctx.outbox.flush();
  return prepared;
}
