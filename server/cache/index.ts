// The stores of the content cache and the page cache, from configuration
// (docs/decisions/0013-shared-caches.md). Without REDIS_URL: this process's memory, bounded in bytes
// (CONTENT_CACHE_MAX_BYTES, PAGE_CACHE_MAX_BYTES). With it: Redis, shared by every process and
// bounded by expiry, with that same memory in front of it and in its place while it is away.
import { DEFAULT_CONTENT_CACHE_BYTES, MemoryCacheStore, type CacheEntry, type CacheStore } from "../../runtime/cache";
import type { Logger } from "../../runtime/types";
import { DEFAULT_PAGE_CACHE_BYTES, memoryPageStore, pageCodec, type CachedPage } from "../http/page-cache";
import { bytesFromEnv, ConfigError, positiveIntegerFromEnv } from "./config";
import { RedisConnection } from "./redis";
import { jsonCodec, RedisStore, SharedStore } from "./store";

export interface CacheStores {
  content: CacheStore<CacheEntry>;
  pages: CacheStore<CachedPage>;
  /** The connection, when REDIS_URL is set. */
  redis?: RedisConnection;
  close(): Promise<void>;
}

/** REDIS_PREFIX's default: put before every key. */
export const DEFAULT_REDIS_PREFIX = "bloques:";

/** REDIS_TIMEOUT_MS's default: Redis answers in well under a millisecond on its network; past this it is treated as away. */
export const DEFAULT_REDIS_TIMEOUT_MS = 250;

export function cacheStoresFromEnv(env: Record<string, string | undefined>, logger: Logger, logIntervalMs: number): CacheStores {
  const content = new MemoryCacheStore({ maxBytes: bytesFromEnv(env, "CONTENT_CACHE_MAX_BYTES", DEFAULT_CONTENT_CACHE_BYTES) });
  const pages = memoryPageStore(bytesFromEnv(env, "PAGE_CACHE_MAX_BYTES", DEFAULT_PAGE_CACHE_BYTES));
  const url = env.REDIS_URL?.trim();
  if (!url) return { content, pages, close: async () => {} };
  if (!/^rediss?:\/\//.test(url)) throw new ConfigError("REDIS_URL debe empezar por redis:// o rediss://");
  const redis = new RedisConnection({
    url,
    prefix: env.REDIS_PREFIX ?? DEFAULT_REDIS_PREFIX,
    timeoutMs: positiveIntegerFromEnv(env, "REDIS_TIMEOUT_MS", DEFAULT_REDIS_TIMEOUT_MS),
    logger,
    logIntervalMs,
  });
  return {
    content: new SharedStore(content, new RedisStore(redis, "content", jsonCodec), redis),
    pages: new SharedStore(pages, new RedisStore(redis, "page", pageCodec), redis),
    redis,
    close: () => redis.close(),
  };
}
