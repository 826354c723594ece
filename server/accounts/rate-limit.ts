// Rate limits kept in the database (accounts_rate_limits), so every server process behind a load
// balancer shares them and a restart does not reset them. Each key counts hits in a fixed window;
// reaching the limit can also block the key for a while.
import type { Queryable } from "../db/database";

export interface LimitRule {
  /** Hits allowed in the window. */
  limit: number;
  windowMs: number;
  /** When set, reaching the limit blocks the key this long. */
  blockMs?: number;
}

export interface RateLimitOptions {
  /** Wrong passwords for one account (by e-mail) before it is blocked. */
  loginPerAccount: LimitRule;
  /** Wrong passwords from one IP address (any account) before it is blocked. */
  loginPerIp: LimitRule;
  /** Password-reset, magic-link and verification e-mails per address. */
  mailPerAddress: LimitRule;
  /** The same e-mails requested from one IP address. */
  mailPerIp: LimitRule;
}

const FIFTEEN_MINUTES = 15 * 60 * 1000;

export const DEFAULT_RATE_LIMITS: RateLimitOptions = {
  loginPerAccount: { limit: 5, windowMs: FIFTEEN_MINUTES, blockMs: FIFTEEN_MINUTES },
  loginPerIp: { limit: 5, windowMs: FIFTEEN_MINUTES, blockMs: FIFTEEN_MINUTES },
  mailPerAddress: { limit: 3, windowMs: FIFTEEN_MINUTES },
  mailPerIp: { limit: 10, windowMs: FIFTEEN_MINUTES },
};

export class RateLimiter {
  constructor(
    private readonly db: Queryable,
    private readonly clock: () => number,
  ) {}

  /** When any of the keys is blocked now, the moment its block ends. */
  async blockedUntil(keys: string[]): Promise<Date | null> {
    const { rows } = await this.db.query<{ blocked_until: Date }>(
      "SELECT max(blocked_until) AS blocked_until FROM accounts_rate_limits WHERE key = ANY($1) AND blocked_until > $2",
      [keys, new Date(this.clock())],
    );
    return rows[0]?.blocked_until ? new Date(rows[0].blocked_until) : null;
  }

  /** Counts one hit; true while the key is within its limit. */
  async hit(key: string, rule: LimitRule): Promise<boolean> {
    const now = new Date(this.clock());
    const windowStart = new Date(this.clock() - rule.windowMs);
    // One atomic upsert: a new window (or an ended block) starts counting again from 1.
    const { rows } = await this.db.query<{ hits: number }>(
      `INSERT INTO accounts_rate_limits AS r (key, window_started_at, hits) VALUES ($1, $2, 1)
       ON CONFLICT (key) DO UPDATE SET
         hits = CASE WHEN r.window_started_at < $3 OR r.blocked_until <= $2 THEN 1 ELSE r.hits + 1 END,
         window_started_at = CASE WHEN r.window_started_at < $3 OR r.blocked_until <= $2 THEN $2 ELSE r.window_started_at END,
         blocked_until = CASE WHEN r.blocked_until <= $2 THEN NULL ELSE r.blocked_until END
       RETURNING hits`,
      [key, now, windowStart],
    );
    const hits = Number(rows[0].hits);
    if (hits >= rule.limit && rule.blockMs) {
      await this.db.query("UPDATE accounts_rate_limits SET blocked_until = $2 WHERE key = $1", [key, new Date(this.clock() + rule.blockMs)]);
    }
    return rule.blockMs ? hits < rule.limit : hits <= rule.limit;
  }

  async reset(key: string): Promise<void> {
    await this.db.query("DELETE FROM accounts_rate_limits WHERE key = $1", [key]);
  }
}
