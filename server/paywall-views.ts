// How often each article's paywall notice was shown, per day: the page reports it from the browser
// (blocks/_shared/enhance.ts sends a beacon), because shared caches serve the same notice many times
// for one render. A beacon counts only for an article of this site that is locked by its content
// code, and the senders are rate-limited. Operators read the counts at /_operador/muro-de-pago/.
import express from "express";
import { asDocument, sectionIds, text } from "../domain/ans";
import { hasControlCharacters } from "../domain/text";
import type { Logger } from "../runtime/types";
import { clientIp } from "../platform/request";
import { siteOrigin } from "./http/site-origin";
import { DatabaseRateLimiter, freeForEverybody, RedisRateLimiter, type LimitRule, type RedisAttempts } from "../accounts";
import type { Database } from "../platform/database";
import { operatorMayRead, sendReport } from "../platform/operator-reports";
import { metrics } from "../platform/metrics";
import { migrate, type Migration } from "../platform/migrations";
import type { Site } from "./site";
import { brandForHost } from "../brands";

export const PAYWALL_VIEW_PATH = "/_muro-de-pago/vista";
export const PAYWALL_REPORT_PATH = "/_operador/muro-de-pago/";
/** Beacons one address may send: a reader opening many locked articles, not a script. */
export const PAYWALL_VIEWS_PER_IP: LimitRule = { limit: 120, windowMs: 10 * 60 * 1000 };
const MAX_PATH_LENGTH = 512;
/** Days the report shows. */
const REPORT_DAYS = 7;

export const paywallMigrations: Migration[] = [
  {
    id: "paywall-001-views",
    sql: `
      CREATE TABLE paywall_views (
        day date NOT NULL,
        brand text NOT NULL,
        content_id text NOT NULL,
        path text NOT NULL,
        headline text,
        count bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (day, brand, content_id)
      );
    `,
  },
];

/** Today in Colombia, as the counts' day. */
function bogotaDay(now: Date): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "America/Bogota", year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
}

export async function createPaywallViews(options: {
  db: Database;
  site: Site;
  logger: Logger;
  operatorToken?: string;
  production: boolean;
  clock?: () => number;
  /** The shared Redis: the beacon's limit per address is counted there (the database while it is away). */
  redis?: RedisAttempts;
}) {
  const { db, site, logger } = options;
  const clock = options.clock ?? Date.now;
  await migrate(db, paywallMigrations);
  const database = new DatabaseRateLimiter(db, clock);
  const limiter = options.redis ? new RedisRateLimiter(options.redis, database) : database;
  const router = express.Router();

  // The beacon's body, refused as 400 (without a stack in the log) when it is not a small JSON object.
  const beaconBody = express.json({ limit: "2kb", type: () => true });
  const readBeacon: express.RequestHandler = (req, res, next) =>
    beaconBody(req, res, (error?: unknown) => {
      if (!error) return next();
      const tooLarge = (error as { type?: string }).type === "entity.too.large";
      res.status(400).json({ error: tooLarge ? "el cuerpo pasa de 2 KB" : "el cuerpo debe ser un objeto JSON { path }" });
    });
  router.post(PAYWALL_VIEW_PATH, readBeacon, async (req, res) => {
    try {
      const body: unknown = req.body;
      if (typeof body !== "object" || body === null || Array.isArray(body)) {
        res.status(400).json({ error: "el cuerpo debe ser un objeto JSON { path }" });
        return;
      }
      const path = typeof (body as { path?: unknown }).path === "string" ? (body as { path: string }).path : "";
      if (!path.startsWith("/") || path.length > MAX_PATH_LENGTH || hasControlCharacters(path)) {
        res.status(400).json({ error: "path debe ser la ruta de un artículo (texto que empieza por /, de hasta 512 caracteres)" });
        return;
      }
      if (!(await limiter.hit(`muro:ip:${clientIp(req)}`, PAYWALL_VIEWS_PER_IP)).allowed) {
        res.status(429).json({ error: "demasiados avisos desde esta dirección" });
        return;
      }
      // The one host of the request (server/http/site-origin.ts): a forwarded host only from a trusted proxy.
      const found = await site.articleAt(path, brandForHost(siteOrigin(req).host).id);
      const article = asDocument(found?.document);
      const code = typeof article?.content_restrictions?.content_code === "string" ? article.content_restrictions.content_code : null;
      if (!found || !article || freeForEverybody(code, sectionIds(article))) {
        res.status(404).json({ error: "no hay un artículo bloqueado en esa ruta" });
        return;
      }
      await db.query(
        `INSERT INTO paywall_views (day, brand, content_id, path, headline, count) VALUES ($1, $2, $3, $4, $5, 1)
         ON CONFLICT (day, brand, content_id) DO UPDATE SET count = paywall_views.count + 1`,
        [bogotaDay(new Date(clock())), found.brand, text(article._id) ?? path, path, text(article.headlines?.basic) ?? null],
      );
      metrics.paywallViews.inc({ brand: found.brand });
      res.status(204).end();
    } catch (error) {
      logger.error("muro de pago: no se pudo contar la vista", { error: (error as Error)?.message ?? String(error) });
      res.status(500).json({ error: "no se pudo registrar" });
    }
  });

  // The operators' report: outside production, or with OPERATOR_TOKEN as a bearer token.
  router.get(PAYWALL_REPORT_PATH, async (req, res) => {
    if (!operatorMayRead(req, res, options)) return;
    const since = bogotaDay(new Date(clock() - (REPORT_DAYS - 1) * 86_400_000));
    const { rows } = await db.query<{ day: string; brand: string; content_id: string; path: string; headline: string | null; count: string }>(
      "SELECT to_char(day, 'YYYY-MM-DD') AS day, brand, content_id, path, headline, count FROM paywall_views WHERE day >= $1 ORDER BY day DESC, count DESC, content_id LIMIT 500",
      [since],
    );
    sendReport(req, res, {
      title: `Avisos del muro de pago (últimos ${REPORT_DAYS} días)`,
      columns: ["Día", "Marca", "Artículo", "Avisos"],
      rows: rows.map((r) => [r.day, r.brand, { text: r.headline ?? r.content_id, href: r.path }, Number(r.count)]),
      empty: "Sin avisos todavía.",
      json: rows.map((row) => ({ ...row, count: Number(row.count) })),
    });
  });
  return router;
}
