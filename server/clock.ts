// The site's clock. SITE_NOW sets the instant it reads at start (ISO 8601), from which it moves on
// in real time. The generated corpus is dated back from the moment the store is seeded (seedMomentFromEnv),
// so a store created today reads as today's news; SITE_NOW (or SEED_NOW for the corpus alone) fixes
// that moment for benchmarks and end-to-end runs, which know the seeded content by generating it
// again with the same clock. Unset: the system's clock.
import { ConfigError } from "./cache/config";

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** The instant a setting names (ISO 8601 with its zone), undefined when unset or blank. */
function instantFromEnv(env: Record<string, string | undefined>, name: "SITE_NOW" | "SEED_NOW"): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const start = ISO_INSTANT.test(raw) ? Date.parse(raw) : NaN;
  if (!Number.isFinite(start)) throw new ConfigError(`${name} «${raw.slice(0, 120)}» no es un instante ISO 8601 con zona (2026-11-21T17:00:00Z)`);
  return start;
}

export function siteClockFromEnv(env: Record<string, string | undefined>, systemNow: () => number = Date.now): (() => Date) | undefined {
  const start = instantFromEnv(env, "SITE_NOW");
  if (start === undefined) return undefined;
  const offset = start - systemNow();
  return () => new Date(systemNow() + offset);
}

/**
 * The moment a new store's generated corpus is dated from: SEED_NOW, else SITE_NOW's instant (exactly,
 * not a few milliseconds of start-up later, so that a run with SITE_NOW seeds what generateCorpus({ now })
 * gives), else the system's clock when asked.
 */
export function seedMomentFromEnv(env: Record<string, string | undefined>, systemNow: () => number = Date.now): () => Date {
  const fixed = instantFromEnv(env, "SEED_NOW") ?? instantFromEnv(env, "SITE_NOW");
  return () => new Date(fixed ?? systemNow());
}
