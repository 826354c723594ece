// Every setting the server reads from its environment, in one place (docs/decisions/0066-settings-in-one-module.md):
// its name, how it reads, its default and what it must come with. The environment is read once, at
// start (readSettings); a bad value stops the start with a message that names the setting, instead of
// a default the operator did not ask for, and every other module receives the typed settings. The
// README's settings table lists exactly these names (a test holds it).
import { z } from "zod";
import { brandIds, type BrandId } from "../domain/brands";
import { serviceUrlProblem } from "../domain/urls";
import { DEFAULT_CONTENT_CACHE_BYTES } from "../runtime/cache";

/** The page cache's default bound in this process (PAGE_CACHE_MAX_BYTES). */
export const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;

/** A setting that cannot be used; `npm start` prints its message and exits 1. */
export class ConfigError extends Error {}

const UNITS: Record<string, number> = { "": 1, k: 1024, m: 1024 ** 2, g: 1024 ** 3 };

/** A size in bytes: `67108864`, or with a unit, `64m`, `64MB`, `512k`, `1g` (units of 1024). */
const bytes = (fallback: number) =>
  z
    .string()
    .transform((raw, ctx) => {
      const match = /^(\d+)\s*([kmg]?)i?b?$/i.exec(raw);
      const size = match ? Number(match[1]) * UNITS[match[2].toLowerCase()] : NaN;
      if (size > 0) return size;
      ctx.addIssue({ code: "custom", message: "no es un tamaño: escriba bytes (67108864) o con unidad (64m, 512k, 1g)" });
      return z.NEVER;
    })
    .default(fallback);

/** A whole number of at least `min` (a count, seconds, milliseconds). */
const whole = (fallback: number, min = 1) =>
  z
    .string()
    .regex(/^\d+$/, { error: min === 0 ? "debe ser un número entero (0 o más)" : `debe ser un número entero mayor que ${min - 1}` })
    .transform(Number)
    .refine((n) => n >= min, { error: `debe ser un número entero mayor que ${min - 1}` })
    .default(fallback);

/** A number of seconds, fractions allowed (0 or more). */
const seconds = (fallback: number) =>
  z
    .string()
    .regex(/^\d+(\.\d+)?$/, { error: "debe ser un número de segundos (0 o más)" })
    .transform(Number)
    .default(fallback);

/** "1" turns it on, "0" off; unset leaves the default (which may depend on NODE_ENV). */
const flag = () => z.enum(["0", "1"], { error: "debe ser 1 (sí) o 0 (no)" }).optional();

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/** An instant (ISO 8601 with its zone), as milliseconds since the epoch. */
const instant = () =>
  z
    .string()
    .transform((raw, ctx) => {
      const time = ISO_INSTANT.test(raw) ? Date.parse(raw) : NaN;
      if (Number.isFinite(time)) return time;
      ctx.addIssue({ code: "custom", message: "no es un instante ISO 8601 con zona (2026-11-21T17:00:00Z)" });
      return z.NEVER;
    })
    .optional();

