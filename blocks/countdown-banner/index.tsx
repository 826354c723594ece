"use client";

import { useEffect, useState } from "react";
import type { BlockProps } from "../../runtime/types";
import { COUNTDOWN_PREFIX, COUNTDOWN_STARTED, COUNTDOWN_TICK_MS, formatRemaining, remainingTime, type CountdownData } from "./countdown";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

function Countdown({ title, text, link, data }: { title?: string; text?: string; link?: string; data: CountdownData }) {
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
            <span className={styles.prefix}>{COUNTDOWN_PREFIX}</span> <time suppressHydrationWarning>{formatRemaining(remaining)}</time>
          </>
        ) : (
          COUNTDOWN_STARTED
        )}
      </p>
    </section>
  );
}

/** A countdown banner to an event (El País's /cali-cop16/), ticking from the server's render instant. */
export default function CountdownBanner({ settings, data }: BlockProps<Settings, Data>) {
  return data ? <Countdown title={settings.title} text={settings.text} link={settings.link} data={data} /> : null;
}
