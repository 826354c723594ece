// Checkout: orders from carts, and payments through a PaymentProvider.
// docs/decisions/0010-checkout-money-moves-once.md says why it is built this way.
//
// Guarantees:
// - Creating an order is idempotent: a retried request for the same cart (same revision) or with
//   the same Idempotency-Key header answers the same order, and a buyer's Pending order whose items
//   equal the cart's is reused (two tabs and a reload converge on one order).
// - A buyer who holds an active own subscription of a product cannot order or pay another one.
// - A payment step runs once at a time per order and per buyer: in-flight marker rows in
//   accounts_payment_steps refuse a second call while the first runs, in every process.
// - The amount charged is the order's, computed on the server; finalize refuses when the browser
//   showed another (expectedTotal). Finalizing a paid order is refused with 300016.
// - Before calling the provider, the order records the charge's idempotency key (charge_key); the
//   transaction that records the outcome clears it. A key left behind by a crash is settled by
//   reconciliation (reconcile.ts) or by the next finalize of the order, never charged twice: the
//   provider answers a repeated key with its first outcome.
// - Every multi-step change (order paid + subscriptions + cart + receipt) is one transaction.
import type express from "express";
import type { Queryable } from "../../platform/database";
import { enforceCaptcha, sendMail, type AccountsContext, type Caller } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { faultPoint } from "../faults";
import { CARD_TOKEN, IDEMPOTENCY_KEY, LINK_TOKEN, optionalChoice, optionalInteger, optionalText, quoteInput, requiredId } from "../input";
import { checkPersonName, checkPhone, normalizeEmail, type Address } from "../identity/validation";
import { getUser } from "../identity/users";
import { compose, formatPrice, MAIL_LINK_ROUTES, mailTemplates, subscriptionTermsLink, type MailMessage } from "../mail/templates";
import { currentRequestBrand } from "../mail/brand";
import type { PaymentOutcome, PaymentProvider } from "../payments/provider";
import { randomToken } from "../tokens";
import { cartCookie, checkBillingAddress, priceItems, sameItems, totals, type CartRow, type PricedItem } from "./cart";
import { createSubscriptionsForOrder, effectiveStatus, paymentMethodView, type SubscriptionRow } from "./subscriptions";
import { lockCart } from "./cart";
import { reconcileOrder } from "./reconcile";
import { applyRenewalOffer, renewalTarget, requireLiveOffers } from "./offers";

/** A marker older than this belongs to a crashed process: the next call may take over. */
export const STALE_PAYMENT_STEP_MS = 2 * 60 * 1000;
/** No order of this catalogue comes near it (pesos): an expectedTotal above it is refused as malformed. */
export const MAX_EXPECTED_TOTAL = 1_000_000_000_000;

export interface OrderRow {
  order_number: string;
  id: number;
  user_uuid: string | null;
  cart_id: string;
  cart_revision: number;
  status: "Pending" | "Paid" | "Cancelled";
  email: string;
  phone: string | null;
  first_name: string | null;
  last_name: string | null;
  second_last_name: string | null;
  billing_address: Address | null;
  shipping_address: Address | null;
  items: PricedItem[];
  currency: string;
  subtotal: string;
  tax: string;
  shipping: string;
  total: string;
  payment_attempt: number;
  /** The idempotency key of a charge asked of the provider and not yet settled (see above). */
  charge_key: string | null;
  charge_provider: string | null;
  charge_started_at: Date | null;
  /** The brand the order was placed on: its receipt speaks for it. */
  brand: string | null;
  created_at: Date;
  paid_at: Date | null;
}

/** Arc order numbers are 16 upper-case letters and digits. */
function newOrderNumber(): string {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  return Array.from(randomToken(16))
    .map((c) => alphabet[c.charCodeAt(0) % alphabet.length])
    .join("")
    .slice(0, 16);
}

export function findProvider(ctx: AccountsContext, paymentMethodId: string): PaymentProvider {
  const provider = ctx.paymentProviders.find((p) => String(p.paymentMethodID) === String(paymentMethodId));
  if (!provider) throw new ApiError(404, ErrorCodes.paymentProviderNotFound, `No existe el medio de pago ${quoteInput(paymentMethodId)}`);
  return provider;
}

export function paymentOptions(ctx: AccountsContext) {
  return ctx.paymentProviders.map((p) => ({
    paymentMethodID: p.paymentMethodID,
    paymentMethodType: p.paymentMethodType,
    paymentPartner: p.name,
    name: p.name,
  }));
}

// --- Order views --------------------------------------------------------------------------------

async function subscriptionIdsOf(tx: Queryable, orderNumber: string): Promise<number[]> {
  // A renewal offer's order names the subscription it renewed (sales/offers.ts).
  const { rows } = await tx.query<{ id: number }>(
    "SELECT id FROM accounts_subscriptions WHERE order_number = $1 OR id = (SELECT subscription_id FROM accounts_orders WHERE order_number = $1 AND kind = 'renewal-offer') ORDER BY id",
    [orderNumber],
  );
  return rows.map((r) => Number(r.id));
}

