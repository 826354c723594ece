// The date-of-birth rule the accounts API and the profile form share (docs/accounts.md#validation-limits):
// a real calendar date (no 31 February, no 29 February of a common year, no 31 April), a year from
// 1900 to this one, and a reader at least MINIMUM_AGE_YEARS old. "Today" is Bogotá's calendar day:
// a reader turns 14 on their birthday in Colombia, whatever the server's time zone.

import { bogotaCalendarDay } from "./calendar";

export const MINIMUM_AGE_YEARS = 14;
/** The earliest year of birth accepted. */
const BIRTH_YEAR_MIN = 1900;

export const MONTH_NAMES = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
] as const;

/** The spec's under-age message ('You must be over 14 years old'), in Spanish. */
export const UNDER_AGE_MESSAGE = `Debes ser mayor de ${MINIMUM_AGE_YEARS} años`;

/** "El 31 de febrero de 1990 no existe" (without a year: "El 31 de febrero no existe"). */
function impossibleDateMessage(day: number, month: number, year?: number): string {
  return `El ${day} de ${MONTH_NAMES[month - 1]}${year ? ` de ${year}` : ""} no existe`;
}

/** Days in `month` (1–12) of `year`; without a year, of a leap year (29 February may exist). */
function daysInMonth(month: number, year?: number): number {
  return new Date(Date.UTC(year ?? 2000, month, 0)).getUTCDate();
}

/** Whole years between a birth date and Bogotá's day at `now`; a partial date (year only) counts from 1 January. */
export function ageInYears(year: number, month: number, day: number, now: Date): number {
  const today = bogotaCalendarDay(now);
  const beforeBirthday = today.month < month || (today.month === month && today.day < day);
  return today.year - year - (beforeBirthday ? 1 : 0);
}

export interface BirthDateParts {
  year?: number;
  month?: number;
  day?: number;
}

/** What is wrong with a date of birth, and which part it is about. */
export type BirthDateProblem =
  | { part: "year" | "month" | "day"; kind: "range"; min: number; max: number }
  | { part: "day"; kind: "impossible"; message: string }
  | { part: "year"; kind: "under-age"; message: string };

/** The ranges of each part; the year's ends this year in Bogotá. */
export function birthPartRanges(now: Date): Record<"year" | "month" | "day", readonly [number, number]> {
  return { year: [BIRTH_YEAR_MIN, bogotaCalendarDay(now).year], month: [1, 12], day: [1, 31] };
}

/**
 * The first problem of the parts given (absent parts are not checked), or null: each part in its
 * range, then a day that exists in its month (and year), then the minimum age.
 */
export function birthDateProblem(parts: BirthDateParts, now: Date): BirthDateProblem | null {
  const ranges = birthPartRanges(now);
  for (const part of ["year", "month", "day"] as const) {
    const value = parts[part];
    const [min, max] = ranges[part];
    if (value !== undefined && (!Number.isInteger(value) || value < min || value > max)) return { part, kind: "range", min, max };
  }
  const { year, month, day } = parts;
  if (month !== undefined && day !== undefined && day > daysInMonth(month, year))
    return { part: "day", kind: "impossible", message: impossibleDateMessage(day, month, year) };
  if (year !== undefined && ageInYears(year, month ?? 1, day ?? 1, now) < MINIMUM_AGE_YEARS)
    return { part: "year", kind: "under-age", message: UNDER_AGE_MESSAGE };
  return null;
}

/** "15 de junio de 1990" for a whole date; what is known of a partial one ("1990"); "" for none. */
export function formatBirthDate(parts: BirthDateParts): string {
  const { year, month, day } = parts;
  const monthName = month ? MONTH_NAMES[month - 1] : undefined;
  const ofYear = year ? ` de ${year}` : "";
  if (monthName && day) return `${day} de ${monthName}${ofYear}`;
  if (monthName) return `${monthName}${ofYear}`;
  return year ? String(year) : "";
}

/** The parts of a stored date of birth (the API's strings), numbers where they are whole numbers. */
export function birthDateParts(stored: { birthYear?: string | null; birthMonth?: string | null; birthDay?: string | null } | null | undefined): BirthDateParts {
  const number = (text: string | null | undefined) => (text && /^[0-9]{1,4}$/.test(text) ? Number(text) : undefined);
  return { year: number(stored?.birthYear), month: number(stored?.birthMonth), day: number(stored?.birthDay) };
}
