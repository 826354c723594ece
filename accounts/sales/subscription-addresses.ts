// A subscription's addresses: the billing one changes at once; a change of where it is delivered may
// wait for the next business day (docs/decisions/0063-address-change-cutoff.md), and the renewal pass writes it then.
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import type { Address } from "../identity/validation";
import { addressChangeEffectiveFrom } from "../../domain/customerService";
import { checkBillingAddress } from "./cart";
import { appendEvent, lockSubscription, type SubscriptionRow } from "./subscriptions";

/** Whether two addresses name the same place (their fields, whatever the order or absent ones). */
function sameAddress(a: Address | null | undefined, b: Address | null | undefined): boolean {
  const fields = ["line1", "line2", "locality", "region", "postal", "country"] as const;
  if (!a || !b) return !a && !b;
  return fields.every((key) => (a[key] || null) === (b[key] || null));
}

/**
 * The delivery a subscription has at `now`: the shipping address in force (null: the billing one) and
 * the change waiting for its day. A change whose day has come reads as made, whether or not the
 * renewal pass has written it yet (applyDueAddressChanges).
 */
function deliveryAt(row: Pick<SubscriptionRow, "shipping_address" | "pending_shipping_address" | "address_change_on">, now: Date) {
  const on = row.address_change_on ? new Date(row.address_change_on) : null;
  if (on && on <= now) return { shippingAddress: row.pending_shipping_address ?? null, change: null };
  return { shippingAddress: row.shipping_address ?? null, change: on ? { shippingAddress: row.pending_shipping_address ?? null, effectiveFrom: on } : null };
}

/** The details' delivery: `shippingAddress` in force and `shippingAddressChange` ({ shippingAddress, effectiveFromUTC } or null). */
export function deliveryView(row: SubscriptionRow, now: Date) {
  const { shippingAddress, change } = deliveryAt(row, now);
  return {
    shippingAddress,
    shippingAddressChange: change ? { shippingAddress: change.shippingAddress, effectiveFromUTC: change.effectiveFrom.getTime() } : null,
  };
}

/**
 * PUT /subscription/address: the billing address (body billingAddress, subscriptionID) and, beyond
 * the SDK's call, the shipping address: `shippingAddress` an address of its own, null for "the same
 * as billing", absent to leave it as it is (docs/subscriptions-and-checkout.md#self-service).
 *
 * The billing address changes at once. A change of where it is delivered (the shipping address, or
 * the billing one when it serves for both) made from 3:00 p. m. in Bogotá, or on a day that is not a
 * business day, waits for the next business day (docs/decisions/0063-address-change-cutoff.md): the
 * address in force stays the shipping address until then, and the change is kept with its day. A
 * later change replaces a waiting one; going back to the address in force cancels it.
 */
export async function updateAddresses(ctx: AccountsContext, tx: Queryable, uuid: string, body: Record<string, unknown>) {
  const billingAddress = checkBillingAddress(body.billingAddress);
  const shipping =
    body.shippingAddress === undefined ? undefined : body.shippingAddress === null ? null : checkBillingAddress(body.shippingAddress, "shippingAddress");
  const row = await lockSubscription(tx, body.subscriptionID);
  if (row.user_uuid !== uuid || row.parent_id) throw new ApiError(403, ErrorCodes.forbidden, "No tienes permiso para cambiar la dirección de esta suscripción");
  const now = ctx.now();
  const current = deliveryAt(row, now);
  // Where the reader wants it delivered: what they sent, else what they asked for last, else as it is.
  const wanted = shipping !== undefined ? shipping : current.change ? current.change.shippingAddress : current.shippingAddress;
  const inForce = current.shippingAddress ?? row.billing_address;
  const effectiveFrom = inForce && !sameAddress(wanted ?? billingAddress, inForce) ? addressChangeEffectiveFrom(now) : null;
  const json = (address: Address | null) => (address ? JSON.stringify(address) : null);
  await tx.query(
    `UPDATE accounts_subscriptions SET billing_address = $2, shipping_address = $3, pending_shipping_address = $4, address_change_on = $5, updated_at = $6
     WHERE id = $1`,
    effectiveFrom
      ? [row.id, JSON.stringify(billingAddress), json(inForce), json(wanted), effectiveFrom, now]
      : [row.id, JSON.stringify(billingAddress), json(wanted), null, null, now],
  );
  const what = shipping === undefined ? null : shipping ? "Facturación y envío" : "Facturación (envío a la misma)";
  await appendEvent(ctx, tx, row.id, "ADDRESS_CHANGED", effectiveFrom ? `${what ?? "Facturación"}; envío desde ${effectiveFrom.toISOString()}` : what);
  if (effectiveFrom)
    return { ...billingAddress, shippingAddress: inForce, shippingAddressChange: { shippingAddress: wanted, effectiveFromUTC: effectiveFrom.getTime() } };
  return shipping === undefined ? billingAddress : { ...billingAddress, shippingAddress: shipping };
}

/**
 * Writes the delivery-address changes whose day has come (the renewal pass runs it); answers how
 * many. Reads do not wait for it (deliveryAt): this keeps the stored rows as they read.
 */
export async function applyDueAddressChanges(ctx: AccountsContext, asOf: Date): Promise<number> {
  const { rows } = await ctx.db.query<{ id: number }>(
    `UPDATE accounts_subscriptions SET shipping_address = pending_shipping_address, pending_shipping_address = NULL, address_change_on = NULL,
       updated_at = $1,
       events = events || jsonb_build_array(jsonb_build_object(
         'eventType', 'SHIPPING_ADDRESS_CHANGED', 'eventDateUTC', floor(extract(epoch FROM address_change_on) * 1000)::bigint, 'details', NULL))
     WHERE address_change_on IS NOT NULL AND address_change_on <= $1 RETURNING id`,
    [asOf],
  );
  return rows.length;
}
