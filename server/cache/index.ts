// The stores of the content cache and the page cache, from configuration
// (docs/decisions/0013-shared-caches.md). Without REDIS_URL: this process's memory, bounded in bytes
// (CONTENT_CACHE_MAX_BYTES, PAGE_CACHE_MAX_BYTES). With it: Redis, shared by every process and
// bounded by expiry, with that same memory in front of it and in its place while it is away.
import { MemoryCacheStore, type CacheEntry, type CacheStore } from "../../runtime/cache";
import type { Logger } from "../../runtime/types";
import { memoryPageStore, pageCodec, type CachedPage } from "../http/page-cache";
import type { Settings } from "../../platform/settings";
import { RedisConnection } from "../../platform/redis";
import { jsonCodec, RedisStore, SharedStore } from "./store";

export interface CacheStores {
  content: CacheStore<CacheEntry>;
  pages: CacheStore<CachedPage>;
  /** The connection, when REDIS_URL is set. */
  redis?: RedisConnection;
  close(): Promise<void>;
}

type CacheSettings = Pick<Settings, "CONTENT_CACHE_MAX_BYTES" | "PAGE_CACHE_MAX_BYTES" | "REDIS_URL" | "REDIS_PREFIX" | "REDIS_TIMEOUT_MS">;

export function cacheStores(settings: CacheSettings, logger: Logger, logIntervalMs: number): CacheStores {
  const content = new MemoryCacheStore({ maxBytes: settings.CONTENT_CACHE_MAX_BYTES });
  const pages = memoryPageStore(settings.PAGE_CACHE_MAX_BYTES);
  const url = settings.REDIS_URL;
  if (!url) return { content, pages, close: async () => {} };
  const redis = new RedisConnection({
    url,
    prefix: settings.REDIS_PREFIX,
    // Redis answers in well under a millisecond on its network; past this it is treated as away.
    timeoutMs: settings.REDIS_TIMEOUT_MS,
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
