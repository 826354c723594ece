// Start-up: open (and on first start create and seed) the content store and its images, choose the
// content sources' backend, validate every page definition once, and build the site.
import path from "node:path";
import { ContentCache, MemoryCacheStore } from "../runtime/cache";
import type { Logger } from "../runtime/types";
import { ensureSeeded, openContentStore } from "./content/setup";
import { createContentSources } from "./content/sources";
import { generateCorpus } from "./content/seed";
import { dataDir } from "./db/database";
import { ensureSourceImages } from "./images/images";
import { projectRegistry } from "./project";
import { createSite, loadLayoutRules, loadPages, type Site } from "./site";

export interface Booted {
  site: Site;
  imagesDir: string;
  close(): Promise<void>;
}

export const consoleLogger: Logger = {
  info: (message, fields) => console.info(`[info] ${message}`, fields ? JSON.stringify(fields) : ""),
  warn: (message, fields) => console.warn(`[warn] ${message}`, fields ? JSON.stringify(fields) : ""),
  error: (message, fields) => console.error(`[error] ${message}`, fields ? JSON.stringify(fields) : ""),
};

/** Quiet on success: resolution logs only warnings and errors. */
export const serverLogger: Logger = { ...consoleLogger, info: () => {} };

export async function boot(env: NodeJS.ProcessEnv = process.env, logger: Logger = serverLogger): Promise<Booted> {
  const started = performance.now();
  const store = await openContentStore({ env });
  const imagesDir = path.join(dataDir(env), "images");
  try {
    await Promise.all([
      ensureSeeded(store, () => generateCorpus(), { log: (m) => console.info(`[content] ${m}`) }),
      ensureSourceImages(imagesDir),
    ]);
    const registry = projectRegistry(createContentSources(env, store));
    const site = createSite({
      registry,
      pages: loadPages(registry),
      layoutRules: loadLayoutRules(),
      cache: new ContentCache(new MemoryCacheStore(), { logger }),
      logger,
    });
    console.info(`[server] listo en ${Math.round(performance.now() - started)} ms`);
    return { site, imagesDir, close: () => store.close() };
  } catch (error) {
    await store.close().catch(() => {});
    throw error;
  }
}
