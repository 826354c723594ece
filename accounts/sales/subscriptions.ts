// Subscriptions: creation when an order is paid, the views the sales SDK reads, and the changes a
// reader makes (cancel, rescue, billing address, sharing with associates, gifts).
import type { Queryable } from "../../platform/database";
import type { AccountsContext } from "../context";
import { sendMail } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { optionalText, quoteInput, requiredId } from "../input";
import { checkDisplayName, normalizeEmail, type Address } from "../identity/validation";
import { getUser } from "../identity/users";
import { mailTemplates } from "../mail/templates";
import { randomToken } from "../tokens";
import { MAX_SHARED_ASSOCIATES, SUBSCRIPTION_TERM_MONTHS } from "../../domain/catalog";
import { addressChangeEffectiveFrom } from "../../domain/customerService";
import type { PricedItem } from "./cart";
import { checkBillingAddress } from "./cart";

/** The grace period after a declined renewal (docs/decisions/0017-renewals.md): access kept this long past the period's end. */
export const GRACE_PERIOD_MS = 7 * 24 * 60 * 60 * 1000;

export const SubscriptionStatus = { active: 1, terminated: 2, canceled: 3, suspended: 4, gracePeriod: 5 } as const;
const LIVE_STATUSES: number[] = [1, 3, 4, 5];
/** A gift's message to its recipient: multi-line free text. */
export const MAX_GIFT_NOTE_LENGTH = 500;
/** The buyer's optional signature on a gift (one line). */
export const MAX_GIFT_SIGNATURE_LENGTH = 80;

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

interface PaymentMethodRow {
  id: number;
  provider: string;
  card_type: string | null;
  first_six: string | null;
  last_four: string | null;
  expiration: string | null;
  card_holder: string | null;
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
export const SWG_PAYMENT_PARTNER = "Google";

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

function event(eventType: string, now: Date, details: string | null = null) {
  return JSON.stringify([{ eventType, eventDateUTC: now.getTime(), details }]);
}

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
          event(item.gift ? "GIFT_PURCHASED" : "SUBSCRIBED", now, order.order_number),
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
    [uuid, address, now, event("ATTACHED_TO_ACCOUNT", now, "Correo verificado")],
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
      suscripciones: attached.map((r) => Number(r.id)),
      regalos: gifts.map((r) => Number(r.id)),
    });
}

