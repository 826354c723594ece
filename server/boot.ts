// Start-up: open (and on first start create and seed) the content store and its images, choose the
// content sources' backend, validate every page definition once, and build the site.
import path from "node:path";
import type { Router } from "express";
import { ContentCache, type CacheStore } from "../runtime/cache";
import type { Logger } from "../runtime/types";
import { accountsMigrations, createAccountsRouter } from "../accounts";
import { cacheStores } from "./cache";
import { ensureSeeded } from "./content/setup";
import { contentMigrations } from "./content/migrations";
import { createContentStore } from "./content/store";
import { createContentSources } from "./content/sources";
import type { SeedCorpus } from "./content/corpus";
import { generateCorpus } from "./content/seed";
import { dataDir, databaseOptions, openDatabase, type OpenOptions } from "../platform/database";
import type { CachedPage } from "./http/page-cache";
import { generateSourceImages } from "./images/images";
import { seedMoment as seedMomentOf, siteClock } from "./clock";
import { loggerFor, throttledLogger, withTraceIds } from "../platform/log";
import { createPaywallViews, paywallMigrations } from "./paywall-views";
import { editorToolsEnabled } from "./editor/access";
import { liveSite, type SiteFactory } from "./editor/live-site";
import { createWorkspace, type Workspace } from "./editor/workspace";
import { pagesDir, projectRegistry } from "./project";
import type { Settings } from "../platform/settings";
import { loadLayoutRules, loadPages } from "./load-pages";
import { createSite, type Site } from "./site";
import type { PurgeMarks } from "../runtime/purge";
import { contentChanges } from "./purge";
import { answerKeys } from "./purge/keys";
import { contentWebhook } from "./purge/webhook";
import { fetchObserver, startTracing, type Tracing } from "./telemetry";

export interface Booted {
  site: Site;
  /** Identity and sales APIs (and the development mailbox), on the same database. */
  accounts: Router;
  /** The paywall notices' beacon and the operators' report of them. */
  paywallViews: Router;
  /** Where the page cache keeps pages: this process's memory, or Redis with REDIS_URL (server/cache). */
  pageStore: CacheStore<CachedPage>;
  /** This process's purged content keys, which the content and page caches consult (docs/decisions/0081-purge-by-content-key.md). */
  purges: PurgeMarks;
  /** The signed content webhook, when CONTENT_WEBHOOK_SECRET is set (server/purge/webhook.ts). */
  contentWebhook?: Router;
  imagesDir: string;
  logger: Logger;
  /** Traces over OTLP, with OTEL_EXPORTER_OTLP_ENDPOINT (server/telemetry); otherwise absent and never loaded. */
  tracing?: Tracing;
  /** The settings read at start (platform/settings.ts). */
  settings: Settings;
  /** Readiness: the database answers, every migration is applied, the pages are loaded. */
  ready(): Promise<Readiness>;
  close(): Promise<void>;
  /** The editors' tools (page editor, catalogue, live preview) when they are on; undefined in production. */
  editor?: Workspace;
}

export interface Readiness {
  ready: boolean;
  /** "ok" or what is wrong, per check. */
  checks: { database: string; migrations: string; pages: string; shutdown?: string };
}

/** Repeated warnings of the resolver and the content cache are written once per this interval. */
const SOURCE_LOG_INTERVAL_MS = 60_000;

/** How long the database may take to answer a readiness check. */
const READY_TIMEOUT_MS = 2000;

export interface BootOptions {
  /** The database to open instead of the environment's (DATABASE_URL, else PGlite in DATA_DIR); tests open one in memory. */
  database?: OpenOptions;
  /**
   * The corpus a new content store is seeded with, given the moment of seeding (default: the generated
   * corpus dated back from that moment, so a store created any day reads as that day's news).
   */
  makeCorpus?: (seededAt: Date) => SeedCorpus | Promise<SeedCorpus>;
  /** Draw the source images on first start (default true; tests that render no images skip it). */
  drawImages?: boolean;
  /** The site's clock (default: SITE_NOW's, server/clock.ts, else the system's); tests fix it to their corpus's "now". */
  now?: () => Date;
  /** The moment of seeding (default: SEED_NOW, else SITE_NOW's instant, else the system's clock; server/clock.ts). */
  seedMoment?: () => Date;
}

