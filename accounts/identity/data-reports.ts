// Data-export (GDPR) reports (docs/accounts.md#data-rights): a reader asks for a copy of their data;
// the request is answered at once (ready: false) and the report is prepared after the answer — and
// at the next clean-up, for requests a stop left behind — then the reader gets an e-mail, in the
// brand they asked on, that it is ready to download (as JSON) from their account. A deletion request
// makes its report at once, so the reader can keep a copy before deciding.
import type express from "express";
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { authenticate, sendMail } from "../context";
import { ApiError, ErrorCodes, tooManyRequests } from "../errors";
import { handle, noStore } from "../http";
import { requiredId } from "../input";
import { currentRequestBrand } from "../mail/brand";
import { mailTemplates } from "../mail/templates";
import { salesReportOf } from "../sales/account-data";
import { waitText } from "../../domain/errors";
import { IDENTITY_V1 } from "./route-helpers";
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
async function requestReport(ctx: AccountsContext, tx: Queryable, user: UserRow): Promise<number> {
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

/** The reader's reports: the list and one report's data (the SDK's calls), and a new request. */
export function registerDataReportRoutes(router: express.Router, ctx: AccountsContext) {
  router.get(
    `${IDENTITY_V1}/gdpr`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      noStore(res);
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
  // It is prepared after the answer (prepareDataReports, above) and the reader is e-mailed when it is
  // ready. Requests are counted under the account's row lock: a few a day (gdprReportsPerUser,
  // counting the account's reports of the window; 429 with Retry-After past it).
  router.post(
    `${IDENTITY_V1}/gdpr`,
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
    `${IDENTITY_V1}/gdpr/:id`,
    handle(async (req, res) => {
      const caller = await authenticate(ctx, req, true);
      noStore(res);
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
}
