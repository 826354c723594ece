// Checkout: orders from carts, and payments through a PaymentProvider.
//
// Guarantees:
// - Creating an order is idempotent: a retried request for the same cart (same revision) or with
//   the same Idempotency-Key header answers the same order.
// - A payment step runs once at a time per order (or payment method): an in-flight marker row in
//   accounts_payment_steps refuses a second call while the first runs, in every process.
// - Finalizing is idempotent: a paid order answers itself without charging; the provider gets an
//   idempotency key (order number + attempt) so a retry after a crash gets the first charge back.
// - Every multi-step change (order paid + subscriptions + cart + receipt) is one transaction.
import type express from "express";
import type { Queryable } from "../../db/database";
import { enforceCaptcha, sendMail, type AccountsContext, type Caller } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { checkPersonName, checkPhone, normalizeEmail, type Address } from "../identity/validation";
import { getUser } from "../identity/users";
import { mailTemplates } from "../mail/templates";
import type { PaymentOutcome, PaymentProvider } from "../payments/provider";
import { randomToken } from "../tokens";
import { cartCookie, checkBillingAddress, priceItems, totals, type CartRow, type PricedItem } from "./cart";
import { createSubscriptionsForOrder, paymentMethodView } from "./subscriptions";
import { lockCart } from "./cart";

/** A marker older than this belongs to a crashed process: the next call may take over. */
export const STALE_PAYMENT_STEP_MS = 2 * 60 * 1000;
export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;

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
  if (!provider) throw new ApiError(404, ErrorCodes.paymentProviderNotFound, `No existe el medio de pago ${paymentMethodId}`);
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
  const { rows } = await tx.query<{ id: number }>("SELECT id FROM accounts_subscriptions WHERE order_number = $1 ORDER BY id", [orderNumber]);
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
  if (!allowed) throw new ApiError(404, ErrorCodes.orderNotFound, `No existe el pedido ${orderNumber}`);
  return order;
}

// --- Creating an order ------------------------------------------------------------------------

export async function createOrder(ctx: AccountsContext, req: express.Request, res: express.Response, caller: Caller | null, body: Record<string, any>) {
  await enforceCaptcha(ctx, "checkout", body["recaptcha-token"]);
  const clientKey = req.get("idempotency-key") ?? null;
  if (clientKey && clientKey.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    throw new ApiError(400, ErrorCodes.badRequest, `Idempotency-Key admite como máximo ${MAX_IDEMPOTENCY_KEY_LENGTH} caracteres`);
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
  return ctx.db.transaction(async (tx) => {
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
    const billingAddress = contact.billingAddress ?? cart.billing_address;
    if (!billingAddress)
      throw new ApiError(400, ErrorCodes.addressCountryInvalid, "La dirección de facturación (al menos el país) es obligatoria", { field: "billingAddress" });
    const items = priceItems(cart.items);
    const sums = totals(items);
    // The same cart revision is the same order: a retried request finds it.
    const { rows: existing } = await tx.query<OrderRow>("SELECT * FROM accounts_orders WHERE cart_id = $1 AND cart_revision = $2", [cart.id, cart.revision]);
    const values = [
      email,
      contact.phone,
      contact.firstName,
      contact.lastName,
      contact.secondLastName,
      JSON.stringify(billingAddress),
      contact.shippingAddress ? JSON.stringify(contact.shippingAddress) : null,
    ];
    if (existing[0]) {
      if (existing[0].status !== "Pending") return orderView(tx, existing[0]);
      const { rows } = await tx.query<OrderRow>(
        `UPDATE accounts_orders SET email = $2, phone = $3, first_name = $4, last_name = $5, second_last_name = $6, billing_address = $7, shipping_address = $8
         WHERE order_number = $1 RETURNING *`,
        [existing[0].order_number, ...values],
      );
      return orderView(tx, rows[0]);
    }
    const { rows } = await tx.query<OrderRow>(
      `INSERT INTO accounts_orders (order_number, user_uuid, cart_id, cart_revision, idempotency_key, status, email, phone, first_name, last_name,
         second_last_name, billing_address, shipping_address, items, currency, subtotal, tax, shipping, total, created_at)
       VALUES ($1, $2, $3, $4, $5, 'Pending', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19) RETURNING *`,
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
      ],
    );
    return orderView(tx, rows[0]);
  });
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
  return withPaymentStep(ctx, `order:${orderNumber}`, "initialize", async () => {
    const order = await accessibleOrder(ctx.db, req, caller, orderNumber);
    if (order.status !== "Pending")
      throw new ApiError(400, ErrorCodes.conflict, `El pedido ${orderNumber} ya está ${order.status === "Paid" ? "pagado" : "cancelado"}`);
    const parameters = await provider.initialize({ subject: orderNumber, amount: Number(order.total), currency: order.currency });
    return { orderNumber, ...parameters };
  });
}

