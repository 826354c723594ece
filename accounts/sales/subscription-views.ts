// What the sales SDK reads of a subscription (its summary and its details), each as its reader may
// see it: a gift's recipient or an associate never sees the buyer's card, addresses, orders or payments.
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { effectiveStatus, GRACE_PERIOD_MS, SubscriptionStatus, type SubscriptionRow } from "./subscriptions";
import { deliveryView } from "./subscription-addresses";

interface PaymentMethodRow {
  id: number;
  provider: string;
  card_type: string | null;
  first_six: string | null;
  last_four: string | null;
  expiration: string | null;
  card_holder: string | null;
}

export function paymentMethodView(pm: PaymentMethodRow | null) {
  if (!pm) return null;
  return {
    paymentMethodID: Number(pm.id),
    creditCardType: pm.card_type,
    firstSix: pm.first_six,
    lastFour: pm.last_four,
    expiration: pm.expiration,
    cardHolderName: pm.card_holder,
    paymentPartner: pm.provider,
  };
}

/** The payment partner the sales SDK shows for a subscription bought through Subscribe with Google (sales/swg.ts). */
const SWG_PAYMENT_PARTNER = "Google";

/** The payment method a subscription shows: its card, or Google for one Google bills. */
async function paymentOf(tx: Queryable, row: SubscriptionRow, viewer: string) {
  if (row.swg_token_hash) return heldFromAnother(row, viewer) ? null : { paymentMethodID: null, paymentPartner: SWG_PAYMENT_PARTNER };
  const pm = await paymentMethodOf(tx, row.payment_method_id);
  // A gift's recipient or an associate sees a card only once it is their own (a renewal they paid).
  if (heldFromAnother(row, viewer) && (!pm || pm.user_uuid !== viewer)) return null;
  return paymentMethodView(pm);
}

async function paymentMethodOf(tx: Queryable, id: number | null): Promise<(PaymentMethodRow & { user_uuid: string | null }) | null> {
  if (!id) return null;
  const { rows } = await tx.query<PaymentMethodRow & { user_uuid: string | null }>("SELECT * FROM accounts_payment_methods WHERE id = $1", [id]);
  return rows[0] ?? null;
}

/**
 * Whether `viewer` holds the subscription as somebody else's purchase: a redeemed gift or an
 * associate's place (both are marked redeemed). Such a reader sees what is theirs — the product,
 * the period, who signed the gift — never the buyer's or owner's card, addresses, orders or payments
 * (docs/subscriptions-and-checkout.md#what-each-reader-sees).
 */
export function heldFromAnother(row: Pick<SubscriptionRow, "parent_id" | "redeemed_at" | "purchaser_uuid">, viewer: string): boolean {
  return !!row.parent_id || (!!row.redeemed_at && row.purchaser_uuid !== viewer);
}

/** What a received gift says of itself to its recipient: it does not renew; the buyer's name only if they signed it. */
function receivedGiftView(row: SubscriptionRow, viewer: string) {
  // A renewal the recipient paid (redeem_code cleared, sales/offers.ts) made it their own.
  if (row.parent_id || row.redeem_code === null || !heldFromAnother(row, viewer)) return {};
  return { giftReceived: true, giftFrom: row.gift_recipient?.from ?? null, autoRenew: false };
}

/** SubscriptionSummaryAPIResponse: the SDK renames statusID to status. */
export async function summaryView(ctx: AccountsContext, tx: Queryable, row: SubscriptionRow, viewer: string) {
  return {
    subscriptionID: Number(row.id),
    statusID: effectiveStatus(row, ctx.now()),
    paymentMethod: await paymentOf(tx, row, viewer),
    productName: row.product_name,
    sku: row.sku,
    ...(row.parent_id ? { parentSubscriptionID: Number(row.parent_id), shared: true } : {}),
    ...(row.redeem_code && !row.parent_id && !row.user_uuid ? { gift: true, redeemCode: row.redeem_code, giftRecipient: row.gift_recipient } : {}),
    ...receivedGiftView(row, viewer),
  };
}

