// Recording what the provider answered for a claimed renewal, only while the row still holds its key:
// the renewal's order, payment and next period, or the decline with its retry or the end; each with its e-mail.
import type { Queryable } from "../../platform/database";
import { sendMail, type AccountsContext } from "../context";
import { mailTemplates } from "../mail/templates";
import type { PaymentOutcome } from "../payments/provider";
import { storedBrand } from "../mail/brand";
import { CURRENCY, SUBSCRIPTION_TERM_MONTHS } from "../../domain/catalog";
import { randomToken } from "../tokens";
import { priceItems } from "./cart";
import { addMonths, subscriptionEvent, type SubscriptionRow } from "./subscriptions";
import { DAY, GRACE_PERIOD_MS, MAX_RENEWAL_ATTEMPTS, RETRY_AFTER_END_MS } from "./renewal-schedule";

export interface RenewalRow extends SubscriptionRow {
  renewal_attempts: number;
  retry_at: Date | null;
  renewal_key: string | null;
  renewal_started_at: Date | null;
  brand: string | null;
}

/** Whose mail: the account's address, a guest purchase's, or nobody (anonymised). */
export async function recipientOf(tx: Queryable, row: RenewalRow): Promise<{ email: string | null; brand: string | null }> {
  if (!row.user_uuid) return { email: row.owner_email, brand: null };
  const { rows } = await tx.query<{ email: string | null; brand: string | null }>("SELECT email, brand FROM accounts_users WHERE uuid = $1", [row.user_uuid]);
  return { email: rows[0]?.email ?? null, brand: rows[0]?.brand ?? null };
}

/** Records a provider's outcome for a claimed renewal, if the row still holds the key. */
export async function recordOutcome(
  ctx: AccountsContext,
  claimed: RenewalRow,
  key: string,
  outcome: PaymentOutcome,
  rate: { priceCode: string; amount: number },
) {
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
        [row.id, rate.priceCode, end, newEnd, now, subscriptionEvent("RENEWED", now, orderNumber)],
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
        [row.id, attempts, now, subscriptionEvent("EXPIRED", now, "Renovación sin pago")],
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
      [row.id, attempts, retryAt, now, subscriptionEvent("PAYMENT_FAILED", now, reason)],
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
