// Every block declares, in its catalogue.json ("ansFields"), the ANS fields its server half reads
// (docs/architecture.md#ans-fields). Each block's catalogue examples are run as the runtime runs
// them: `fetch` (and `followUp`) asked of the real content sources (local backend, PGlite, a small
// generated corpus), then `transform` with every ANS document it gets (list items, collections,
// galleries, the page's article) wrapped in a Proxy that records each field read. The test fails
// naming the block and each field read but not declared, and each declared field never read.
import { blockServers } from "./index.server";
import type { SeedCorpus } from "../server/content/corpus";
import { generateCorpus } from "../server/content/seed";
import { createContentSources } from "../server/content/sources";
import { openTestStore, type TestStore } from "../server/content/testing/stores";
import { projectRegistry, projectValidator, schemaInput } from "../server/project";
import { pageMigrations } from "../server/page-migrations";
import { readCatalogue } from "../server/editor/catalogue";
import { readSettings } from "../platform/settings";
import { currentVersion } from "../tooling/migrate";
import { buildSettingsSchemas } from "../tooling/schema-builder";
import { DEFAULT_BRAND } from "../domain/brands";
import type { BlockFetches, BlockServer, PageContext } from "../runtime/types";
import type { Registry } from "../runtime/registry";

const corpus: SeedCorpus = generateCorpus({ scale: 0.5 });
const logger = { info() {}, warn() {}, error() {} };
let testStore: TestStore;
let registry: Registry;

beforeAll(async () => {
  testStore = await openTestStore({}, corpus);
  registry = projectRegistry(createContentSources(readSettings({ CONTENT_BACKEND: "local" }), testStore.store, { logger }));
});
afterAll(() => testStore?.cleanup());

// ---- Recording reads ----

/** Keys that tooling asks of any object (JSON.stringify, await): not fields of the document. */
const NOT_FIELDS = new Set(["toJSON", "then", "constructor", "$$typeof"]);

/**
 * A view of an ANS document that adds to `reads` the dotted path of every field asked of it
 * ("headlines.basic", "taxonomy.sections[]._id"; a field asked but absent counts as read).
 */
function recording(value: unknown, reads: Set<string>, path = "", cache = new Map<string, Map<object, object>>()): any {
  if (value === null || typeof value !== "object") return value;
  const byTarget = cache.get(path) ?? new Map<object, object>();
  cache.set(path, byTarget);
  const known = byTarget.get(value);
  if (known) return known;
  const child = (key: string) => (Array.isArray(value) ? `${path}[]` : path ? `${path}.${key}` : key);
  const isField = (target: object, key: string | symbol): key is string => {
    if (typeof key === "symbol" || NOT_FIELDS.has(key)) return false;
    if (Array.isArray(target)) return /^\d+$/.test(key);
    // Methods every object inherits (hasOwnProperty) are not fields; a missing field is.
    return Object.hasOwn(target, key) || !(key in target);
  };
  const proxy = new Proxy(value, {
    get(target, key, receiver) {
      const result = Reflect.get(target, key, receiver);
      if (Array.isArray(target) && key === "length") reads.add(`${path}[]`);
      if (!isField(target, key)) return result;
      reads.add(child(key));
      return recording(result, reads, child(key), cache);
    },
    has(target, key) {
      if (isField(target, key)) reads.add(child(key));
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      if (path) reads.add(Array.isArray(target) ? `${path}[]` : path);
      return Reflect.ownKeys(target);
    },
  });
  byTarget.set(value, proxy);
  return proxy;
}

const isDocument = (value: any) => value && typeof value === "object" && typeof value._id === "string" && typeof value.type === "string";

/**
 * An answer with its ANS documents recording: a document (a collection, a gallery, an article), or a
 * list whose items are (content_elements of a feed; hits[].document of a search). Other answers
 * (sections, navigation trees, authors, read counts, YouTube's) are not ANS and stay as they are.
 */
