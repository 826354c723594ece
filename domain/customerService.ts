// The business facts customer service states (docs/help-centre.md#business-facts): the help
// centre's texts are written from these, so a fact changes in one place.
import { DIGITAL_DEVICE_LIMIT } from "./catalog";
import { bogotaDay, bogotaMinuteOfDay, isBusinessDay, nextBusinessDay, startOfBogotaDay } from "./calendar";

export { DIGITAL_DEVICE_LIMIT };

/** The app keeps the previous editions this many days. */
export const APP_ARCHIVE_DAYS = 7;
/** The oldest operating systems the app runs on. */
export const MIN_ANDROID_VERSION = "8.2";
export const MIN_IOS_VERSION = "8.0";

/** Auto-renewal can be cancelled up to this many days before the period ends. */
export const CANCEL_DAYS_BEFORE_PERIOD_END = 2;

/** Right of withdrawal (retracto), in business days. */
export const WITHDRAWAL_BUSINESS_DAYS = 5;
/** A refund is paid within this many calendar days. */
export const REFUND_CALENDAR_DAYS = 15;
/** The bank certificate of a refund request: at most this old, from a Colombian bank, in the payer's name. */
export const BANK_CERTIFICATE_MAX_AGE_DAYS = 30;

/** The only cards accepted. */
export const ACCEPTED_CARDS = ["Visa", "MasterCard", "American Express", "Diners"] as const;

/** Non-delivery claims: made on the delivery day; before this hour solved that day, after it the next business day. */
export const DELIVERY_CLAIM_CUTOFF = "12:00 m.";
/** The delivery address cutoff, as the reader reads it (ADDRESS_CHANGE_CUTOFF_HOUR). */
export const ADDRESS_CHANGE_CUTOFF = "3:00 p. m.";
/** Bogotá's hour from which a change of delivery address waits for the next business day. */
const ADDRESS_CHANGE_CUTOFF_HOUR = 15;

/**
 * When a change of delivery address asked for at `now` takes effect
 * (docs/decisions/0063-address-change-cutoff.md): null for at once — a business day before 3:00 p. m.
 * in Bogotá; otherwise (from 3:00 p. m., or on a Saturday, Sunday or holiday) the start of the next
 * business day in Bogotá.
 */
export function addressChangeEffectiveFrom(now: Date): Date | null {
  const today = bogotaDay(now);
  if (isBusinessDay(today) && bogotaMinuteOfDay(now) < ADDRESS_CHANGE_CUTOFF_HOUR * 60) return null;
  return startOfBogotaDay(nextBusinessDay(today));
}

/** Past copies of the print editions are for sale from this year. */
export const BACK_ISSUES_SINCE_YEAR = 2014;
/** When the archive attends, and when back issues are sold. */
export const ARCHIVE_HOURS = "lunes a viernes de 8:00 a 10:00 a. m. y de 1:00 a 4:00 p. m.";
export const BACK_ISSUE_SALE_HOURS = "lunes a jueves de 9:00 a 11:00 a. m. y de 2:00 a 4:00 p. m.";

/** "Visa, MasterCard, American Express y Diners". */
export function listInSpanish(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} y ${items.at(-1)}`;
}
