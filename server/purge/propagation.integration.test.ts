// An import reaches two processes: through Redis pub/sub, and through PostgreSQL notifications. Each
// "process" here has what a server process has of its own (its connections, its purge marks, its
// content cache in memory); the import runs the importer's code with its purge. The caches keep
// answers for an hour, so only the purge can bring the new headline; a cache that hears no purge
// keeps the old one.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ContentCache, MemoryCacheStore } from "../../runtime/cache";
import { PurgeMarks } from "../../runtime/purge";
import { openDatabase, type Database } from "../../platform/database";
import { createLogger } from "../../platform/log";
import { RedisConnection } from "../../platform/redis";
import { readSettings } from "../../platform/settings";
import { importContent } from "../cli/content-import";
import { deleteKeys, redisAnswers, TEST_REDIS_URL, testPrefix } from "../cache/testing";
import { testDocument } from "../content/testing/corpus";
import { createContentStore, type ContentStore } from "../content/store";
import { contentChanges, type ContentChanges } from ".";
import { PostgresPurgeBus, RedisPurgeBus, type PurgeBus } from "./bus";
import { answerKeys } from "./keys";

const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
const redisUp = await redisAnswers();
const policy = { ttlMs: 3600_000, staleMs: 3600_000 };
const logger = createLogger("silent");
const article = testDocument({ brand: "semana", id: "PURGA0000000000000000000A1", headline: "Titular de antes", section: "/nacion", hoursAgo: 1 });

describe.skipIf(!redisUp)("an import reaches two processes", () => {
  const schema = `purga_${process.pid}_${Date.now()}`;
  const prefix = testPrefix("prueba-purga");
  const closers: Array<() => Promise<unknown>> = [];
  let db: Database;
  let store: ContentStore;

  beforeAll(async () => {
    db = await openDatabase({ url: POSTGRES_URL, schema });
    store = await createContentStore(db);
    await store.upsertDocuments([article]);
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close().catch(() => {});
    await db.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await db.close();
    await deleteKeys(prefix);
  });

  /** A process: its own bus connection and marks, and a content cache reading the article from the store. */
  async function serverProcess(bus: PurgeBus | undefined) {
    const purges = new PurgeMarks();
    await bus?.subscribe((keys) => purges.purge(keys));
    const cache = new ContentCache(new MemoryCacheStore(), { tagger: answerKeys, purges });
    return {
      headline: async () => {
        const query = { website: "semana", url: article.canonical_url };
        const { value } = await cache.get("content-by-url:articulo", policy, () => store.getDocument("semana", { url: query.url }), {
          source: "content-by-url",
          query,
        });
        return (value as any).headlines.basic as string;
      },
    };
  }

  function redisConnection() {
    const redis = new RedisConnection({ url: TEST_REDIS_URL, prefix, timeoutMs: 1000, logger, logIntervalMs: 60_000 });
    closers.push(() => redis.close());
    return redis;
  }

  /** Imports the article with a new headline, as `npm run content:import` does, purging through `changes`. */
  async function importHeadline(changes: ContentChanges, headline: string) {
    const importer = await createContentStore(db, { changed: changes.purge });
    const file = path.join(os.tmpdir(), `purga-${process.pid}-${Date.now()}.json`);
    fs.writeFileSync(file, JSON.stringify({ ...article, headlines: { basic: headline } }));
    try {
      expect((await importContent(importer, [file], { log: () => {} })).documents).toBe(1);
    } finally {
      fs.rmSync(file, { force: true });
    }
  }

  it.each([
    ["Redis pub/sub", "redis"],
    ["PostgreSQL notifications", "postgres"],
  ] as const)("through %s", async (_name, transport) => {
    const listener = async () => {
      if (transport === "redis") return new RedisPurgeBus(redisConnection().client, prefix, logger);
      const own = await openDatabase({ url: POSTGRES_URL, schema });
      closers.push(() => own.close());
      return new PostgresPurgeBus(own, schema);
    };
    const buses = [await listener(), await listener()];
    closers.push(...buses.map((bus) => () => bus.close()));
    const [first, second, deaf] = await Promise.all([serverProcess(buses[0]), serverProcess(buses[1]), serverProcess(undefined)]);
    const before = await first.headline();
    expect([before, await second.headline(), await deaf.headline()]).toEqual([before, before, before]);

    // The importer's purge: Redis when it has it, else PostgreSQL (it is on PostgreSQL either way).
    const redis = transport === "redis" ? redisConnection() : undefined;
    if (redis) await new Promise((resolve) => redis.client.once("ready", resolve));
    const settings = readSettings({ DATABASE_URL: POSTGRES_URL, DATABASE_SCHEMA: schema, REDIS_PREFIX: prefix });
    const changes = await contentChanges(settings, { db, redis, logger, listen: false, cdn: [] });
    closers.push(() => changes.close());
    const after = `Titular corregido (${transport})`;
    await importHeadline(changes, after);

    await expect.poll(() => first.headline(), { timeout: 10_000 }).toBe(after);
    await expect.poll(() => second.headline(), { timeout: 10_000 }).toBe(after);
    // Without the purge an answer is kept for its TTL (an hour here).
    expect(await deaf.headline()).toBe(before);
  });
});
