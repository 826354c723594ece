// The customer-segment lookup and the renewal offer (docs/subscriptions-and-checkout.md#segment-lookup,
// #renewal-offer). The browser asks POST /s3plus/obtenersegmentoscliente with {correo} at most once a
// day; this service answers from its own subscriptions what the banners need: one element per own
// subscription, the most pressing first (a declined renewal, then a subscription that will not renew
// by itself, then the rest), or one 'SIN_SUSCRIPCION' element. Answering a 'RENOVACION' element
// records the offer of the renewal price for that subscription and period: only a reader with such an
// offer, not used and not expired, can put that price in a cart, and paying it adds a year to the
// subscription it was offered for.
import type { Queryable } from "../../platform/database";
import type { AccountsContext, Caller } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { normalizeEmail, type Address } from "../identity/validation";
import { getUser } from "../identity/users";
import { BANNER_ANNUAL_PRICE, BUY_NOW_OFFER_ID, findPrice, RENEWAL_PRICE_CODE, SUBSCRIPTION_TERM_MONTHS } from "../../domain/catalog";
import { quoteInput } from "../input";
import { addMonths, effectiveStatus, GRACE_PERIOD_MS, SubscriptionStatus, type SubscriptionRow } from "./subscriptions";
import type { StoredItem } from "./cart";
import { isActiveStatus } from "../../domain/subscriptions";

const DAY = 24 * 60 * 60 * 1000;
/** A subscription that will not renew by itself is offered the renewal price this long before its end. */
export const RENEWAL_OFFER_WINDOW_MS = 30 * DAY;
/** Where the banners send a reader to buy the renewal offer. */
const RENEWAL_CHECKOUT_PATH = `/suscripciones-online/?offerId=${BUY_NOW_OFFER_ID}&renovacion=1`;

type Segment = "ACTUALIZAR_PAGO" | "RENOVACION" | "AL_DIA" | "SIN_SUSCRIPCION";

/** One element of ObtenerSegmentosClienteResult: what the banners read of a subscription. */
interface SegmentElement {
  correo: string;
  segmento: Segment;
  idSuscripcion?: number;
  /** The subscription's status (docs/subscriptions-and-checkout.md#statuses). */
  estado?: number;
  producto?: string;
  /** End of the current period (ISO 8601). */
  finPeriodo?: string;
  /** ACTUALIZAR_PAGO: the last day of access without payment, and the next try of the card. */
  finGracia?: string;
  proximoIntento?: string | null;
  /** RENOVACION: the renewal price offered, until when, and where it is bought. */
  oferta?: { codigoPrecio: string; precio: number; texto: string; vence: string; url: string };
  /** The moment of the answer (ISO 8601). */
  consultado: string;
}

export interface SegmentAnswer {
  data: { ObtenerSegmentosClienteResult: SegmentElement[] };
}

/** Whether a live subscription renews by itself: it has a card and is neither cancelled nor a gift (sales/renewals.ts). */
function renewsByItself(row: SubscriptionRow): boolean {
  return row.status !== SubscriptionStatus.canceled && row.redeem_code === null && row.payment_method_id !== null;
}

/**
 * Which subscriptions are offered the renewal price: own ones (not an associate's place) that will
 * not renew by themselves — cancelled, gifts and card-less ones — in the last 30 days of their
 * period, and whose renewal is not being charged. Only then: a subscriber who cancels on the first
 * day must not buy the next year cheaper (docs/subscriptions-and-checkout.md#renewal-offer).
 */
function offeredRenewal(row: SubscriptionRow, now: Date): boolean {
  const status = effectiveStatus(row, now);
  const end = new Date(row.current_period_end).getTime();
  if (row.parent_id || end <= now.getTime() || (row as { renewal_key?: string | null }).renewal_key) return false;
  if (end - now.getTime() > RENEWAL_OFFER_WINDOW_MS) return false;
  if (status === SubscriptionStatus.canceled) return true;
  return status === SubscriptionStatus.active && !renewsByItself(row);
}

const RANK: Record<Segment, number> = { ACTUALIZAR_PAGO: 0, RENOVACION: 1, AL_DIA: 2, SIN_SUSCRIPCION: 3 };

/**
 * The answer of the segment lookup for `correo`, which must be the signed-in reader's own address
 * (anyone else's segments are not theirs to read). Records the renewal offers it makes.
 */
