// The stores of the shared caches. RedisStore keeps entries and claims in Redis, where every process
// sees them; SharedStore is what a cache uses with REDIS_URL: this process's memory in front of
// Redis, for near copies of fresh entries and for everything while Redis is away.
import type { CacheStore, MemoryStore, Stamped } from "../../runtime/cache";
import type { RedisConnection } from "../../platform/redis";

/** How an entry is written into Redis and read back. */
export interface Codec<E> {
  encode(entry: E): string | Buffer;
  decode(raw: Buffer): E;
}

/** Content entries ({ value, storedAt }) as JSON text. */
export const jsonCodec: Codec<any> = {
  encode: (entry) => JSON.stringify(entry),
  decode: (raw) => JSON.parse(raw.toString()),
};

/**
 * Entries under `<namespace>:<key>` (after REDIS_PREFIX), each expiring keepMs after it is stored
 * (the TTL and the stale window), so Redis holds only what can still be served. A claim is
 * `<namespace>-claim:<key>`, taken with SET NX PX. Commands throw when Redis fails.
 */
export class RedisStore<E extends Stamped> implements CacheStore<E> {
  constructor(
    private redis: RedisConnection,
    private namespace: string,
    private codec: Codec<E>,
  ) {}

  async get(key: string) {
    const raw = await this.redis.client.getBuffer(`${this.namespace}:${key}`);
    if (!raw) return undefined;
    try {
      return this.codec.decode(raw);
    } catch {
      return undefined; // written by another version of the code: a miss
    }
  }
  async set(key: string, entry: E, keepMs: number) {
    await this.redis.client.set(`${this.namespace}:${key}`, this.codec.encode(entry), "PX", Math.max(1, Math.ceil(keepMs)));
  }
  async claim(key: string, ms: number) {
    return (await this.redis.client.set(`${this.namespace}-claim:${key}`, this.redis.token, "PX", Math.max(1, Math.ceil(ms)), "NX")) === "OK";
  }
  async release(key: string) {
    await this.redis.release(`${this.namespace}-claim:${key}`);
  }
}

/**
 * Redis shared by every process, with this process's memory in front of it. A fresh near copy
 * answers without a round trip; it is never used past its freshness (measured from when the
 * entry was made, in whichever process), so a content change reaches every process within its TTL.
 * While Redis is away (or slow), memory holds and answers everything, claims included.
 */
export class SharedStore<E extends Stamped> implements CacheStore<E> {
  constructor(
    private near: MemoryStore<E>,
    private shared: RedisStore<E>,
    private redis: RedisConnection,
    private now: () => number = Date.now,
  ) {}

  async get(key: string, freshMs: number) {
    const near = this.near.get(key);
    if (near && this.now() - near.storedAt < freshMs) return near;
    const shared = await this.redis.attempt(
      () => this.shared.get(key),
      () => undefined,
    );
    if (!shared || (near && near.storedAt >= shared.storedAt)) return near;
    this.near.set(key, shared);
    return shared;
  }
  async set(key: string, entry: E, keepMs: number) {
    this.near.set(key, entry);
    await this.redis.attempt(
      () => this.shared.set(key, entry, keepMs),
      () => undefined,
    );
  }
  claim(key: string, ms: number) {
    return this.redis.attempt(
      () => this.shared.claim(key, ms),
      () => this.near.claim(key, ms),
    );
  }
  async release(key: string) {
    this.near.release(key);
    await this.redis.attempt(
      () => this.shared.release(key),
      () => undefined,
    );
  }
}
