// Fault points, for tests only: `faultPoint(name)` kills this process with SIGKILL (no cleanup, no
// finally blocks, no transaction commit) when the environment variable ACCOUNTS_FAULT equals
// `name`. The kill test of checkout (checkout-kill.integration.test.ts) starts the real server with
// ACCOUNTS_FAULT set to each point in turn, buys, sees the process die, restarts it without the
// fault and checks that money moved exactly once (docs/decisions/0010-checkout-money-moves-once.md).
// Never set ACCOUNTS_FAULT outside such a test: it is read on every call, and costs nothing when unset.

/** The places in checkout where a test may kill the server, in the order a purchase reaches them. */
export const FAULT_POINTS = [
  /** The order was created (its transaction committed); nothing was asked of the provider. */
  "after-order-created",
  /** The provider initialised the payment; nothing was charged. */
  "after-initialize",
  /** The charge is recorded as about to happen (the order's charge key), the provider not yet called. */
  "before-charge",
  /** The provider charged; the order is not settled (no subscription, still Pending). */
  "after-charge",
  /** Inside the settlement transaction, after its writes and before its commit. */
  "in-settlement",
] as const;

export type FaultPoint = (typeof FAULT_POINTS)[number];

export function faultPoint(name: FaultPoint, env: Record<string, string | undefined> = process.env): void {
  if (env.ACCOUNTS_FAULT !== name) return;
  // Said on standard error so the test's log shows where the process died.
  process.stderr.write(`[fallo] ACCOUNTS_FAULT=${name}: el proceso se detiene con SIGKILL (solo para pruebas)\n`);
  process.kill(process.pid, "SIGKILL");
}
