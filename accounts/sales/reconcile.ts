// Reconciliation: no charge without a subscription (docs/decisions/0010-checkout-money-moves-once.md).
//
// Finalize writes the charge's idempotency key on the order (charge_key) before it calls the
// provider, and the transaction that records the outcome clears it. A process killed in between
// leaves the key behind: the provider may have charged the card while the order is still Pending.
// Reconciliation asks the provider what it did under each such key and records it exactly as the
// live request would have (applyOutcome): a succeeded charge is settled — subscription, order Paid,
// receipt — unless the buyer by then already holds an active own subscription of the product, in
// which case it is refunded through the provider and the buyer is told by e-mail. A key the
// provider never saw is dropped once it is older than a payment step can run (nothing was charged).
//
// It runs when the service starts (before the server answers) and then every
// PAYMENTS_RECONCILE_SECONDS; several processes on one PostgreSQL may run it at once: each order is
// taken with FOR UPDATE SKIP LOCKED and its key re-checked inside the transaction, and refunds are
// recorded once under a row lock (the provider answers a repeated refund key with the first refund).
import type { AccountsContext } from "../context";
import { startPeriodic, type PeriodicJob } from "../periodic";
import type { OrderRow } from "./orders";
import { STALE_PAYMENT_STEP_MS } from "./payment-steps";
import { applyOutcome, completeRefunds } from "./settlement";

export interface ReconcileReport {
  /** Orders looked at: an open charge key or a refund to complete. */
  checked: number;
  /** Orders paid from a charge a crash left unsettled. */
  settled: string[];
  /** Orders whose charge was given back. */
  refunded: string[];
  /** Orders whose unsettled attempt was a decline (recorded; the next attempt gets a new key). */
  declined: string[];
  /** Orders whose key the provider never saw (nothing was charged). */
  abandoned: string[];
  /** Orders left for later: busy in another transaction, or a charge that may still be in flight. */
  skipped: string[];
}

const emptyReport = (): ReconcileReport => ({ checked: 0, settled: [], refunded: [], declined: [], abandoned: [], skipped: [] });

/** Orders per pass; the rest wait for the next one. */
const BATCH = 200;

/** One pass over every order with an open charge key or a refund to complete. */
async function reconcilePayments(ctx: AccountsContext): Promise<ReconcileReport> {
  const report = emptyReport();
  const { rows } = await ctx.db.query<{ order_number: string }>(
    `SELECT order_number FROM accounts_orders WHERE charge_key IS NOT NULL
     UNION SELECT order_number FROM accounts_payments WHERE status = 'refund-pending' AND order_number IS NOT NULL
     ORDER BY order_number LIMIT ${BATCH}`,
  );
  for (const { order_number } of rows) {
    try {
      await reconcileOrder(ctx, order_number, {}, report);
    } catch (error) {
      // One order's trouble (a provider down) must not stop the others.
      report.skipped.push(order_number);
      ctx.logger.error("pagos: conciliación: no se pudo conciliar el pedido", { order: order_number, error: (error as Error)?.message ?? String(error) });
    }
  }
  report.checked = rows.length;
  const moved = report.settled.length + report.refunded.length + report.declined.length + report.abandoned.length;
  if (moved)
    ctx.logger.info("pagos: conciliación terminada", {
      checked: report.checked,
      settled: report.settled,
      refunded: report.refunded,
      declined: report.declined,
      abandoned: report.abandoned,
      skipped: report.skipped,
    });
  return report;
}

/**
 * Reconciles one order. `markersHeld`: the caller holds the order's finalize marker (a finalize
 * about to charge again), so no charge of the order can be in flight and a key the provider never
 * saw is dropped at once.
 */
export async function reconcileOrder(
  ctx: AccountsContext,
  orderNumber: string,
  options: { markersHeld?: boolean } = {},
  report: ReconcileReport = emptyReport(),
): Promise<ReconcileReport> {
  const { rows } = await ctx.db.query<OrderRow>("SELECT * FROM accounts_orders WHERE order_number = $1", [orderNumber]);
  const order = rows[0];
  if (order?.charge_key) {
    const key = order.charge_key;
    const provider = ctx.paymentProviders.find((p) => p.name === order.charge_provider);
    if (!provider?.lookupCharge) {
      report.skipped.push(orderNumber);
      ctx.logger.error("pagos: conciliación: el proveedor del cobro no está configurado o no permite consultarlo", {
        order: orderNumber,
        provider: order.charge_provider,
      });
    } else {
      const outcome = await provider.lookupCharge(key);
      if (!outcome) {
        const startedAt = order.charge_started_at ? new Date(order.charge_started_at).getTime() : 0;
        if (options.markersHeld || startedAt < ctx.clock() - STALE_PAYMENT_STEP_MS) {
          await ctx.db.query("UPDATE accounts_orders SET charge_key = NULL WHERE order_number = $1 AND charge_key = $2", [orderNumber, key]);
          report.abandoned.push(orderNumber);
          ctx.logger.info("pagos: conciliación: el cobro nunca llegó al proveedor; no hay nada que cobrar ni devolver", { order: orderNumber, key });
        } else {
          // Maybe a live request is charging it right now: look again next time.
          report.skipped.push(orderNumber);
        }
      } else {
        const settlement = await ctx.db.transaction(async (tx) => {
          const { rows: locked } = await tx.query<OrderRow>("SELECT * FROM accounts_orders WHERE order_number = $1 FOR UPDATE SKIP LOCKED", [orderNumber]);
          const current = locked[0];
          // Busy (a finalize or another process is recording it right now) or recorded meanwhile.
          if (!current || current.charge_key !== key) return null;
          return applyOutcome(ctx, tx, current, provider, outcome, key);
        });
        void ctx.outbox.flush();
        if (!settlement) report.skipped.push(orderNumber);
        else if ("refund" in settlement) {
          // Counted below, once the provider gave it back.
        } else if (outcome.status === "succeeded" && "view" in settlement) {
          report.settled.push(orderNumber);
          ctx.logger.warn("pagos: conciliación: un cobro había quedado sin registrar; el pedido quedó pagado", {
            order: orderNumber,
            charge: outcome.chargeId,
          });
        } else if (outcome.status === "declined") {
          report.declined.push(orderNumber);
          ctx.logger.info("pagos: conciliación: el intento sin registrar fue rechazado por el proveedor", { order: orderNumber, code: outcome.code });
        } else {
          report.abandoned.push(orderNumber);
          ctx.logger.info("pagos: conciliación: el intento sin registrar pedía una verificación 3-D Secure; no se cobró nada", { order: orderNumber });
        }
      }
    }
  }
  if ((await completeRefunds(ctx, orderNumber)) > 0) report.refunded.push(orderNumber);
  return report;
}

export type Reconciler = PeriodicJob<ReconcileReport>;

/** Runs reconciliation every `intervalMs` (0: never), unref'd so it never keeps the process alive. */
export function startReconciler(ctx: AccountsContext, intervalMs: number): Reconciler {
  return startPeriodic(() => reconcilePayments(ctx), intervalMs, ctx.logger, "pagos: la conciliación falló");
}
