// What a subscription's status means, for the accounts service and the account blocks alike
// (docs/subscriptions-and-checkout.md#statuses).

/** A subscription with any of these statuses is active, and the header says "Suscripción activa". */
export const ACTIVE_SUBSCRIPTION_STATUSES: readonly number[] = [1, 3, 4, 5];

export function isActiveStatus(status: number): boolean {
  return ACTIVE_SUBSCRIPTION_STATUSES.includes(status);
}
