// The renewal job (docs/decisions/0017-renewals.md): every due subscription is charged once, at the
// full current rate, on its stored card, and moved to its next period; a decline keeps the access
// (status 4, payment failed) and is retried on a schedule, then the subscription ends.
//
// Exactly once, with several processes on one PostgreSQL and across crashes:
// - A pass claims due subscriptions with FOR UPDATE SKIP LOCKED and writes, in the claiming
//   transaction, the provider idempotency key of the charge it is about to ask for
//   (renewal_key: subscription, period end, attempt). Another process skips rows locked by the
//   claim and, once it commits, rows with a fresh key.
// - The charge goes to the provider with that key; the outcome is recorded in one transaction that
//   re-reads the row under its lock and only proceeds while it still holds the same key (then
//   clears it). The renewal's order is unique per subscription and period (cart_id 'renovacion:<id>',
//   cart_revision the period's end day), so a second recording cannot commit.
// - A process that dies between the claim and the recording leaves the key behind. After
//   STALE_PAYMENT_STEP_MS another pass takes the row again and asks the provider with the same
//   key: the provider answers a repeated key with its first outcome, so the card is charged once
//   whether or not the first call reached it.
//
// Schedule (times from the end of the current period):
//   −2 days   first charge (a cancellation must come at least 2 days before the end: by then the
//             renewal is charged and a cancellation ends the new period)
//   +1, +3, +7 days   retries after a decline (status 4, access kept: the grace period)
//   +7 days   after the last declined retry the subscription ends (status 2)
// A card updated during the grace period is charged at the next pass (retry_at moves to now).
// Cancelled subscriptions (3) and those that do not renew (gifts: nobody's card to charge) end
// (status 2) when their period ends.
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { sendMail } from "../context";
import { mailTemplates } from "../mail/templates";
import type { PaymentOutcome } from "../payments/provider";
import { storedBrand } from "../mail/brand";
import { CURRENCY, findProduct, SUBSCRIPTION_TERM_MONTHS } from "../../domain/catalog";
import { randomToken } from "../tokens";
import { priceItems } from "./cart";
import { STALE_PAYMENT_STEP_MS } from "./payment-steps";
import { addMonths, GRACE_PERIOD_MS as SUBSCRIPTION_GRACE_PERIOD_MS, SubscriptionStatus, type SubscriptionRow } from "./subscriptions";
import { applyDueAddressChanges } from "./subscription-addresses";
import { sendScheduledGifts } from "./gifts";

const DAY = 24 * 60 * 60 * 1000;
/** The first charge of a renewal: this long before the period ends. */
export const RENEWAL_LEAD_MS = 2 * DAY;
/** After a decline, the retries: this long after the period's end (one per failed attempt). */
export const RETRY_AFTER_END_MS = [1 * DAY, 3 * DAY, 7 * DAY] as const;
/** Attempts of one renewal: the first and the retries. A decline of the last ends the subscription. */
export const MAX_RENEWAL_ATTEMPTS = 1 + RETRY_AFTER_END_MS.length;
/** The grace period: access kept this long past the period's end while a renewal is unpaid. */
export const GRACE_PERIOD_MS: number = RETRY_AFTER_END_MS[RETRY_AFTER_END_MS.length - 1];
if (GRACE_PERIOD_MS !== SUBSCRIPTION_GRACE_PERIOD_MS) throw new Error("renovaciones: el periodo de gracia debe terminar con el último reintento");
/** Subscriptions per pass; the rest wait for the next one. */
const BATCH = 100;

export interface RenewalReport {
  renewed: number[];
  declined: number[];
  ended: number[];
  /** Left for the next pass: the provider failed or is not able to charge stored cards. */
  failed: number[];
  /** Gift e-mails scheduled for a later day and sent by this pass. */
  giftsSent: number;
  /** Delivery-address changes whose day came, written by this pass (docs/decisions/0063-address-change-cutoff.md). */
  addressChanges: number;
}

interface RenewalRow extends SubscriptionRow {
  renewal_attempts: number;
  retry_at: Date | null;
  renewal_key: string | null;
  renewal_started_at: Date | null;
  brand: string | null;
}

/** Whose mail: the account's address, a guest purchase's, or nobody (anonymised). */
async function recipientOf(tx: Queryable, row: RenewalRow): Promise<{ email: string | null; brand: string | null }> {
  if (!row.user_uuid) return { email: row.owner_email, brand: null };
  const { rows } = await tx.query<{ email: string | null; brand: string | null }>("SELECT email, brand FROM accounts_users WHERE uuid = $1", [row.user_uuid]);
  return { email: rows[0]?.email ?? null, brand: rows[0]?.brand ?? null };
}

