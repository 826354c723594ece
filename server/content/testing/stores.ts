// Content stores for tests: in-memory PGlite, or a fresh schema on the local PostgreSQL server that
// is dropped afterwards. The same suites run on both.
import { openDatabase, type OpenOptions } from "../../../platform/database";
import type { SeedCorpus } from "../corpus";
import { createContentStore, type ContentStore } from "../store";

const POSTGRES_URL = process.env.TEST_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/test";
let counter = 0;

export const contentTestTargets: Array<[string, () => OpenOptions]> = [
  ["PGlite", () => ({})],
  ["PostgreSQL", () => ({ url: POSTGRES_URL, schema: `content_t_${process.pid}_${Date.now()}_${counter++}` })],
];

export interface TestStore {
  store: ContentStore;
  /** Closes the database and drops the PostgreSQL schema. */
  cleanup(): Promise<void>;
}

export async function openTestStore(options: OpenOptions, corpus?: SeedCorpus): Promise<TestStore> {
  const db = await openDatabase(options);
  const store = await createContentStore(db);
  if (corpus) await store.loadCorpus(corpus);
  return {
    store,
    async cleanup() {
      if (options.schema) await db.exec(`DROP SCHEMA IF EXISTS ${options.schema} CASCADE`);
      await db.close();
    },
  };
}
