// Output pages over HTTP (docs/decisions/0016-output-types.md): the site resolves and renders a
// feed, a sitemap or robots.txt; this writes it with its Content-Type, Cache-Control for shared
// caches (the renderer's max-age), an ETag that conditional requests are answered 304 with, and no
// more: the page cache in front stores it and the compression middleware gzips it.
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../../runtime/types";
import type { Site } from "../site";
import { CACHE_CONTROL, entityTag, notModified, RETRY_AFTER_SECONDS, sharedFor, sharedPage } from "../../platform/caching";
import { siteOrigin } from "./site-origin";
import { keyHeaders } from "../purge/keys";
import { brandForHost } from "../../brands";
import { telemetryOf } from "../telemetry";

export function outputPages(site: Site, logger: Logger) {
  return async function outputPage(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      const { host, origin } = siteOrigin(req);
      // Joined, not resolved: a path like "//evil.example" stays a path on this site.
      const url = new URL(origin + req.originalUrl);
      const started = performance.now();
      const answer = await site.output(url, brandForHost(host).id, origin);
      if (!answer) return next();
      // Resolution and writing together: an output has no separate render step worth timing.
      res.setHeader("Server-Timing", `resolve;dur=${(performance.now() - started).toFixed(1)}`);
      if (answer.kind === "output") telemetryOf(res)?.answeredBy(answer.page);
      if (answer.kind === "redirect") {
        res.set("Cache-Control", CACHE_CONTROL.movedOutput).redirect(301, answer.location);
        return;
      }
      if (answer.kind === "missing") {
        const unavailable = answer.status === 503;
        res
          .status(answer.status)
          .set("Cache-Control", unavailable ? CACHE_CONTROL.none : sharedPage(answer.changesIn))
          .set(unavailable ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : {})
          .type("text/plain")
          .send(unavailable ? "Contenido no disponible por ahora; intente de nuevo en unos segundos." : "No encontrado.");
        return;
      }
      const body = Buffer.from(answer.output.body, "utf8");
      const etag = entityTag(body);
      res.status(200);
      res.setHeader("Content-Type", answer.output.contentType);
      // Kept no longer than until a publication window changes it (docs/decisions/0073-publication-schedules.md).
      res.setHeader("Cache-Control", sharedFor(answer.output.maxAgeSeconds, answer.changesIn));
      res.setHeader("ETag", etag);
      // The content the output is made of, for the CDN's purge by key (docs/decisions/0081-purge-by-content-key.md).
      for (const [name, value] of Object.entries(keyHeaders(answer.page.brand, answer.page.keys))) res.setHeader(name, value);
      if (notModified(req.headers["if-none-match"], etag)) {
        res.status(304).end();
        return;
      }
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      logger.error("salida: no se pudo escribir", { url: req.originalUrl.slice(0, 200), error: (error as Error)?.message ?? String(error) });
      if (!res.headersSent) res.status(500).set("Cache-Control", CACHE_CONTROL.none).type("text/plain").send("Error interno del servidor");
    }
  };
}