function event(eventType: string, now: Date, details: string | null = null) {
  return JSON.stringify([{ eventType, eventDateUTC: now.getTime(), details }]);
}

/** The key of the charge of attempt `attempt` (1-based) of the renewal of the period ending at `end`. */
export function renewalKey(id: number, end: Date, attempt: number): string {
  return `renewal:${Number(id)}:${new Date(end).getTime()}:${attempt}`;
}

/** The rate the renewal charges: the product's full current price, never a promotional one. */
function fullRate(sku: string) {
  const full = findProduct(sku)?.prices.find((price) => !price.termsApply);
  return full ? { priceCode: full.priceCode, amount: full.amount } : null;
}

/** Ends what does not renew: cancelled subscriptions and gifts whose period is over. */
async function endFinishedPeriods(ctx: AccountsContext, asOf: Date, only: number[] | null, report: RenewalReport) {
  await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<RenewalRow>(
      `SELECT * FROM accounts_subscriptions
       WHERE parent_id IS NULL AND current_period_end <= $1
         AND (status = 3 OR (status = 1 AND (redeem_code IS NOT NULL OR payment_method_id IS NULL)))
         ${only ? "AND id = ANY($2::bigint[])" : ""}
       ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      only ? [asOf, only] : [asOf],
    );
    for (const row of rows) {
      await tx.query("UPDATE accounts_subscriptions SET status = 2, retry_at = NULL, updated_at = $2, events = events || $3::jsonb WHERE id = $1", [
        row.id,
        ctx.now(),
        event("EXPIRED", ctx.now(), row.status === SubscriptionStatus.canceled ? "Cancelada" : "Fin del periodo"),
      ]);
      const to = await recipientOf(tx, row);
      if (to.email)
        await sendMail(
          ctx,
          tx,
          mailTemplates.subscriptionEnded(ctx.mailFor(storedBrand(row.brand) ?? to.brand), to.email, {
            productName: row.product_name,
            reason: row.status === SubscriptionStatus.canceled ? "cancelada" : "vencida",
            endedAt: new Date(row.current_period_end),
          }),
        );
      report.ended.push(Number(row.id));
    }
  });
}

/** Claims due renewals: writes each one's charge key under the row's lock (other processes skip locked rows). */
async function claimDue(ctx: AccountsContext, asOf: Date, only: number[] | null): Promise<Array<{ row: RenewalRow; key: string }>> {
  return ctx.db.transaction(async (tx) => {
    const params: unknown[] = [new Date(asOf.getTime() + RENEWAL_LEAD_MS), asOf, new Date(ctx.clock() - STALE_PAYMENT_STEP_MS)];
    if (only) params.push(only);
    const { rows } = await tx.query<RenewalRow>(
      `SELECT * FROM accounts_subscriptions
       WHERE parent_id IS NULL AND redeem_code IS NULL AND payment_method_id IS NOT NULL
         AND ((status = 1 AND current_period_end <= $1) OR (status = 4 AND retry_at <= $2))
         AND (renewal_key IS NULL OR renewal_started_at < $3)
         ${only ? "AND id = ANY($4::bigint[])" : ""}
       ORDER BY current_period_end, id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
      params,
    );
    const claimed = [];
    for (const row of rows) {
      // A key a crashed pass left is asked again as it is: the provider answers it with its first outcome.
      const key = row.renewal_key ?? renewalKey(row.id, row.current_period_end, row.renewal_attempts + 1);
      await tx.query("UPDATE accounts_subscriptions SET renewal_key = $2, renewal_started_at = $3 WHERE id = $1", [row.id, key, ctx.now()]);
      claimed.push({ row: { ...row, renewal_key: key }, key });
    }
    return claimed;
  });
}

