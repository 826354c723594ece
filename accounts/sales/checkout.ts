// Checkout: paying for an order through a PaymentProvider (initialize, finalize, 3-D Secure).
// docs/decisions/0010-checkout-money-moves-once.md says why it is built this way.
//
// Guarantees of the checkout, kept here and by the files beside it:
// - Creating an order is idempotent: a retried request for the same cart (same revision) or with
//   the same Idempotency-Key header answers the same order, and a buyer's Pending order whose items
//   equal the cart's is reused (two tabs and a reload converge on one order) (orders.ts).
// - A buyer who holds an active own subscription of a product cannot order or pay another one (buyers.ts).
// - A payment step runs once at a time per order and per buyer: in-flight marker rows in
//   accounts_payment_steps refuse a second call while the first runs, in every process (payment-steps.ts).
// - The amount charged is the order's, computed on the server; finalize refuses when the browser
//   showed another (expectedTotal). Finalizing a paid order is refused with 300016.
// - Before calling the provider, the order records the charge's idempotency key (charge_key); the
//   transaction that records the outcome clears it. A key left behind by a crash is settled by
//   reconciliation (reconcile.ts) or by the next finalize of the order, never charged twice: the
//   provider answers a repeated key with its first outcome.
// - Every multi-step change (order paid + subscriptions + cart + receipt) is one transaction (settlement.ts).
import type express from "express";
import { enforceCaptcha, type AccountsContext, type Caller } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { faultPoint } from "../faults";
import { LINK_TOKEN, optionalText } from "../input";
import { formatPrice } from "../mail/templates";
import type { PaymentOutcome, PaymentProvider } from "../payments/provider";
import { reconcileOrder } from "./reconcile";
import { requireLiveOffers } from "./offers";
import { accessibleOrder, alreadyPaid, type OrderRow } from "./orders";
import { buyerSubject, refuseIfAlreadySubscribed } from "./buyers";
import { cardToken, findProvider, withPaymentStep } from "./payment-steps";
import { applyOutcome, completeRefunds } from "./settlement";
import { metrics } from "../../platform/metrics";

/** No order of this catalogue comes near it (pesos): an expectedTotal above it is refused as malformed. */
const MAX_EXPECTED_TOTAL = 1_000_000_000_000;

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
  // The operators' metric (docs/observability.md): what the provider's answer made of the order.
  const counted =
    "refund" in settlement
      ? "refunded"
      : "error" in settlement
        ? outcome.status === "declined"
          ? "declined"
          : "conflict"
        : outcome.status === "challenge"
          ? "challenge"
          : "paid";
  metrics.checkoutOutcomes.inc({ outcome: counted });
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
        ctx.logger.warn("pagos: el navegador dio por superada una verificación 3-D Secure que el proveedor no confirma", { order: orderNumber });
      return settleOrder(ctx, req, caller, orderNumber, provider, outcome, key, challengeToken);
    },
  );
}