/** One view serving CreateOrderResponse, the finalize answer and OrderDetails of the sales SDK. */
export async function orderView(tx: Queryable, order: OrderRow) {
  const { rows: payments } = await tx.query<{ id: number; amount: string; created_at: Date; status: string; payment_method_id: number | null }>(
    "SELECT id, amount, created_at, status, payment_method_id FROM accounts_payments WHERE order_number = $1 AND status = 'succeeded' ORDER BY id",
    [order.order_number],
  );
  const paymentList = [];
  for (const p of payments) {
    const { rows: pm } = await tx.query("SELECT * FROM accounts_payment_methods WHERE id = $1", [p.payment_method_id]);
    paymentList.push({
      paymentID: Number(p.id),
      amount: Number(p.amount),
      paymentMethod: paymentMethodView(pm[0] ?? null),
      financialTransactions: [
        {
          amount: Number(p.amount),
          tax: 0,
          subtotal: Number(p.amount),
          transactionType: "Payment",
          transactionDate: new Date(p.created_at).getTime(),
          billingAddress: order.billing_address,
        },
      ],
      remainingAmountToRefund: Number(p.amount),
    });
  }
  const subscriptionIDs = await subscriptionIdsOf(tx, order.order_number);
  return {
    orderNumber: order.order_number,
    orderID: Number(order.id),
    orderType: "Parent",
    status: order.status,
    email: order.email,
    phone: order.phone,
    firstName: order.first_name,
    lastName: order.last_name,
    secondLastName: order.second_last_name,
    billingAddress: order.billing_address,
    shippingAddress: order.shipping_address,
    items: order.items,
    currency: order.currency,
    subtotal: Number(order.subtotal),
    tax: Number(order.tax),
    totalTax: Number(order.tax),
    shipping: Number(order.shipping),
    total: Number(order.total),
    payments: paymentList,
    subscriptionIDs,
    orderDate: new Date(order.created_at).getTime(),
    orderDateUTC: new Date(order.created_at).toISOString(),
  };
}

/** The order, if the caller may act on it: the account's, or a guest order of the caller's cart cookie. */
export async function accessibleOrder(tx: Queryable, req: express.Request, caller: Caller | null, orderNumber: string, lock = false): Promise<OrderRow> {
  const { rows } = await tx.query<OrderRow>(`SELECT * FROM accounts_orders WHERE order_number = $1${lock ? " FOR UPDATE" : ""}`, [orderNumber]);
  const order = rows[0];
  const allowed = order && (order.user_uuid ? caller?.uuid === order.user_uuid : order.cart_id === cartCookie(req));
  if (!allowed) throw new ApiError(404, ErrorCodes.orderNotFound, `No existe el pedido ${quoteInput(orderNumber)}`);
  return order;
}

// --- Creating an order ------------------------------------------------------------------------

export async function createOrder(ctx: AccountsContext, req: express.Request, res: express.Response, caller: Caller | null, body: Record<string, any>) {
  await enforceCaptcha(ctx, "checkout", body["recaptcha-token"]);
  const clientKey = optionalText(req.get("idempotency-key"), "Idempotency-Key", IDEMPOTENCY_KEY) || null;
  // Keys are the client's: scoped to the reader so two readers' keys never collide.
  const idempotencyKey = clientKey ? `${caller?.uuid ?? cartCookie(req) ?? "anonimo"}:${clientKey}` : null;
  // Validate everything before touching the database.
  const contact = {
    email: body.email === undefined || body.email === null || body.email === "" ? undefined : normalizeEmail(body.email),
    phone: body.phone === undefined || body.phone === null || body.phone === "" ? null : checkPhone(body.phone),
    firstName: checkPersonName(body.firstName, "firstName") ?? null,
    lastName: checkPersonName(body.lastName, "lastName") ?? null,
    secondLastName: checkPersonName(body.secondLastName, "secondLastName") ?? null,
    billingAddress: body.billingAddress ? checkBillingAddress(body.billingAddress) : undefined,
    shippingAddress: body.shippingAddress ? checkBillingAddress(body.shippingAddress, "shippingAddress") : null,
  };
  const view = await ctx.db.transaction(async (tx) => {
    if (idempotencyKey) {
      const { rows } = await tx.query<OrderRow>("SELECT * FROM accounts_orders WHERE idempotency_key = $1", [idempotencyKey]);
      if (rows[0]) return orderView(tx, await accessibleOrder(tx, req, caller, rows[0].order_number));
    }
    const cart = await lockCart(ctx, tx, req, res, caller, false);
    if (!cart) throw new ApiError(404, ErrorCodes.cartNotFound, "No hay carrito: agrega la suscripción primero");
    if (!cart.items.length) throw new ApiError(400, ErrorCodes.cartEmpty, "El carrito está vacío");
    const user = caller ? await getUser(tx, caller.uuid) : null;
    const email = contact.email ?? user?.email;
    if (!email) throw new ApiError(400, ErrorCodes.emailFormat, "El correo electrónico es obligatorio para la compra", { field: "email" });
    // The cart's address needs only its country (it prices the cart); an order's needs the whole
    // address, whether the request sends it or the cart lends it (docs/subscriptions-and-checkout.md#addresses).
    if (!contact.billingAddress && !cart.billing_address)
      throw new ApiError(400, ErrorCodes.addressLineInvalid, "La dirección de facturación es obligatoria", { field: "billingAddress" });
    const billingAddress = contact.billingAddress ?? checkBillingAddress(cart.billing_address);
    const items = priceItems(cart.items);
    const sums = totals(items);
    const values = [
      email,
      contact.phone,
      contact.firstName,
      contact.lastName,
      contact.secondLastName,
      JSON.stringify(billingAddress),
      contact.shippingAddress ? JSON.stringify(contact.shippingAddress) : null,
    ];
    // The same cart revision is the same order: a retried request finds it.
    const { rows: existing } = await tx.query<OrderRow>("SELECT * FROM accounts_orders WHERE cart_id = $1 AND cart_revision = $2", [cart.id, cart.revision]);
    if (existing[0] && existing[0].status !== "Pending") return orderView(tx, existing[0]);
    await requireLiveOffers(ctx, tx, caller?.uuid ?? null, cart.items);
    await refuseIfAlreadySubscribed(ctx, tx, { user_uuid: caller?.uuid ?? null, email, items });
    // Else the buyer's Pending order for the same items (another tab, a reload that cleared and
    // refilled the cart): one order, so one charge. It now stands for this cart revision.
    let reuse: OrderRow | null = existing[0] ?? null;
    if (!reuse) {
      const { rows: pending } = await tx.query<OrderRow>(
        caller
          ? "SELECT * FROM accounts_orders WHERE status = 'Pending' AND user_uuid = $1 ORDER BY created_at DESC, id DESC"
          : "SELECT * FROM accounts_orders WHERE status = 'Pending' AND user_uuid IS NULL AND cart_id = $1 ORDER BY created_at DESC, id DESC",
        [caller ? caller.uuid : cart.id],
      );
      reuse = pending.find((o) => sameItems(o.items, cart.items)) ?? null;
    }
    if (reuse) {
      const { rows } = await tx.query<OrderRow>(
        `UPDATE accounts_orders SET email = $2, phone = $3, first_name = $4, last_name = $5, second_last_name = $6, billing_address = $7, shipping_address = $8,
           cart_id = $9, cart_revision = $10
         WHERE order_number = $1 AND status = 'Pending' RETURNING *`,
        [reuse.order_number, ...values, cart.id, cart.revision],
      );
      if (rows[0]) return orderView(tx, rows[0]);
    }
    const { rows } = await tx.query<OrderRow>(
      `INSERT INTO accounts_orders (order_number, user_uuid, cart_id, cart_revision, idempotency_key, status, email, phone, first_name, last_name,
         second_last_name, billing_address, shipping_address, items, currency, subtotal, tax, shipping, total, created_at, brand)
       VALUES ($1, $2, $3, $4, $5, 'Pending', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20) RETURNING *`,
      [
        newOrderNumber(),
        caller?.uuid ?? null,
        cart.id,
        cart.revision,
        idempotencyKey,
        ...values,
        JSON.stringify(items),
        sums.currency,
        sums.subtotal,
        sums.tax,
        sums.shipping,
        sums.total,
        ctx.now(),
        currentRequestBrand() ?? null,
      ],
    );
    return orderView(tx, rows[0]);
  });
  faultPoint("after-order-created");
  return view;
}