/** Account deletion: subscriptions end, orders keep amounts but lose the buyer's contact data. */
export async function anonymizeSales(ctx: AccountsContext, tx: Queryable, uuid: string) {
  await tx.query(
    `UPDATE accounts_subscriptions SET status = 2, billing_address = NULL, shipping_address = NULL, pending_shipping_address = NULL, address_change_on = NULL,
       shared_email = NULL, owner_email = NULL, updated_at = $2,
       events = events || $3::jsonb
     WHERE user_uuid = $1 AND status <> 2`,
    [uuid, ctx.now(), event("TERMINATED", ctx.now(), "Cuenta eliminada")],
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

// --- Changes a reader makes ---------------------------------------------------------------------

/** The subscription `id` (a path parameter or a body field, checked here too), locked for the transaction. */
async function lockSubscription(tx: Queryable, id: unknown): Promise<SubscriptionRow> {
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
    [id, event(eventType, ctx.now(), details), ctx.now(), ...(status !== undefined ? [status] : [])],
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
export function deliveryAt(row: Pick<SubscriptionRow, "shipping_address" | "pending_shipping_address" | "address_change_on">, now: Date) {
  const on = row.address_change_on ? new Date(row.address_change_on) : null;
  if (on && on <= now) return { shippingAddress: row.pending_shipping_address ?? null, change: null };
  return { shippingAddress: row.shipping_address ?? null, change: on ? { shippingAddress: row.pending_shipping_address ?? null, effectiveFrom: on } : null };
}

/** The details' delivery: `shippingAddress` in force and `shippingAddressChange` ({ shippingAddress, effectiveFromUTC } or null). */
function deliveryView(row: SubscriptionRow, now: Date) {
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

async function ownedParent(ctx: AccountsContext, tx: Queryable, uuid: string, id: string): Promise<SubscriptionRow> {
  const row = await lockSubscription(tx, id);
  if (row.user_uuid !== uuid || row.parent_id) throw new ApiError(403, ErrorCodes.forbidden, "Solo el titular puede compartir esta suscripción");
  return row;
}

export async function sharingDetails(ctx: AccountsContext, tx: Queryable, uuid: string, id: string) {
  const parent = await ownedParent(ctx, tx, uuid, id);
  const { rows } = await tx.query<SubscriptionRow>("SELECT * FROM accounts_subscriptions WHERE parent_id = $1 AND status <> 2 ORDER BY id", [parent.id]);
  return {
    numSharesAllowed: MAX_SHARED_ASSOCIATES,
    sharedSubscriptions: rows.map((r) => ({
      subscriptionID: Number(r.id),
      email: r.shared_email,
      redeemed: !!r.user_uuid,
      redeemCode: r.user_uuid ? null : r.redeem_code,
    })),
  };
}

export async function shareSubscription(ctx: AccountsContext, tx: Queryable, uuid: string, id: string, emailInput: unknown) {
  const email = normalizeEmail(emailInput);
  const parent = await ownedParent(ctx, tx, uuid, id);
  if (!LIVE_STATUSES.includes(effectiveStatus(parent, ctx.now())))
    throw new ApiError(400, ErrorCodes.parentSubscriptionInactive, "La suscripción no está activa; no se puede compartir");
  const owner = await getUser(tx, uuid);
  if (owner?.email === email) throw new ApiError(400, ErrorCodes.alreadyInGroup, "No puedes compartir la suscripción contigo");
  const { rows } = await tx.query<SubscriptionRow>("SELECT * FROM accounts_subscriptions WHERE parent_id = $1 AND status <> 2", [parent.id]);
  if (rows.some((r) => r.shared_email === email))
    throw new ApiError(409, ErrorCodes.alreadyInGroup, `La suscripción ya está compartida con ${quoteInput(email)}`);
  if (rows.length >= MAX_SHARED_ASSOCIATES)
    throw new ApiError(400, ErrorCodes.sharedToMaximum, `Ya compartiste la suscripción con el máximo de ${MAX_SHARED_ASSOCIATES} personas`);
  const redeemCode = randomToken(12);
  const { rows: created } = await tx.query<{ id: number }>(
    `INSERT INTO accounts_subscriptions (parent_id, purchaser_uuid, sku, price_code, product_name, status, current_period_start, current_period_end,
       redeem_code, shared_email, events, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
    [
      parent.id,
      uuid,
      parent.sku,
      parent.price_code,
      parent.product_name,
      parent.current_period_start,
      parent.current_period_end,
      redeemCode,
      email,
      event("SHARED", ctx.now(), email),
      ctx.now(),
    ],
  );
  await appendEvent(ctx, tx, parent.id, "SHARED", email);
  await sendMail(ctx, tx, mailTemplates.shareInvitation(ctx.mailFor(), email, redeemCode, owner?.display_name ?? null));
  return { redeemCode, subscriptionID: Number(created[0].id) };
}

/** Ends an associate's access: called by the owner (or by the associate leaving). `id` is the shared subscription. */
export async function stopSharing(ctx: AccountsContext, tx: Queryable, uuid: string, id: string) {
  const row = await lockSubscription(tx, id);
  if (!row.parent_id) throw new ApiError(400, ErrorCodes.badRequest, "Esa suscripción no es compartida; indica la suscripción del asociado");
  const { rows } = await tx.query<{ user_uuid: string | null }>("SELECT user_uuid FROM accounts_subscriptions WHERE id = $1", [row.parent_id]);
  if (rows[0]?.user_uuid !== uuid && row.user_uuid !== uuid)
    throw new ApiError(403, ErrorCodes.forbidden, "No tienes permiso sobre esta suscripción compartida");
  await appendEvent(ctx, tx, row.id, "SHARE_STOPPED", null, SubscriptionStatus.terminated);
  return { subscriptionID: Number(row.id) };
}

const BOUND_TO = {
  invitation: {
    log: "cuentas: invitación a suscripción compartida rechazada",
    otherAccount: "Esta invitación no es válida para tu cuenta: ingresa con la cuenta del correo que recibió la invitación",
    unverified: "Verifica tu correo electrónico para aceptar la invitación: usa el enlace que te enviamos o pide otro desde tu perfil",
  },
  gift: {
    log: "cuentas: redención de regalo rechazada",
    otherAccount: "Este regalo no es válido para tu cuenta: ingresa con la cuenta del correo que recibió el regalo",
    unverified: "Verifica tu correo electrónico para redimir el regalo: usa el enlace que te enviamos o pide otro desde tu perfil",
  },
} as const;

/**
 * Invitations and gifts are bound to the address they were sent to: only a signed-in reader whose
 * account has that e-mail, verified, may accept them. Anyone else gets the catalogue's answer to an
 * unusable link (404, "El enlace no es válido o ya se usó"), which says nothing of the address; the
 * invited reader whose e-mail is not verified yet is asked to verify it (130051). Runs before any
 * write, so a refusal stores nothing.
 */
async function requireInvitedReader(
  ctx: AccountsContext,
  tx: Queryable,
  uuid: string,
  invitedEmail: string | null | undefined,
  kind: keyof typeof BOUND_TO,
  subscriptionId: number,
) {
  const texts = BOUND_TO[kind];
  const user = await getUser(tx, uuid);
  const invited = invitedEmail?.trim().toLowerCase();
  if (!invited || !user?.email || user.email.toLowerCase() !== invited) {
    ctx.logger.info(texts.log, { suscripcion: Number(subscriptionId), motivo: invited ? "otra-cuenta" : "sin-destinatario" });
    throw new ApiError(404, ErrorCodes.notFound, texts.otherAccount);
  }
  if (!user.email_verified) {
    ctx.logger.info(texts.log, { suscripcion: Number(subscriptionId), motivo: "correo-sin-verificar" });
    throw new ApiError(403, ErrorCodes.emailNotVerified, texts.unverified);
  }
}

export async function redeemShare(ctx: AccountsContext, tx: Queryable, uuid: string, token: string) {
  const { rows } = await tx.query<SubscriptionRow>("SELECT * FROM accounts_subscriptions WHERE redeem_code = $1 AND parent_id IS NOT NULL FOR UPDATE", [token]);
  const row = rows[0];
  if (!row || row.status === SubscriptionStatus.terminated) throw new ApiError(404, ErrorCodes.notFound, "La invitación no existe o fue retirada");
  await requireInvitedReader(ctx, tx, uuid, row.shared_email, "invitation", row.id);
  if (row.user_uuid) throw new ApiError(409, ErrorCodes.alreadyInGroup, row.user_uuid === uuid ? "Ya aceptaste esta invitación" : "La invitación ya fue usada");
  const { rows: parents } = await tx.query<SubscriptionRow>("SELECT * FROM accounts_subscriptions WHERE id = $1", [row.parent_id]);
  const parent = parents[0];
  if (!parent || !LIVE_STATUSES.includes(effectiveStatus(parent, ctx.now())))
    throw new ApiError(400, ErrorCodes.parentSubscriptionInactive, "La suscripción que te compartieron ya no está activa");
  if (parent.user_uuid === uuid) throw new ApiError(409, ErrorCodes.alreadyInGroup, "Ya eres el titular de esta suscripción");
  const { rows: siblings } = await tx.query("SELECT 1 FROM accounts_subscriptions WHERE parent_id = $1 AND user_uuid = $2 AND status <> 2", [parent.id, uuid]);
  if (siblings.length) throw new ApiError(409, ErrorCodes.alreadyInGroup, "Ya perteneces al grupo de esta suscripción");
  await tx.query("UPDATE accounts_subscriptions SET user_uuid = $2, redeemed_at = $3, updated_at = $3 WHERE id = $1", [row.id, uuid, ctx.now()]);
  await appendEvent(ctx, tx, row.id, "SHARE_REDEEMED", null);
  return { subscriptionID: Number(row.id) };
}

export async function setGiftRecipient(ctx: AccountsContext, tx: Queryable, uuid: string, code: string, body: Record<string, unknown>) {
  const email = normalizeEmail(body.email);
  const name = checkDisplayName(body.name, "name");
  const note = optionalText(body.note, "note", { max: MAX_GIFT_NOTE_LENGTH, multiline: true }) || null;
  // The buyer's signature: the recipient sees 'Regalo de …' only when the buyer gave one.
  const from = optionalText(body.from, "from", { max: MAX_GIFT_SIGNATURE_LENGTH }) || null;
  const { rows } = await tx.query<SubscriptionRow>(
    "SELECT * FROM accounts_subscriptions WHERE (redeem_code = $1 OR id::text = $1) AND parent_id IS NULL AND redeem_code IS NOT NULL AND purchaser_uuid = $2 FOR UPDATE",
    [code, uuid],
  );
  const gift = rows[0];
  if (!gift) throw new ApiError(404, ErrorCodes.subscriptionNotFound, "No existe ese regalo entre tus compras");
  if (gift.user_uuid) throw new ApiError(409, ErrorCodes.conflict, "El regalo ya fue redimido");
  // sendNotificationOn: a day (YYYY-MM-DD, Colombian time) from today to a year ahead; the e-mail
  // goes that day at 8:00 a. m. (the renewal job sends it, sales/renewals.ts), or now for today.
  const sendOn = giftSendDate(body.sendNotificationOn, ctx.now());
  const later = sendOn !== null && sendOn.getTime() > ctx.clock();
  const recipient = { email, name, note, from, sendOn: sendOn?.toISOString() ?? null, sentAt: later ? null : ctx.now().toISOString() };
  await tx.query("UPDATE accounts_subscriptions SET gift_recipient = $2, updated_at = $3 WHERE id = $1", [gift.id, JSON.stringify(recipient), ctx.now()]);
  if (!later) await sendMail(ctx, tx, mailTemplates.gift(ctx.mailFor(gift.brand), email, gift.redeem_code!, name, note, from));
  return { subscriptionID: Number(gift.id), redeemCode: gift.redeem_code!, name, email, sendNotificationOn: recipient.sendOn };
}

/** The longest a buyer may schedule a gift's e-mail ahead. */
export const MAX_GIFT_SEND_AHEAD_DAYS = 365;

/**
 * A gift's send date: "YYYY-MM-DD" (a day in Colombia, UTC−5) or an ISO date-time; the e-mail goes
 * that day at 8:00 a. m. Colombian time. Null when absent. A past day, or one more than a year
 * ahead, is refused (400, field sendNotificationOn).
 */
export function giftSendDate(value: unknown, now: Date): Date | null {
  if (value === undefined || value === null || value === "") return null;
  const text = typeof value === "string" && value.length <= 40 ? value : "";
  const day = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const date = day ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]), 13)) : new Date(NaN);
  const today = new Date(now.getTime() - 5 * 3600 * 1000).toISOString().slice(0, 10);
  if (!day || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${day[1]}-${day[2]}-${day[3]}`)
    throw new ApiError(400, ErrorCodes.badRequest, "La fecha de envío del regalo debe ser un día con el formato AAAA-MM-DD", { field: "sendNotificationOn" });
  if (`${day[1]}-${day[2]}-${day[3]}` < today)
    throw new ApiError(400, ErrorCodes.badRequest, "La fecha de envío del regalo ya pasó: elige hoy o un día futuro", { field: "sendNotificationOn" });
  if (date.getTime() - now.getTime() > MAX_GIFT_SEND_AHEAD_DAYS * 24 * 3600 * 1000)
    throw new ApiError(400, ErrorCodes.badRequest, "La fecha de envío del regalo puede ser hasta un año después de hoy", { field: "sendNotificationOn" });
  return date;
}

/** Sends the gift e-mails whose day has come (the renewal job runs it); answers how many went. */
export async function sendScheduledGifts(ctx: AccountsContext, asOf: Date): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<SubscriptionRow & { brand: string | null }>(
      `SELECT * FROM accounts_subscriptions
       WHERE parent_id IS NULL AND redeem_code IS NOT NULL AND user_uuid IS NULL AND gift_recipient IS NOT NULL
         AND gift_recipient->>'sentAt' IS NULL AND gift_recipient->>'sendOn' IS NOT NULL AND (gift_recipient->>'sendOn')::timestamptz <= $1
       ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED`,
      [asOf],
    );
    for (const gift of rows) {
      const recipient = gift.gift_recipient!;
      await sendMail(
        ctx,
        tx,
        mailTemplates.gift(ctx.mailFor(gift.brand), recipient.email, gift.redeem_code!, recipient.name, recipient.note ?? null, recipient.from ?? null),
      );
      await tx.query("UPDATE accounts_subscriptions SET gift_recipient = gift_recipient || $2::jsonb, updated_at = $3 WHERE id = $1", [
        gift.id,
        JSON.stringify({ sentAt: ctx.now().toISOString() }),
        ctx.now(),
      ]);
    }
    return rows.length;
  });
}

export async function redeemGift(ctx: AccountsContext, tx: Queryable, uuid: string, token: string) {
  const { rows } = await tx.query<SubscriptionRow>("SELECT * FROM accounts_subscriptions WHERE redeem_code = $1 AND parent_id IS NULL FOR UPDATE", [token]);
  const gift = rows[0];
  if (!gift) throw new ApiError(404, ErrorCodes.notFound, "El código de regalo no existe");
  if (!gift.gift_recipient && gift.user_uuid !== uuid)
    throw new ApiError(404, ErrorCodes.notFound, "Este regalo todavía no tiene destinatario: quien lo compró debe indicar el correo de quien lo recibe");
  if (gift.user_uuid !== uuid) await requireInvitedReader(ctx, tx, uuid, gift.gift_recipient?.email, "gift", gift.id);
  if (gift.user_uuid) throw new ApiError(409, ErrorCodes.conflict, gift.user_uuid === uuid ? "Ya redimiste este regalo" : "El regalo ya fue redimido");
  // The year starts when the gift is redeemed, not when it was bought.
  const now = ctx.now();
  await tx.query(
    "UPDATE accounts_subscriptions SET user_uuid = $2, redeemed_at = $3, current_period_start = $3, current_period_end = $4, updated_at = $3 WHERE id = $1",
    [gift.id, uuid, now, addMonths(now, SUBSCRIPTION_TERM_MONTHS)],
  );
  await appendEvent(ctx, tx, gift.id, "GIFT_REDEEMED", null);
  return { subscriptionID: Number(gift.id) };
}
