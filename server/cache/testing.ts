// For the tests and the benchmark of the shared caches: the Redis to use (TEST_REDIS_URL, else
// REDIS_URL, else the local one), whether it answers, a TCP proxy in front of it that a test can
// close, stall and open again (Redis "goes away" for real), and the removal of a run's keys.
import net from "node:net";
import { Redis } from "ioredis";

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL || process.env.REDIS_URL || "redis://127.0.0.1:6379";

/** True when Redis answers PING within a second. */
export async function redisAnswers(url = TEST_REDIS_URL): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 1000, commandTimeout: 1000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on("error", () => {});
  try {
    await client.connect();
    return (await client.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/** A key prefix of a run's own, so that runs and tests never see each other's entries. */
export function testPrefix(name: string): string {
  return `${name}:${process.pid}:${Date.now()}:`;
}

/** Deletes every key under the prefix. */
export async function deleteKeys(prefix: string, url = TEST_REDIS_URL): Promise<void> {
  const client = new Redis(url, { maxRetriesPerRequest: 0 });
  client.on("error", () => {});
  try {
    let cursor = "0";
    do {
      const [next, keys] = await client.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      if (keys.length) await client.del(...keys);
      cursor = next;
    } while (cursor !== "0");
  } finally {
    client.disconnect();
  }
}

export interface TcpProxy {
  port: number;
  url: string;
  /** Stops listening and cuts every connection: Redis is away. */
  close(): Promise<void>;
  /** Listens again on the same port. */
  open(): Promise<void>;
  /** Holds Redis's answers back (a network that stops delivering, without closing anything), or lets them through again. */
  stall(stalled: boolean): void;
}

/** A proxy on a port of its own in front of Redis. */
export async function redisProxy(url = TEST_REDIS_URL): Promise<TcpProxy> {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const upstreams = new Set<net.Socket>();
  let stalled = false;
  let server: net.Server;
  let port = 0;
  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        upstreams.add(upstream);
        if (stalled) upstream.pause();
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => (sockets.delete(socket), upstreams.delete(socket)));
          socket.on("error", () => socket.destroy());
        }
        client.pipe(upstream).pipe(client);
      });
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  await listen();
  return {
    get port() {
      return port;
    },
    get url() {
      const proxied = new URL(url);
      proxied.hostname = "127.0.0.1";
      proxied.port = String(port);
      return proxied.toString();
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
    open: listen,
    stall(value) {
      stalled = value;
      for (const upstream of upstreams) {
        if (value) upstream.pause();
        else upstream.resume();
      }
    },
  };
}
