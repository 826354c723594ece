// The corpus the end-to-end server seeds (generateCorpus(), dated DEFAULT_NOW: playwright.config.ts),
// generated once per process and shared by the specs: Playwright loads every spec to list the tests
// before it starts the servers, and each generation takes most of a second. Read it, never change it.
import type { SeedCorpus } from "../../server/content/corpus";
import { generateCorpus } from "../../server/content/seed";

export const seededCorpus: SeedCorpus = generateCorpus();
