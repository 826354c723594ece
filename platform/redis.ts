// The connection to Redis (REDIS_URL) that the shared caches and the rate limits use, and whether it
// can be used right now. Redis is an accelerator, never a dependency: commands have a short timeout, nothing queues
// while it is away, and a failure turns every cache to this process's memory at once (one warning
// per interval) until Redis answers again (docs/decisions/0013-shared-caches.md).
import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import type { Logger } from "../runtime/types";
import { throttledLogger } from "./log";
import { metrics } from "./metrics";

export interface RedisConnectionOptions {
  url: string;
  /** Put before every key, so that several sites (or tests) can share one Redis. */
  prefix: string;
  /** How long a command may take before this process stops waiting and uses its own memory. */
  timeoutMs: number;
  logger: Logger;
  /** How often the outage warning may be repeated. */
  logIntervalMs: number;
}

/** After a command failed, how long Redis is left alone before the next attempt. */
const PAUSE_AFTER_FAILURE_MS = 1000;

/** Deletes a claim only while it is still this process's (it may have expired and been taken by another). */
const RELEASE_SCRIPT = `if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`;

export class RedisConnection {
  readonly client: Redis;
  /** What this process writes into the claims it takes. */
  readonly token = randomUUID();
  private pausedUntil = 0;
  private healthy = true;
  private closed = false;
  private logger: Logger;

  constructor(private options: RedisConnectionOptions) {
    this.logger = throttledLogger(options.logger, options.logIntervalMs);
    this.client = new Redis(options.url, {
      keyPrefix: options.prefix,
      // attempt() gives up at timeoutMs; this only drops commands a silent connection never answers.
      commandTimeout: options.timeoutMs * 4,
      connectTimeout: Math.max(1000, options.timeoutMs),
      // While disconnected, commands fail at once instead of waiting for the connection.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      // Reconnect for ever, at most every 2 s.
      retryStrategy: (attempt) => Math.min(attempt * 100, 2000),
      enableAutoPipelining: true,
    });
    this.client.once("ready", () =>
      options.logger.info("Redis conectado: las cachés de contenido y de páginas y los límites de peticiones se comparten", { prefix: options.prefix }),
    );
    this.client.on("ready", () => this.up());
    this.client.on("error", (error) => this.down(error));
    this.client.on("close", () => this.down(new Error("conexión cerrada")));
  }

  /** True while Redis is connected and has not just failed a command. */
  usable(): boolean {
    return this.client.status === "ready" && Date.now() >= this.pausedUntil;
  }

  /** Runs a command on Redis when it can be used, else (or when it fails) the fallback. Never rejects because of Redis. */
  async attempt<T>(command: () => Promise<T>, fallback: () => T | Promise<T>): Promise<T> {
    if (!this.usable()) {
      metrics.redisFallbacks.inc({ reason: "unavailable" });
      return fallback();
    }
    let result: T;
    try {
      result = await withDeadline(command(), this.options.timeoutMs);
    } catch (error) {
      this.down(error as Error);
      metrics.redisFallbacks.inc({ reason: "failed" });
      return fallback();
    }
    this.up();
    return result;
  }

  /** Gives back a claim this process took (SET NX PX with its token). */
  async release(key: string): Promise<void> {
    await this.client.eval(RELEASE_SCRIPT, 1, key, this.token);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.client.status === "ready") await Promise.race([this.client.quit().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 1000))]);
    this.client.disconnect();
  }

  private down(error: Error) {
    this.pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
    if (!this.healthy || this.closed) return;
    this.healthy = false;
    this.logger.warn("Redis no responde: las cachés usan la memoria de este proceso, y los límites de peticiones la base de datos, hasta que vuelva", {
      cause: String(error?.message ?? error).slice(0, 200),
    });
  }

  private up() {
    this.pausedUntil = 0;
    if (this.healthy) return;
    this.healthy = true;
    this.logger.info("Redis responde de nuevo: las cachés y los límites vuelven a compartirse en él");
  }
}

/**
 * The command's answer, or a rejection when it has not come within ms. The deadline is checked once
 * the event loop has read what arrived meanwhile: a process too busy to read Redis's answer in time
 * has a slow loop, not a slow Redis.
 */
function withDeadline<T>(command: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => setImmediate(() => settled || reject(new Error(`Redis no respondió en ${ms} ms`))), ms);
    command.then(
      (value) => {
        settled = true;
        clearTimeout(timer);
        resolve(value);
      },
      (error) => {
        settled = true;
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
