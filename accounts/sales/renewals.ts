// The renewal job (docs/decisions/0017-renewals.md): every due subscription is charged once, at the
// full current rate, on its stored card, and moved to its next period; a decline keeps the access
// (status 4, payment failed) and is retried on a schedule (renewal-schedule.ts), then the subscription ends.
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
import type { AccountsContext } from "../context";
import { sendMail } from "../context";
import { mailTemplates } from "../mail/templates";
import { storedBrand } from "../mail/brand";
import { CURRENCY, findProduct } from "../../domain/catalog";
import { STALE_PAYMENT_STEP_MS } from "./payment-steps";
import { SubscriptionStatus, subscriptionEvent } from "./subscriptions";
import { applyDueAddressChanges } from "./subscription-addresses";
import { sendScheduledGifts } from "./gifts";
import { RENEWAL_LEAD_MS } from "./renewal-schedule";
import { recipientOf, recordOutcome, type RenewalRow } from "./renewal-outcome";

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

/** The key of the charge of attempt `attempt` (1-based) of the renewal of the period ending at `end`. */
function renewalKey(id: number, end: Date, attempt: number): string {
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
        subscriptionEvent("EXPIRED", ctx.now(), row.status === SubscriptionStatus.canceled ? "Cancelada" : "Fin del periodo"),
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

export interface RenewalOptions {
  /** The moment the pass acts as of (default: the service's clock). The test clock of the end-to-end tests moves it. */
  asOf?: Date;
  /** Only these subscriptions (tests). */
  only?: number[];
  /** Called between the provider's answer and its recording (tests: a crash there). */
  afterCharge?: (subscriptionId: number) => Promise<void> | void;
}

/** One pass of the renewal job. */
async function runRenewals(ctx: AccountsContext, options: RenewalOptions = {}): Promise<RenewalReport> {
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
          subscription: id,
          provider: cards[0]?.provider ?? null,
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
      ctx.logger.error("renovaciones: la renovación quedó pendiente; se reintentará", { subscription: id, error: (error as Error)?.message ?? String(error) });
    }
  }
  if (report.renewed.length || report.declined.length || report.ended.length || report.failed.length) {
    ctx.logger.info("renovaciones: pasada terminada", {
      renewed: report.renewed.length,
      declined: report.declined.length,
      ended: report.ended.length,
      failed: report.failed.length,
    });
    void ctx.outbox.flush();
  }
  return report;
}

interface Renewer {
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
