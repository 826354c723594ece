// npm start: builds the app if needed, creates and seeds the content store if needed, and serves
// on PORT (default 3000). SIGTERM and SIGINT close the server gracefully. WEB_CONCURRENCY=N runs N
// processes on that port (server/cli/cluster.ts), which need PostgreSQL (DATABASE_URL) and share
// their caches through Redis (REDIS_URL).
import cluster from "node:cluster";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildFile, ensureBuild } from "../build";
import { ConfigError } from "../cache/config";

// Production unless told otherwise. Set before React loads (the modules below are imported
// dynamically for that reason): React picks its production build from NODE_ENV when first loaded.
process.env.NODE_ENV ??= "production";
const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT || 3000);

/** A problem the operator must fix (a broken page, a bad setting): its message, without a stack, and exit 1. */
function refuse(message: string): never {
  console.error(`[error] el servidor no arranca: ${message}`);
  process.exit(1);
}

const { webConcurrency, runPrimary } = await import("./cluster");
let workers = 1;
try {
  workers = webConcurrency();
} catch (error) {
  refuse((error as Error).message);
}

if (cluster.isPrimary && workers > 1) {
  // PGlite serves one process; several share a PostgreSQL server.
  if (!process.env.DATABASE_URL) refuse(`WEB_CONCURRENCY=${workers} necesita DATABASE_URL (PostgreSQL): la base embebida admite un solo proceso`);
  const { loggerFromEnv } = await import("../log");
  const logger = loggerFromEnv();
  if (!process.env.REDIS_URL) logger.warn("sin REDIS_URL cada proceso tiene sus propias cachés de contenido y de páginas");
  ensureBuild(projectRoot, (message) => logger.info(message));
  runPrimary({ workers, logger });
} else {
  await serve();
}

async function serve() {
  // A worker uses the build its primary made before starting the workers.
  if (cluster.isPrimary) ensureBuild(projectRoot, (message) => console.info(`[info] ${message}`));
  const { boot } = await import("../boot");
  const { pageCacheFromEnv } = await import("../http/page-cache");
  const { serveSite } = await import("../http/serve");
  const { drainOptionsFromEnv } = await import("../http/shutdown");
  const { InvalidPagesError } = await import("../site");
  const booted = await boot().catch((error) => {
    // Page problems and bad settings are the operator's to fix: the message, without stack frames.
    if (error instanceof InvalidPagesError || error instanceof ConfigError) refuse(error.message);
    throw error;
  });
  const build = await import(pathToFileURL(buildFile(projectRoot)).href);
  const { logger } = booted;
  let served: Awaited<ReturnType<typeof serveSite>>;
  try {
    served = await serveSite(booted, { build, port, production, pageCache: pageCacheFromEnv(), workerId: cluster.worker?.id });
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
    process.on(signal, async () => process.exit(await served.shutdown(signal, drainOptionsFromEnv())));
  }
}
