// One cache in front of every content source: fresh for the source's TTL, then served stale while
// one background refetch runs, and served stale (however old) when the source fails. Concurrent
// requests for the same key share one fetch: in this process through one in-flight promise, and
// across the processes that share a store (Redis, server/cache) through a short claim that one of
// them takes while the others wait for its answer or serve the stale one.
import { LRUCache } from "lru-cache";
import type { PurgeMarks } from "./purge";
import type { CacheStatus, Logger } from "./types";

/** Anything a cache keeps: stamped with the time it was made. */
export interface Stamped {
  /** Epoch milliseconds when the entry was made. */
  storedAt: number;
}

export interface CacheEntry extends Stamped {
  value: unknown;
  /** The content keys the value is made of (./purge.ts), when the cache has a tagger. */
  keys?: string[];
  /** Epoch milliseconds when its fetch began: a purge after that makes the entry gone. */
  startedAt?: number;
}

/**
 * Where a cache keeps its entries: this process's memory (MemoryCacheStore), or a store several
 * processes share (server/cache: Redis, with this process's memory when Redis is away).
 */
export interface CacheStore<E extends Stamped = CacheEntry> {
  /** The entry, however old. A store that keeps near copies of shared entries answers from them only while younger than freshMs. */
  get(key: string, freshMs: number): Promise<E | undefined> | E | undefined;
  /** Keeps the entry at least keepMs: a shared store drops it then; memory keeps it (within its bound) for stale-on-error. */
  set(key: string, entry: E, keepMs: number): Promise<void> | void;
  /** Claims the filling of `key` for up to `ms`; false while someone else (in any process sharing the store) holds it. */
  claim(key: string, ms: number): Promise<boolean> | boolean;
  /** Gives back a claim. */
  release(key: string): Promise<void> | void;
}

/** The content cache's default bound in this process (CONTENT_CACHE_MAX_BYTES). */
export const DEFAULT_CONTENT_CACHE_BYTES = 64 * 1024 * 1024;

/** What an entry costs besides its own size (the LRU's bookkeeping), so that many tiny entries are bounded too. */
const ENTRY_OVERHEAD_BYTES = 128;

export interface MemoryCacheStoreOptions<E> {
  /** Upper bound of what the entries add up to; the least recently used go first. An entry larger than this is not kept. */
  maxBytes?: number;
  /** The bytes an entry counts for; by default the length of its JSON text. */
  sizeOf?: (entry: E) => number;
}

/**
 * In-process LRU storage, bounded in bytes (keys included). Entries outlive their TTL so that they
 * can be served when a source fails; only the bound evicts them.
 */
export class MemoryStore<E extends Stamped> implements CacheStore<E> {
  private entries: LRUCache<string, E>;
  private claims = new LRUCache<string, true>({ max: 10_000 });

  constructor(options: MemoryCacheStoreOptions<E> = {}) {
    const sizeOf = options.sizeOf ?? ((entry: E) => JSON.stringify(entry).length);
    this.entries = new LRUCache({
      maxSize: options.maxBytes ?? DEFAULT_CONTENT_CACHE_BYTES,
      sizeCalculation: (entry, key) => key.length + sizeOf(entry) + ENTRY_OVERHEAD_BYTES,
    });
  }
  get(key: string): E | undefined {
    return this.entries.get(key);
  }
  set(key: string, entry: E): void {
    this.entries.set(key, entry);
  }
  claim(key: string, ms: number) {
    if (this.claims.has(key)) return false;
    this.claims.set(key, true, { ttl: ms });
    return true;
  }
  release(key: string) {
    this.claims.delete(key);
  }
  /** What the entries add up to, in bytes (as sizeOf counts them). */
  get bytes() {
    return this.entries.calculatedSize;
  }
}

/** The content cache's entries in this process's memory. */
export class MemoryCacheStore extends MemoryStore<CacheEntry> {}

/** The outcome of takeTurn: an entry someone else stored meanwhile, or the caller fills the key (holding the claim or not). */
export type Turn<E> = { entry: E } | { claimed: boolean };

/**
 * Takes the claim to fill `key`. While someone else holds it, waits up to `waitMs` for the entry
 * they store (one newer than `since`), taking the claim over if they give it up without one. When
 * nothing comes in time the caller fills the key anyway (`claimed: false`): a slow or dead holder
 * delays readers by at most waitMs. With waitMs 0, a held claim means "someone else fills it".
 */
export async function takeTurn<E extends Stamped>(
  store: CacheStore<E>,
  key: string,
  options: { since: number; claimMs: number; waitMs: number; freshMs: number },
): Promise<Turn<E>> {
  const deadline = Date.now() + options.waitMs;
  for (let pause = 5, waited = false; ; pause = Math.min(pause * 2, 100), waited = true) {
    if (await store.claim(key, options.claimMs)) {
      // The holder may have stored its entry just before giving the claim back.
      const entry = waited ? await store.get(key, options.freshMs) : undefined;
      if (entry && entry.storedAt > options.since) {
        await store.release(key);
        return { entry };
      }
      return { claimed: true };
    }
    const left = deadline - Date.now();
    if (left <= 0) return { claimed: false };
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, left)));
    const entry = await store.get(key, options.freshMs);
    if (entry && entry.storedAt > options.since) return { entry };
  }
}

