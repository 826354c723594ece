// The subscriptions a paid order creates, and where a guest's purchase goes: to the account that has
// verified the order's e-mail, at once or when it verifies it (docs/subscriptions-and-checkout.md#guest-purchases).
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import type { Address } from "../identity/validation";
import { randomToken } from "../tokens";
import { SUBSCRIPTION_TERM_MONTHS } from "../../domain/catalog";
import type { PricedItem } from "./cart";
import { addMonths, subscriptionEvent } from "./subscriptions";

/** Creates the subscriptions a paid order bought; returns their ids. */
export async function createSubscriptionsForOrder(
  ctx: AccountsContext,
  tx: Queryable,
  order: {
    order_number: string;
    user_uuid: string | null;
    email: string;
    billing_address: Address | null;
    shipping_address?: Address | null;
    items: PricedItem[];
    brand?: string | null;
  },
  paymentMethodId: number,
): Promise<Array<{ id: number; redeemCode: string | null; name: string }>> {
  const now = ctx.now();
  const end = addMonths(now, SUBSCRIPTION_TERM_MONTHS);
  // A guest's purchase goes to the account with that e-mail only if the account has verified it;
  // otherwise it waits under owner_email until an account verifies the address
  // (attachGuestSubscriptions). Locking the row orders this against a verification running at
  // the same moment: whichever commits second sees the other's result.
  let owner = order.user_uuid;
  if (!owner) owner = await verifiedOwnerOf(tx, order.email);
  const purchaser = order.user_uuid ?? owner;
  const created = [];
  for (const item of order.items) {
    for (let n = 0; n < item.quantity; n++) {
      const redeemCode = item.gift ? randomToken(12) : null;
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO accounts_subscriptions (user_uuid, owner_email, purchaser_uuid, order_number, sku, price_code, product_name, status,
           payment_method_id, billing_address, current_period_start, current_period_end, redeem_code, events, created_at, updated_at, brand, shipping_address)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9, $10, $11, $12, $13, $10, $10, $14, $15) RETURNING id`,
        [
          item.gift ? null : owner,
          item.gift || owner ? null : order.email,
          purchaser,
          order.order_number,
          item.sku,
          item.priceCode,
          item.name,
          paymentMethodId,
          order.billing_address ? JSON.stringify(order.billing_address) : null,
          now,
          end,
          redeemCode,
          subscriptionEvent(item.gift ? "GIFT_PURCHASED" : "SUBSCRIBED", now, order.order_number),
          order.brand ?? null,
          // The order's shipping address when it differs from the billing one.
          order.shipping_address && JSON.stringify(order.shipping_address) !== JSON.stringify(order.billing_address)
            ? JSON.stringify(order.shipping_address)
            : null,
        ],
      );
      created.push({ id: Number(rows[0].id), redeemCode, name: item.name });
    }
  }
  return created;
}

/** The active account that owns `email` and has verified it, or null. Locks the row (see above). */
async function verifiedOwnerOf(tx: Queryable, email: string): Promise<string | null> {
  const { rows } = await tx.query<{ uuid: string; email_verified: boolean; status: string }>(
    "SELECT uuid, email_verified, status FROM accounts_users WHERE email = $1 FOR SHARE",
    [email.trim().toLowerCase()],
  );
  const user = rows[0];
  return user && user.status === "Active" && user.email_verified ? user.uuid : null;
}

/**
 * After an account verifies its e-mail (the verification link, a magic link, a password reset, a
 * provider that vouches for the address): guest purchases made with that address become the
 * account's — its subscriptions, the gifts it bought (so it can name their recipients) and the
 * orders. The caller must have just proven the address; nothing else may call this.
 */
export async function attachGuestSubscriptions(ctx: AccountsContext, tx: Queryable, uuid: string, email: string) {
  const address = email.trim().toLowerCase();
  const now = ctx.now();
  const { rows: attached } = await tx.query<{ id: number }>(
    `UPDATE accounts_subscriptions SET user_uuid = $1, purchaser_uuid = COALESCE(purchaser_uuid, $1), owner_email = NULL, updated_at = $3,
       events = events || $4::jsonb
     WHERE user_uuid IS NULL AND owner_email = $2 AND parent_id IS NULL AND redeem_code IS NULL RETURNING id`,
    [uuid, address, now, subscriptionEvent("ATTACHED_TO_ACCOUNT", now, "Correo verificado")],
  );
  const { rows: gifts } = await tx.query<{ id: number }>(
    `UPDATE accounts_subscriptions s SET purchaser_uuid = $1, updated_at = $3
     FROM accounts_orders o
     WHERE s.order_number = o.order_number AND o.user_uuid IS NULL AND o.email = $2 AND o.status = 'Paid'
       AND s.purchaser_uuid IS NULL AND s.parent_id IS NULL AND s.redeem_code IS NOT NULL
     RETURNING s.id`,
    [uuid, address, now],
  );
  await tx.query("UPDATE accounts_orders SET user_uuid = $1 WHERE user_uuid IS NULL AND email = $2 AND status = 'Paid'", [uuid, address]);
  if (attached.length || gifts.length)
    ctx.logger.info("cuentas: compras como invitado asociadas a la cuenta al verificar el correo", {
      uuid,
      subscriptions: attached.map((r) => Number(r.id)),
      gifts: gifts.map((r) => Number(r.id)),
    });
}
