// Output pages over HTTP (docs/decisions/0016-output-types.md): the site resolves and renders a
// feed, a sitemap or robots.txt; this writes it with its Content-Type, Cache-Control for shared
// caches (the renderer's max-age), an ETag that conditional requests are answered 304 with, and no
// more: the page cache in front stores it and the compression middleware gzips it.
import { createHash } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "../../runtime/types";
import type { Site } from "../site";
import { notModified } from "./page-cache";
import { siteOrigin } from "./site-origin";

export const RETRY_AFTER_SECONDS = 30;

/** Cache-Control of an output: fresh for shared caches for its max-age, then served stale while refetched. */
export function outputCacheControl(maxAgeSeconds: number): string {
  return `public, max-age=0, s-maxage=${maxAgeSeconds}, stale-while-revalidate=${maxAgeSeconds * 10}, stale-if-error=86400`;
}

export function outputPages(site: Site, logger: Logger) {
  return async function outputPage(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    try {
      const { host, origin } = siteOrigin(req);
      // Joined, not resolved: a path like "//evil.example" stays a path on this site.
      const url = new URL(origin + req.originalUrl);
      const started = performance.now();
      const answer = await site.output(url, host, origin);
      if (!answer) return next();
      // Resolution and writing together: an output has no separate render step worth timing.
      res.setHeader("Server-Timing", `resolve;dur=${(performance.now() - started).toFixed(1)}`);
      if (answer.kind === "redirect") {
        res.set("Cache-Control", outputCacheControl(3600)).redirect(301, answer.location);
        return;
      }
      if (answer.kind === "missing") {
        const unavailable = answer.status === 503;
        res
          .status(answer.status)
          .set("Cache-Control", unavailable ? "no-store" : outputCacheControl(60))
          .set(unavailable ? { "Retry-After": String(RETRY_AFTER_SECONDS) } : {})
          .type("text/plain")
          .send(unavailable ? "Contenido no disponible por ahora; intente de nuevo en unos segundos." : "No encontrado.");
        return;
      }
      const body = Buffer.from(answer.output.body, "utf8");
      const etag = `W/"${createHash("sha1").update(body).digest("base64url")}"`;
      res.status(200);
      res.setHeader("Content-Type", answer.output.contentType);
      res.setHeader("Cache-Control", outputCacheControl(answer.output.maxAgeSeconds));
      res.setHeader("ETag", etag);
      if (notModified(req, etag)) {
        res.status(304).end();
        return;
      }
      res.end(req.method === "HEAD" ? undefined : body);
    } catch (error) {
      logger.error("salida: no se pudo escribir", { url: req.originalUrl.slice(0, 200), error: (error as Error)?.message ?? String(error) });
      if (!res.headersSent) res.status(500).set("Cache-Control", "no-store").type("text/plain").send("Error interno del servidor");
    }
  };
}