// --- One subscription per buyer and product -----------------------------------------------------

const ACTIVE_STATUSES: readonly number[] = [1, 3, 4, 5];

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
  return rows.filter((s) => ACTIVE_STATUSES.includes(effectiveStatus(s, ctx.now())));
}

async function refuseIfAlreadySubscribed(
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
async function lockBuyer(tx: Queryable, order: { user_uuid: string | null; email: string }) {
  const uuid = await buyerUuidOf(tx, order);
  await tx.query("SELECT pg_advisory_xact_lock(hashtext($1))", [`accounts-buyer:${uuid ?? order.email.trim().toLowerCase()}`]);
}

/** The in-flight marker subject of a buyer: finalize runs once at a time per buyer, whatever the order. */
function buyerSubject(order: OrderRow): string {
  return order.user_uuid ? `buyer:${order.user_uuid}` : `buyer-email:${order.email.trim().toLowerCase()}`;
}

// --- Payment steps ------------------------------------------------------------------------------

const STEP_NAMES: Record<string, string> = {
  initialize: "initializePayment",
  finalize: "finalizePayment",
  "update-initialize": "initializePaymentUpdate",
  "update-finalize": "finalizePaymentUpdate",
};

/** Runs fn while holding the in-flight marker of (subject, step); a second caller is refused. */
export async function withPaymentStep<T>(ctx: AccountsContext, subject: string, step: keyof typeof STEP_NAMES, fn: () => Promise<T>): Promise<T> {
  const startedAt = ctx.now();
  const { rows } = await ctx.db.query(
    `INSERT INTO accounts_payment_steps AS s (subject, step, started_at) VALUES ($1, $2, $3)
     ON CONFLICT (subject, step) DO UPDATE SET started_at = EXCLUDED.started_at WHERE s.started_at < $4
     RETURNING subject`,
    [subject, step, startedAt, new Date(ctx.clock() - STALE_PAYMENT_STEP_MS)],
  );
  if (!rows.length) {
    throw new ApiError(
      409,
      ErrorCodes.conflict,
      `${STEP_NAMES[step]} no se puede llamar hasta que termine la llamada anterior a ${STEP_NAMES[step]} (hay un pago en curso)`,
      { paymentInFlight: true },
    );
  }
  try {
    return await fn();
  } finally {
    await ctx.db.query("DELETE FROM accounts_payment_steps WHERE subject = $1 AND step = $2 AND started_at = $3", [subject, step, startedAt]);
  }
}

export async function initializePayment(ctx: AccountsContext, req: express.Request, caller: Caller | null, orderNumber: string, paymentMethodId: string) {
  const provider = findProvider(ctx, paymentMethodId);
  const answer = await withPaymentStep(ctx, `order:${orderNumber}`, "initialize", async () => {
    const order = await accessibleOrder(ctx.db, req, caller, orderNumber);
    if (order.status === "Paid") throw await alreadyPaid(ctx.db, order);
    if (order.status !== "Pending") throw new ApiError(400, ErrorCodes.conflict, `El pedido ${orderNumber} está cancelado`);
    const parameters = await provider.initialize({ subject: orderNumber, amount: Number(order.total), currency: order.currency });
    return { orderNumber, ...parameters };
  });
  faultPoint("after-initialize");
  return answer;
}

/**
 * 300016: the order is paid already. The body also carries the order's status and subscriptions, so
 * a client can confirm it — but never `orderNumber`: the sales SDK takes any body with one for an
 * order and would resolve instead of rejecting.
 */
async function alreadyPaid(tx: Queryable, order: OrderRow): Promise<ApiError> {
  return new ApiError(409, ErrorCodes.orderAlreadyPaid, "Este pedido ya está pagado", {
    status: "Paid",
    subscriptionIDs: await subscriptionIdsOf(tx, order.order_number),
  });
}

/** The card token of a finalize body (TestPay: the card number); missing is the tokenizer's 300160. */
function cardToken(value: unknown): string {
  const token = optionalText(value, "token", { ...CARD_TOKEN, code: ErrorCodes.cardTokenizerFailed });
  if (!token) throw new ApiError(400, ErrorCodes.cardTokenizerFailed, "Falta el token de la tarjeta", { field: "token" });
  return token;
}

/** The optional expectedTotal of a finalize body: the amount the browser showed the reader. */
function parseExpectedTotal(value: unknown): number | null {
  if (value === undefined || value === null || value === "") return null;
  const amount = typeof value === "number" ? value : typeof value === "string" && value.length <= 32 ? Number(value) : NaN;
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_EXPECTED_TOTAL)
    throw new ApiError(400, ErrorCodes.badRequest, "expectedTotal debe ser el total mostrado, un número mayor o igual a 0", { field: "expectedTotal" });
  return amount;
}

