// The countdown's rules (docs/brands.md#countdown-banner): no React, so that both halves use them.
import type { Settings } from "./settings";

/** Counts down to 21 October 2024 00:00 (Cali), ticking every 1000 ms. */
export const COUNTDOWN_TARGET = "2024-10-21T00:00:00-05:00";
export const COUNTDOWN_TICK_MS = 1000;
export const COUNTDOWN_PREFIX = "Faltan:";
export const COUNTDOWN_STARTED = "¡El evento ha comenzado!";

export interface Remaining {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** Whole days, hours, minutes and seconds from `now` to `target` (ms); null once the target is reached. */
export function remainingTime(target: number, now: number): Remaining | null {
  const total = Math.floor((target - now) / 1000);
  if (!(total > 0)) return null;
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

export function formatRemaining(r: Remaining): string {
  return `${r.days} d ${r.hours} h ${r.minutes} m ${r.seconds} s`;
}

export interface CountdownData {
  /** The event's time (ms since the epoch). */
  target: number;
  /** When the server resolved the page: the browser's first render shows the same text, then ticks. */
  renderedAt: number;
}

/** The event's time from the settings (the default date without one); undefined for an impossible date. */
export function countdownData(settings: Settings, now = Date.now()): CountdownData | undefined {
  const target = Date.parse(settings.target ?? COUNTDOWN_TARGET);
  return Number.isNaN(target) ? undefined : { target, renderedAt: now };
}