type Settlement = { view: unknown } | { error: ApiError };

/** Records a provider outcome for an order in one transaction; a decline is recorded, then thrown. */
async function settleOrder(
  ctx: AccountsContext,
  req: express.Request,
  caller: Caller | null,
  orderNumber: string,
  provider: PaymentProvider,
  outcome: PaymentOutcome,
  challengeToken?: string,
) {
  const settlement: Settlement = await ctx.db.transaction(async (tx) => {
    const order = await accessibleOrder(tx, req, caller, orderNumber, true);
    if (order.status === "Paid") return { view: await orderView(tx, order) };
    if (challengeToken) await tx.query("DELETE FROM accounts_pending_challenges WHERE challenge_token = $1", [challengeToken]);
    await tx.query("UPDATE accounts_orders SET payment_attempt = payment_attempt + 1 WHERE order_number = $1", [orderNumber]);
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
    await tx.query(
      "INSERT INTO accounts_payments (order_number, payment_method_id, provider, provider_charge_id, kind, status, amount, currency, created_at) VALUES ($1, $2, $3, $4, 'charge', 'succeeded', $5, $6, $7)",
      [orderNumber, paymentMethodId, provider.name, outcome.chargeId, order.total, order.currency, ctx.now()],
    );
    const subscriptions = await createSubscriptionsForOrder(ctx, tx, order, paymentMethodId);
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
    const receipt = mailTemplates.receipt(ctx.mail, order.email, {
      orderNumber,
      items: order.items.map((i) => ({ name: `${i.name}${i.quantity > 1 ? ` × ${i.quantity}` : ""}${i.gift ? " (regalo)" : ""}`, total: i.total })),
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
    return { view: await orderView(tx, paid[0]) };
  });
  void ctx.outbox.flush();
  if ("error" in settlement) throw settlement.error;
  return settlement.view;
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
  const token = typeof body.token === "string" ? body.token : "";
  if (!token) throw new ApiError(400, ErrorCodes.cardTokenizerFailed, "Falta el token de la tarjeta", { field: "token" });
  return withPaymentStep(ctx, `order:${orderNumber}`, "finalize", async () => {
    const order = await accessibleOrder(ctx.db, req, caller, orderNumber);
    // A retry of a finalize that already succeeded: the order, not a second charge.
    if (order.status === "Paid") return ctx.db.transaction((tx) => orderView(tx, order));
    if (order.status !== "Pending") throw new ApiError(400, ErrorCodes.conflict, `El pedido ${orderNumber} está cancelado`);
    const outcome = await provider.charge({
      token,
      amount: Number(order.total),
      currency: order.currency,
      idempotencyKey: `order:${orderNumber}:${order.payment_attempt}`,
      description: `Pedido ${orderNumber}`,
    });
    return settleOrder(ctx, req, caller, orderNumber, provider, outcome);
  });
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
  const challengeToken = typeof body.token === "string" ? body.token : "";
  // finalize and finalize3ds share one marker: both can charge the order.
  return withPaymentStep(ctx, `order:${orderNumber}`, "finalize", async () => {
    const order = await accessibleOrder(ctx.db, req, caller, orderNumber);
    if (order.status === "Paid") return ctx.db.transaction((tx) => orderView(tx, order));
    const { rows } = await ctx.db.query<{ data: { attempt: number } }>(
      "SELECT data FROM accounts_pending_challenges WHERE challenge_token = $1 AND subject = $2",
      [challengeToken, `order:${orderNumber}`],
    );
    if (!rows[0]) throw new ApiError(400, ErrorCodes.paymentRejected, "No hay una verificación 3-D Secure pendiente con ese token para este pedido");
    const outcome = await provider.completeChallenge({
      challengeToken,
      succeeded: body.SPREEDLY_SUCCEEDED === true,
      idempotencyKey: `order:${orderNumber}:${rows[0].data.attempt}:3ds`,
    });
    return settleOrder(ctx, req, caller, orderNumber, provider, outcome, challengeToken);
  });
}

// --- Payment-method update ------------------------------------------------------------------------

async function ownedPaymentMethod(ctx: AccountsContext, uuid: string, paymentId: string) {
  const id = Number(paymentId);
  const { rows } = Number.isSafeInteger(id)
    ? await ctx.db.query<{ id: number }>("SELECT id FROM accounts_payment_methods WHERE id = $1 AND user_uuid = $2", [id, uuid])
    : { rows: [] };
  if (!rows[0]) throw new ApiError(404, ErrorCodes.notFound, `No existe el medio de pago ${paymentId} en tu cuenta`);
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
  const settlement: Settlement = await ctx.db.transaction(async (tx) => {
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
  return settlement.view;
}

export async function finalizePaymentUpdate(ctx: AccountsContext, caller: Caller, paymentId: string, paymentMethodId: string, body: Record<string, any>) {
  await enforceCaptcha(ctx, "checkout", body["recaptcha-token"]);
  const provider = findProvider(ctx, paymentMethodId);
  const id = await ownedPaymentMethod(ctx, caller.uuid, paymentId);
  const token = typeof body.token === "string" ? body.token : "";
  if (!token) throw new ApiError(400, ErrorCodes.cardTokenizerFailed, "Falta el token de la tarjeta", { field: "token" });
  return withPaymentStep(ctx, `payment-method:${id}`, "update-finalize", async () => {
    // A card check moves no money: each attempt gets its own key.
    const outcome = await provider.verifyCard({ token, idempotencyKey: `payment-method:${id}:${randomToken(9)}` });
    return settleUpdate(ctx, caller, id, provider, outcome);
  });
}

export async function finalizePaymentUpdate3ds(ctx: AccountsContext, caller: Caller, paymentId: string, paymentMethodId: string, body: Record<string, any>) {
  const provider = findProvider(ctx, paymentMethodId);
  const id = await ownedPaymentMethod(ctx, caller.uuid, paymentId);
  const challengeToken = typeof body.token === "string" ? body.token : "";
  return withPaymentStep(ctx, `payment-method:${id}`, "update-finalize", async () => {
    const { rows } = await ctx.db.query("SELECT 1 FROM accounts_pending_challenges WHERE challenge_token = $1 AND subject = $2", [
      challengeToken,
      `payment-method:${id}`,
    ]);
    if (!rows[0]) throw new ApiError(400, ErrorCodes.paymentRejected, "No hay una verificación 3-D Secure pendiente con ese token para este medio de pago");
    const outcome = await provider.completeChallenge({
      challengeToken,
      succeeded: body.SPREEDLY_SUCCEEDED === true,
      idempotencyKey: `payment-method:${id}:${challengeToken}`,
    });
    return settleUpdate(ctx, caller, id, provider, outcome, challengeToken);
  });
}

// --- Order history ----------------------------------------------------------------------------------

export const DEFAULT_ORDER_PAGE_SIZE = 10;
export const MAX_ORDER_PAGE_SIZE = 100;
const ORDER_STATUSES = ["Pending", "Paid", "Cancelled"];

export async function orderHistory(ctx: AccountsContext, caller: Caller, query: Record<string, unknown>) {
  const pageSize = query.pageSize === undefined ? DEFAULT_ORDER_PAGE_SIZE : Number(query.pageSize);
  const start = query.start === undefined ? 0 : Number(query.start);
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_ORDER_PAGE_SIZE)
    throw new ApiError(400, ErrorCodes.badRequest, `pageSize debe ser un entero entre 1 y ${MAX_ORDER_PAGE_SIZE}`);
  if (!Number.isInteger(start) || start < 0) throw new ApiError(400, ErrorCodes.badRequest, "start debe ser un entero mayor o igual a 0");
  const status = typeof query.status === "string" && query.status ? query.status : null;
  if (status && !ORDER_STATUSES.includes(status)) throw new ApiError(400, ErrorCodes.badRequest, `status debe ser uno de ${ORDER_STATUSES.join(", ")}`);
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
