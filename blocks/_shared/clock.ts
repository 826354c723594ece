// "Today" for the header's date and the footer's copyright year, without hydration mismatches.
//
// Pages for anonymous readers are cached by a CDN, so the browser may hydrate HTML rendered on an
// earlier day. The block's server half records the server's render instant in its data (which
// travels to the browser with the page), both sides first render from that same instant, so the
// hydrated text always equals the server's; an effect (useNow.ts) then switches to the browser's
// clock, which fixes a stale date after midnight without any warning. Dates are Bogotá's calendar
// days. No React here: the server halves import this file.

const bogotaYear = new Intl.DateTimeFormat("es-CO", { year: "numeric", timeZone: "America/Bogota" });
const bogotaIso = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "America/Bogota" });

/** The year in Bogotá, e.g. "2026". */
export function yearInBogota(date: Date): string {
  return bogotaYear.format(date);
}

/** The calendar day in Bogotá as YYYY-MM-DD (for <time dateTime>). */
export function isoDateInBogota(date: Date): string {
  return bogotaIso.format(date);
}

/** What a block that shows "today" keeps from the server render. */
export interface RenderedAtData {
  /** ISO instant of the server render. */
  renderedAt?: string;
}

/** For the transform of such blocks: records the render instant. */
export function recordRenderInstant(): RenderedAtData {
  return { renderedAt: new Date().toISOString() };
}
