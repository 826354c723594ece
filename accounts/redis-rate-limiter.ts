// The limits and throttles of rate-limit.ts counted in Redis, shared by every process that uses it
// (docs/decisions/0013-shared-caches.md); the database's limiter stands in while Redis is away.
import type { RedisConnection } from "../platform/redis";
import { throttleDelayMs, type LimitRule, type RateLimiter, type ThrottleRule } from "./rate-limit";

/** What RedisRateLimiter needs of the shared connection: its client and its attempt-or-fallback. */
export type RedisAttempts = Pick<RedisConnection, "client" | "attempt">;

/** INCR with the key's expiry set on its first hit: a fixed window. Answers the hits and the milliseconds left. */
const HIT_SCRIPT = `local n = redis.call("incr", KEYS[1])
if n == 1 then redis.call("pexpire", KEYS[1], ARGV[1]) end
return {n, redis.call("pttl", KEYS[1])}`;
/** INCR with the expiry pushed back on every failure: failures are forgotten after forgetAfterMs without one. */
const COUNT_SCRIPT = `local n = redis.call("incr", KEYS[1])
redis.call("pexpire", KEYS[1], ARGV[1])
return n`;
/** The longest wait left among the keys' blocks (0 when none blocks). */
const WAIT_SCRIPT = `local most = 0
for _, key in ipairs(KEYS) do
  local left = redis.call("pttl", key)
  if left > most then most = left end
end
return most`;
/** The count of a key, 0 when it expired. */
const GET_SCRIPT = `return tonumber(redis.call("get", KEYS[1]) or "0")`;

/**
 * The limits in Redis, shared by every process that uses it: each key is a counter that expires by
 * itself (a window, or the time to forget failures), and a throttle's wait is a second key that
 * lives as long as the wait. While Redis cannot be used, every call is answered by the database's
 * limiter instead (the counts there start from what that limiter saw), so a Redis outage never
 * turns sign-in into an error.
 */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: RedisAttempts,
    private readonly fallback: RateLimiter,
  ) {}

  private static counter = (key: string) => `limite:${key}`;
  private static block = (key: string) => `limite-espera:${key}`;

  hit(key: string, rule: LimitRule) {
    return this.redis.attempt(
      async () => {
        const [hits, left] = (await this.redis.client.eval(HIT_SCRIPT, 1, RedisRateLimiter.counter(key), rule.windowMs)) as [number, number];
        return { allowed: Number(hits) <= rule.limit, retryAfterMs: Math.max(0, Number(left)) };
      },
      () => this.fallback.hit(key, rule),
    );
  }

  waitMs(keys: string[]) {
    return this.redis.attempt(
      async () => Number(await this.redis.client.eval(WAIT_SCRIPT, keys.length, ...keys.map(RedisRateLimiter.block))),
      () => this.fallback.waitMs(keys),
    );
  }

  failures(key: string, forgetAfterMs: number) {
    return this.redis.attempt(
      async () => Number(await this.redis.client.eval(GET_SCRIPT, 1, RedisRateLimiter.counter(key))),
      () => this.fallback.failures(key, forgetAfterMs),
    );
  }

  count(key: string, forgetAfterMs: number) {
    return this.redis.attempt(
      async () => Number(await this.redis.client.eval(COUNT_SCRIPT, 1, RedisRateLimiter.counter(key), forgetAfterMs)),
      () => this.fallback.count(key, forgetAfterMs),
    );
  }

  fail(key: string, rule: ThrottleRule) {
    return this.redis.attempt(
      async () => {
        const failures = Number(await this.redis.client.eval(COUNT_SCRIPT, 1, RedisRateLimiter.counter(key), rule.forgetAfterMs));
        const delay = throttleDelayMs(rule, failures);
        if (delay > 0) await this.redis.client.eval(`redis.call("set", KEYS[1], "1", "PX", ARGV[1])`, 1, RedisRateLimiter.block(key), delay);
        return delay;
      },
      () => this.fallback.fail(key, rule),
    );
  }

  async reset(key: string) {
    // Both stores: a key counted in the database during an outage must not outlive the success.
    await Promise.all([
      this.redis.attempt(
        () => this.redis.client.del(RedisRateLimiter.counter(key), RedisRateLimiter.block(key)).then(() => undefined),
        () => undefined,
      ),
      this.fallback.reset(key),
    ]);
  }

  async resetPrefix(prefix: string) {
    await Promise.all([
      this.redis.attempt(
        () => this.deleteMatching(prefix),
        () => undefined,
      ),
      this.fallback.resetPrefix(prefix),
    ]);
  }

  /** Redis forgets its keys itself; the database's clean-up still runs for what was counted there. */
  forgetIdle(idleMs: number) {
    return this.fallback.forgetIdle(idleMs);
  }

  /** Deletes the counters and blocks of every key starting with `prefix` (SCAN sees full names, DEL adds the prefix). */
  private async deleteMatching(prefix: string): Promise<void> {
    const own = this.redis.client.options.keyPrefix ?? "";
    const glob = (text: string) => text.replace(/[*?[\]\\]/g, "\\$&");
    for (const name of [RedisRateLimiter.counter(prefix), RedisRateLimiter.block(prefix)]) {
      let cursor = "0";
      do {
        const [next, keys] = await this.redis.client.scan(cursor, "MATCH", `${glob(own + name)}*`, "COUNT", 200);
        if (keys.length) await this.redis.client.del(...keys.map((key) => key.slice(own.length)));
        cursor = next;
      } while (cursor !== "0");
    }
  }
}
