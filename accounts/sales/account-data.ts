// An account's sales when it is deleted (its subscriptions end, its orders lose the buyer's contact
// data) and in its data report: what the identity side's deletion and GDPR report ask of sales.
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { subscriptionEvent } from "./subscriptions";

/** Account deletion: subscriptions end, orders keep amounts but lose the buyer's contact data. */
export async function anonymizeSales(ctx: AccountsContext, tx: Queryable, uuid: string) {
  await tx.query(
    `UPDATE accounts_subscriptions SET status = 2, billing_address = NULL, shipping_address = NULL, pending_shipping_address = NULL, address_change_on = NULL,
       shared_email = NULL, owner_email = NULL, updated_at = $2,
       events = events || $3::jsonb
     WHERE user_uuid = $1 AND status <> 2`,
    [uuid, ctx.now(), subscriptionEvent("TERMINATED", ctx.now(), "Cuenta eliminada")],
  );
  await tx.query(
    `UPDATE accounts_orders SET email = 'anonimizado', phone = NULL, first_name = NULL, last_name = NULL, second_last_name = NULL,
       billing_address = NULL, shipping_address = NULL WHERE user_uuid = $1`,
    [uuid],
  );
  await tx.query("UPDATE accounts_payment_methods SET card_holder = NULL WHERE user_uuid = $1", [uuid]);
  await tx.query("DELETE FROM accounts_carts WHERE user_uuid = $1", [uuid]);
  // Transfer requests name a third person, and the subscription they would move has ended.
  await tx.query("DELETE FROM accounts_transfer_requests WHERE user_uuid = $1", [uuid]);
}

/** Sales data in a GDPR report: a received gift's or an associate's place without the buyer's addresses; the transfer requests made. */
export async function salesReportOf(tx: Queryable, uuid: string) {
  const { rows: subscriptions } = await tx.query(
    `SELECT id, sku, product_name, status, current_period_start, current_period_end,
       CASE WHEN parent_id IS NULL AND (redeemed_at IS NULL OR purchaser_uuid = $1) THEN billing_address END AS billing_address,
       CASE WHEN parent_id IS NULL AND (redeemed_at IS NULL OR purchaser_uuid = $1) THEN shipping_address END AS shipping_address,
       CASE WHEN parent_id IS NULL AND (redeemed_at IS NULL OR purchaser_uuid = $1) AND address_change_on IS NOT NULL
         THEN jsonb_build_object('shippingAddress', pending_shipping_address, 'effectiveFrom', address_change_on) END AS shipping_address_change
     FROM accounts_subscriptions WHERE user_uuid = $1`,
    [uuid],
  );
  const { rows: orders } = await tx.query("SELECT order_number, status, email, phone, total, currency, created_at FROM accounts_orders WHERE user_uuid = $1", [
    uuid,
  ]);
  // The transfers the reader asked for (sales/transfers.ts), with whom they named.
  const { rows: transferRequests } = await tx.query(
    `SELECT request_number, subscription_id, recipient_name, recipient_email, status, created_at, closed_at
     FROM accounts_transfer_requests WHERE user_uuid = $1 ORDER BY id`,
    [uuid],
  );
  return { subscriptions, orders, transferRequests };
}