function checkExpectedTotal(order: OrderRow, expected: number | null) {
  if (expected === null || expected === Number(order.total)) return;
  throw new ApiError(
    409,
    ErrorCodes.conflict,
    `El total del pedido (${formatPrice(Number(order.total), order.currency)}) no es el que se te mostró (${formatPrice(expected, order.currency)}); no se cobró nada. Recarga la página e intenta de nuevo.`,
    { field: "expectedTotal", total: Number(order.total) },
  );
}

/** Writes, before the provider is called, which charge the order is asking for. */
async function recordChargeIntent(ctx: AccountsContext, order: OrderRow, key: string, provider: PaymentProvider) {
  await ctx.db.query("UPDATE accounts_orders SET charge_key = $2, charge_provider = $3, charge_started_at = $4 WHERE order_number = $1", [
    order.order_number,
    key,
    provider.name,
    ctx.now(),
  ]);
}

export type Settlement =
  | { view: unknown }
  | { error: ApiError }
  /** A charge to give back (the buyer already had the product, or the order was no longer payable): completeRefunds does it. */
  | { refund: { orderNumber: string; amount: number; currency: string } };

/**
 * Records what the provider answered for `key` on a locked order, in the caller's transaction:
 * the one place where an outcome becomes an order's state, for finalize and for reconciliation
 * alike. A succeeded charge becomes a paid order (payment, subscriptions, cart emptied, receipt)
 * unless the buyer holds an active own subscription of the product by then or the order is no
 * longer Pending: then it is marked to be refunded. An outcome someone else already recorded (a
 * retry, reconciliation in another process) is answered as it was recorded, never recorded twice.
 */
