// Publication windows (docs/decisions/0073-publication-schedules.md): a block (in its settings) or a
// page is shown from its publishFrom until its publishUntil, by the site's clock. Where an instant
// falls in a window and the next boundary ahead of it (caches keep a page no longer than that). No
// imports: the editor's browser code reads windows with it too.
import type { PublicationWindow } from "./types";

/** An ISO 8601 date-time that names its offset ("Z", "-05:00"): without one it would mean the server's own zone. */
const WITH_OFFSET = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)$/i;

/** Epoch milliseconds of a date-time with an explicit offset; undefined for anything else. */
export function parseInstant(value: unknown): number | undefined {
  if (typeof value !== "string" || !WITH_OFFSET.test(value)) return undefined;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? undefined : ms;
}

export type WindowState = "pending" | "live" | "expired";

/**
 * Where `now` (epoch ms) falls in a window: before its start (pending), in it (live: publishFrom
 * included, publishUntil excluded) or after its end (expired), and the next boundary ahead, if any.
 * The validator refuses a value it cannot read, so one here counts as absent.
 */
export function windowAt(window: PublicationWindow | undefined, now: number): { state: WindowState; next?: number } {
  const from = parseInstant(window?.publishFrom);
  const until = parseInstant(window?.publishUntil);
  if (from !== undefined && now < from) return { state: "pending", next: from };
  if (until !== undefined && now >= until) return { state: "expired" };
  return until === undefined ? { state: "live" } : { state: "live", next: until };
}

/** The earlier of two instants, either of which may be absent. */
export function earliest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

/** Why a block outside its window is not shown, for the debug view (Spanish, as the editor wrote the instants). */
export function scheduleDetail(window: PublicationWindow, state: WindowState): string {
  if (state === "expired") return `vencido: se mostró hasta ${window.publishUntil}`;
  return `pendiente: se muestra desde ${window.publishFrom}${window.publishUntil ? ` hasta ${window.publishUntil}` : ""}`;
}

/** Whole seconds from `now` until `at` (epoch ms), rounded down: a cache keeping something that long never keeps it past `at`. */
export function secondsUntil(at: number | undefined, now: number): number | undefined {
  return at === undefined ? undefined : Math.max(0, Math.floor((at - now) / 1000));
}

/** Whether a page or a block has a publication window at all. */
export function hasWindow(window: PublicationWindow): boolean {
  return window.publishFrom !== undefined || window.publishUntil !== undefined;
}
