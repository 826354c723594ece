// One cache in front of every content source: fresh for the source's TTL, then served stale while
// one background refetch runs, and served stale (however old) when the source fails. Concurrent
// requests for the same key share one in-flight fetch. The storage is an interface so that a
// shared store (Redis) can hold entries for several server processes.
import { LRUCache } from "lru-cache";
import type { CacheStatus, Logger } from "./types";

export interface CacheEntry {
  value: unknown;
  /** Epoch milliseconds when the value was fetched. */
  storedAt: number;
}

export interface CacheStore {
  get(key: string): Promise<CacheEntry | undefined> | CacheEntry | undefined;
  set(key: string, entry: CacheEntry, keepMs: number): Promise<void> | void;
}

/** In-process LRU storage. Entries outlive their TTL so that they can be served when a source fails. */
export class MemoryCacheStore implements CacheStore {
  private lru: LRUCache<string, CacheEntry>;
  constructor(maxEntries = 5000) {
    this.lru = new LRUCache({ max: maxEntries });
  }
  get(key: string) {
    return this.lru.get(key);
  }
  set(key: string, entry: CacheEntry) {
    this.lru.set(key, entry);
  }
}

export interface CachePolicy {
  ttlMs: number;
  staleMs: number;
}

export interface CachedValue<T> {
  value: T;
  status: Exclude<CacheStatus, "error">;
}

export class ContentCache {
  private inFlight = new Map<string, Promise<unknown>>();

  constructor(
    private store: CacheStore = new MemoryCacheStore(),
    private options: { now?: () => number; logger?: Logger } = {},
  ) {}

  private now() {
    return this.options.now ? this.options.now() : Date.now();
  }

  async get<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<CachedValue<T>> {
    const entry = await this.store.get(key);
    const age = entry ? this.now() - entry.storedAt : Infinity;
    if (entry && age < policy.ttlMs) return { value: entry.value as T, status: "hit" };
    if (entry && age < policy.ttlMs + policy.staleMs) {
      // Stale while revalidate: answer now, refresh once in the background.
      this.refresh(key, policy, load).catch((error) =>
        this.options.logger?.warn("falló la actualización en segundo plano; se mantiene el valor anterior", { key, error: String(error?.message ?? error) }),
      );
      return { value: entry.value as T, status: "stale" };
    }
    try {
      return { value: (await this.refresh(key, policy, load)) as T, status: "miss" };
    } catch (error) {
      if (entry) {
        this.options.logger?.warn("la fuente falló; se sirve el valor anterior", { key, error: String((error as Error)?.message ?? error) });
        return { value: entry.value as T, status: "stale" };
      }
      throw error;
    }
  }

  /** Fetches once per key however many callers ask at the same time, and stores the answer. */
  private refresh<T>(key: string, policy: CachePolicy, load: () => Promise<T>): Promise<T> {
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const promise = (async () => {
      try {
        const value = await load();
        if (value === undefined) throw new Error("la fuente respondió sin datos (undefined)");
        await this.store.set(key, { value, storedAt: this.now() }, policy.ttlMs + policy.staleMs);
        return value;
      } finally {
        this.inFlight.delete(key);
      }
    })();
    this.inFlight.set(key, promise);
    return promise;
  }
}

function isPrimitive(value: unknown): boolean {
  return value === null || typeof value !== "object";
}

/** A stable cache key: the same query with its keys in another order gives the same key. */
export function cacheKey(source: string, query: unknown): string {
  return `${source}:${stableStringify(query)}`;
}

export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  // Fast path for the usual query: a flat object of primitives, serialised natively with sorted keys.
  if (!Array.isArray(value) && Object.values(value).every(isPrimitive)) return JSON.stringify(value, Object.keys(value).sort());
  if (Array.isArray(value)) {
    let out = "[";
    for (let i = 0; i < value.length; i++) out += (i ? "," : "") + stableStringify(value[i]);
    return out + "]";
  }
  const record = value as Record<string, unknown>;
  let out = "{";
  for (const key of Object.keys(record).sort()) {
    if (record[key] === undefined) continue;
    out += (out.length > 1 ? "," : "") + JSON.stringify(key) + ":" + stableStringify(record[key]);
  }
  return out + "}";
}