export async function applyOutcome(
  ctx: AccountsContext,
  tx: Queryable,
  order: OrderRow,
  provider: PaymentProvider,
  outcome: PaymentOutcome,
  key: string,
  challengeToken?: string,
): Promise<Settlement> {
  const orderNumber = order.order_number;
  if (outcome.status === "succeeded") {
    const { rows: recorded } = await tx.query<{ status: string }>(
      "SELECT status FROM accounts_payments WHERE order_number = $1 AND kind = 'charge' AND provider = $2 AND provider_charge_id = $3",
      [orderNumber, provider.name, outcome.chargeId],
    );
    if (recorded[0]) {
      await tx.query("UPDATE accounts_orders SET charge_key = NULL WHERE order_number = $1 AND charge_key = $2", [orderNumber, key]);
      if (recorded[0].status === "succeeded") return { view: await orderView(tx, order) };
      return { refund: { orderNumber, amount: Number(order.total), currency: order.currency } };
    }
  } else if (order.charge_key !== key) {
    // Recorded already by whoever cleared the key.
    if (order.status === "Paid") return { error: await alreadyPaid(tx, order) };
    if (outcome.status === "declined") return { error: new ApiError(402, outcome.code, outcome.message) };
    return { error: new ApiError(409, ErrorCodes.conflict, "El pago cambió mientras lo procesábamos. Intenta de nuevo.") };
  }
  await tx.query("UPDATE accounts_orders SET payment_attempt = payment_attempt + 1, charge_key = NULL WHERE order_number = $1", [orderNumber]);
  if (challengeToken) await tx.query("DELETE FROM accounts_pending_challenges WHERE challenge_token = $1", [challengeToken]);
  if (outcome.status === "declined") {
    await tx.query(
      "INSERT INTO accounts_payments (order_number, provider, kind, status, error_code, amount, currency, created_at) VALUES ($1, $2, 'charge', 'declined', $3, $4, $5, $6)",
      [orderNumber, provider.name, outcome.code, order.total, order.currency, ctx.now()],
    );
    return { error: new ApiError(402, outcome.code, outcome.message) };
  }
  if (outcome.status === "challenge") {
    await tx.query("INSERT INTO accounts_pending_challenges (challenge_token, subject, provider, data, created_at) VALUES ($1, $2, $3, $4, $5)", [
      outcome.challengeToken,
      `order:${orderNumber}`,
      provider.name,
      JSON.stringify({ attempt: order.payment_attempt }),
      ctx.now(),
    ]);
    return {
      view: { ...(await orderView(tx, order)), threeDSecure: { required: true, token: outcome.challengeToken, challengeUrl: outcome.challengeUrl } },
    };
  }
  // Money moved. Whoever settles a charge of this buyer waits for the others (two processes, two orders).
  await lockBuyer(tx, order);
  const held = order.status === "Pending" ? await activeOwnSubscriptions(ctx, tx, order) : [];
  // A renewal offer's subscription, locked; none means its offer is gone (docs/subscriptions-and-checkout.md#renewal-offer).
  const renewals = [];
  for (const item of order.items.filter((i) => i.renewalOf !== undefined && i.renewalOf !== null))
    renewals.push({ item, target: order.status === "Pending" ? await renewalTarget(ctx, tx, order, item) : null });
  const renewalGone = renewals.some((r) => !r.target);
  const { rows: pm } = await tx.query<{ id: number }>(
    `INSERT INTO accounts_payment_methods (user_uuid, provider, provider_ref, card_type, first_six, last_four, expiration, card_holder, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      order.user_uuid,
      provider.name,
      outcome.chargeId,
      outcome.card.cardType,
      outcome.card.firstSix,
      outcome.card.lastFour,
      outcome.card.expiration,
      outcome.card.holder,
      ctx.now(),
    ],
  );
  const paymentMethodId = Number(pm[0].id);
  if (order.status !== "Pending" || held.length || renewalGone) {
    // The rule of docs/decisions/0010: the buyer keeps the subscription they have; this charge goes back.
    await tx.query(
      "INSERT INTO accounts_payments (order_number, payment_method_id, provider, provider_charge_id, kind, status, amount, currency, created_at) VALUES ($1, $2, $3, $4, 'charge', 'refund-pending', $5, $6, $7)",
      [orderNumber, paymentMethodId, provider.name, outcome.chargeId, order.total, order.currency, ctx.now()],
    );
    if (order.status === "Pending") await tx.query("UPDATE accounts_orders SET status = 'Cancelled' WHERE order_number = $1", [orderNumber]);
    ctx.logger.warn("pagos: cobro que se reembolsará", {
      pedido: orderNumber,
      cobro: outcome.chargeId,
      motivo: held.length
        ? "el comprador ya tiene una suscripción activa del producto"
        : renewalGone
          ? "la oferta de renovación venció o ya se usó"
          : `el pedido está ${order.status}`,
    });
    return { refund: { orderNumber, amount: Number(order.total), currency: order.currency } };
  }
  await tx.query(
    "INSERT INTO accounts_payments (order_number, payment_method_id, provider, provider_charge_id, kind, status, amount, currency, created_at) VALUES ($1, $2, $3, $4, 'charge', 'succeeded', $5, $6, $7)",
    [orderNumber, paymentMethodId, provider.name, outcome.chargeId, order.total, order.currency, ctx.now()],
  );
  const subscriptions = await createSubscriptionsForOrder(
    ctx,
    tx,
    { ...order, items: order.items.filter((i) => i.renewalOf === undefined || i.renewalOf === null) },
    paymentMethodId,
  );
  for (const { item, target } of renewals) await applyRenewalOffer(ctx, tx, order, target!, item.priceCode, paymentMethodId);
  const { rows: paid } = await tx.query<OrderRow>("UPDATE accounts_orders SET status = 'Paid', paid_at = $2 WHERE order_number = $1 RETURNING *", [
    orderNumber,
    ctx.now(),
  ]);
  // The cart is emptied only if it still holds what was bought.
  await tx.query("UPDATE accounts_carts SET items = '[]', revision = revision + 1, updated_at = $3 WHERE id = $1 AND revision = $2", [
    order.cart_id,
    order.cart_revision,
    ctx.now(),
  ]);
  const receipt = mailTemplates.receipt(ctx.mailFor(order.brand), order.email, {
    orderNumber,
    items: order.items.map((i) => ({
      name: `${i.name}${i.quantity > 1 ? ` × ${i.quantity}` : ""}${i.gift ? " (regalo)" : ""}${i.renewalOf ? " (renovación: 12 meses más)" : ""}`,
      total: i.total,
    })),
    total: Number(order.total),
    currency: order.currency,
    lastFour: outcome.card.lastFour,
    paidAt: ctx.now(),
  });
  const giftCodes = subscriptions.filter((s) => s.redeemCode).map((s) => s.redeemCode);
  if (giftCodes.length) {
    const note = `Códigos de regalo: ${giftCodes.join(", ")}. Asígnalos a quien quieras regalar desde tus suscripciones.`;
    receipt.text += `\n\n${note}`;
    receipt.html = receipt.html.replace("</body>", `<p>${note}</p></body>`);
  }
  await sendMail(ctx, tx, receipt);
  faultPoint("in-settlement");
  return { view: await orderView(tx, paid[0]) };
}

/** The e-mail a buyer gets when a charge is given back. */
function refundMail(
  ctx: AccountsContext,
  brand: string | null,
  to: string,
  orderNumber: string,
  amount: number,
  currency: string,
  lastFour: string | null,
): MailMessage {
  const mail = ctx.mailFor(brand);
  return compose(
    "recibo",
    to,
    `Reembolso de tu pago — pedido ${orderNumber}`,
    [
      `Recibimos un pago de ${formatPrice(amount, currency)} por el pedido ${orderNumber}, pero ya tenías una suscripción activa de ese producto.`,
      `Para no cobrarte dos veces, lo devolvimos${lastFour ? ` a la tarjeta terminada en ${lastFour}` : ""}. Según tu banco, el reembolso puede tardar unos días en verse en tu extracto.`,
      "Tu suscripción sigue activa; no tienes que hacer nada.",
    ],
    [{ label: "Ver mis suscripciones", url: new URL(MAIL_LINK_ROUTES.subscriptions, mail.origin).toString() }, subscriptionTermsLink(mail)],
    mail,
  );
}

/**
 * Gives back every charge of the order marked 'refund-pending', through its provider, then records
 * the refund and e-mails the buyer (once: the row is re-checked under its lock). A refund the
 * provider refuses stays pending and is retried by the next reconciliation. Returns how many were done.
 */
export async function completeRefunds(ctx: AccountsContext, orderNumber: string): Promise<number> {
  const { rows } = await ctx.db.query<{ id: number; provider: string; provider_charge_id: string; amount: string; currency: string }>(
    "SELECT id, provider, provider_charge_id, amount, currency FROM accounts_payments WHERE order_number = $1 AND status = 'refund-pending' ORDER BY id",
    [orderNumber],
  );
  let done = 0;
  for (const row of rows) {
    const provider = ctx.paymentProviders.find((p) => p.name === row.provider);
    if (!provider?.refund) {
      ctx.logger.error("pagos: no se puede reembolsar: el proveedor no está configurado o no permite reembolsos", {
        pedido: orderNumber,
        proveedor: row.provider,
      });
      continue;
    }
    const refund = await provider.refund({
      chargeId: row.provider_charge_id,
      amount: Number(row.amount),
      currency: row.currency,
      idempotencyKey: `refund:${row.provider_charge_id}`,
      reason: "duplicate",
    });
    if (refund.status !== "succeeded") {
      ctx.logger.error("pagos: el proveedor rechazó el reembolso; se reintentará", {
        pedido: orderNumber,
        cobro: row.provider_charge_id,
        error: refund.message,
      });
      continue;
    }
    const recorded = await ctx.db.transaction(async (tx) => {
      const { rows: locked } = await tx.query("SELECT 1 FROM accounts_payments WHERE id = $1 AND status = 'refund-pending' FOR UPDATE", [row.id]);
      if (!locked[0]) return false;
      await tx.query("UPDATE accounts_payments SET status = 'refunded' WHERE id = $1", [row.id]);
      await tx.query(
        "INSERT INTO accounts_payments (order_number, provider, provider_charge_id, kind, status, amount, currency, created_at) VALUES ($1, $2, $3, 'refund', 'refunded', $4, $5, $6)",
        [orderNumber, provider.name, refund.refundId, row.amount, row.currency, ctx.now()],
      );
      const { rows: orders } = await tx.query<{ email: string; brand: string | null }>("SELECT email, brand FROM accounts_orders WHERE order_number = $1", [
        orderNumber,
      ]);
      const { rows: cards } = await tx.query<{ last_four: string | null }>(
        "SELECT pm.last_four FROM accounts_payments p JOIN accounts_payment_methods pm ON pm.id = p.payment_method_id WHERE p.id = $1",
        [row.id],
      );
      if (orders[0]?.email && orders[0].email !== "anonimizado")
        await sendMail(ctx, tx, refundMail(ctx, orders[0].brand, orders[0].email, orderNumber, Number(row.amount), row.currency, cards[0]?.last_four ?? null));
      return true;
    });
    if (recorded) {
      done++;
      ctx.logger.info("pagos: cobro reembolsado", { pedido: orderNumber, cobro: row.provider_charge_id, reembolso: refund.refundId });
    }
  }
  if (done) void ctx.outbox.flush();
  return done;
}

/** Records a provider outcome for an order (see applyOutcome); a decline is recorded, then thrown. */
async function settleOrder(
  ctx: AccountsContext,
  req: express.Request,
  caller: Caller | null,
  orderNumber: string,
  provider: PaymentProvider,
  outcome: PaymentOutcome,
  key: string,
  challengeToken?: string,
) {
  const settlement = await ctx.db.transaction(async (tx) =>
    applyOutcome(ctx, tx, await accessibleOrder(tx, req, caller, orderNumber, true), provider, outcome, key, challengeToken),
  );
  void ctx.outbox.flush();
  if ("error" in settlement) throw settlement.error;
  if ("refund" in settlement) {
    await completeRefunds(ctx, orderNumber);
    throw new ApiError(
      409,
      ErrorCodes.conflict,
      `Ya tenías una suscripción activa de este producto: devolvemos el cobro de ${formatPrice(settlement.refund.amount, settlement.refund.currency)} a tu tarjeta.`,
      { alreadySubscribed: true, refunded: true },
    );
  }
  return settlement.view;
}

/**
 * Runs a finalize of an order under the buyer's and the order's in-flight markers, after settling
 * whatever charge of the order a crashed call left behind (unless it is the one this call is about
 * to ask the same provider for again: the provider answers it with its first outcome).
 */
async function finalizeStep<T>(
  ctx: AccountsContext,
  req: express.Request,
  caller: Caller | null,
  orderNumber: string,
  provider: PaymentProvider,
  nextKey: (order: OrderRow) => Promise<string>,
  fn: (order: OrderRow, key: string) => Promise<T>,
): Promise<T> {
  const first = await accessibleOrder(ctx.db, req, caller, orderNumber);
  return withPaymentStep(ctx, buyerSubject(first), "finalize", () =>
    withPaymentStep(ctx, `order:${orderNumber}`, "finalize", async () => {
      let order = await accessibleOrder(ctx.db, req, caller, orderNumber);
      const leftBehind = order.charge_key && (order.charge_key !== (await nextKey(order)) || order.charge_provider !== provider.name);
      if (order.status === "Pending" && leftBehind) {
        await reconcileOrder(ctx, orderNumber, { markersHeld: true });
        order = await accessibleOrder(ctx.db, req, caller, orderNumber);
      }
      if (order.status === "Paid") throw await alreadyPaid(ctx.db, order);
      if (order.status !== "Pending") throw new ApiError(400, ErrorCodes.conflict, `El pedido ${orderNumber} está cancelado`);
      return fn(order, await nextKey(order));
    }),
  );
}

export async function finalizePayment(
  ctx: AccountsContext,
  req: express.Request,
  caller: Caller | null,
  orderNumber: string,
  paymentMethodId: string,
  body: Record<string, any>,
) {
  await enforceCaptcha(ctx, "checkout", body["recaptcha-token"]);
  const provider = findProvider(ctx, paymentMethodId);
  const token = cardToken(body.token);
  const expectedTotal = parseExpectedTotal(body.expectedTotal);
  return finalizeStep(
    ctx,
    req,
    caller,
    orderNumber,
    provider,
    async (order) => `order:${orderNumber}:${order.payment_attempt}`,
    async (order, key) => {
      checkExpectedTotal(order, expectedTotal);
      await ctx.db.transaction(async (tx) => {
        await requireLiveOffers(ctx, tx, order.user_uuid, order.items);
        await refuseIfAlreadySubscribed(ctx, tx, order);
      });
      await recordChargeIntent(ctx, order, key, provider);
      faultPoint("before-charge");
      // The amount is the order's, computed on the server when it was created.
      const outcome = await provider.charge({
        token,
        amount: Number(order.total),
        currency: order.currency,
        idempotencyKey: key,
        description: `Pedido ${orderNumber}`,
      });
      faultPoint("after-charge");
      return settleOrder(ctx, req, caller, orderNumber, provider, outcome, key);
    },
  );
}

export async function finalizePayment3ds(
  ctx: AccountsContext,
  req: express.Request,
  caller: Caller | null,
  orderNumber: string,
  paymentMethodId: string,
  body: Record<string, any>,
) {
  const provider = findProvider(ctx, paymentMethodId);
  const challengeToken = optionalText(body.token, "token", { ...LINK_TOKEN, code: ErrorCodes.paymentRejected }) ?? "";
  const expectedTotal = parseExpectedTotal(body.expectedTotal);
  const pendingChallenge = async () => {
    const { rows } = await ctx.db.query<{ data: { attempt: number } }>(
      "SELECT data FROM accounts_pending_challenges WHERE challenge_token = $1 AND subject = $2",
      [challengeToken, `order:${orderNumber}`],
    );
    return rows[0] ?? null;
  };
  // finalize and finalize3ds share their markers: both can charge the order.
  return finalizeStep(
    ctx,
    req,
    caller,
    orderNumber,
    provider,
    async (order) => {
      const challenge = await pendingChallenge();
      return challenge ? `order:${orderNumber}:${challenge.data.attempt}:3ds` : `order:${orderNumber}:${order.payment_attempt}:3ds-none`;
    },
    async (order, key) => {
      if (!(await pendingChallenge()))
        throw new ApiError(400, ErrorCodes.paymentRejected, "No hay una verificación 3-D Secure pendiente con ese token para este pedido");
      checkExpectedTotal(order, expectedTotal);
      await ctx.db.transaction(async (tx) => {
        await requireLiveOffers(ctx, tx, order.user_uuid, order.items);
        await refuseIfAlreadySubscribed(ctx, tx, order);
      });
      await recordChargeIntent(ctx, order, key, provider);
      faultPoint("before-charge");
      // The provider says whether the issuer authenticated the reader; the browser's flag is not asked.
      const outcome = await provider.completeChallenge({ challengeToken, idempotencyKey: key });
      faultPoint("after-charge");
      if (body.SPREEDLY_SUCCEEDED === true && outcome.status === "declined")
        ctx.logger.warn("pagos: el navegador dio por superada una verificación 3-D Secure que el proveedor no confirma", { pedido: orderNumber });
      return settleOrder(ctx, req, caller, orderNumber, provider, outcome, key, challengeToken);
    },
  );
}

// --- Payment-method update ------------------------------------------------------------------------

async function ownedPaymentMethod(ctx: AccountsContext, uuid: string, paymentId: string) {
  const id = requiredId(paymentId, "paymentId");
  const { rows } = await ctx.db.query<{ id: number }>("SELECT id FROM accounts_payment_methods WHERE id = $1 AND user_uuid = $2", [id, uuid]);
  if (!rows[0]) throw new ApiError(404, ErrorCodes.notFound, `No existe el medio de pago ${id} en tu cuenta`);
  return Number(rows[0].id);
}

export async function initializePaymentUpdate(ctx: AccountsContext, caller: Caller, paymentId: string, paymentMethodId: string) {
  const provider = findProvider(ctx, paymentMethodId);
  const id = await ownedPaymentMethod(ctx, caller.uuid, paymentId);
  return withPaymentStep(ctx, `payment-method:${id}`, "update-initialize", () =>
    provider.initialize({ subject: `payment-method:${id}`, amount: 0, currency: "COP" }),
  );
}

async function settleUpdate(ctx: AccountsContext, caller: Caller, oldId: number, provider: PaymentProvider, outcome: PaymentOutcome, challengeToken?: string) {
  const settlement: { view: unknown } | { error: ApiError } = await ctx.db.transaction(async (tx) => {
    if (challengeToken) await tx.query("DELETE FROM accounts_pending_challenges WHERE challenge_token = $1", [challengeToken]);
    if (outcome.status === "declined") return { error: new ApiError(402, outcome.code, outcome.message) };
    if (outcome.status === "challenge") {
      await tx.query("INSERT INTO accounts_pending_challenges (challenge_token, subject, provider, data, created_at) VALUES ($1, $2, $3, '{}', $4)", [
        outcome.challengeToken,
        `payment-method:${oldId}`,
        provider.name,
        ctx.now(),
      ]);
      return { view: { status: "challenge", threeDSecure: { required: true, token: outcome.challengeToken, challengeUrl: outcome.challengeUrl } } };
    }
    const { rows } = await tx.query<{ id: number }>(
      `INSERT INTO accounts_payment_methods (user_uuid, provider, provider_ref, card_type, first_six, last_four, expiration, card_holder, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
      [
        caller.uuid,
        provider.name,
        outcome.chargeId,
        outcome.card.cardType,
        outcome.card.firstSix,
        outcome.card.lastFour,
        outcome.card.expiration,
        outcome.card.holder,
        ctx.now(),
      ],
    );
    const newId = Number(rows[0].id);
    await tx.query("UPDATE accounts_subscriptions SET payment_method_id = $1, updated_at = $4 WHERE payment_method_id = $2 AND user_uuid = $3", [
      newId,
      oldId,
      caller.uuid,
      ctx.now(),
    ]);
    // A renewal declined on the old card (status 4, grace period) is tried again on the new one at the next pass.
    await tx.query("UPDATE accounts_subscriptions SET retry_at = $3 WHERE payment_method_id = $1 AND user_uuid = $2 AND status = 4 AND renewal_key IS NULL", [
      newId,
      caller.uuid,
      ctx.now(),
    ]);
    // FinalizePaymentResponse of the sales SDK, plus the new payment method's id.
    return {
      view: {
        paymentMethodID: newId,
        creditCardFirstSix: outcome.card.firstSix,
        creditCardLastFour: outcome.card.lastFour,
        cardholderName: outcome.card.holder,
        creditCardType: outcome.card.cardType,
        creditCardTypeID: 1,
        paymentProviderID: provider.paymentMethodID,
        token: null,
        expiration: outcome.card.expiration,
        identificationNumber: null,
        redirectURL: null,
      },
    };
  });
  if ("error" in settlement) throw settlement.error;
  ctx.kickRenewals();
  return settlement.view;
}

