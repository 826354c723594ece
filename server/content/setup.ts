// Opening the content store for the server and seeding it on first start.
import { databaseOptionsFromEnv, openDatabase, type OpenOptions } from "../db/database";
import type { SeedCorpus } from "./corpus";
import { createContentStore, type ContentStore, type CorpusLoadSummary } from "./store";

export interface OpenContentStoreOptions {
  /** Where the database is; default: from the environment (DATABASE_URL, else PGlite in DATA_DIR). */
  database?: OpenOptions;
  env?: NodeJS.ProcessEnv;
}

/** Opens the database and the content store on it, applying the content migrations. */
export async function openContentStore(options: OpenContentStoreOptions = {}): Promise<ContentStore> {
  const db = await openDatabase(options.database ?? databaseOptionsFromEnv(options.env ?? process.env));
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
  options: { log?: (message: string) => void } = {},
): Promise<SeedResult> {
  const log = options.log ?? ((message: string) => console.info(`[content] ${message}`));
  if (!(await store.isEmpty())) return { seeded: false, ms: 0 };
  const started = performance.now();
  const corpus = await makeCorpus();
  const generated = performance.now();
  const counts = await store.loadCorpus(corpus);
  const ms = Math.round(performance.now() - started);
  log(
    `contenido sembrado en ${ms} ms (generado en ${Math.round(generated - started)} ms): ` +
      `${counts.documents} documentos, ${counts.authors} autores, ${counts.sections} secciones, ` +
      `${counts.navigation} menús, ${counts.collections} colecciones`,
  );
  return { seeded: true, ms, counts };
}
