// Start-up: open (and on first start create and seed) the content store and its images, choose the
// content sources' backend, validate every page definition once, and build the site.
import path from "node:path";
import type { Router } from "express";
import { ContentCache, MemoryCacheStore } from "../runtime/cache";
import type { Logger } from "../runtime/types";
import { createAccountsRouter } from "./accounts";
import { ensureSeeded } from "./content/setup";
import { createContentStore } from "./content/store";
import { createContentSources } from "./content/sources";
import type { SeedCorpus } from "./content/corpus";
import { generateCorpus } from "./content/seed";
import { dataDir, databaseOptionsFromEnv, openDatabase } from "./db/database";
import { generateSourceImages } from "./images/images";
import { loggerFromEnv } from "./log";
import { createPaywallViews } from "./paywall-views";
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
  close(): Promise<void>;
}

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
    const site = createSite({
      registry,
      pages: loadPages(registry),
      layoutRules: loadLayoutRules(),
      cache: new ContentCache(new MemoryCacheStore(), { logger }),
      logger,
      entitlement: accounts.entitlementFor,
    });
    const paywallViews = await createPaywallViews({ db, site, logger, operatorToken: env.OPERATOR_TOKEN, production: env.NODE_ENV === "production" });
    logger.info("servidor listo", { ms: Math.round(performance.now() - started) });
    return { site, accounts, paywallViews, imagesDir, logger, close: () => db.close() };
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}
