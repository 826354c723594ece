// When the renewal job charges, retries and ends a subscription (docs/decisions/0017-renewals.md):
// the schedule that the pass (renewals.ts) and the recording of its outcomes (renewal-outcome.ts) share.
//
// Schedule (times from the end of the current period):
//   −2 days   first charge (a cancellation must come at least 2 days before the end: by then the
//             renewal is charged and a cancellation ends the new period)
//   +1, +3, +7 days   retries after a decline (status 4, access kept: the grace period)
//   +7 days   after the last declined retry the subscription ends (status 2)
// A card updated during the grace period is charged at the next pass (retry_at moves to now).
// Cancelled subscriptions (3) and those that do not renew (gifts: nobody's card to charge) end
// (status 2) when their period ends.
import { GRACE_PERIOD_MS as SUBSCRIPTION_GRACE_PERIOD_MS } from "./subscriptions";

export const DAY = 24 * 60 * 60 * 1000;
/** The first charge of a renewal: this long before the period ends. */
export const RENEWAL_LEAD_MS = 2 * DAY;
/** After a decline, the retries: this long after the period's end (one per failed attempt). */
export const RETRY_AFTER_END_MS = [1 * DAY, 3 * DAY, 7 * DAY] as const;
/** Attempts of one renewal: the first and the retries. A decline of the last ends the subscription. */
export const MAX_RENEWAL_ATTEMPTS = 1 + RETRY_AFTER_END_MS.length;
/** The grace period: access kept this long past the period's end while a renewal is unpaid. */
export const GRACE_PERIOD_MS: number = RETRY_AFTER_END_MS[RETRY_AFTER_END_MS.length - 1];
if (GRACE_PERIOD_MS !== SUBSCRIPTION_GRACE_PERIOD_MS) throw new Error("renovaciones: el periodo de gracia debe terminar con el último reintento");
