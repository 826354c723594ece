// Subscriptions: the row, its statuses and events, and a reader's changes to their own (cancel, rescue).
// Beside it: purchases.ts creates them, subscription-views.ts shows them; subscription-addresses.ts,
// sharing.ts, gifts.ts and account-data.ts (an account's deletion and data report) do the rest.
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { requiredId } from "../input";
import type { Address } from "../identity/validation";

/** The grace period after a declined renewal (docs/decisions/0017-renewals.md): access kept this long past the period's end. */
export const GRACE_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;

export const SubscriptionStatus = { active: 1, terminated: 2, canceled: 3, suspended: 4, gracePeriod: 5 } as const;

export interface SubscriptionRow {
  id: number;
  user_uuid: string | null;
  owner_email: string | null;
  purchaser_uuid: string | null;
  order_number: string | null;
  parent_id: number | null;
  sku: string;
  price_code: string;
  product_name: string;
  status: number;
  payment_method_id: number | null;
  billing_address: Address | null;
  /** Where it is delivered when that is not the billing address (NULL: the same). */
  shipping_address?: Address | null;
  /** A delivery-address change waiting for its day (address_change_on; NULL address: the billing one). */
  pending_shipping_address?: Address | null;
  address_change_on?: Date | null;
  current_period_start: Date;
  current_period_end: Date;
  redeem_code: string | null;
  /** sendOn: when its e-mail goes (a later day the buyer chose); sentAt: when it went. */
  gift_recipient: {
    email: string;
    name: string;
    note?: string | null;
    /** The buyer's signature, shown to the recipient ('Regalo de …'); null: unsigned. */
    from?: string | null;
    sendOn?: string | null;
    sentAt?: string | null;
  } | null;
  redeemed_at: Date | null;
  shared_email: string | null;
  events: Array<{ eventType: string; eventDateUTC: number; details: string | null }>;
  /** When a declined renewal is tried again (status 4; sales/renewals.ts). */
  retry_at?: Date | null;
  /** The brand it was bought on: its e-mails speak for it. */
  brand?: string | null;
  /** Bought through Subscribe with Google (sales/swg.ts): Google bills it. */
  swg_token_hash?: string | null;
  created_at: Date;
}

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** A cancelled subscription runs until its period ends, then counts as terminated. */
export function effectiveStatus(row: Pick<SubscriptionRow, "status" | "current_period_end">, now: Date): number {
  if (row.status === SubscriptionStatus.canceled && new Date(row.current_period_end) <= now) return SubscriptionStatus.terminated;
  return row.status;
}

/** One event as JSON, to append to a subscription's `events`. */
export function subscriptionEvent(eventType: string, now: Date, details: string | null = null) {
  return JSON.stringify([{ eventType, eventDateUTC: now.getTime(), details }]);
}

// --- Changes a reader makes ---------------------------------------------------------------------

/** The subscription `id` (a path parameter or a body field, checked here too), locked for the transaction. */
export async function lockSubscription(tx: Queryable, id: unknown): Promise<SubscriptionRow> {
  const number = requiredId(id, "subscriptionID");
  const { rows } = await tx.query<SubscriptionRow>("SELECT * FROM accounts_subscriptions WHERE id = $1 FOR UPDATE", [number]);
  if (!rows[0]) throw new ApiError(404, ErrorCodes.subscriptionNotFound, `No existe la suscripción ${number}`);
  return rows[0];
}

/** A subscription the caller may read: their own, or a gift they bought that is unredeemed. */
export async function readableSubscription(tx: Queryable, uuid: string, id: string | number): Promise<SubscriptionRow> {
  const row = await lockSubscription(tx, id);
  const giftOfCaller = row.purchaser_uuid === uuid && !row.user_uuid && !row.parent_id && row.redeem_code;
  if (row.user_uuid !== uuid && !giftOfCaller) throw new ApiError(404, ErrorCodes.subscriptionNotFound, `No existe la suscripción ${row.id}`);
  return row;
}

export async function appendEvent(ctx: AccountsContext, tx: Queryable, id: number, eventType: string, details: string | null, status?: number) {
  await tx.query(
    `UPDATE accounts_subscriptions SET events = events || $2::jsonb, updated_at = $3${status !== undefined ? ", status = $4" : ""} WHERE id = $1`,
    [id, subscriptionEvent(eventType, ctx.now(), details), ctx.now(), ...(status !== undefined ? [status] : [])],
  );
}

export async function cancelSubscription(ctx: AccountsContext, tx: Queryable, uuid: string, id: string, reason: string | null) {
  const row = await lockSubscription(tx, id);
  if (row.user_uuid !== uuid || row.parent_id) throw new ApiError(403, ErrorCodes.cancelNotAllowed, "No tienes permiso para cancelar esta suscripción");
  if (row.swg_token_hash)
    throw new ApiError(403, ErrorCodes.cancelNotAllowed, "Esta suscripción la cobra Google: cancélala en las suscripciones de tu cuenta de Google");
  if (effectiveStatus(row, ctx.now()) !== SubscriptionStatus.active)
    throw new ApiError(400, ErrorCodes.subscriptionNotCancellable, "La suscripción no se puede cancelar: no está activa");
  // Access continues until the period ends (status 3 counts as entitled).
  await appendEvent(ctx, tx, row.id, "CANCELED", reason, SubscriptionStatus.canceled);
  return { subscriptionID: Number(row.id) };
}

export async function rescueSubscription(ctx: AccountsContext, tx: Queryable, uuid: string, id: string) {
  const row = await lockSubscription(tx, id);
  if (row.user_uuid !== uuid || row.parent_id) throw new ApiError(403, ErrorCodes.rescueNotAllowed, "No tienes permiso para reactivar esta suscripción");
  const status = effectiveStatus(row, ctx.now());
  if (status === SubscriptionStatus.active) throw new ApiError(400, ErrorCodes.alreadyRescued, "La suscripción ya está activa");
  if (status !== SubscriptionStatus.canceled)
    throw new ApiError(400, ErrorCodes.subscriptionNotCancellable, "La suscripción terminó y no se puede reactivar; compra una nueva");
  await appendEvent(ctx, tx, row.id, "RESCUED", null, SubscriptionStatus.active);
  return { subscriptionID: Number(row.id) };
}