function recordingAnswer(answer: any, reads: Set<string>): { answer: any; documents?: number } {
  if (answer === null || typeof answer !== "object") return { answer };
  if (isDocument(answer)) return { answer: recording(answer, reads), documents: 1 };
  if (answer.type === "results" && Array.isArray(answer.content_elements) && answer.content_elements.every(isDocument)) {
    return {
      answer: { ...answer, content_elements: answer.content_elements.map((item: unknown) => recording(item, reads)) },
      documents: answer.content_elements.length,
    };
  }
  if (Array.isArray(answer.hits)) {
    return {
      answer: { ...answer, hits: answer.hits.map((hit: any) => ({ ...hit, document: recording(hit.document, reads) })) },
      documents: answer.hits.length,
    };
  }
  return { answer };
}

/** The leaves of what was read: a path read only on the way to a deeper one is not listed. */
function leaves(reads: Set<string>): string[] {
  const all = [...reads];
  return all.filter((read) => !all.some((other) => other !== read && (other.startsWith(`${read}.`) || other.startsWith(`${read}[]`)))).sort();
}

/** A read is covered by a declared field that is it, or deeper (the document read had nothing further). */
function ansFieldCovers(field: string, read: string): boolean {
  return field === read || field.startsWith(`${read}.`) || field.startsWith(`${read}[]`);
}

/** A declared field was read when a read is on it, on the way to it, or (it names a whole value) under it. */
function ansFieldReached(field: string, read: string): boolean {
  return ansFieldCovers(field, read) || read.startsWith(`${field}.`) || read.startsWith(`${field}[]`);
}

// ---- Running a block ----

const answers = new Map<string, Promise<unknown>>();
function ask(spec: { source: string; query: unknown }): Promise<unknown> {
  const key = JSON.stringify([spec.source, spec.query]);
  if (!answers.has(key)) {
    const source = registry.sources.get(spec.source);
    if (!source || !("fetch" in source)) throw new Error(`fuente desconocida: ${spec.source}`);
    answers.set(key, source.fetch(spec.query, { signal: new AbortController().signal }));
  }
  return answers.get(key)!;
}

async function answersOf(fetches: BlockFetches | undefined): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(fetches ?? {})) {
    try {
      out[name] = await ask(spec);
    } catch (error) {
      if (!spec.optional) throw new Error(`${name} (${spec.source}): ${(error as Error).message}`, { cause: error });
    }
  }
  return out;
}

/** The articles a block on an article page may get: one of each type and subtype of the corpus. */
function articlesFor(brand: string): unknown[] {
  const kinds = new Map<string, any>();
  for (const doc of corpus.documents) {
    const kind = `${doc.type}:${doc.subtype ?? ""}`;
    const mine = doc.canonical_website === brand;
    if (!kinds.has(kind) || (mine && kinds.get(kind).canonical_website !== brand)) kinds.set(kind, doc);
  }
  return [...kinds.values()];
}

/** Route parameters naming what the corpus holds: a section, a tag, a day of the archive. */
function paramsFor(brand: string): Record<string, string> {
  const doc = corpus.documents.find((d) => d.canonical_website === brand && d.taxonomy?.tags?.length) ?? corpus.documents[0];
  const [anio, mes, dia] = String(doc.display_date).slice(0, 10).split("-");
  return { section: String(doc.taxonomy.primary_section._id).slice(1), tag: doc.taxonomy.tags?.[0]?.slug ?? "", anio, mes, dia };
}

interface Run {
  /** Every ANS path read over all the block's runs. */
  read: Set<string>;
  /** Examples whose fetches failed or whose transform threw, with why. */
  failed: string[];
  /** Per fetch answered with ANS content: how many documents it gave over all runs (0: nothing was tested). */
  documents: Map<string, number>;
}