/** Records a provider's outcome for a claimed renewal, if the row still holds the key. */
async function recordOutcome(ctx: AccountsContext, claimed: RenewalRow, key: string, outcome: PaymentOutcome, rate: { priceCode: string; amount: number }) {
  return ctx.db.transaction(async (tx): Promise<"renewed" | "declined" | "ended" | null> => {
    const { rows } = await tx.query<RenewalRow>("SELECT * FROM accounts_subscriptions WHERE id = $1 FOR UPDATE", [claimed.id]);
    const row = rows[0];
    if (!row || row.renewal_key !== key) return null; // recorded by another pass
    const now = ctx.now();
    const end = new Date(row.current_period_end);
    const to = await recipientOf(tx, row);
    const mail = ctx.mailFor(storedBrand(row.brand) ?? to.brand);
    const { rows: cards } = await tx.query<{ last_four: string | null; provider: string }>(
      "SELECT last_four, provider FROM accounts_payment_methods WHERE id = $1",
      [row.payment_method_id],
    );
    const card = cards[0];
    if (outcome.status === "succeeded") {
      const orderNumber = `R${randomToken(24)
        .replace(/[^A-Za-z0-9]/g, "")
        .toUpperCase()
        .slice(0, 15)}`;
      const newEnd = addMonths(end, SUBSCRIPTION_TERM_MONTHS);
      const [item] = priceItems([{ sku: row.sku, priceCode: rate.priceCode, quantity: 1, gift: false }]);
      // One order per subscription and period: cart_revision is the period's end day.
      await tx.query(
        `INSERT INTO accounts_orders (order_number, user_uuid, cart_id, cart_revision, status, email, billing_address, items, currency, subtotal, tax,
           shipping, total, created_at, paid_at, subscription_id, kind, brand)
         VALUES ($1, $2, $3, $4, 'Paid', $5, $6, $7, $8, $9, 0, 0, $9, $10, $10, $11, 'renewal', $12)`,
        [
          orderNumber,
          row.user_uuid,
          `renovacion:${Number(row.id)}`,
          Math.floor(end.getTime() / DAY),
          to.email ?? "anonimizado",
          row.billing_address ? JSON.stringify(row.billing_address) : null,
          JSON.stringify([item]),
          CURRENCY,
          rate.amount,
          now,
          row.id,
          row.brand,
        ],
      );
      await tx.query(
        `INSERT INTO accounts_payments (order_number, subscription_id, payment_method_id, provider, provider_charge_id, kind, status, amount, currency, created_at)
         VALUES ($1, $2, $3, $4, $5, 'charge', 'succeeded', $6, $7, $8)`,
        [orderNumber, row.id, row.payment_method_id, card?.provider ?? "", outcome.chargeId, rate.amount, CURRENCY, now],
      );
      await tx.query(
        `UPDATE accounts_subscriptions SET status = 1, price_code = $2, current_period_start = $3, current_period_end = $4, renewal_attempts = 0,
           retry_at = NULL, renewal_key = NULL, renewal_started_at = NULL, updated_at = $5, events = events || $6::jsonb
         WHERE id = $1`,
        [row.id, rate.priceCode, end, newEnd, now, event("RENEWED", now, orderNumber)],
      );
      if (to.email)
        await sendMail(
          ctx,
          tx,
          mailTemplates.renewalReceipt(mail, to.email, {
            orderNumber,
            productName: row.product_name,
            amount: rate.amount,
            currency: CURRENCY,
            lastFour: card?.last_four ?? null,
            periodEnd: newEnd,
            paidAt: now,
          }),
        );
      return "renewed";
    }
    // A decline, or a 3-D Secure challenge (a provider must not ask one for a stored card: refused alike).
    const attempts = row.renewal_attempts + 1;
    const reason = outcome.status === "declined" ? outcome.message : "el banco pidió una verificación que no se puede hacer sin ti";
    await tx.query(
      `INSERT INTO accounts_payments (subscription_id, payment_method_id, provider, kind, status, error_code, amount, currency, created_at)
       VALUES ($1, $2, $3, 'charge', 'declined', $4, $5, $6, $7)`,
      [row.id, row.payment_method_id, card?.provider ?? "", outcome.status === "declined" ? outcome.code : null, rate.amount, CURRENCY, now],
    );
    if (attempts >= MAX_RENEWAL_ATTEMPTS) {
      await tx.query(
        `UPDATE accounts_subscriptions SET status = 2, renewal_attempts = $2, retry_at = NULL, renewal_key = NULL, renewal_started_at = NULL,
           updated_at = $3, events = events || $4::jsonb WHERE id = $1`,
        [row.id, attempts, now, event("EXPIRED", now, "Renovación sin pago")],
      );
      if (to.email)
        await sendMail(
          ctx,
          tx,
          mailTemplates.subscriptionEnded(mail, to.email, {
            productName: row.product_name,
            reason: "sin-pago",
            endedAt: new Date(end.getTime() + GRACE_PERIOD_MS),
          }),
        );
      return "ended";
    }
    const retryAt = new Date(end.getTime() + RETRY_AFTER_END_MS[attempts - 1]);
    await tx.query(
      `UPDATE accounts_subscriptions SET status = 4, renewal_attempts = $2, retry_at = $3, renewal_key = NULL, renewal_started_at = NULL,
         updated_at = $4, events = events || $5::jsonb WHERE id = $1`,
      [row.id, attempts, retryAt, now, event("PAYMENT_FAILED", now, reason)],
    );
    if (to.email)
      await sendMail(
        ctx,
        tx,
        mailTemplates.renewalFailed(mail, to.email, {
          productName: row.product_name,
          amount: rate.amount,
          currency: CURRENCY,
          lastFour: card?.last_four ?? null,
          reason,
          nextAttempt: retryAt,
          graceEnd: new Date(end.getTime() + GRACE_PERIOD_MS),
        }),
      );
    return "declined";
  });
}

