// Formatting rules shared by blocks. Reader-facing text is es-CO.

const longDate = new Intl.DateTimeFormat("es-CO", { day: "numeric", month: "long", year: "numeric", timeZone: "America/Bogota" });
const longDateTime = new Intl.DateTimeFormat("es-CO", {
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: "America/Bogota",
});
const newYorkDate = new Intl.DateTimeFormat("es-CO", { day: "numeric", month: "long", year: "numeric", timeZone: "America/New_York" });

/** The value as a Date; undefined when missing or invalid. */
export function toDate(value: string | number | Date | undefined | null): Date | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** "21 de noviembre de 2026" (Bogotá time). Empty for a missing or invalid date. */
export function formatLongDate(value: string | number | Date | undefined | null): string {
  const date = toDate(value);
  return date ? longDate.format(date) : "";
}

/** "21 de noviembre de 2026, 3:05 p. m." (Bogotá time). */
export function formatLongDateTime(value: string | number | Date | undefined | null): string {
  const date = toDate(value);
  return date ? longDateTime.format(date) : "";
}

const RELATIVE_TIME = { fewSecondsMinutes: 5, minutesLimit: 60, hoursLimit: 6 } as const;

/**
 * The relative-time rule of docs/listings.md#relative-time: under 5 minutes 'Hace pocos segundos',
 * under 60 minutes 'Hace N minutos', under 6 hours 'Hace N hora(s)', else the date in New York time.
 */
export function formatRelativeTime(value: string | number | Date | undefined | null, now: Date = new Date()): string {
  const date = toDate(value);
  if (!date) return "";
  const minutes = Math.floor((now.getTime() - date.getTime()) / 60_000);
  if (minutes < RELATIVE_TIME.fewSecondsMinutes) return "Hace pocos segundos";
  if (minutes < RELATIVE_TIME.minutesLimit) return `Hace ${minutes} minutos`;
  const hours = Math.floor(minutes / 60);
  if (hours < RELATIVE_TIME.hoursLimit) return `Hace ${hours} ${hours === 1 ? "hora" : "horas"}`;
  return memoized(newYorkDates, date.getTime(), () => newYorkDate.format(date));
}

/** Formatting a date takes microseconds and a home page formats a hundred: the same stories' dates repeat. */
const newYorkDates = new Map<number, string>();
const MEMO_LIMIT = 5000;

function memoized(memo: Map<number, string>, key: number, format: () => string): string {
  let text = memo.get(key);
  if (text === undefined) {
    if (memo.size >= MEMO_LIMIT) memo.clear();
    text = format();
    memo.set(key, text);
  }
  return text;
}

/** Cuts text at `limit` characters, adding `ellipsis` only when something was cut. */
export function truncate(text: string | undefined, limit: number, ellipsis = "..."): string {
  if (!text) return "";
  return text.length > limit ? text.slice(0, limit).trimEnd() + ellipsis : text;
}

/** Keeps the domain and hides the last three characters of the local part: "lect***@correo.co". */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf("@");
  if (at <= 0) return email;
  const local = email.slice(0, at);
  const keep = Math.max(0, local.length - 3);
  return local.slice(0, keep) + "*".repeat(local.length - keep) + email.slice(at);
}
