// npm start: builds the app if needed, creates and seeds the content store if needed, and serves
// on PORT (default 3000). SIGTERM and SIGINT close the server gracefully.
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildFile, ensureBuild } from "../build";

// Production unless told otherwise. Set before React loads (the modules below are imported
// dynamically for that reason): React picks its production build from NODE_ENV when first loaded.
process.env.NODE_ENV ??= "production";
const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT || 3000);

ensureBuild(projectRoot, (message) => console.info(`[info] ${message}`));

const { boot } = await import("../boot");
const { pageCacheFromEnv } = await import("../http/page-cache");
const { serveSite } = await import("../http/serve");
const { drainOptionsFromEnv } = await import("../http/shutdown");
const { InvalidPagesError } = await import("../site");
const booted = await boot().catch((error) => {
  // Page problems are the operator's to fix: the list of them, without stack frames.
  if (!(error instanceof InvalidPagesError)) throw error;
  console.error(`[error] el servidor no arranca: ${error.message}`);
  process.exit(1);
});
const build = await import(pathToFileURL(buildFile(projectRoot)).href);
const { logger } = booted;
let served: Awaited<ReturnType<typeof serveSite>>;
try {
  served = await serveSite(booted, { build, port, production, pageCache: pageCacheFromEnv() });
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  logger.error(
    code === "EADDRINUSE" ? `el puerto ${port} ya está en uso: elija otro con PORT=…` : `no se pudo escuchar en el puerto ${port}: ${(error as Error).message}`,
  );
  await booted.close().catch(() => {});
  process.exit(1);
}
logger.info(`sirviendo en http://localhost:${port} (soho: http://soho.localhost:${port})`);
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, async () => process.exit(await served.shutdown(signal, drainOptionsFromEnv())));
}
