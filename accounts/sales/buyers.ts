// One subscription per buyer and product (docs/decisions/0010-checkout-money-moves-once.md): who
// the buyer of an order is, what they already hold, and the lock that serializes their purchases.
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { effectiveStatus, type SubscriptionRow } from "./subscriptions";
import type { OrderRow } from "./orders";
import { isActiveStatus } from "../../domain/subscriptions";

/**
 * The buyer of an order: its account, or for a guest the active account that verified the order's
 * e-mail (where the purchase would go), else nobody yet.
 */
async function buyerUuidOf(tx: Queryable, order: { user_uuid: string | null; email: string }): Promise<string | null> {
  if (order.user_uuid) return order.user_uuid;
  const { rows } = await tx.query<{ uuid: string }>("SELECT uuid FROM accounts_users WHERE email = $1 AND status = 'Active' AND email_verified", [
    order.email.trim().toLowerCase(),
  ]);
  return rows[0]?.uuid ?? null;
}

/**
 * The buyer's active (status 1, 3, 4 or 5) own subscriptions of the products an order buys for
 * itself (gifts and renewals of a subscription aside): their own, a gift they redeemed, or a guest
 * purchase with their e-mail waiting to be attached. Shared subscriptions (an associate's place) do
 * not count.
 */
export async function activeOwnSubscriptions(
  ctx: AccountsContext,
  tx: Queryable,
  order: { user_uuid: string | null; email: string; items: Array<{ sku: string; gift?: boolean; renewalOf?: number | null }> },
): Promise<SubscriptionRow[]> {
  const skus = [...new Set(order.items.filter((i) => !i.gift && (i.renewalOf === undefined || i.renewalOf === null)).map((i) => i.sku))];
  if (!skus.length) return [];
  const uuid = await buyerUuidOf(tx, order);
  const { rows } = await tx.query<SubscriptionRow>(
    `SELECT * FROM accounts_subscriptions
     WHERE parent_id IS NULL AND sku = ANY($1::text[])
       AND (user_uuid = $2 OR (user_uuid IS NULL AND owner_email = $3 AND redeem_code IS NULL))
     ORDER BY id`,
    [skus, uuid, order.email.trim().toLowerCase()],
  );
  return rows.filter((s) => isActiveStatus(effectiveStatus(s, ctx.now())));
}

export async function refuseIfAlreadySubscribed(
  ctx: AccountsContext,
  tx: Queryable,
  order: { user_uuid: string | null; email: string; items: Array<{ sku: string; gift?: boolean; name?: string; renewalOf?: number | null }> },
) {
  const held = await activeOwnSubscriptions(ctx, tx, order);
  if (!held.length) return;
  throw new ApiError(
    409,
    ErrorCodes.conflict,
    `Ya tienes una suscripción activa a ${held[0].product_name}: no necesitas comprar otra. La encuentras en Mis suscripciones.`,
    { alreadySubscribed: true, subscriptionIDs: held.map((s) => Number(s.id)) },
  );
}

/** Serializes what touches a buyer's purchases across transactions and processes (settlement, reconciliation). */
export async function lockBuyer(tx: Queryable, order: { user_uuid: string | null; email: string }) {
  const uuid = await buyerUuidOf(tx, order);
  await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`accounts-buyer:${uuid ?? order.email.trim().toLowerCase()}`]);
}

/** The in-flight marker subject of a buyer: finalize runs once at a time per buyer, whatever the order. */
export function buyerSubject(order: OrderRow): string {
  return order.user_uuid ? `buyer:${order.user_uuid}` : `buyer-email:${order.email.trim().toLowerCase()}`;
}
