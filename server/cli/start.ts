// npm start: builds the app if needed, creates and seeds the content store if needed, and serves
// on PORT (default 3000). SIGTERM and SIGINT close the server gracefully. WEB_CONCURRENCY=N runs N
// processes on that port (server/cli/cluster.ts), which need PostgreSQL (DATABASE_URL) and share
// their caches through Redis (REDIS_URL).
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildFile, ensureBuild } from "../build";
import { isDevChild, loadedAwaitTurn, RESTART_DRAIN, serving } from "./dev-child";
import { ConfigError, readSettings, type Settings } from "../../platform/settings";

// Production unless told otherwise. Set before React loads (the modules below are imported
// dynamically for that reason): React picks its production build from NODE_ENV when first loaded.
process.env.NODE_ENV ??= "production";
const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");

/** A problem the operator must fix (a broken page, a bad setting): its message, without a stack, and exit 1. */
function refuse(message: string): never {
  console.error(`[error] el servidor no arranca: ${message}`);
  process.exit(1);
}

// Every setting, read once: a bad one (or one without what it needs) stops here, named.
let settings: Settings;
try {
  settings = readSettings(process.env);
} catch (error) {
  refuse((error as Error).message);
}
const production = settings.NODE_ENV === "production";
const port = settings.PORT;
const workers = settings.WEB_CONCURRENCY;
// Started by `npm run dev`'s supervisor (server/cli/dev.ts), which builds the app and says when to start.
const devChild = isDevChild();

const { runPrimary } = await import("./cluster");
if (cluster.isPrimary && workers > 1) {
  const { loggerFor } = await import("../../platform/log");
  const logger = loggerFor(settings);
  if (!settings.REDIS_URL) logger.warn("sin REDIS_URL cada proceso tiene sus propias cachés de contenido y de páginas");
  ensureBuild(projectRoot, (message) => logger.info(message));
  runPrimary({ workers, logger });
} else {
  await serve();
}

async function serve() {
  // A worker uses the build its primary made before starting the workers.
  if (cluster.isPrimary && !devChild) ensureBuild(projectRoot, (message) => console.info(`[info] ${message}`));
  const { boot } = await import("../boot");
  const { pageCacheOptions } = await import("../http/page-cache");
  const { serveSite } = await import("../http/serve");
  const { drainOptions } = await import("../http/shutdown");
  const { InvalidPagesError } = await import("../load-pages");
  // A worker's metrics are read through the primary, which sums every worker's (platform/metrics.ts).
  if (cluster.isWorker) (await import("../../platform/metrics")).reportMetricsToPrimary();
  const buildUrl = pathToFileURL(buildFile(projectRoot)).href;
  const build = await import(buildUrl);
  // Everything is loaded: a dev child waits here while the process it replaces stops.
  if (devChild) await loadedAwaitTurn();
  const booted = await boot(settings).catch((error) => {
    // Page problems and bad settings are the operator's to fix: the message, without stack frames.
    if (error instanceof InvalidPagesError || error instanceof ConfigError) refuse(error.message);
    throw error;
  });
  const { logger } = booted;
  let served: Awaited<ReturnType<typeof serveSite>>;
  try {
    served = await serveSite(booted, { build, port, production, pageCache: pageCacheOptions(settings), workerId: cluster.worker?.id });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    logger.error(
      code === "EADDRINUSE"
        ? `el puerto ${port} ya está en uso: elija otro con PORT=…`
        : `no se pudo escuchar en el puerto ${port}: ${(error as Error).message}`,
    );
    await booted.close().catch(() => {});
    process.exit(1);
  }
  logger.info(`sirviendo en http://localhost:${port} (soho: http://soho.localhost:${port})`, cluster.worker ? { proceso: cluster.worker.id } : undefined);
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.on(signal, async () => process.exit(await served.shutdown(signal, drainOptions(settings))));
  }
  if (devChild) {
    // A build loaded again in place is a module of its own: the query names it (docs/decisions/0078-dev-reload.md).
    let loads = 0;
    serving(() => served.shutdown("reinicio", RESTART_DRAIN), { load: () => import(`${buildUrl}?carga=${++loads}`), use: served.replaceBuild });
  }
}
