// How a content change reaches every process (docs/decisions/0081-purge-by-content-key.md): Redis
// pub/sub when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY when DATABASE_URL is, else this
// process alone (PGlite serves one process). A message is the purged keys, space-separated; the
// publisher receives its own message like every other process.
import type { Redis } from "ioredis";
import type { Database } from "../../platform/database";
import type { Logger } from "../../runtime/types";

export interface PurgeBus {
  readonly kind: "redis" | "postgres" | "local";
  publish(keys: string[]): Promise<void>;
  /** Starts delivering every purge (this process's own too) to `onKeys`; resolves once listening. */
  subscribe(onKeys: (keys: string[]) => void): Promise<void>;
  close(): Promise<void>;
}

/** PostgreSQL's NOTIFY payload is at most 8000 bytes: keys go in messages under this. */
const MAX_MESSAGE_BYTES = 7000;

/** The keys in messages of at most `max` characters each (keys are ASCII). */
export function messages(keys: string[], max = MAX_MESSAGE_BYTES): string[] {
  const out: string[] = [];
  let current = "";
  for (const key of keys) {
    if (current && current.length + 1 + key.length > max) {
      out.push(current);
      current = "";
    }
    current = current ? `${current} ${key}` : key;
  }
  if (current) out.push(current);
  return out;
}

/** How long a start waits for Redis to confirm the subscription. */
const SUBSCRIBE_WAIT_MS = 3000;

const parse = (message: string) => message.split(" ").filter(Boolean);

/** Redis pub/sub on `<prefix>purge`: a connection of its own listens (a subscribed connection does nothing else). */
export class RedisPurgeBus implements PurgeBus {
  readonly kind = "redis";
  private subscriber?: Redis;
  private readonly channel: string;

  constructor(
    private client: Redis,
    prefix: string,
    private logger: Logger,
  ) {
    this.channel = `${prefix}purge`;
  }

  async publish(keys: string[]) {
    for (const message of messages(keys)) await this.client.publish(this.channel, message);
  }

  async subscribe(onKeys: (keys: string[]) => void) {
    // No key prefix on the duplicate (channels are named in full above), and no command timeout:
    // the subscription waits in the offline queue while Redis is away, and ioredis renews it after
    // every reconnection.
    const subscriber = this.client.duplicate({ keyPrefix: "", enableOfflineQueue: true, commandTimeout: undefined });
    this.subscriber = subscriber;
    subscriber.on("error", (error) => this.logger.debug?.("purga: error del canal de Redis", { error: error.message }));
    subscriber.on("message", (_channel, message) => onKeys(parse(message)));
    const subscribed = subscriber.subscribe(this.channel).then(() => true);
    subscribed.catch(() => {});
    // A start never waits for a Redis that is away; the subscription completes when it answers.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const waited = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), SUBSCRIBE_WAIT_MS)));
    const listening = await Promise.race([subscribed, waited]).finally(() => clearTimeout(timer));
    if (!listening) throw new Error(`Redis no confirmó la suscripción en ${SUBSCRIBE_WAIT_MS} ms; se completará cuando responda`);
  }

  async close() {
    this.subscriber?.disconnect();
  }
}

/** LISTEN/NOTIFY on the content database; the channel names the schema, so that schemas sharing a server never purge each other. */
export class PostgresPurgeBus implements PurgeBus {
  readonly kind = "postgres";
  private stop?: () => Promise<void>;
  readonly channel: string;

  constructor(
    private db: Database,
    schema?: string,
  ) {
    this.channel = schema ? `purge_${schema}`.slice(0, 63) : "purge";
  }

  async publish(keys: string[]) {
    for (const message of messages(keys)) await this.db.query("SELECT pg_notify($1, $2)", [this.channel, message]);
  }

  async subscribe(onKeys: (keys: string[]) => void) {
    this.stop = await this.db.listen(this.channel, (message) => onKeys(parse(message)));
  }

  async close() {
    await this.stop?.();
  }
}

/** One process: a purge is delivered to its own subscribers only. */
export class LocalPurgeBus implements PurgeBus {
  readonly kind = "local";
  private listeners: Array<(keys: string[]) => void> = [];

  async publish(keys: string[]) {
    for (const listener of this.listeners) listener(keys);
  }
  async subscribe(onKeys: (keys: string[]) => void) {
    this.listeners.push(onKeys);
  }
  async close() {
    this.listeners = [];
  }
}
