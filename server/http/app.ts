// The HTTP server: built assets with long-lived caching, images, and the Remix handler with the
// site in every loader's context. Framework code stays this thin on purpose.
import path from "node:path";
import { createRequestHandler } from "@remix-run/express";
import type { ServerBuild } from "@remix-run/node";
import compression from "compression";
import express, { type Router } from "express";
import { createImagesRouter } from "../images/router";
import { carriesIdentity } from "../paywall";
import { createPageCache, type PageCacheOptions } from "./page-cache";
import { projectRoot } from "../project";
import type { Site } from "../site";
import type { LoadContext } from "../app/load-context";
import type { Logger } from "../../runtime/types";

export function createHttpApp(options: {
  site: Site;
  accounts: Router;
  paywallViews: Router;
  build: ServerBuild;
  imagesDir: string;
  production: boolean;
  pageCache: PageCacheOptions;
  logger: Logger;
}) {
  const { logger } = options;
  const app = express();
  app.disable("x-powered-by");
  // Client addresses (rate limits) come from X-Forwarded-For only when it is set by a proxy we trust:
  // by default one on this machine; TRUST_PROXY names others (Express "trust proxy" syntax).
  app.set("trust proxy", process.env.TRUST_PROXY || "loopback");
  app.use(compression());
  // A path with broken percent-encoding names nothing: say so instead of failing deeper down.
  app.use((req, res, next) => {
    try {
      decodeURIComponent(req.path);
      next();
    } catch {
      res
        .status(400)
        .type("text/plain")
        .send(`Dirección mal formada: ${req.path.slice(0, 200)}`);
    }
  });
  // Fingerprinted bundles never change: cache them for a year.
  app.use("/build", express.static(path.join(projectRoot, "public", "build"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(path.join(projectRoot, "public"), { maxAge: "1h" }));
  app.use(createImagesRouter(options.imagesDir, logger));
  app.use(options.accounts);
  app.use(options.paywallViews);
  app.get("/healthz", (_req, res) => {
    res.type("text/plain").send("ok");
  });
  // ?debug=blocks is available outside production, or when BLOCKS_DEBUG=1 asks for it (tests).
  // A reader's own pages (their identity decides the paywall) never come from or go to the shared cache.
  app.use(createPageCache({ ...options.pageCache, bypass: (req) => carriesIdentity(req.get("cookie")) }));
  const debug = !options.production || process.env.BLOCKS_DEBUG === "1";
  app.all(
    "*",
    createRequestHandler({
      build: options.build,
      mode: options.production ? "production" : "development",
      // A fresh context per request: the loader leaves the resolved page in it for the document's render.
      getLoadContext: () => ({ site: options.site, logger, debug, rendered: {} }) satisfies LoadContext as any,
    }),
  );
  // Anything that escaped the handlers: log it, answer 500, keep serving.
  app.use((error: Error, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    logger.error("http: error no controlado", { method: _req.method, url: _req.originalUrl, stack: error?.stack ?? String(error) });
    if (!res.headersSent) res.status(500).type("text/plain").send("Error interno del servidor");
  });
  return app;
}
