// Colombian calendar days: Bogotá's day at an instant, the public holidays, business days.
//
// Colombia keeps UTC−5 all year (no daylight saving time since 1993), so a day in Bogotá starts at
// 05:00 UTC. The public holidays (festivos) are those of Ley 37 de 1905, Ley 51 de 1983 ("Ley
// Emiliani", which moves most of them to the following Monday) and the Easter-based ones; they are
// computed, not listed, so the calendar needs no yearly update. A business day (día hábil) is Monday
// to Friday except those holidays (docs/help-centre.md#business-facts).

export const BOGOTA_OFFSET_MS = -5 * 60 * 60 * 1000;
/** The same offset as ISO 8601 writes it: the site's own, that editors' instants carry. */
export const BOGOTA_UTC_OFFSET = "-05:00";
const DAY_MS = 24 * 60 * 60 * 1000;

/** A calendar day, as "YYYY-MM-DD". */
export type CalendarDay = string;

/** Bogotá's calendar day at `now`, as numbers. */
export function bogotaCalendarDay(now: Date): { year: number; month: number; day: number } {
  const local = new Date(now.getTime() + BOGOTA_OFFSET_MS);
  return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
}

/** Bogotá's calendar day at `now`, "YYYY-MM-DD". */
export function bogotaDay(now: Date): CalendarDay {
  return new Date(now.getTime() + BOGOTA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Minutes since Bogotá's midnight at `now` (0 to 1439). */
export function bogotaMinuteOfDay(now: Date): number {
  const local = new Date(now.getTime() + BOGOTA_OFFSET_MS);
  return local.getUTCHours() * 60 + local.getUTCMinutes();
}

/** The instant `day` starts in Bogotá (00:00, i.e. 05:00 UTC). */
export function startOfBogotaDay(day: CalendarDay): Date {
  return new Date(Date.parse(`${day}T00:00:00Z`) - BOGOTA_OFFSET_MS);
}

function utcDay(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day));
}

const iso = (date: Date): CalendarDay => date.toISOString().slice(0, 10);
const plusDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

/** Easter Sunday of `year` (Gregorian calendar; the anonymous algorithm, "Meeus/Jones/Butcher"). */
export function easterSunday(year: number): Date {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return utcDay(year, month, day);
}

/** Ley Emiliani: a holiday that does not fall on a Monday moves to the next Monday. */
function nextMonday(date: Date): Date {
  const weekday = date.getUTCDay();
  return weekday === 1 ? date : plusDays(date, (8 - weekday) % 7);
}

/** Kept on their day. */
const FIXED_HOLIDAYS: ReadonlyArray<readonly [number, number]> = [
  [1, 1], // Año Nuevo
  [5, 1], // Día del Trabajo
  [7, 20], // Día de la Independencia
  [8, 7], // Batalla de Boyacá
  [12, 8], // Inmaculada Concepción
  [12, 25], // Navidad
];

/** Moved to the next Monday (Ley 51 de 1983). */
const MONDAY_HOLIDAYS: ReadonlyArray<readonly [number, number]> = [
  [1, 6], // Reyes Magos
  [3, 19], // San José
  [6, 29], // San Pedro y San Pablo
  [8, 15], // Asunción de la Virgen
  [10, 12], // Día de la Raza
  [11, 1], // Todos los Santos
  [11, 11], // Independencia de Cartagena
];

/** Days after Easter Sunday: Jueves and Viernes Santo stay; the others are the Mondays the law moves them to. */
const EASTER_OFFSETS = [
  -3, // Jueves Santo
  -2, // Viernes Santo
  43, // Ascensión del Señor (Thursday +39, moved to Monday)
  64, // Corpus Christi (Thursday +60, moved to Monday)
  71, // Sagrado Corazón (Friday +68, moved to Monday)
];

const holidayCache = new Map<number, ReadonlySet<CalendarDay>>();

/** The Colombian public holidays of `year`, "YYYY-MM-DD", in order. */
export function colombianHolidays(year: number): CalendarDay[] {
  return [...holidaySet(year)].sort();
}

function holidaySet(year: number): ReadonlySet<CalendarDay> {
  let days = holidayCache.get(year);
  if (!days) {
    const easter = easterSunday(year);
    days = new Set([
      ...FIXED_HOLIDAYS.map(([month, day]) => iso(utcDay(year, month, day))),
      ...MONDAY_HOLIDAYS.map(([month, day]) => iso(nextMonday(utcDay(year, month, day)))),
      ...EASTER_OFFSETS.map((offset) => iso(plusDays(easter, offset))),
    ]);
    holidayCache.set(year, days);
  }
  return days;
}

function isColombianHoliday(day: CalendarDay): boolean {
  return holidaySet(Number(day.slice(0, 4))).has(day);
}

/** Monday to Friday and not a public holiday. */
export function isBusinessDay(day: CalendarDay): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isColombianHoliday(day);
}

/** The first business day after `day`. */
export function nextBusinessDay(day: CalendarDay): CalendarDay {
  let next = plusDays(new Date(`${day}T00:00:00Z`), 1);
  while (!isBusinessDay(iso(next))) next = plusDays(next, 1);
  return iso(next);
}
