// Start-up: open (and on first start create and seed) the content store and its images, choose the
// content sources' backend, validate every page definition once, and build the site.
import path from "node:path";
import type { Router } from "express";
import { ContentCache, MemoryCacheStore } from "../runtime/cache";
import type { Logger } from "../runtime/types";
import { createAccountsRouter } from "./accounts";
import { accountsMigrations } from "./accounts/migrations";
import { ensureSeeded } from "./content/setup";
import { contentMigrations } from "./content/migrations";
import { createContentStore } from "./content/store";
import { createContentSources } from "./content/sources";
import type { SeedCorpus } from "./content/corpus";
import { generateCorpus } from "./content/seed";
import { dataDir, databaseOptionsFromEnv, openDatabase } from "./db/database";
import { generateSourceImages } from "./images/images";
import { loggerFromEnv, throttledLogger } from "./log";
import { createPaywallViews, paywallMigrations } from "./paywall-views";
import { projectRegistry } from "./project";
import { createSite, loadLayoutRules, loadPages, type Site } from "./site";

export interface Booted {
  site: Site;
  /** Identity and sales APIs (and the development mailbox), on the same database. */
  accounts: Router;
  /** The paywall notices' beacon and the operators' report of them. */
  paywallViews: Router;
  imagesDir: string;
  logger: Logger;
  /** Readiness: the database answers, every migration is applied, the pages are loaded. */
  ready(): Promise<Readiness>;
  close(): Promise<void>;
}

export interface Readiness {
  ready: boolean;
  /** "ok" or what is wrong, per check. */
  checks: { database: string; migrations: string; pages: string; shutdown?: string };
}

/** Repeated warnings of the resolver and the content cache are written once per this interval. */
export const SOURCE_LOG_INTERVAL_MS = 60_000;

/** How long the database may take to answer a readiness check. */
export const READY_TIMEOUT_MS = 2000;

export interface BootOptions {
  /** The corpus a new content store is seeded with (default: the generated corpus). */
  makeCorpus?: () => SeedCorpus | Promise<SeedCorpus>;
  /** Draw the source images on first start (default true; tests that render no images skip it). */
  drawImages?: boolean;
}

export async function boot(env: NodeJS.ProcessEnv = process.env, logger: Logger = loggerFromEnv(env), options: BootOptions = {}): Promise<Booted> {
  const started = performance.now();
  // One database for content, accounts and sales: PGlite in DATA_DIR, or PostgreSQL with DATABASE_URL.
  const db = await openDatabase({ ...databaseOptionsFromEnv(env), logger });
  const imagesDir = path.join(dataDir(env), "images");
  try {
    const store = await createContentStore(db);
    await Promise.all([
      ensureSeeded(store, options.makeCorpus ?? (() => generateCorpus()), { logger }),
      options.drawImages === false ? null : generateSourceImages(imagesDir),
    ]);
    const accounts = await createAccountsRouter({ db, logger, publicOrigin: env.PUBLIC_ORIGIN ?? `http://localhost:${env.PORT || 3000}`, env });
    const registry = projectRegistry(createContentSources(env, store, { logger }));
    // A source that is down fails on every request: its warnings are written once a minute.
    const siteLogger = throttledLogger(logger, SOURCE_LOG_INTERVAL_MS);
    const pages = loadPages(registry);
    const site = createSite({
      registry,
      pages,
      layoutRules: loadLayoutRules(pages),
      cache: new ContentCache(new MemoryCacheStore(), { logger: siteLogger }),
      logger: siteLogger,
      entitlement: accounts.entitlementFor,
    });
    const paywallViews = await createPaywallViews({ db, site, logger, operatorToken: env.OPERATOR_TOKEN, production: env.NODE_ENV === "production" });
    const expectedMigrations = [...contentMigrations, ...accountsMigrations, ...paywallMigrations].map((m) => m.id);
    let closed = false;
    async function ready(): Promise<Readiness> {
      const checks = { database: "ok", migrations: "ok", pages: site.pageCount() > 0 ? "ok" : "no hay definiciones de página cargadas" };
      try {
        if (closed) throw new Error("la base de datos está cerrada");
        const { rows } = await withTimeout(db.query<{ id: string }>("SELECT id FROM schema_migrations"), READY_TIMEOUT_MS);
        const applied = new Set(rows.map((row) => row.id));
        const missing = expectedMigrations.filter((id) => !applied.has(id));
        if (missing.length) checks.migrations = `faltan migraciones: ${missing.join(", ")}`;
      } catch (error) {
        checks.database = `la base de datos no responde: ${(error as Error)?.message ?? String(error)}`;
        checks.migrations = "sin comprobar";
      }
      return { ready: Object.values(checks).every((check) => check === "ok"), checks };
    }
    logger.info("servidor listo", { ms: Math.round(performance.now() - started) });
    return {
      site,
      accounts,
      paywallViews,
      imagesDir,
      logger,
      ready,
      close: async () => {
        if (closed) return;
        closed = true;
        await accounts.close();
        await db.close();
      },
    };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`sin respuesta en ${ms} ms`)), ms)));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
