// The daily archive (docs/archives.md#daily-archive): which /archivo/{aaaa}/{mm}/{dd}/ addresses
// name a day, and how that day is written.

/** The oldest year the archive answers (the print archive's, docs/archives.md#print-archive). */
export const ARCHIVE_FIRST_YEAR = 2000;

/**
 * The day an address names, "AAAA-MM-DD", or undefined when it names none: four-digit year from
 * 2000, two-digit month and day, a day of the calendar ("2024/02/30" and "2024/2/3" name nothing).
 */
export function archiveDate(year: string | undefined, month: string | undefined, day: string | undefined): string | undefined {
  if (!/^\d{4}$/.test(year ?? "") || !/^\d{2}$/.test(month ?? "") || !/^\d{2}$/.test(day ?? "")) return undefined;
  if (Number(year) < ARCHIVE_FIRST_YEAR) return undefined;
  const iso = `${year}-${month}-${day}`;
  const date = new Date(`${iso}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : undefined;
}

const heading = new Intl.DateTimeFormat("es-CO", { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });

/**
 * The day as its heading shows it, read at 12:00 UTC in es-CO ("lunes, 20 de mayo de 2024"), so
 * that no time zone moves it to the day before or after.
 */
export function archiveHeading(iso: string): string {
  return heading.format(new Date(`${iso}T12:00:00Z`));
}

/** The address of a day's archive page. */
export function archivePath(iso: string): string {
  const [year, month, day] = iso.split("-");
  return `/archivo/${year}/${month}/${day}/`;
}

/** Colombia's offset from UTC: its calendar days are the archive's (no daylight saving time). */
const COLOMBIA_OFFSET_MS = -5 * 60 * 60 * 1000;

/** The Colombian calendar day of an instant ("AAAA-MM-DD"), or undefined for a date that cannot be read. */
export function colombianDay(instant: string | undefined): string | undefined {
  const time = instant ? Date.parse(instant) : NaN;
  return Number.isNaN(time) ? undefined : new Date(time + COLOMBIA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The Colombian calendar year of an instant. */
export function colombianYear(date: Date): number {
  return new Date(date.getTime() + COLOMBIA_OFFSET_MS).getUTCFullYear();
}
