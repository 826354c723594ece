// The rate limits over the local Redis, as several processes share them: two limiters on
// connections of their own stand for two processes, with the database (PGlite) behind each. A
// throttle's failures counted by either make the next attempt wait on both, a window's hits add up
// across them, a success forgets every address of an account, and while Redis is away (a proxy
// closed) the limits are counted in the database instead, without an error.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase, type Database } from "../platform/database";
import { migrate } from "../platform/migrations";
import { createLogger } from "../platform/log";
import { RedisConnection } from "../platform/redis";
import { deleteKeys, redisAnswers, redisProxy, TEST_REDIS_URL, testPrefix, type TcpProxy } from "../server/cache/testing";
import { accountsMigrations } from "./migrations";
import { DatabaseRateLimiter, type ThrottleRule } from "./rate-limit";
import { RedisRateLimiter } from "./redis-rate-limiter";

const reachable = await redisAnswers();
if (!reachable) console.warn(`[aviso] Redis no responde en ${TEST_REDIS_URL}: se omiten las pruebas de los límites en Redis (TEST_REDIS_URL elige otro)`);

const THROTTLE: ThrottleRule = { freeFailures: 3, firstDelayMs: 1000, maxDelayMs: 60_000, forgetAfterMs: 3_600_000 };

describe.skipIf(!reachable)("rate limits shared in Redis", () => {
  const prefix = testPrefix("limites");
  let db: Database;
  let proxy: TcpProxy;
  const connections: RedisConnection[] = [];
  const lines: string[] = [];

  /** A "process": its own connection to Redis (through `url`), the shared database behind it. */
  async function processLimiter(url = TEST_REDIS_URL) {
    const connection = new RedisConnection({ url, prefix, timeoutMs: 250, logger: createLogger("info", (line) => lines.push(line)), logIntervalMs: 60_000 });
    connections.push(connection);
    await vi.waitFor(() => expect(connection.usable()).toBe(true));
    return new RedisRateLimiter(connection, new DatabaseRateLimiter(db, Date.now));
  }

  beforeAll(async () => {
    db = await openDatabase({});
    await migrate(db, accountsMigrations);
    proxy = await redisProxy();
  });
  afterAll(async () => {
    for (const connection of connections) await connection.close();
    await proxy?.close();
    await db?.close();
    await deleteKeys(prefix);
  });

  it("a throttle's failures counted by either process make the next attempt wait on both", async () => {
    const [one, two] = [await processLimiter(), await processLimiter()];
    const key = "password:pair:lectora@example.com 10.0.0.1";
    expect(await one.fail(key, THROTTLE)).toBe(0);
    expect(await two.fail(key, THROTTLE)).toBe(0);
    expect(await one.fail(key, THROTTLE)).toBe(0);
    // The fourth failure, counted by the second process, earns the first wait; both see it.
    expect(await two.fail(key, THROTTLE)).toBe(1000);
    expect(await one.waitMs([key])).toBeGreaterThan(0);
    expect(await two.waitMs([key, "otra"])).toBeGreaterThan(0);
    expect(await one.failures(key, THROTTLE.forgetAfterMs)).toBe(4);
    // Counted in Redis, not in the database.
    const { rows } = await db.query("SELECT count(*)::int AS n FROM accounts_rate_limits WHERE key = $1", [key]);
    expect(rows[0].n).toBe(0);
    // A success forgets every address of the account, in both processes.
    await one.fail("password:pair:lectora@example.com 10.0.0.2", THROTTLE);
    await two.resetPrefix("password:pair:lectora@example.com ");
    expect(await one.failures(key, THROTTLE.forgetAfterMs)).toBe(0);
    expect(await one.waitMs([key])).toBe(0);
    expect(await two.failures("password:pair:lectora@example.com 10.0.0.2", THROTTLE.forgetAfterMs)).toBe(0);
  });

  it("a window's hits add up across processes, and the window ends by itself", async () => {
    const [one, two] = [await processLimiter(), await processLimiter()];
    const rule = { limit: 3, windowMs: 400 };
    const answers = [await one.hit("mail:ip:1", rule), await two.hit("mail:ip:1", rule), await one.hit("mail:ip:1", rule), await two.hit("mail:ip:1", rule)];
    expect(answers.map((answer) => answer.allowed)).toEqual([true, true, true, false]);
    expect(answers[3].retryAfterMs).toBeGreaterThan(0);
    expect(answers[3].retryAfterMs).toBeLessThanOrEqual(400);
    await vi.waitFor(async () => expect((await one.hit("mail:ip:1", rule)).allowed).toBe(true), { timeout: 5000, interval: 100 });
  });

  it("while Redis is away, counts in the database and answers without an error; back, uses Redis again", async () => {
    const limiter = await processLimiter(proxy.url);
    await proxy.close();
    const key = "password:pair:caida@example.com 10.0.0.9";
    for (let i = 0; i < 3; i++) expect(await limiter.fail(key, THROTTLE)).toBe(0);
    expect(await limiter.fail(key, THROTTLE)).toBe(1000);
    expect(await limiter.waitMs([key])).toBeGreaterThan(0);
    const { rows } = await db.query("SELECT hits FROM accounts_rate_limits WHERE key = $1", [key]);
    expect(rows[0].hits).toBe(4);
    expect(lines.filter((line) => line.includes("Redis no responde"))).toHaveLength(1);
    // A success forgets the key wherever it was counted.
    await limiter.reset(key);
    expect(await limiter.failures(key, THROTTLE.forgetAfterMs)).toBe(0);
    await proxy.open();
    await vi.waitFor(() => expect(connections.at(-1)!.usable()).toBe(true), { timeout: 10_000 });
    expect((await limiter.hit("despues", { limit: 1, windowMs: 60_000 })).allowed).toBe(true);
    const after = await db.query("SELECT count(*)::int AS n FROM accounts_rate_limits WHERE key = 'despues'");
    expect(after.rows[0].n).toBe(0);
  });
});
