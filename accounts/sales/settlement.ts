// Settlement: a provider's outcome becomes the order's state (paid, declined, a challenge, or a
// charge to give back), and refunds go back through the provider. Finalize and reconciliation share it.
import type { Queryable } from "../../platform/database";
import { sendMail, type AccountsContext } from "../context";
import { ApiError, ErrorCodes } from "../errors";
import { faultPoint } from "../faults";
import { compose, formatPrice, MAIL_LINK_ROUTES, mailTemplates, subscriptionTermsLink, type MailMessage } from "../mail/templates";
import type { PaymentOutcome, PaymentProvider } from "../payments/provider";
import { createSubscriptionsForOrder } from "./purchases";
import { applyRenewalOffer, renewalTarget } from "./offers";
import { alreadyPaid, orderView, type OrderRow } from "./orders";
import { activeOwnSubscriptions, lockBuyer } from "./buyers";

type Settlement =
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
      order: orderNumber,
      charge: outcome.chargeId,
      reason: held.length
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
        order: orderNumber,
        provider: row.provider,
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
        order: orderNumber,
        charge: row.provider_charge_id,
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
      ctx.logger.info("pagos: cobro reembolsado", { order: orderNumber, charge: row.provider_charge_id, refund: refund.refundId });
    }
  }
  if (done) void ctx.outbox.flush();
  return done;
}
