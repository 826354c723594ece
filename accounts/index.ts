// The accounts product's public interface: everything the page server (server/) may use of it.
// The page side mounts the routers, runs the migrations, asks whether a reader is entitled to an
// article and counts paywall views with the same rate limiter; nothing else of accounts/ is its
// business (tests/architecture/import-rules.test.ts holds the rule, docs/architecture.md#the-parts).
//
//   const accounts = await createAccountsRouter({ db, settings });
//   app.use(accounts);                                                  // /identity/, /sales/, /dev/correo/, …
//   await accounts.entitlementFor(request.headers, "3", ["/politica"]); // { entitled, reason, uuid? }
export { createAccountsRouter, type AccountsRouter } from "./service";
export { accountsMigrations } from "./migrations";
export type { Mailer } from "./mail/outbox";
export {
  ACCESS_TOKEN_COOKIE,
  FREE_CODE_IN_SECTION,
  NEVER_PAYWALLED_SECTIONS,
  PAYWALLED_CONTENT_CODES,
  freeForEverybody,
  type Entitlement,
  type IdentitySource,
} from "./entitlement";
// The paywall's view counter shares the accounts' rate limiter and its table (accounts_rate_limits).
export { DatabaseRateLimiter, type LimitRule } from "./rate-limit";
export { RedisRateLimiter, type RedisAttempts } from "./redis-rate-limiter";
