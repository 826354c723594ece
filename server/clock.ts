// The site's clock. SITE_NOW sets the instant it reads at start (ISO 8601), from which it moves on
// in real time. The generated corpus is dated back from the moment the store is seeded (seedMoment),
// so a store created today reads as today's news; SITE_NOW (or SEED_NOW for the corpus alone) fixes
// that moment for benchmarks and end-to-end runs, which know the seeded content by generating it
// again with the same clock. Unset: the system's clock. Both are read by platform/settings.ts.
import type { Settings } from "../platform/settings";

export function siteClock(settings: Pick<Settings, "SITE_NOW">, systemNow: () => number = Date.now): (() => Date) | undefined {
  const start = settings.SITE_NOW;
  if (start === undefined) return undefined;
  const offset = start - systemNow();
  return () => new Date(systemNow() + offset);
}

/**
 * The moment a new store's generated corpus is dated from: SEED_NOW, else SITE_NOW's instant (exactly,
 * not a few milliseconds of start-up later, so that a run with SITE_NOW seeds what generateCorpus({ now })
 * gives), else the system's clock when asked.
 */
export function seedMoment(settings: Pick<Settings, "SITE_NOW" | "SEED_NOW">, systemNow: () => number = Date.now): () => Date {
  const fixed = settings.SEED_NOW ?? settings.SITE_NOW;
  return () => new Date(fixed ?? systemNow());
}