export interface CachePolicy {
  ttlMs: number;
  staleMs: number;
}

export interface CachedValue<T> {
  value: T;
  status: Exclude<CacheStatus, "error">;
  /** The content keys of the value (ContentCacheOptions.tagger). */
  keys?: string[];
}

/** What a fetch asked for: its tagger names the content keys of the answer from it. */
export interface FetchOrigin {
  source: string;
  query: unknown;
}

export interface ContentCacheOptions {
  now?: () => number;
  logger?: Logger;
  claimMs?: number;
  /**
   * The content keys an answer is made of (the server names documents, sources and lists:
   * server/purge/keys.ts); kept with the entry, so a hit names them without reading the value again.
   */
  tagger?: (origin: FetchOrigin, value: unknown) => string[];
  /** Purged keys (./purge.ts): an entry holding one, made before the purge, is fetched again. */
  purges?: PurgeMarks;
}

/**
 * How long a claim to fetch a key holds, and so how long the other processes wait for its answer
 * before fetching it themselves. A fetch gives up after its source's timeout (3 s by default).
 */
export const CONTENT_CLAIM_MS = 5000;

export class ContentCache {
  private inFlight = new Map<string, Promise<CacheEntry>>();

  constructor(
    private store: CacheStore = new MemoryCacheStore(),
    private options: ContentCacheOptions = {},
  ) {}

  private now() {
    return this.options.now ? this.options.now() : Date.now();
  }

  async get<T>(key: string, policy: CachePolicy, load: () => Promise<T>, origin?: FetchOrigin): Promise<CachedValue<T>> {
    const entry = await this.store.get(key, policy.ttlMs);
    // A purged entry is as good as expired: fetched again (waiting for it), kept only for a failing source.
    const purged = entry !== undefined && this.options.purges?.purged(entry.keys, entry.startedAt ?? entry.storedAt) === true;
    const age = entry && !purged ? this.now() - entry.storedAt : Infinity;
    const answer = (value: unknown, status: CachedValue<T>["status"], keys = entry?.keys): CachedValue<T> =>
      keys ? { value: value as T, status, keys } : { value: value as T, status };
    if (entry && age < policy.ttlMs) return answer(entry.value, "hit");
    if (entry && age < policy.ttlMs + policy.staleMs) {
      // Stale while revalidate: answer now; one request (of any process sharing the store) refreshes it in the background.
      this.refresh(key, policy, load, entry, false, origin).catch((error) =>
        this.options.logger?.warn("falló la actualización en segundo plano; se mantiene el valor anterior", { key, error: String(error?.message ?? error) }),
      );
      return answer(entry.value, "stale");
    }
    try {
      const fresh = await this.refresh(key, policy, load, entry, true, origin);
      return answer(fresh.value, "miss", fresh.keys);
    } catch (error) {
      if (entry) {
        this.options.logger?.warn("la fuente falló; se sirve el valor anterior", { key, error: String((error as Error)?.message ?? error) });
        return answer(entry.value, "stale");
      }
      throw error;
    }
  }

  /**
   * Fetches once per key however many callers ask at the same time, and stores the answer. With
   * `wait`, a caller whose key another process is fetching waits for that answer; without it (a
   * background refresh) it leaves the fetch to that process and keeps the value it has.
   */
  private refresh<T>(
    key: string,
    policy: CachePolicy,
    load: () => Promise<T>,
    previous: CacheEntry | undefined,
    wait: boolean,
    origin: FetchOrigin | undefined,
  ): Promise<CacheEntry> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const promise = (async (): Promise<CacheEntry> => {
      try {
        const claimMs = this.options.claimMs ?? CONTENT_CLAIM_MS;
        const turn = await takeTurn(this.store, key, { since: previous?.storedAt ?? -Infinity, claimMs, waitMs: wait ? claimMs : 0, freshMs: policy.ttlMs });
        if ("entry" in turn) return turn.entry;
        if (!turn.claimed && !wait) return previous!;
        try {
          const startedAt = this.now();
          const value = await load();
          if (value === undefined) throw new Error("la fuente respondió sin datos (undefined)");
          const keys = origin && this.options.tagger ? this.options.tagger(origin, value) : undefined;
          const entry: CacheEntry = { value, storedAt: this.now(), ...(keys ? { keys, startedAt } : {}) };
          await this.store.set(key, entry, policy.ttlMs + policy.staleMs);
          return entry;
        } finally {
          if (turn.claimed) await this.store.release(key);
        }
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

function stableStringify(value: unknown): string {
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
