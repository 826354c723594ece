// Stopping without dropping a request (docs/decisions/0012-threat-model.md): on SIGTERM the server
// first says it is not ready (so a load balancer stops sending readers) and answers every request
// with "Connection: close", while it still accepts the connections already on their way; then it
// stops listening, closes idle keep-alive connections, lets the requests under way finish (up to a
// limit), and only then closes the database and exits 0.
import type { Server, ServerResponse } from "node:http";

export interface Drain {
  /** True once shutdown began: readiness answers 503 and connections are not kept alive. */
  readonly draining: boolean;
  /** Begins the shutdown; resolves when every connection is closed, with how many were cut at the limit. */
  drain(options: { lingerMs: number; limitMs: number }): Promise<{ cut: number }>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

export function trackConnections(server: Server): Drain {
  let draining = false;
  const underWay = new Set<ServerResponse>();
  server.prependListener("request", (_req, res: ServerResponse) => {
    underWay.add(res);
    res.on("close", () => underWay.delete(res));
    if (draining) res.setHeader("Connection", "close");
  });
  return {
    get draining() {
      return draining;
    },
    async drain({ lingerMs, limitMs }) {
      draining = true;
      for (const res of underWay) if (!res.headersSent) res.setHeader("Connection", "close");
      // Connections already accepted by the kernel (in the listen queue) are served, not reset.
      await sleep(lingerMs);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      // A keep-alive connection that finished a response streamed before the drain becomes idle later.
      const sweep = setInterval(() => server.closeIdleConnections(), 50);
      const finished = await Promise.race([closed.then(() => true), sleep(limitMs).then(() => false)]);
      clearInterval(sweep);
      if (finished) return { cut: 0 };
      const cut = underWay.size;
      server.closeAllConnections();
      await closed;
      return { cut };
    },
  };
}

/** SHUTDOWN_LINGER_MS and SHUTDOWN_DRAIN_SECONDS, with their defaults (1 s and 10 s). */
export function drainOptionsFromEnv(env: Record<string, string | undefined> = process.env) {
  const number = (value: string | undefined, fallback: number) => (value && /^\d+$/.test(value) ? Number(value) : fallback);
  return { lingerMs: number(env.SHUTDOWN_LINGER_MS, 1000), limitMs: number(env.SHUTDOWN_DRAIN_SECONDS, 10) * 1000 };
}
