// WEB_CONCURRENCY=N: N server processes (node:cluster workers) share the port; the primary only
// starts them, restarts one that dies, and on SIGTERM or SIGINT passes SIGTERM on to each, which
// drains as a single process does (server/http/shutdown.ts), then exits with their worst code.
// The first worker starts alone: it applies the migrations and seeds a new database, which two
// processes must not do at once; the others start once it serves. The primary also sums the workers'
// metrics for /metrics (platform/metrics.ts).
import cluster, { type Worker } from "node:cluster";
import type { Logger } from "../../runtime/types";
import { aggregateWorkersMetrics } from "../../platform/metrics";

/** A worker that dies this soon after starting is restarted after a growing pause (a crash loop must not spin). */
const QUICK_DEATH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

export function runPrimary(options: { workers: number; logger: Logger }): void {
  const { workers, logger } = options;
  let stopping = false;
  let served = false;
  let restartDelayMs = 500;
  /** The exit code: the worst of the workers' while stopping. */
  let worstCode = 0;
  const started = new Map<Worker, number>();

  const fork = () => {
    const worker = cluster.fork();
    started.set(worker, Date.now());
    worker.once("listening", () => {
      if (served) return;
      served = true;
      // The database is migrated and seeded: the others can start together.
      for (let i = 1; i < workers; i++) fork();
    });
  };

  cluster.on("exit", (worker, code, signal) => {
    const lived = Date.now() - (started.get(worker) ?? 0);
    started.delete(worker);
    if (stopping) {
      // A worker still starting when SIGTERM came is simply ended by it.
      worstCode = Math.max(worstCode, code ?? (signal === "SIGTERM" ? 0 : 1));
      if (started.size === 0) process.exit(worstCode);
      return;
    }
    if (!served) {
      // The first one could not start (pages with problems, the port taken, the database away): neither will the others.
      logger.error("el primer proceso no arrancó; se detiene el servidor", { worker: worker.id, code, signal });
      process.exit(code || 1);
    }
    restartDelayMs = lived < QUICK_DEATH_MS ? Math.min(restartDelayMs * 2, MAX_RESTART_DELAY_MS) : 500;
    logger.warn("un proceso terminó; se inicia otro", { worker: worker.id, code, signal, waitMs: restartDelayMs });
    setTimeout(() => stopping || fork(), restartDelayMs);
  });

  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info(`${signal}: se cierran los ${started.size} procesos sin cortar las peticiones en curso…`);
      if (started.size === 0) process.exit(worstCode);
      for (const worker of started.keys()) worker.process.kill("SIGTERM");
    });
  }

  // A scrape of /metrics reaches one worker, which asks here for every worker's metrics summed.
  aggregateWorkersMetrics();
  logger.info(`WEB_CONCURRENCY=${workers}: ${workers} procesos comparten el puerto`);
  fork();
}