/** Starts the site on the settings read at start (platform/settings.ts: readSettings). */
export async function boot(settings: Settings, givenLogger?: Logger, options: BootOptions = {}): Promise<Booted> {
  const started = performance.now();
  const tracing = await startTracing(settings);
  // While a request is traced, its log lines carry the trace's ids.
  const baseLogger = givenLogger ?? loggerFor(settings);
  const logger = tracing ? withTraceIds(baseLogger, () => tracing.current()) : baseLogger;
  const now = options.now ?? siteClock(settings);
  if (!options.now && now) logger.warn(`el reloj del sitio empieza en ${now().toISOString()} (SITE_NOW), no en la hora del sistema`);
  const seedMoment = options.seedMoment ?? seedMomentOf(settings);
  const makeCorpus = options.makeCorpus ?? ((seededAt: Date) => generateCorpus({ now: seededAt }));
  // The content cache's and the page cache's stores: memory, or Redis shared by every process with REDIS_URL.
  const caches = cacheStores(settings, logger, SOURCE_LOG_INTERVAL_MS);
  // One database for content, accounts and sales: PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL.
  const db = await openDatabase({ ...(options.database ?? databaseOptions(settings)), logger }).catch(async (error) => {
    await Promise.all([caches.close(), tracing?.shutdown()]);
    throw error;
  });
  const imagesDir = path.join(dataDir(settings), "images");
  // Content changes purge every process's caches (Redis pub/sub, else PostgreSQL notifications) and the CDNs.
  const changes = await contentChanges(settings, { db, redis: caches.redis, logger, listen: true });
  try {
    const store = await createContentStore(db, { changed: changes.purge });
    await Promise.all([ensureSeeded(store, () => makeCorpus(seedMoment()), { logger }), options.drawImages === false ? null : generateSourceImages(imagesDir)]);
    const accounts = await createAccountsRouter({
      db,
      logger,
      publicOrigin: settings.PUBLIC_ORIGIN ?? `http://localhost:${settings.PORT}`,
      settings,
      redis: caches.redis,
    });
    const registry = projectRegistry(createContentSources(settings, store, { logger }));
    // A source that is down fails on every request: its warnings are written once a minute.
    const siteLogger = throttledLogger(logger, SOURCE_LOG_INTERVAL_MS);
    const pagesFolder = settings.PAGES_DIR ? path.resolve(settings.PAGES_DIR) : pagesDir;
    const pages = loadPages(registry, pagesFolder);
    const layoutRules = loadLayoutRules(pages, pagesFolder);
    const contentCache = new ContentCache(caches.content, { logger: siteLogger, tagger: answerKeys, purges: changes.marks });
    // The sources' fetches in the request's trace, and in the metrics.
    const observer = fetchObserver(tracing);
    const makeSite: SiteFactory = (pages, layoutRules, overrides = {}) =>
      createSite({
        registry: overrides.registry ?? registry,
        pages,
        layoutRules,
        cache: overrides.cache ?? contentCache,
        logger: siteLogger,
        entitlement: accounts.entitlementFor,
        now: overrides.now ?? now,
        observer,
      });
    // With the editors' tools on (outside production, or EDITOR=1), a site whose pages are swapped on
    // every good save (docs/decisions/0018-editor-tools.md); otherwise the pages of the start, for good.
    const editor = editorToolsEnabled(settings)
      ? createWorkspace({
          pagesDir: pagesFolder,
          site: liveSite(makeSite(pages, layoutRules)),
          makeSite,
          registry,
          logger,
          store,
          pollFiles: settings.PAGES_WATCH_POLL === "1",
        })
      : undefined;
    const site = editor?.site ?? makeSite(pages, layoutRules);
    const paywallViews = await createPaywallViews({
      db,
      site,
      logger,
      operatorToken: settings.OPERATOR_TOKEN,
      production: settings.NODE_ENV === "production",
      redis: caches.redis,
    });
    const expectedMigrations = [...contentMigrations, ...accountsMigrations, ...paywallMigrations].map((m) => m.id);
    let closed = false;
    async function ready(): Promise<Readiness> {
      const checks = { database: "ok", migrations: "ok", pages: site.pageCount() > 0 ? "ok" : "no hay definiciones de página cargadas" };
      try {
        if (closed) throw new Error("cerrada");
        const { rows } = await withTimeout(db.query<{ id: string }>("SELECT id FROM schema_migrations"), READY_TIMEOUT_MS);
        const applied = new Set(rows.map((row) => row.id));
        const missing = expectedMigrations.filter((id) => !applied.has(id));
        if (missing.length) checks.migrations = `faltan migraciones: ${missing.join(", ")}`;
      } catch (error) {
        // Plain words for whoever polls /readyz; the driver's own text (addresses, users) only in the log.
        checks.database = closed ? "la base de datos está cerrada" : "la base de datos no responde";
        checks.migrations = "sin comprobar";
        if (!closed) siteLogger.warn("preparado: la base de datos no responde", { error: (error as Error)?.message ?? String(error) });
      }
      return { ready: Object.values(checks).every((check) => check === "ok"), checks };
    }
    logger.info("servidor listo", { ms: Math.round(performance.now() - started) });
    return {
      site,
      accounts,
      paywallViews,
      pageStore: caches.pages,
      purges: changes.marks,
      contentWebhook: settings.CONTENT_WEBHOOK_SECRET ? contentWebhook({ secret: settings.CONTENT_WEBHOOK_SECRET, purge: changes.purge, logger }) : undefined,
      imagesDir,
      editor,
      logger,
      tracing,
      settings,
      ready,
      close: async () => {
        if (closed) return;
        closed = true;
        editor?.close();
        await accounts.close();
        await changes.close();
        await Promise.all([db.close(), caches.close(), tracing?.shutdown()]);
      },
    };
  } catch (error) {
    await changes.close().catch(() => {});
    await Promise.all([db.close().catch(() => {}), caches.close(), tracing?.shutdown()]);
    throw error;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