export async function finalizePaymentUpdate(ctx: AccountsContext, caller: Caller, paymentId: string, paymentMethodId: string, body: Record<string, any>) {
  await enforceCaptcha(ctx, "checkout", body["recaptcha-token"]);
  const token = cardToken(body.token);
  const provider = findProvider(ctx, paymentMethodId);
  const id = await ownedPaymentMethod(ctx, caller.uuid, paymentId);
  return withPaymentStep(ctx, `payment-method:${id}`, "update-finalize", async () => {
    // A card check moves no money: each attempt gets its own key.
    const outcome = await provider.verifyCard({ token, idempotencyKey: `payment-method:${id}:${randomToken(9)}` });
    return settleUpdate(ctx, caller, id, provider, outcome);
  });
}

export async function finalizePaymentUpdate3ds(ctx: AccountsContext, caller: Caller, paymentId: string, paymentMethodId: string, body: Record<string, any>) {
  const challengeToken = optionalText(body.token, "token", { ...LINK_TOKEN, code: ErrorCodes.paymentRejected }) ?? "";
  const provider = findProvider(ctx, paymentMethodId);
  const id = await ownedPaymentMethod(ctx, caller.uuid, paymentId);
  return withPaymentStep(ctx, `payment-method:${id}`, "update-finalize", async () => {
    const { rows } = await ctx.db.query("SELECT 1 FROM accounts_pending_challenges WHERE challenge_token = $1 AND subject = $2", [
      challengeToken,
      `payment-method:${id}`,
    ]);
    if (!rows[0]) throw new ApiError(400, ErrorCodes.paymentRejected, "No hay una verificación 3-D Secure pendiente con ese token para este medio de pago");
    // The provider says whether the issuer authenticated the reader; the browser's flag is not asked.
    const outcome = await provider.completeChallenge({ challengeToken, idempotencyKey: `payment-method:${id}:${challengeToken}` });
    return settleUpdate(ctx, caller, id, provider, outcome, challengeToken);
  });
}

