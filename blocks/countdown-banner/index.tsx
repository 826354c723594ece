import { useEffect, useState } from "react";
import { defineBlock } from "../../runtime/define";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** spec/blocks-and-listings.md §4 and §9: counts down to 21 October 2024 00:00 (Cali), ticking every 1000 ms. */
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

export interface Data {
  /** The event's time (ms since the epoch). */
  target: number;
  /** When the server resolved the page: the browser's first render shows the same text, then ticks. */
  renderedAt: number;
}

export function countdownData(settings: Settings, now = Date.now()): Data | undefined {
  const target = Date.parse(settings.target ?? COUNTDOWN_TARGET);
  return Number.isNaN(target) ? undefined : { target, renderedAt: now };
}

function Countdown({ title, text, link, data }: { title?: string; text?: string; link?: string; data: Data }) {
  const [now, setNow] = useState(data.renderedAt);
  const remaining = remainingTime(data.target, now);
  const running = remaining !== null;

  useEffect(() => {
    setNow(Date.now());
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [running]);

  return (
    <section className={styles.banner} aria-label={title || undefined}>
      {title && <h1 className={styles.title}>{link ? <a href={link}>{title}</a> : title}</h1>}
      {text && <p className={styles.text}>{text}</p>}
      {/* aria-live off: a change every second would flood screen readers. */}
      <p className={styles.count} aria-live="off">
        {remaining ? (
          <>
            <span className={styles.prefix}>{COUNTDOWN_PREFIX}</span>{" "}
            <time suppressHydrationWarning>{formatRemaining(remaining)}</time>
          </>
        ) : (
          COUNTDOWN_STARTED
        )}
      </p>
    </section>
  );
}

/** A countdown banner to an event (El País's /cali-cop16/). */
export default defineBlock<Settings, Data | undefined>({
  type: "countdown-banner",
  transform: (_data, settings) => countdownData(settings),
  isEmpty: (data) => !data,
  component: ({ settings, data }) => (data ? <Countdown title={settings.title} text={settings.text} link={settings.link} data={data} /> : null),
});