export async function customerSegments(ctx: AccountsContext, caller: Caller, correoInput: unknown): Promise<SegmentAnswer> {
  const correo = normalizeEmail(correoInput, "correo");
  return ctx.db.transaction(async (tx) => {
    const user = await getUser(tx, caller.uuid);
    if (!user?.email || user.email !== correo)
      throw new ApiError(403, ErrorCodes.forbidden, `Solo puedes consultar los segmentos de tu propio correo, no los de ${quoteInput(correo)}`, {
        field: "correo",
      });
    const now = ctx.now();
    const { rows } = await tx.query<SubscriptionRow & { renewal_key: string | null }>(
      "SELECT * FROM accounts_subscriptions WHERE user_uuid = $1 AND status IN (1, 3, 4, 5) ORDER BY current_period_end, id",
      [caller.uuid],
    );
    const consultado = now.toISOString();
    const elements: SegmentElement[] = [];
    for (const row of rows) {
      const status = effectiveStatus(row, now);
      if (!isActiveStatus(status)) continue;
      const base = {
        correo,
        idSuscripcion: Number(row.id),
        estado: status,
        producto: row.product_name,
        finPeriodo: new Date(row.current_period_end).toISOString(),
        consultado,
      };
      if (status === SubscriptionStatus.suspended && !row.parent_id) {
        elements.push({
          ...base,
          segmento: "ACTUALIZAR_PAGO",
          finGracia: new Date(new Date(row.current_period_end).getTime() + GRACE_PERIOD_MS).toISOString(),
          proximoIntento: row.retry_at ? new Date(row.retry_at).toISOString() : null,
        });
      } else if (offeredRenewal(row, now)) {
        const offer = await recordOffer(ctx, tx, caller.uuid, row);
        elements.push(offer ? { ...base, segmento: "RENOVACION", oferta: offer } : { ...base, segmento: "AL_DIA" });
      } else elements.push({ ...base, segmento: "AL_DIA" });
    }
    elements.sort((a, b) => RANK[a.segmento] - RANK[b.segmento]);
    return { data: { ObtenerSegmentosClienteResult: elements.length ? elements : [{ correo, segmento: "SIN_SUSCRIPCION", consultado }] } };
  });
}

/** Records (once per subscription and period) the offer of the renewal price; null when it was used already. */
async function recordOffer(ctx: AccountsContext, tx: Queryable, uuid: string, row: SubscriptionRow): Promise<SegmentElement["oferta"] | null> {
  const price = findPrice(row.sku, RENEWAL_PRICE_CODE);
  if (!price) return null;
  const periodEnd = new Date(row.current_period_end);
  await tx.query(
    `INSERT INTO accounts_renewal_offers (user_uuid, subscription_id, price_code, period_end, offered_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $4) ON CONFLICT (subscription_id, price_code, period_end) DO NOTHING`,
    [uuid, row.id, price.priceCode, periodEnd, ctx.now()],
  );
  const { rows } = await tx.query<{ expires_at: Date; used_at: Date | null }>(
    "SELECT expires_at, used_at FROM accounts_renewal_offers WHERE subscription_id = $1 AND price_code = $2 AND period_end = $3",
    [row.id, price.priceCode, periodEnd],
  );
  if (!rows[0] || rows[0].used_at) return null;
  return {
    codigoPrecio: price.priceCode,
    precio: price.amount,
    texto: price.label,
    vence: new Date(rows[0].expires_at).toISOString(),
    url: RENEWAL_CHECKOUT_PATH,
  };
}

const NOT_OFFERED = `El precio de $${new Intl.NumberFormat("es-CO").format(BANNER_ANNUAL_PRICE)}* al año es una oferta de renovación: solo puede comprarlo quien la recibió en su aviso de renovación, para la suscripción que renueva.`;

/**
 * The reader's live offer of `priceCode`: not used, for the subscription's current period, which
 * must still be offered the price now (its last 30 days, not renewing by itself). An offer recorded
 * under an earlier rule, or before the subscription changed, is not honoured.
 */
async function liveOffer(ctx: AccountsContext, tx: Queryable, uuid: string, priceCode: string, subscriptionId?: number) {
  const now = ctx.now();
  const { rows } = await tx.query<SubscriptionRow & { offer_id: number; offer_period_end: Date; renewal_key: string | null }>(
    `SELECT s.*, o.id AS offer_id, o.period_end AS offer_period_end FROM accounts_renewal_offers o JOIN accounts_subscriptions s ON s.id = o.subscription_id
     WHERE o.user_uuid = $1 AND o.price_code = $2 AND o.used_at IS NULL AND o.expires_at > $3 AND s.user_uuid = $1
       AND o.period_end = s.current_period_end
       ${subscriptionId !== undefined ? "AND o.subscription_id = $4" : ""}
     ORDER BY o.expires_at, o.id`,
    subscriptionId !== undefined ? [uuid, priceCode, now, subscriptionId] : [uuid, priceCode, now],
  );
  const live = rows.find((row) => offeredRenewal(row, now));
  return live ? { id: Number(live.offer_id), subscriptionId: Number(live.id) } : null;
}

/**
 * Cart items at a renewal-only price are let in only for a signed-in reader holding the offer: they
 * are bound to the subscription it was offered for (renewalOf), as the reader's own, one of them.
 * Refused otherwise (403, 300002), nothing stored.
 */
