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
const { createHttpApp } = await import("../http/app");
const { pageCacheFromEnv } = await import("../http/page-cache");
const booted = await boot();
const build = await import(pathToFileURL(buildFile(projectRoot)).href);
const { logger } = booted;
const app = createHttpApp({
  site: booted.site,
  accounts: booted.accounts,
  paywallViews: booted.paywallViews,
  pageCache: pageCacheFromEnv(),
  build,
  imagesDir: booted.imagesDir,
  production,
  logger,
});
const server = app.listen(port, () => {
  logger.info(`sirviendo en http://localhost:${port} (soho: http://soho.localhost:${port})`);
});
server.on("error", async (error: NodeJS.ErrnoException) => {
  logger.error(
    error.code === "EADDRINUSE" ? `el puerto ${port} ya está en uso: elija otro con PORT=…` : `no se pudo escuchar en el puerto ${port}: ${error.message}`,
  );
  await booted.close().catch(() => {});
  process.exit(1);
});

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info(`${signal}: cerrando…`);
  // Stop accepting connections, let requests in flight finish, then close the database.
  server.close(async () => {
    await booted.close().catch((error) => logger.error("error al cerrar la base de datos", { error: String(error?.message ?? error) }));
    process.exit(0);
  });
  server.closeIdleConnections?.();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