export interface RenewalOptions {
  /** The moment the pass acts as of (default: the service's clock). The test clock of the end-to-end tests moves it. */
  asOf?: Date;
  /** Only these subscriptions (tests). */
  only?: number[];
  /** Called between the provider's answer and its recording (tests: a crash there). */
  afterCharge?: (subscriptionId: number) => Promise<void> | void;
}

/** One pass of the renewal job. */
export async function runRenewals(ctx: AccountsContext, options: RenewalOptions = {}): Promise<RenewalReport> {
  const asOf = options.asOf ?? ctx.now();
  const only = options.only?.length ? options.only.map(Number) : null;
  const report: RenewalReport = { renewed: [], declined: [], ended: [], failed: [], giftsSent: 0, addressChanges: 0 };
  // Gift e-mails the buyer scheduled for a later day go out with the same pass, and address changes
  // that waited for a business day are written.
  report.giftsSent = await sendScheduledGifts(ctx, asOf);
  report.addressChanges = await applyDueAddressChanges(ctx, asOf);
  await endFinishedPeriods(ctx, asOf, only, report);
  for (const { row, key } of await claimDue(ctx, asOf, only)) {
    const id = Number(row.id);
    try {
      const rate = fullRate(row.sku);
      const { rows: cards } = await ctx.db.query<{ provider: string; provider_ref: string }>(
        "SELECT provider, provider_ref FROM accounts_payment_methods WHERE id = $1",
        [row.payment_method_id],
      );
      const provider = ctx.paymentProviders.find((p) => p.name === cards[0]?.provider);
      if (!rate || !cards[0] || !provider?.chargeStoredCard) {
        report.failed.push(id);
        ctx.logger.error("renovaciones: no se puede cobrar la renovación: el proveedor no está configurado o no cobra tarjetas guardadas", {
          suscripcion: id,
          proveedor: cards[0]?.provider ?? null,
        });
        continue;
      }
      const outcome = await provider.chargeStoredCard({
        reference: cards[0].provider_ref,
        amount: rate.amount,
        currency: CURRENCY,
        idempotencyKey: key,
        description: `Renovación de la suscripción ${id}`,
      });
      await options.afterCharge?.(id);
      const result = await recordOutcome(ctx, row, key, outcome, rate);
      if (result === "renewed") report.renewed.push(id);
      else if (result === "declined") report.declined.push(id);
      else if (result === "ended") report.ended.push(id);
    } catch (error) {
      // The key stays: a later pass asks the provider again with it (never a second charge).
      report.failed.push(id);
      ctx.logger.error("renovaciones: la renovación quedó pendiente; se reintentará", { suscripcion: id, error: (error as Error)?.message ?? String(error) });
    }
  }
  if (report.renewed.length || report.declined.length || report.ended.length || report.failed.length) {
    ctx.logger.info("renovaciones: pasada terminada", {
      renovadas: report.renewed.length,
      rechazadas: report.declined.length,
      terminadas: report.ended.length,
      pendientes: report.failed.length,
    });
    void ctx.outbox.flush();
  }
  return report;
}

export interface Renewer {
  /** Runs a pass now (or joins the one running; a pass with options waits for it, then runs). Never throws: a failure is logged and answers null. */
  run(options?: RenewalOptions): Promise<RenewalReport | null>;
  stop(): Promise<void>;
}

/** Runs the renewal job every `intervalMs` (0: never), unref'd so it never keeps the process alive. */
export function startRenewals(ctx: AccountsContext, intervalMs: number): Renewer {
  // Passes run one after another in this process (rows locked by other processes are skipped).
  let chain: Promise<unknown> = Promise.resolve();
  let plain: Promise<RenewalReport | null> | null = null;
  let stopped = false;
  const pass = (options?: RenewalOptions) =>
    runRenewals(ctx, options).catch((error) => {
      ctx.logger.error("renovaciones: la pasada falló", { error: (error as Error)?.message ?? String(error) });
      return null;
    });
  const run = (options?: RenewalOptions): Promise<RenewalReport | null> => {
    if (stopped) return Promise.resolve(null);
    // A plain pass joins one waiting or under way; a pass with options runs after it.
    if (!options && plain) return plain;
    const next = chain.then(() => pass(options));
    chain = next;
    if (!options) {
      plain = next;
      void next.finally(() => {
        if (plain === next) plain = null;
      });
    }
    return next;
  };
  const timer = intervalMs > 0 ? setInterval(() => void run(), intervalMs) : null;
  timer?.unref();
  return {
    run,
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      await chain;
    },
  };
}
