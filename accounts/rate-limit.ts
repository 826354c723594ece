// Rate limits and throttles, shared by every server process behind a load balancer: in Redis when
// REDIS_URL is set (RedisRateLimiter, redis-rate-limiter.ts: atomic counters that expire by
// themselves), else in the database (accounts_rate_limits), which also stands in while Redis is
// away; a restart resets neither. Keys are built only from validated input (an e-mail, a client
// address, a user id), so they stay short (docs/decisions/0013-shared-caches.md).
//
// - A limit counts hits in a fixed window: past `limit`, the key is refused until the window ends.
// - A throttle counts failures (wrong passwords): past `freeFailures`, each failure makes the key
//   wait before its next attempt, twice as long as the one before, up to `maxDelayMs`; failures are
//   forgotten after `forgetAfterMs` without one, or when the caller resets the key (a success).
//   Nothing is ever locked for good: the longest wait is `maxDelayMs`.
import type { Queryable } from "../platform/database";

export interface LimitRule {
  /** Hits allowed in the window. */
  limit: number;
  windowMs: number;
}

export interface ThrottleRule {
  /** Failures allowed before any wait. */
  freeFailures: number;
  /** The wait after the first failure past them; each further failure doubles it. */
  firstDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** Failures are forgotten after this long without a new one. */
  forgetAfterMs: number;
}

export interface RateLimitOptions {
  /** Wrong passwords for one account from one client address: the guesser waits, the owner elsewhere does not. */
  passwordPerAccountAndAddress: ThrottleRule;
  /** Wrong passwords from one client address for any accounts (password spraying): a much higher count before waits. */
  passwordPerAddress: ThrottleRule;
  /** Wrong passwords for one account from any address after which sign-in asks for the captcha (when one is configured). */
  passwordPerAccount: { captchaAfterFailures: number; forgetAfterMs: number };
  /** Password-reset, magic-link and verification e-mails one client address may make one e-mail address receive. */
  mailPerAddress: LimitRule;
  /**
   * The same e-mails one e-mail address may receive from clients the account does not know (no
   * session of the account, no sign-in from that client address lately): the owner's own are not counted.
   */
  mailPerAddressFromUnknownClients: LimitRule;
  /** How long a client address that signed in to an account stays known to it (its mail requests pass the limit above). */
  knownClientMs: number;
  /** The same e-mails requested from one client address. */
  mailPerIp: LimitRule;
  /** Rows anyone can create without an account (anonymous carts, AMP reader ids), per client address and kind. */
  anonymousWritesPerAddress: LimitRule;
  /** Data-export (GDPR) reports a user may ask for. */
  gdprReportsPerUser: LimitRule;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  // Three typos are free; then 1 s, 2 s, 4 s … up to 15 minutes between guesses from that address.
  passwordPerAccountAndAddress: { freeFailures: 3, firstDelayMs: SECOND, maxDelayMs: 15 * MINUTE, forgetAfterMs: DAY },
  // An office or a mobile carrier shares one address: 50 failures before anyone behind it waits,
  // then 1 s, 2 s … up to one minute, never a lock.
  passwordPerAddress: { freeFailures: 50, firstDelayMs: SECOND, maxDelayMs: MINUTE, forgetAfterMs: HOUR },
  // Guesses spread over many addresses: after 5 on one account, its sign-in needs the captcha.
  passwordPerAccount: { captchaAfterFailures: 5, forgetAfterMs: DAY },
  // A reader asks for a link once or twice; an address's mailbox is not flooded, nor are addresses tried in bulk.
  mailPerAddress: { limit: 3, windowMs: 15 * MINUTE },
  // Strangers spread over many clients: an address gets at most 10 such e-mails an hour; the
  // owner's signed-in devices and the client addresses it signed in from lately still get theirs.
  mailPerAddressFromUnknownClients: { limit: 10, windowMs: HOUR },
  knownClientMs: 30 * DAY,
  mailPerIp: { limit: 10, windowMs: 15 * MINUTE },
  // A reader creates one cart and one AMP reader id per browser; 30 in 10 minutes leaves room for
  // an office behind one address and stops a script from filling the tables.
  anonymousWritesPerAddress: { limit: 30, windowMs: 10 * MINUTE },
  // A report holds everything of the account; a few a day is plenty.
  gdprReportsPerUser: { limit: 3, windowMs: DAY },
};

/** The wait a throttle imposes after `failures` failures (0 while they are free). */
export function throttleDelayMs(rule: ThrottleRule, failures: number): number {
  const past = failures - rule.freeFailures;
  if (past <= 0) return 0;
  return Math.min(rule.firstDelayMs * 2 ** Math.min(past - 1, 30), rule.maxDelayMs);
}

