// The live blog's timeline (docs/article-pages.md#live-blog), on the server: each update's time is
// read from the start of its text (the first 20 characters), in the form 'h:mm a. m.' or 'p. m.'.
// The spec names no time zone: times and the coverage window are Colombia's (UTC-5, no daylight saving).

/** Colombia's offset: the sites' readers and newsrooms are there. */
const LIVE_TIME_ZONE_OFFSET = "-05:00";
const OFFSET_MS = -5 * 3600_000;
/** How many characters at the start of an entry may hold its time. */
const LIVE_TIME_PREFIX = 20;

const TIME = /(\d{1,2}):(\d{2})\s*([ap])\.?\s*m\.?/i;

export interface LiveTime {
  /** 0–23. */
  hours: number;
  minutes: number;
  /** As the entry writes it ("9:05 a. m."). */
  label: string;
}

const stripTags = (html: string) =>
  html
    .replace(/<[^>]*>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/\u00a0/g, " ");

/** The time at the start of an entry's text (HTML allowed), or undefined when its first 20 characters hold none. */
export function entryTime(content: unknown): LiveTime | undefined {
  if (typeof content !== "string") return undefined;
  const start = stripTags(content).trimStart().slice(0, LIVE_TIME_PREFIX);
  const match = TIME.exec(start);
  if (!match) return undefined;
  const hour = Number(match[1]);
  const minutes = Number(match[2]);
  if (hour < 1 || hour > 12 || minutes > 59) return undefined;
  const pm = match[3].toLowerCase() === "p";
  const hours = (hour % 12) + (pm ? 12 : 0);
  return { hours, minutes, label: `${hour}:${match[2]} ${pm ? "p. m." : "a. m."}` };
}

/** The Colombian calendar day of an instant ("2024-05-20"), or undefined for an invalid date. */
export function colombianDay(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return undefined;
  return new Date(time + OFFSET_MS).toISOString().slice(0, 10);
}

/** The coverage window of a live blog: 00:00 to 23:59 of its publish date, or undefined when the date is invalid. */
export function coverageWindow(publishDate: unknown): { start: string; end: string } | undefined {
  const day = colombianDay(publishDate);
  if (!day) return undefined;
  return { start: `${day}T00:00:00${LIVE_TIME_ZONE_OFFSET}`, end: `${day}T23:59:59${LIVE_TIME_ZONE_OFFSET}` };
}

/** An entry's time on the publish date, as an ISO instant with Colombia's offset. */
export function entryInstant(day: string, time: LiveTime): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${day}T${pad(time.hours)}:${pad(time.minutes)}:00${LIVE_TIME_ZONE_OFFSET}`;
}

/** The anchor of the n-th update (1-based): the timeline's <li id> and the live sidebar's links. */
export const entryAnchor = (n: number) => `actualizacion-${n}`;

export interface LiveEntry {
  time: LiveTime;
  /** The entry's text without markup. */
  text: string;
}

/** The timeline: the text elements of a body whose first 20 characters hold a time, in body order. */
export function liveEntries(elements: unknown): LiveEntry[] {
  if (!Array.isArray(elements)) return [];
  const entries: LiveEntry[] = [];
  for (const element of elements) {
    if (!element || typeof element !== "object" || (element as any).type !== "text") continue;
    const content = (element as any).content;
    const time = entryTime(content);
    if (!time) continue;
    // The entry's words after its time and the separator ("9:05 a. m. | …").
    const plain = stripTags(content).replace(/\s+/g, " ").trim();
    const match = TIME.exec(plain.slice(0, LIVE_TIME_PREFIX))!;
    const rest = plain.slice(match.index + match[0].length).replace(/^[\s|·:–—-]+/, "");
    entries.push({ time, text: rest || plain });
  }
  return entries;
}