/** The Subscription detail of the sales SDK (subscription.d.ts). */
export async function detailView(ctx: AccountsContext, tx: Queryable, row: SubscriptionRow, viewer: string) {
  const another = heldFromAnother(row, viewer);
  // Somebody else's purchase: only the orders and charges the viewer made themselves (a renewal they paid).
  const { rows: orders } = row.order_number
    ? await tx.query<{ id: number; order_number: string; created_at: Date; status: string; tax: string; shipping: string; total: string }>(
        `SELECT id, order_number, created_at, status, tax, shipping, total FROM accounts_orders WHERE order_number = $1${another ? " AND user_uuid = $2" : ""}`,
        another ? [row.order_number, viewer] : [row.order_number],
      )
    : { rows: [] };
  const { rows: payments } = await tx.query<{ amount: string; currency: string; created_at: Date }>(
    `SELECT p.amount, p.currency, p.created_at FROM accounts_payments p
     WHERE (p.subscription_id = $1 OR p.order_number = $2) AND p.status = 'succeeded' AND p.kind = 'charge'
       ${another ? "AND EXISTS (SELECT 1 FROM accounts_payment_methods m WHERE m.id = p.payment_method_id AND m.user_uuid = $3)" : ""}
     ORDER BY p.id`,
    another ? [row.id, row.order_number ?? "", viewer] : [row.id, row.order_number ?? ""],
  );
  const status = effectiveStatus(row, ctx.now());
  const paymentMethod = await paymentOf(tx, row, viewer);
  // The addresses are the buyer's until the recipient pays a renewal with their own card (sales/offers.ts).
  const addressesShown = !another || (paymentMethod !== null && !row.parent_id);
  return {
    subscriptionID: Number(row.id),
    sku: row.sku,
    priceCode: row.price_code,
    productName: row.product_name,
    status,
    subscriptionType: 1,
    nextEventDateUTC: new Date(row.current_period_end).getTime(),
    currentPeriodStartUTC: new Date(row.current_period_start).getTime(),
    // The purchase's events name its order: not the recipient's or associate's to read.
    events: another ? row.events.map((e) => ({ ...e, details: null })) : row.events,
    salesOrders: orders.map((o) => ({
      id: Number(o.id),
      orderNumber: o.order_number,
      orderDateUTC: new Date(o.created_at).getTime(),
      status: o.status === "Paid" ? 2 : 1,
      tax: Number(o.tax),
      shipping: Number(o.shipping),
      total: Number(o.total),
    })),
    paymentHistory: payments.map((p) => ({
      currency: p.currency,
      periodFrom: new Date(row.current_period_start).getTime(),
      periodTo: new Date(row.current_period_end).getTime(),
      sku: row.sku,
      tax: 0,
      total: Number(p.amount),
      transactionDate: new Date(p.created_at).getTime(),
    })),
    currentPaymentMethod: paymentMethod,
    billingAddress: addressesShown ? row.billing_address : null,
    // NULL: delivered to the billing address (docs/subscriptions-and-checkout.md#self-service). The
    // address in force, and the change that waits for the next business day (the 3:00 p. m. cutoff).
    ...(addressesShown ? deliveryView(row, ctx.now()) : { shippingAddress: null, shippingAddressChange: null }),
    // Status 4: the renewal was declined; access is kept until the grace period ends (sales/renewals.ts).
    ...(status === SubscriptionStatus.suspended
      ? {
          paymentRetryUTC: row.retry_at ? new Date(row.retry_at).getTime() : null,
          graceEndUTC: new Date(row.current_period_end).getTime() + GRACE_PERIOD_MS,
        }
      : {}),
    ...(row.parent_id ? { parentSubscriptionID: Number(row.parent_id), shared: true } : {}),
    ...(row.redeem_code && !row.parent_id && !row.user_uuid ? { gift: true, redeemCode: row.redeem_code, giftRecipient: row.gift_recipient } : {}),
    ...receivedGiftView(row, viewer),
  };
}

/** Subscriptions a reader sees: their own, shared ones they accepted, and gifts they bought and nobody redeemed yet. */
export async function subscriptionsOf(tx: Queryable, uuid: string): Promise<SubscriptionRow[]> {
  const { rows } = await tx.query<SubscriptionRow>(
    `SELECT * FROM accounts_subscriptions WHERE user_uuid = $1
       OR (purchaser_uuid = $1 AND user_uuid IS NULL AND parent_id IS NULL AND redeem_code IS NOT NULL)
     ORDER BY id`,
    [uuid],
  );
  return rows;
}