/** Where the limits and throttles are counted: the database, or Redis (in front of the database). */
export interface RateLimiter {
  /** Counts one hit in the key's window: allowed, or refused with the milliseconds until the window ends. */
  hit(key: string, rule: LimitRule): Promise<{ allowed: boolean; retryAfterMs: number }>;
  /** Milliseconds until every one of the keys' throttles allows an attempt; 0 when they all do now. */
  waitMs(keys: string[]): Promise<number>;
  /** Failures the key has not forgotten. */
  failures(key: string, forgetAfterMs: number): Promise<number>;
  /** Counts one failure (the key's window is the time of the last one); returns the failures not forgotten. */
  count(key: string, forgetAfterMs: number): Promise<number>;
  /** Counts one failure of a throttle and sets the wait it earns; returns that wait in milliseconds (0 while failures are free). */
  fail(key: string, rule: ThrottleRule): Promise<number>;
  reset(key: string): Promise<void>;
  /** Forgets every key that starts with `prefix` (all the addresses of one account). */
  resetPrefix(prefix: string): Promise<void>;
  /** Deletes keys nobody has hit for `idleMs` and that make nobody wait (the periodic clean-up); returns how many. */
  forgetIdle(idleMs: number): Promise<number>;
}

export class DatabaseRateLimiter implements RateLimiter {
  constructor(
    private readonly db: Queryable,
    private readonly clock: () => number,
  ) {}

  async hit(key: string, rule: LimitRule): Promise<{ allowed: boolean; retryAfterMs: number }> {
    const now = this.clock();
    // One atomic upsert: a window that ended starts counting again from 1.
    const { rows } = await this.db.query<{ hits: number; window_started_at: Date }>(
      `INSERT INTO accounts_rate_limits AS r (key, window_started_at, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.window_started_at <= $3 THEN 1 ELSE r.hits + 1 END,
         window_started_at = CASE WHEN r.window_started_at <= $3 THEN $2 ELSE r.window_started_at END
       RETURNING hits, window_started_at`,
      [key, new Date(now), new Date(now - rule.windowMs)],
    );
    const retryAfterMs = Math.max(0, new Date(rows[0].window_started_at).getTime() + rule.windowMs - now);
    return { allowed: Number(rows[0].hits) <= rule.limit, retryAfterMs };
  }

  async waitMs(keys: string[]): Promise<number> {
    const now = this.clock();
    const { rows } = await this.db.query<{ until: Date | null }>(
      "SELECT max(blocked_until) AS until FROM accounts_rate_limits WHERE key = ANY($1) AND blocked_until > $2",
      [keys, new Date(now)],
    );
    return rows[0]?.until ? new Date(rows[0].until).getTime() - now : 0;
  }

  async failures(key: string, forgetAfterMs: number): Promise<number> {
    const { rows } = await this.db.query<{ hits: number }>("SELECT hits FROM accounts_rate_limits WHERE key = $1 AND window_started_at > $2", [
      key,
      new Date(this.clock() - forgetAfterMs),
    ]);
    return rows[0] ? Number(rows[0].hits) : 0;
  }

  async count(key: string, forgetAfterMs: number): Promise<number> {
    const now = this.clock();
    const { rows } = await this.db.query<{ hits: number }>(
      `INSERT INTO accounts_rate_limits AS r (key, window_started_at, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET hits = CASE WHEN r.window_started_at <= $3 THEN 1 ELSE r.hits + 1 END, window_started_at = $2
       RETURNING hits`,
      [key, new Date(now), new Date(now - forgetAfterMs)],
    );
    return Number(rows[0].hits);
  }

  async fail(key: string, rule: ThrottleRule): Promise<number> {
    const delay = throttleDelayMs(rule, await this.count(key, rule.forgetAfterMs));
    if (delay > 0) await this.db.query("UPDATE accounts_rate_limits SET blocked_until = $2 WHERE key = $1", [key, new Date(this.clock() + delay)]);
    return delay;
  }

  async reset(key: string): Promise<void> {
    await this.db.query("DELETE FROM accounts_rate_limits WHERE key = $1", [key]);
  }

  async resetPrefix(prefix: string): Promise<void> {
    await this.db.query("DELETE FROM accounts_rate_limits WHERE starts_with(key, $1)", [prefix]);
  }

  async forgetIdle(idleMs: number): Promise<number> {
    const now = this.clock();
    const { rows } = await this.db.query(
      "DELETE FROM accounts_rate_limits WHERE window_started_at < $1 AND (blocked_until IS NULL OR blocked_until < $2) RETURNING key",
      [new Date(now - idleMs), new Date(now)],
    );
    return rows.length;
  }
}
