// The site's clock. SITE_NOW sets the instant it reads at start (ISO 8601), from which it moves on
// in real time: the embedded corpus is dated around 2026-11-21, and a demo or a benchmark run days
// later would otherwise find "the last 48 hours" (the news sitemap) empty. Unset: the system's clock.
import { ConfigError } from "./cache/config";

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export function siteClockFromEnv(env: Record<string, string | undefined>, systemNow: () => number = Date.now): (() => Date) | undefined {
  const raw = env.SITE_NOW?.trim();
  if (!raw) return undefined;
  const start = ISO_INSTANT.test(raw) ? Date.parse(raw) : NaN;
  if (!Number.isFinite(start)) throw new ConfigError(`SITE_NOW «${raw.slice(0, 120)}» no es un instante ISO 8601 con zona (2026-11-21T17:00:00Z)`);
  const offset = start - systemNow();
  return () => new Date(systemNow() + offset);
}
