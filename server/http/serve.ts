// Serving a booted site: the HTTP app on a port, readiness that turns 503 as soon as shutdown begins,
// and the shutdown itself (docs/decisions/0012-threat-model.md). `npm start` and the tests that
// stop a server under load run this same code.
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "@remix-run/node";
import { createHttpApp } from "./app";
import type { PageCacheOptions } from "./page-cache";
import { trackConnections, type Drain } from "./shutdown";
import type { Booted } from "../boot";

export interface Served {
  server: Server;
  port: number;
  /** Where a shutdown is (server/http/shutdown.ts): serving, lingering, closing. */
  shutdownPhase(): Drain["phase"];
  /** Serves another Remix build from now on (npm run dev, docs/decisions/0078-dev-reload.md). */
  replaceBuild(build: ServerBuild): void;
  /** Stops taking readers without dropping a request, closes the database; resolves with the exit code. */
  shutdown(signal: string, options: { lingerMs: number; limitMs: number }): Promise<number>;
}

/**
 * How long an idle keep-alive connection stays open: longer than the usual 60 s idle timeout of load
 * balancers and of clients' connection pools, so that they close it first. With Node's 5 s default,
 * a client reusing a connection just as the server closed it got ECONNRESET instead of an answer.
 */
const KEEP_ALIVE_MS = 65_000;

/** The response header that names the process (WEB_CONCURRENCY worker) that answered. */
const WORKER_HEADER = "X-Worker";

export async function serveSite(
  booted: Booted,
  options: {
    build: ServerBuild;
    port: number;
    host?: string;
    production: boolean;
    pageCache: PageCacheOptions;
    trustProxy?: string;
    /** The worker's number when several processes serve the port (server/cli/cluster.ts), sent as X-Worker. */
    workerId?: number;
  },
): Promise<Served> {
  const { logger } = booted;
  const tracked: { drain?: Drain } = {};
  const app = createHttpApp({
    ...booted,
    // A process that is shutting down is not ready: the load balancer stops sending it readers.
    ready: async () =>
      tracked.drain?.draining ? { ready: false, checks: { database: "ok", migrations: "ok", pages: "ok", shutdown: "cerrando" } } : booted.ready(),
    build: options.build,
    production: options.production,
    // The boot's store (memory, or Redis shared by every process) unless the caller brings one.
    pageCache: { ...options.pageCache, store: options.pageCache.store ?? booted.pageStore, purges: options.pageCache.purges ?? booted.purges },
    trustProxy: options.trustProxy,
  });
  const server: Server = await new Promise((resolve, reject) => {
    const listening = options.host ? app.listen(options.port, options.host, () => resolve(listening)) : app.listen(options.port, () => resolve(listening));
    listening.once("error", reject);
  });
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node requires the headers' timeout to outlast the keep-alive one.
  server.headersTimeout = KEEP_ALIVE_MS + 1000;
  const drain = (tracked.drain = trackConnections(server));
  if (options.workerId !== undefined) server.prependListener("request", (_req, res) => res.setHeader(WORKER_HEADER, String(options.workerId)));
  let closing: Promise<number> | undefined;
  return {
    server,
    port: (server.address() as AddressInfo).port,
    shutdownPhase: () => drain.phase,
    replaceBuild: (build) => app.replaceBuild(build),
    shutdown(signal, drainOptions) {
      closing ??= (async () => {
        logger.info(`${signal}: cerrando sin cortar las peticiones en curso…`, { waitMs: drainOptions.lingerMs, limitMs: drainOptions.limitMs });
        const { cut } = await drain.drain(drainOptions);
        if (cut) logger.warn("se cortaron peticiones que pasaron el límite de cierre", { requests: cut });
        try {
          await booted.close();
          logger.info("base de datos cerrada; fin");
          return 0;
        } catch (error) {
          logger.error("error al cerrar la base de datos", { error: String((error as Error)?.message ?? error) });
          return 1;
        }
      })();
      return closing;
    },
  };
}
