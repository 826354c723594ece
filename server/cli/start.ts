// npm start: builds the app if needed, creates and seeds the content store if needed, and serves
// on PORT (default 3000). SIGTERM and SIGINT close the server gracefully.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

// Production unless told otherwise. Set before React loads (the modules below are imported
// dynamically for that reason): React picks its production build from NODE_ENV when first loaded.
process.env.NODE_ENV ??= "production";
const projectRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
const production = process.env.NODE_ENV === "production";
const port = Number(process.env.PORT || 3000);
const buildFile = path.join(projectRoot, "build", "index.js");

/** Newest modification time under these folders: the build is stale when a source is newer. */
function newestSource(): number {
  let newest = 0;
  for (const dir of ["server/app", "blocks", "runtime", "brands", "remix.config.js", "package-lock.json"]) {
    const full = path.join(projectRoot, dir);
    if (!fs.existsSync(full)) continue;
    const stat = fs.statSync(full);
    if (stat.isFile()) newest = Math.max(newest, stat.mtimeMs);
    else
      for (const file of fs.readdirSync(full, { recursive: true, encoding: "utf8" })) {
        if (!/\.test\.tsx?$/.test(file)) newest = Math.max(newest, fs.statSync(path.join(full, file)).mtimeMs);
      }
  }
  return newest;
}

if (!fs.existsSync(buildFile) || fs.statSync(buildFile).mtimeMs < newestSource()) {
  console.info("[server] compilando la aplicación (remix build)…");
  execFileSync(process.execPath, [path.join(projectRoot, "node_modules", "@remix-run", "dev", "dist", "cli.js"), "build"], {
    cwd: projectRoot,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

const { boot } = await import("../boot");
const { createHttpApp } = await import("../http/app");
const { pageCacheFromEnv } = await import("../http/page-cache");
const booted = await boot();
const build = await import(pathToFileURL(buildFile).href);
const app = createHttpApp({ site: booted.site, accounts: booted.accounts, pageCache: pageCacheFromEnv(), build, imagesDir: booted.imagesDir, production });
const server = app.listen(port, () => {
  console.info(`[server] sirviendo en http://localhost:${port} (soho: http://soho.localhost:${port})`);
});
server.on("error", async (error: NodeJS.ErrnoException) => {
  console.error(error.code === "EADDRINUSE" ? `[server] el puerto ${port} ya está en uso: elija otro con PORT=…` : `[server] no se pudo escuchar en el puerto ${port}: ${error.message}`);
  await booted.close().catch(() => {});
  process.exit(1);
});

let closing = false;
function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.info(`[server] ${signal}: cerrando…`);
  // Stop accepting connections, let requests in flight finish, then close the database.
  server.close(async () => {
    await booted.close().catch((error) => console.error("[server] error al cerrar la base de datos", error));
    process.exit(0);
  });
  server.closeIdleConnections?.();
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on("SIGTERM", () => shutdown("SIGTERM"));
process.on("SIGINT", () => shutdown("SIGINT"));