async function runBlock(type: string, server: BlockServer, examples: Array<{ name: string; brand: string; path: string; settings: any }>): Promise<Run> {
  const run: Run = { read: new Set(), failed: [], documents: new Map() };
  for (const example of examples) {
    for (const article of articlesFor(example.brand)) {
      const reads = new Set<string>();
      const context: PageContext = {
        brand: example.brand,
        path: example.path,
        params: paramsFor(example.brand),
        // A search for a word the corpus holds (the search results block reads "query").
        query: { query: "Colombia" },
        now: new Date(),
        access: { locked: false, signedIn: true },
        log: logger,
        article: recording(article, reads),
      };
      try {
        // What the block asks is computed from the settings and the context, before any answer.
        const first = await answersOf(server.fetch?.(example.settings, context));
        const second = server.followUp ? await answersOf(server.followUp(first, example.settings, context)) : {};
        const all: Record<string, unknown> = {};
        for (const [name, raw] of Object.entries({ ...first, ...second })) {
          const { answer, documents } = recordingAnswer(raw, reads);
          all[name] = answer;
          if (documents !== undefined) run.documents.set(name, (run.documents.get(name) ?? 0) + documents);
        }
        const data = server.transform ? server.transform(all, example.settings, context) : null;
        server.isEmpty?.(data, example.settings);
        // What it hands on unread travels to the browser: its fields count as read.
        JSON.stringify(data);
      } catch (error) {
        run.failed.push(`${type} «${example.name}»: ${(error as Error).message}`);
      }
      for (const read of reads) run.read.add(read);
    }
  }
  return run;
}

/** Each block's examples with their settings as the validator completes them (defaults). */
const schemas = buildSettingsSchemas(schemaInput());
const validator = projectValidator(projectRegistry());
const version = currentVersion(pageMigrations);
function examplesOf(type: string) {
  const defaults = Object.fromEntries(
    Object.entries<any>(schemas[type]?.properties ?? {})
      .filter(([, property]) => property.default !== undefined)
      .map(([name, property]) => [name, property.default]),
  );
  return (readCatalogue(type)?.examples ?? []).map((example, index) => {
    const brand = example.brand ?? DEFAULT_BRAND;
    const page = {
      schemaVersion: version,
      id: `ans-${type}-${index}`,
      brand,
      route: `/campos-ans/${type}/${index}/`,
      layout: "single-section",
      metadata: { title: type },
      regions: { main: [{ type, id: "ejemplo", settings: { ...example.settings, published: true } }] },
    };
    const checked = validator.check(`blocks/${type}/catalogue.json#${index}`, JSON.stringify(page)).page;
    // Output blocks are refused on an HTML page: their schema's defaults complete them.
    const settings = checked?.regions.main[0].settings ?? { ...defaults, ...example.settings, published: true };
    return { name: example.name, brand, path: example.path ?? "/", settings };
  });
}

describe("ANS fields each block declares", () => {
  it.each(Object.keys(blockServers).sort())("%s reads exactly the ANS fields its catalogue.json declares", async (type) => {
    const declared = readCatalogue(type)?.ansFields ?? [];
    const run = await runBlock(type, registry.blocks.get(type)!, examplesOf(type));
    expect(run.failed, "ejemplos que no se pudieron ejecutar").toEqual([]);
    const starved = [...run.documents].filter(([, count]) => count === 0).map(([name]) => name);
    expect(starved, `${type}: consultas que no devolvieron ningún documento ANS con los ejemplos (nada que comprobar)`).toEqual([]);
    const read = leaves(run.read);
    const undeclared = read.filter((path) => !declared.some((field) => ansFieldCovers(field, path)));
    expect(undeclared, `${type}: campos ANS que lee y no declara en blocks/${type}/catalogue.json (ansFields)`).toEqual([]);
    const unread = declared.filter((field) => !read.some((path) => ansFieldReached(field, path)));
    expect(unread, `${type}: campos ANS declarados que no lee con ningún ejemplo`).toEqual([]);
  });
});