/** An address of a service: https, or http on this machine (local stand-ins of the real services). */
const serviceUrl = z.string().superRefine((raw, ctx) => {
  const problem = serviceUrlProblem(raw);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const text = () => z.string().optional();

/** A brand's whole From header (MAIL_FROM_ELPAIS="El País Cali <suscripciones@elpais.com.co>"). */
export type MailFromSetting = `MAIL_FROM_${Uppercase<BrandId>}`;

export function mailFromSetting(brand: BrandId): MailFromSetting {
  return `MAIL_FROM_${brand.toUpperCase()}` as MailFromSetting;
}

function mailFromByBrand() {
  return Object.fromEntries(brandIds.map((brand) => [mailFromSetting(brand), text()])) as Record<MailFromSetting, ReturnType<typeof text>>;
}

const schema = z.object({
  // The process.
  PORT: whole(3000).refine((port) => port <= 65535, { error: "debe ser un puerto, de 1 a 65535" }),
  NODE_ENV: text(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error", "silent"], { error: "debe ser debug, info, warn, error o silent" }).default("info"),
  LOG_FORMAT: z.enum(["text", "json"], { error: "debe ser text o json" }).default("text"),
  BLOCKS_DEBUG: flag(),
  WEB_CONCURRENCY: whole(1),
  TRUST_PROXY: text(),
  SHUTDOWN_LINGER_MS: whole(1000, 0),
  SHUTDOWN_DRAIN_SECONDS: whole(10, 0),
  // Observability (docs/observability.md): traces over OTLP/HTTP to this collector's /v1/traces.
  OTEL_EXPORTER_OTLP_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^/]+/, { error: "no es una dirección http(s)://… de un colector OTLP" })
    .optional(),
  // Data.
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: "debe empezar por postgres:// o postgresql://" })
    .optional(),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, { error: "debe ser un nombre de esquema (minúsculas, cifras y _)" })
    .optional(),
  SITE_NOW: instant(),
  SEED_NOW: instant(),
  // Content.
  CONTENT_BACKEND: z.enum(["local", "arc"], { error: "debe ser local o arc" }).default("local"),
  ARC_CONTENT_ORIGIN: z
    .string()
    .regex(/^https?:\/\/[^/]+/, { error: "no es un origen http(s)://..." })
    .optional(),
  ARC_CONTENT_TOKEN: text(),
  YOUTUBE_API_KEY: text(),
  YOUTUBE_API_BASE_URL: serviceUrl.default("https://www.googleapis.com"),
  YOUTUBE_TIMEOUT_MS: whole(1500),
  // Caches.
  PAGE_CACHE_SECONDS: seconds(10),
  PAGE_CACHE_STALE_SECONDS: seconds(60),
  CONTENT_CACHE_MAX_BYTES: bytes(DEFAULT_CONTENT_CACHE_BYTES),
  PAGE_CACHE_MAX_BYTES: bytes(DEFAULT_PAGE_CACHE_BYTES),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: "debe empezar por redis:// o rediss://" })
    .optional(),
  REDIS_PREFIX: z.string().default("bloques:"),
  REDIS_TIMEOUT_MS: whole(250),
  // The editors' tools. EDITOR is also the shell's text editor on most machines (EDITOR=vi): only 1
  // and 0 speak to this server, anything else leaves the default.
  EDITOR: z
    .string()
    .transform((value) => (value === "1" || value === "0" ? value : undefined))
    .optional(),
  PAGES_DIR: text(),
  PAGES_WATCH_POLL: flag(),
  // Accounts, mail and sales.
  PUBLIC_ORIGIN: text(),
  PUBLIC_ORIGINS: text(),
  IDENTITY_JWT_SECRET: z.string().min(32, { error: "debe tener al menos 32 caracteres" }).optional(),
  SMTP_URL: text(),
  MAIL_FROM: text(),
  ...mailFromByBrand(),
  RENEWALS_INTERVAL_SECONDS: seconds(600),
  PAYMENTS_RECONCILE_SECONDS: seconds(60),
  PAYMENTS_TEST_PROVIDER: flag(),
  ACCOUNTS_TEST_CLOCK: flag(),
  DEV_MAILBOX: flag(),
  OPERATOR_TOKEN: text(),
  RECAPTCHA_SECRET_KEY: text(),
  RECAPTCHA_SITE_KEY: text(),
  RECAPTCHA_SCRIPT_URL: serviceUrl.default("https://www.google.com/recaptcha/api.js"),
  RECAPTCHA_VERIFY_URL: serviceUrl.default("https://www.google.com/recaptcha/api/siteverify"),
  GOOGLE_CLIENT_ID: text(),
  GOOGLE_CLIENT_SECRET: text(),
  GOOGLE_ISSUER: serviceUrl.default("https://accounts.google.com"),
  APPLE_CLIENT_ID: text(),
  APPLE_TEAM_ID: text(),
  APPLE_KEY_ID: text(),
  APPLE_PRIVATE_KEY: text(),
  APPLE_ISSUER: serviceUrl.default("https://appleid.apple.com"),
  FACEBOOK_APP_ID: text(),
  FACEBOOK_APP_SECRET: text(),
  FACEBOOK_GRAPH_URL: serviceUrl.default("https://graph.facebook.com/v19.0"),
  FACEBOOK_DIALOG_URL: serviceUrl.default("https://www.facebook.com/v19.0/dialog/oauth"),
  SWG_JWKS_URL: serviceUrl.optional(),
  SWG_ISSUER: text(),
  SWG_AUDIENCE: text(),
  CONTENT_WEBHOOK_SECRET: z.string().min(32, { error: "debe tener al menos 32 caracteres" }).optional(),
  FASTLY_API_TOKEN: text(),
  FASTLY_SERVICE_ID: text(),
  FASTLY_API_BASE_URL: serviceUrl.default("https://api.fastly.com"),
  FASTLY_SOFT_PURGE: flag(),
  CLOUDFLARE_API_TOKEN: text(),
  CLOUDFLARE_ZONE_ID: text(),
  CLOUDFLARE_API_BASE_URL: serviceUrl.default("https://api.cloudflare.com/client/v4"),
  DISQUS_PUBLIC_KEY: text(),
  DISQUS_SECRET_KEY: text(),
});

