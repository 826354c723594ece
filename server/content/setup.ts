// Opening the content store for the server and seeding it on first start.
import { databaseOptions, openDatabase, type OpenOptions } from "../../platform/database";
import { readSettings } from "../../platform/settings";
import type { SeedCorpus } from "./corpus";
import { createContentStore, type ContentStore } from "./store";
import type { CorpusLoadSummary } from "./store-writes";
import type { Logger } from "../../runtime/types";
import { processLogger } from "../../platform/log";

export interface OpenContentStoreOptions {
  /** Where the database is; default: the settings' (DATABASE_URL, else PGlite in DATA_DIR). */
  database?: OpenOptions;
}

/** Opens the database and the content store on it, applying the content migrations. */
export async function openContentStore(options: OpenContentStoreOptions = {}): Promise<ContentStore> {
  const db = await openDatabase(options.database ?? databaseOptions(readSettings()));
  try {
    return await createContentStore(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
}

export interface SeedResult {
  seeded: boolean;
  /** Milliseconds spent generating and loading; 0 when the store already had content. */
  ms: number;
  counts?: CorpusLoadSummary;
}

/**
 * Seeds the store from the corpus maker when it holds no document; a store with content is left
 * as it is, so imported or edited content survives restarts.
 */
export async function ensureSeeded(
  store: ContentStore,
  makeCorpus: () => Promise<SeedCorpus> | SeedCorpus,
  options: { logger?: Logger } = {},
): Promise<SeedResult> {
  const logger = options.logger ?? processLogger();
  if (!(await store.isEmpty())) return { seeded: false, ms: 0 };
  const started = performance.now();
  const corpus = await makeCorpus();
  const generated = performance.now();
  const counts = await store.loadCorpus(corpus);
  const ms = Math.round(performance.now() - started);
  logger.info("contenido sembrado", {
    ms,
    generatedMs: Math.round(generated - started),
    documents: counts.documents,
    authors: counts.authors,
    sections: counts.sections,
    menus: counts.navigation,
    collections: counts.collections,
  });
  return { seeded: true, ms, counts };
}