// --- Order history ----------------------------------------------------------------------------------

export const DEFAULT_ORDER_PAGE_SIZE = 10;
export const MAX_ORDER_PAGE_SIZE = 100;
/** The furthest an order history page may start: far beyond any reader's orders, and a number SQL's OFFSET takes. */
export const MAX_ORDER_START = 1_000_000;
const ORDER_STATUSES = ["Pending", "Paid", "Cancelled"] as const;

export async function orderHistory(ctx: AccountsContext, caller: Caller, query: Record<string, unknown>) {
  const pageSize = optionalInteger(query.pageSize, "pageSize", { min: 1, max: MAX_ORDER_PAGE_SIZE }) ?? DEFAULT_ORDER_PAGE_SIZE;
  const start = optionalInteger(query.start, "start", { min: 0, max: MAX_ORDER_START }) ?? 0;
  const status = optionalChoice(query.status === "" ? undefined : query.status, "status", ORDER_STATUSES) ?? null;
  const filter = status ? " AND o.status = $2" : "";
  const params: unknown[] = status ? [caller.uuid, status] : [caller.uuid];
  const { rows: count } = await ctx.db.query<{ n: string }>(`SELECT count(*) AS n FROM accounts_orders o WHERE o.user_uuid = $1${filter}`, params);
  const { rows } = await ctx.db.query<OrderRow & { last_four: string | null; card_type: string | null; card_holder: string | null; provider: string | null }>(
    `SELECT o.*, pm.last_four, pm.card_type, pm.card_holder, pm.provider FROM accounts_orders o
     LEFT JOIN accounts_payments p ON p.order_number = o.order_number AND p.status = 'succeeded'
     LEFT JOIN accounts_payment_methods pm ON pm.id = p.payment_method_id
     WHERE o.user_uuid = $1${filter} ORDER BY o.created_at DESC, o.id DESC LIMIT ${pageSize} OFFSET ${start}`,
    params,
  );
  return {
    start,
    pageSize,
    maxResults: Number(count[0].n),
    orders: rows.map((o) => ({
      orderNumber: o.order_number,
      orderDate: new Date(o.created_at).getTime(),
      orderType: "Parent",
      orderStatus: o.status,
      totalAmount: Number(o.total),
      tax: Number(o.tax),
      currency: o.currency,
      products: o.items.map((i) => ({ sku: i.sku, name: i.name, quantity: i.quantity })),
      paymentGateway: o.provider,
      lastFour: o.last_four,
      nameOnPayment: o.card_holder,
      creditCardBrand: o.card_type,
    })),
  };
}

export type { CartRow };