export type Settings = z.infer<typeof schema>;

/** The names of every setting, in the order above. */
export const SETTING_NAMES = Object.keys(schema.shape) as Array<keyof Settings>;

/** Settings that only make sense together: set one, set the others. */
const TOGETHER: Array<{ names: Array<keyof Settings>; what: string }> = [
  { names: ["APPLE_CLIENT_ID", "APPLE_TEAM_ID", "APPLE_KEY_ID", "APPLE_PRIVATE_KEY"], what: "ingreso con Apple" },
  { names: ["FACEBOOK_APP_ID", "FACEBOOK_APP_SECRET"], what: "ingreso con Facebook" },
  { names: ["SWG_JWKS_URL", "SWG_ISSUER", "SWG_AUDIENCE"], what: "Suscríbete con Google" },
  { names: ["FASTLY_API_TOKEN", "FASTLY_SERVICE_ID"], what: "purga de Fastly" },
  { names: ["CLOUDFLARE_API_TOKEN", "CLOUDFLARE_ZONE_ID"], what: "purga de Cloudflare" },
];

/** What else a setting's value needs: the problem, or undefined. */
const NEEDS: Array<(settings: Settings) => string | undefined> = [
  // Google's client id alone is enough for the ID tokens of Google's own button; a secret alone is not.
  (s) => (s.GOOGLE_CLIENT_SECRET && !s.GOOGLE_CLIENT_ID ? "ingreso con Google: falta GOOGLE_CLIENT_ID (o quite también GOOGLE_CLIENT_SECRET)" : undefined),
  (s) => (s.DATABASE_SCHEMA && !s.DATABASE_URL ? "DATABASE_SCHEMA necesita DATABASE_URL: el esquema es de un servidor PostgreSQL" : undefined),
  (s) => {
    const missing = (["ARC_CONTENT_ORIGIN", "ARC_CONTENT_TOKEN"] as const).filter((name) => !s[name]);
    return s.CONTENT_BACKEND === "arc" && missing.length ? `CONTENT_BACKEND=arc necesita ${missing.join(" y ")}` : undefined;
  },
  // PGlite serves one process; several share a PostgreSQL server.
  (s) =>
    s.WEB_CONCURRENCY > 1 && !s.DATABASE_URL
      ? `WEB_CONCURRENCY=${s.WEB_CONCURRENCY} necesita DATABASE_URL (PostgreSQL): la base embebida admite un solo proceso`
      : undefined,
];

/** Secrets and addresses that may carry credentials: named in a message, never quoted. */
const UNQUOTED = /SECRET|TOKEN|KEY|^(DATABASE|REDIS|SMTP)_URL$/;

/**
 * The settings of an environment (process.env by default). Unset and blank values are the same;
 * every problem is named in one ConfigError, one line each.
 */
export function readSettings(env: Record<string, string | undefined> = process.env): Settings {
  const given: Record<string, string> = {};
  for (const name of SETTING_NAMES) {
    const value = env[name]?.trim();
    if (value) given[name] = value;
  }
  const parsed = schema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      const quoted = UNQUOTED.test(name) ? "" : ` «${given[name].slice(0, 120)}»`;
      return `${name}${quoted}: ${issue.message}`;
    });
    throw new ConfigError(lines.join("\n"));
  }
  const settings = parsed.data;
  const problems: string[] = [];
  for (const { names, what } of TOGETHER) {
    const missing = names.filter((name) => settings[name] === undefined);
    if (missing.length && missing.length < names.length) {
      problems.push(`${what}: faltan ${missing.join(", ")} (o quite también ${names.filter((name) => !missing.includes(name)).join(", ")})`);
    }
  }
  for (const need of NEEDS) {
    const problem = need(settings);
    if (problem) problems.push(problem);
  }
  if (problems.length) throw new ConfigError(problems.join("\n"));
  return settings;
}
