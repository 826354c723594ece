// Orders: an order made from a cart (idempotent, one Pending order per cart's items), the views
// the sales SDK reads of it and the account's order history. Paying for it is checkout.ts's.
import type express from "express";
import type { Queryable } from "../../platform/database";
import { enforceCaptcha, type AccountsContext, type Caller } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { faultPoint } from "../faults";
import { IDEMPOTENCY_KEY, optionalChoice, optionalInteger, optionalText, quoteInput } from "../input";
import { checkPersonName, checkPhone, normalizeEmail, type Address } from "../identity/validation";
import { getUser } from "../identity/users";
import { currentRequestBrand } from "../mail/brand";
import { randomToken } from "../tokens";
import { cartCookie, checkBillingAddress, lockCart, priceItems, sameItems, totals, type PricedItem } from "./cart";
import { paymentMethodView } from "./subscription-views";
import { requireLiveOffers } from "./offers";
import { refuseIfAlreadySubscribed } from "./buyers";

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

/**
 * 300016: the order is paid already. The body also carries the order's status and subscriptions, so
 * a client can confirm it — but never `orderNumber`: the sales SDK takes any body with one for an
 * order and would resolve instead of rejecting.
 */
export async function alreadyPaid(tx: Queryable, order: OrderRow): Promise<ApiError> {
  return new ApiError(409, ErrorCodes.orderAlreadyPaid, "Este pedido ya está pagado", {
    status: "Paid",
    subscriptionIDs: await subscriptionIdsOf(tx, order.order_number),
  });
}

// --- Order history ----------------------------------------------------------------------------------

const DEFAULT_ORDER_PAGE_SIZE = 10;
const MAX_ORDER_PAGE_SIZE = 100;
/** The furthest an order history page may start: far beyond any reader's orders, and a number SQL's OFFSET takes. */
const MAX_ORDER_START = 1_000_000;
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