export async function bindRenewalItems(ctx: AccountsContext, tx: Queryable, caller: Caller | null, items: StoredItem[]): Promise<StoredItem[]> {
  const bound: StoredItem[] = [];
  for (const [index, item] of items.entries()) {
    if (!findPrice(item.sku, item.priceCode)?.renewalOfferOnly) {
      bound.push({ sku: item.sku, priceCode: item.priceCode, quantity: item.quantity, gift: item.gift });
      continue;
    }
    const offer = caller && !item.gift ? await liveOffer(ctx, tx, caller.uuid, item.priceCode) : null;
    if (!offer) throw new ApiError(403, ErrorCodes.cartUnknownPriceCode, NOT_OFFERED, { field: `items[${index}].priceCode`, renewalOfferOnly: true });
    bound.push({ ...item, quantity: 1, gift: false, renewalOf: offer.subscriptionId });
  }
  return bound;
}

/** Before an order is made or paid: its renewal items' offers must still be live. */
export async function requireLiveOffers(ctx: AccountsContext, tx: Queryable, uuid: string | null, items: ReadonlyArray<StoredItem>): Promise<void> {
  for (const item of items) {
    if (item.renewalOf === undefined || item.renewalOf === null) continue;
    if (!uuid || !(await liveOffer(ctx, tx, uuid, item.priceCode, item.renewalOf)))
      throw new ApiError(403, ErrorCodes.cartUnknownPriceCode, `${NOT_OFFERED} La oferta venció o ya se usó.`, { renewalOfferOnly: true });
  }
}

/**
 * The subscription a paid renewal item is applied to, locked, with its offer: null when it cannot
 * be applied (the offer is gone, the subscription is not the buyer's any more, or its own renewal
 * is being charged at this very moment) — the charge is then given back.
 */
export async function renewalTarget(ctx: AccountsContext, tx: Queryable, order: { user_uuid: string | null }, item: StoredItem) {
  if (!order.user_uuid || item.renewalOf === undefined || item.renewalOf === null) return null;
  const offer = await liveOffer(ctx, tx, order.user_uuid, item.priceCode, item.renewalOf);
  if (!offer) return null;
  const { rows } = await tx.query<SubscriptionRow & { renewal_key: string | null }>("SELECT * FROM accounts_subscriptions WHERE id = $1 FOR UPDATE", [
    item.renewalOf,
  ]);
  const row = rows[0];
  if (!row || row.user_uuid !== order.user_uuid || row.renewal_key) return null;
  return { offer, row };
}

/**
 * A paid renewal offer (checked by renewalTarget in the same transaction): the subscription gets a
 * year more from the end of its period (or from now, if it ended meanwhile), renews by itself again
 * on the card just used, and the offer is spent.
 */
export async function applyRenewalOffer(
  ctx: AccountsContext,
  tx: Queryable,
  order: { order_number: string; billing_address?: Address | null; shipping_address?: Address | null },
  target: NonNullable<Awaited<ReturnType<typeof renewalTarget>>>,
  priceCode: string,
  paymentMethodId: number,
): Promise<{ id: number; end: Date }> {
  const { row, offer } = target;
  const now = ctx.now();
  // The renewal's buyer pays from now on: their order's addresses replace the earlier ones (a gift's
  // buyer's, which the recipient must not see: docs/subscriptions-and-checkout.md#what-each-reader-sees).
  if (order.billing_address)
    await tx.query(
      "UPDATE accounts_subscriptions SET billing_address = $2, shipping_address = $3, pending_shipping_address = NULL, address_change_on = NULL WHERE id = $1",
      [
        row.id,
        JSON.stringify(order.billing_address),
        order.shipping_address && JSON.stringify(order.shipping_address) !== JSON.stringify(order.billing_address)
          ? JSON.stringify(order.shipping_address)
          : null,
      ],
    );
  // A year more from the end of the period; if it ended meanwhile, a new year from now.
  const running = new Date(row.current_period_end) > now && effectiveStatus(row, now) !== SubscriptionStatus.terminated;
  const start = running ? new Date(row.current_period_start) : now;
  const end = addMonths(running ? new Date(row.current_period_end) : now, SUBSCRIPTION_TERM_MONTHS);
  await tx.query(
    `UPDATE accounts_subscriptions SET status = 1, price_code = $2, payment_method_id = $3, redeem_code = NULL, retry_at = NULL, renewal_attempts = 0,
       current_period_start = $4, current_period_end = $5, updated_at = $6, events = events || $7::jsonb
     WHERE id = $1`,
    [
      row.id,
      priceCode,
      paymentMethodId,
      start,
      end,
      now,
      JSON.stringify([{ eventType: "RENEWAL_OFFER", eventDateUTC: now.getTime(), details: order.order_number }]),
    ],
  );
  await tx.query("UPDATE accounts_renewal_offers SET used_at = $2, order_number = $3 WHERE id = $1", [offer.id, now, order.order_number]);
  await tx.query("UPDATE accounts_orders SET subscription_id = $2, kind = 'renewal-offer' WHERE order_number = $1", [order.order_number, row.id]);
  await tx.query("UPDATE accounts_payments SET subscription_id = $2 WHERE order_number = $1", [order.order_number, row.id]);
  return { id: Number(row.id), end };
}
