/**
 * The embedded content store: ANS documents, authors, sections, navigation trees, collections and
 * read counts in the project's database (PGlite by default, PostgreSQL when configured; same SQL).
 *
 * Public API (everything the content sources, the importer and the seed need):
 *
 *   createContentStore(db: Database, { changed? }): Promise<ContentStore>   runs the "content-" migrations;
 *                                              every write calls changed(keys) once committed
 *
 *   store.db                                   the Database it sits on
 *   store.isEmpty(): Promise<boolean>          true when no document is stored
 *   store.loadCorpus(corpus: SeedCorpus)       bulk load in one transaction; returns counts
 *   store.upsertDocuments(docs)                insert or replace by _id (throws on the first bad one)
 *   store.upsertAuthors(authors) / upsertCollections(collections)
 *   store.findDocuments(filter, page)          { documents, count }, newest publish_date first
 *   store.getDocument(brand, { id } | { url }) one document or null
 *   store.getCollection(brand, id, page)       { _id, headlines, documents, count } or null
 *   store.getAuthors(brand, idsOrSlugs)        author records in the order asked
 *   store.getSection(brand, id)                section record with its children, or null
 *   store.getNavigation(brand, id)             navigation tree or null
 *   store.lookup(brand, kind, text | ids)      what the page editor's pickers offer (lookup.ts)
 *   store.mostRead(brand, { exclude, size })   most-read documents
 *   store.recordRead(documentId, by?)          adds to a document's read count
 *   store.maintain()                           after bulk writes (loadCorpus does it itself): keeps the
 *                                              planner on the indexes; PGlite has no autovacuum
 *
 * Documents are stored whole (JSONB) beside indexed columns (document-row.ts); queries filter and sort
 * on the columns only, so listings stay fast without scanning JSON. Writes are in store-writes.ts,
 * a listing's criteria and their SQL in document-filters.ts, the reader's search in search.ts.
 */
import type { Database } from "../../platform/database";
import { migrate } from "../../platform/migrations";
import type { AuthorRecord, CollectionRecord, NavigationNode, SectionRecord, SeedCorpus } from "./corpus";
import { normalizeSectionId } from "../../domain/sections";
import { filterConditions, orderBy, type DocumentFilter, type Page } from "./document-filters";
import { lookupContent, type LookupItem, type LookupKind, type LookupQuery } from "./lookup";
import { contentMigrations } from "./migrations";
import { searchDocuments, type SearchFilter, type SearchResult } from "./search";
import * as writes from "./store-writes";
import { brandKey, documentKey, listKey, sourceKey } from "../purge/keys";
import type { CorpusLoadSummary } from "./store-writes";

interface DocumentList {
  /** The stored JSON, unparsed: callers pass it through parseAnsDocument. */
  documents: unknown[];
  /** All documents matching the filter, not only this page. */
  count: number;
}

export interface ContentStore {
  readonly db: Database;
  isEmpty(): Promise<boolean>;
  loadCorpus(corpus: SeedCorpus): Promise<CorpusLoadSummary>;
  upsertDocuments(documents: unknown[]): Promise<number>;
  upsertAuthors(authors: AuthorRecord[]): Promise<number>;
  upsertCollections(collections: CollectionRecord[]): Promise<number>;
  findDocuments(filter: DocumentFilter, page: Page): Promise<DocumentList>;
  /**
   * The reader's search: published documents with an address matching the words (Spanish, accents
   * ignored), best first (headline matches first, then ts_rank_cd, then newest), each with a snippet
   * whose matched words sit between SNIPPET_MARK_START and SNIPPET_MARK_END; and the facets.
   */
  searchDocuments(filter: SearchFilter, page: Pick<Page, "size" | "offset">): Promise<SearchResult>;
  getDocument(brand: string, key: { id: string } | { url: string }): Promise<unknown | null>;
  getCollection(
    brand: string,
    id: string,
    page: Page,
  ): Promise<{ _id: string; headlines: Record<string, unknown>; documents: unknown[]; count: number } | null>;
  getAuthors(brand: string, idsOrSlugs: string[]): Promise<AuthorRecord[]>;
  getSection(brand: string, id: string): Promise<(SectionRecord & { children: Array<{ _id: string; name: string }> }) | null>;
  getNavigation(brand: string, id: string): Promise<NavigationNode | null>;
  /** Sections, collections, tags, authors, galleries or navigation trees by words of their names, or by the ids a page writes. */
  lookup(brand: string, kind: LookupKind, query: LookupQuery): Promise<LookupItem[]>;
  mostRead(brand: string, options: { exclude?: string; size: number }): Promise<unknown[]>;
  /** The months (Colombian time) with published documents that have an address and are no redirect, oldest first: count and newest update. */
  publishedMonths(brand: string): Promise<Array<{ month: string; count: number; lastmod: string }>>;
  /** The sections, tags or authors (slugs) with published documents, and the newest publication of each. */
  taxonomyTerms(brand: string, kind: "sections" | "tags" | "authors"): Promise<Array<{ id: string; lastmod: string }>>;
  recordRead(documentId: string, by?: number): Promise<void>;
  /** After bulk writes: flushes the search indexes' pending entries and refreshes planner statistics. */
  maintain(): Promise<void>;
}

export interface ContentStoreOptions {
  /**
   * Told the content keys of every write once it is committed (server/purge: the caches of every
   * process and the CDN drop what holds them); awaited, never failing the write.
   */
  changed?: (keys: string[]) => Promise<unknown>;
}

/** Opens the store on a database, applying the content migrations not yet applied. */
export async function createContentStore(db: Database, options: ContentStoreOptions = {}): Promise<ContentStore> {
  await migrate(db, contentMigrations);
  return new SqlContentStore(db, options.changed ?? (async () => {}));
}

class SqlContentStore implements ContentStore {
  constructor(
    readonly db: Database,
    private changed: (keys: string[]) => Promise<unknown>,
  ) {}

  async isEmpty() {
    const { rows } = await this.db.query("SELECT EXISTS (SELECT 1 FROM documents) AS any");
    return !rows[0].any;
  }

  async loadCorpus(corpus: SeedCorpus): Promise<CorpusLoadSummary> {
    const summary = await writes.loadCorpus(this.db, corpus);
    // Everything may have changed: every page of each brand loaded.
    await this.changed(
      [...new Set(corpus.documents.map((doc) => (doc as { canonical_website?: string }).canonical_website).filter((b) => typeof b === "string"))].map(brandKey),
    );
    await this.maintain();
    return summary;
  }

  async maintain() {
    // One statement per call: VACUUM cannot run inside the implicit transaction of a multi-statement query.
    for (const table of ["documents", "authors", "sections", "collections", "document_reads"]) {
      await this.db.exec(`VACUUM ANALYZE ${table}`);
    }
  }

  async upsertDocuments(documents: unknown[]) {
    const written = await writes.upsertDocuments(this.db, documents);
    // A replaced document is in the answers that name it; a new one may belong in its brand's lists.
    await this.changed([...written.map((doc) => documentKey(doc._id)), ...written.filter((doc) => doc.inserted).map((doc) => listKey(doc.brand))]);
    return written.length;
  }

  async upsertAuthors(authors: AuthorRecord[]) {
    const count = await writes.upsertAuthors(this.db, authors);
    await this.changed([sourceKey("authors-api")]);
    return count;
  }

  async upsertCollections(collections: CollectionRecord[]) {
    const count = await writes.upsertCollections(this.db, collections);
    await this.changed(collections.map((collection) => documentKey(collection._id)));
    return count;
  }

  async findDocuments(filter: DocumentFilter, page: Page): Promise<DocumentList> {
    const c = filterConditions(filter);
    const sort = page.sort ?? "publish_date:desc";
    // Count and pick the page over the narrow columns; the (large) documents are read for this page only.
    const { rows } = await this.db.query<{ document: unknown; total: number }>(
      `SELECT d.document, p.total FROM (
         SELECT _id, publish_date, display_date, count(*) OVER ()::int AS total FROM documents ${c.where}
         ORDER BY ${orderBy(sort, "documents")} LIMIT ${c.param(page.size)} OFFSET ${c.param(page.offset)}
       ) p JOIN documents d ON d._id = p._id ORDER BY ${orderBy(sort, "p")}`,
      c.params,
    );
    if (rows.length) return { documents: rows.map((row) => row.document), count: Number(rows[0].total) };
    // A page past the end has no row to carry the window count.
    if (page.offset === 0) return { documents: [], count: 0 };
    const counter = filterConditions(filter);
    const { rows: counted } = await this.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM documents ${counter.where}`, counter.params);
    return { documents: [], count: Number(counted[0].total) };
  }

  async searchDocuments(filter: SearchFilter, page: Pick<Page, "size" | "offset">): Promise<SearchResult> {
    return searchDocuments(this.db, filter, page);
  }

  async getDocument(brand: string, key: { id: string } | { url: string }) {
    if ("id" in key) {
      const { rows } = await this.db.query("SELECT document FROM documents WHERE brand = $1 AND _id = $2", [brand, key.id]);
      return rows[0]?.document ?? null;
    }
    // A canonical URL is found with or without its trailing slash.
    const url = key.url.trim();
    const variant = url.endsWith("/") ? url.replace(/\/+$/, "") : `${url}/`;
    const { rows } = await this.db.query(
      "SELECT document FROM documents WHERE brand = $1 AND canonical_url = ANY($2::text[]) ORDER BY canonical_url = $3 DESC LIMIT 1",
      [brand, [url, variant], url],
    );
    return rows[0]?.document ?? null;
  }

  async getCollection(brand: string, id: string, page: Page) {
    const { rows } = await this.db.query<{ _id: string; headlines: Record<string, unknown> }>(
      "SELECT _id, headlines FROM collections WHERE brand = $1 AND _id = $2",
      [brand, id],
    );
    if (!rows.length) return null;
    const { rows: items } = await this.db.query<{ document: unknown; total: number }>(
      `SELECT d.document, count(*) OVER ()::int AS total
       FROM collections c CROSS JOIN LATERAL unnest(c.items) WITH ORDINALITY AS item(id, position)
       JOIN documents d ON d._id = item.id
       WHERE c.brand = $1 AND c._id = $2 ORDER BY item.position LIMIT $3 OFFSET $4`,
      [brand, id, page.size, page.offset],
    );
    let count = items.length ? Number(items[0].total) : 0;
    if (!items.length && page.offset > 0) {
      const { rows: counted } = await this.db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM collections c CROSS JOIN LATERAL unnest(c.items) AS item(id)
         JOIN documents d ON d._id = item.id WHERE c.brand = $1 AND c._id = $2`,
        [brand, id],
      );
      count = Number(counted[0].total);
    }
    return { _id: rows[0]._id, headlines: rows[0].headlines, documents: items.map((row) => row.document), count };
  }

  async getAuthors(brand: string, idsOrSlugs: string[]) {
    if (!idsOrSlugs.length) return [];
    const { rows } = await this.db.query<{ _id: string; slug: string | null; record: AuthorRecord }>(
      "SELECT _id, slug, record FROM authors WHERE brand = $1 AND (_id = ANY($2::text[]) OR slug = ANY($2::text[]))",
      [brand, idsOrSlugs],
    );
    const found: AuthorRecord[] = [];
    for (const wanted of idsOrSlugs) {
      const row = rows.find((r) => r._id === wanted) ?? rows.find((r) => r.slug === wanted);
      if (row && !found.includes(row.record)) found.push(row.record);
    }
    return found;
  }

  async getSection(brand: string, id: string) {
    const sectionId = normalizeSectionId(id);
    if (!sectionId) return null;
    const { rows } = await this.db.query<{ record: SectionRecord; children: Array<{ _id: string; name: string }> }>(
      `SELECT s.record, COALESCE((
         SELECT jsonb_agg(jsonb_build_object('_id', c._id, 'name', c.record->>'name') ORDER BY c.position)
         FROM sections c WHERE c.brand = s.brand AND c.parent = s._id), '[]'::jsonb) AS children
       FROM sections s WHERE s.brand = $1 AND s._id = $2`,
      [brand, sectionId],
    );
    return rows.length ? { ...rows[0].record, children: rows[0].children } : null;
  }

  async getNavigation(brand: string, id: string) {
    const { rows } = await this.db.query<{ tree: NavigationNode }>("SELECT tree FROM navigation_trees WHERE brand = $1 AND _id = $2", [brand, id]);
    return rows[0]?.tree ?? null;
  }

  async lookup(brand: string, kind: LookupKind, query: LookupQuery) {
    return lookupContent(this.db, brand, kind, query);
  }

  async mostRead(brand: string, options: { exclude?: string; size: number }) {
    const { rows } = await this.db.query(
      `SELECT d.document FROM document_reads r JOIN documents d ON d._id = r.document_id
       WHERE d.brand = $1 AND d._id IS DISTINCT FROM $2
       ORDER BY r.count DESC, d.publish_date DESC NULLS LAST LIMIT $3`,
      [brand, options.exclude ?? null, options.size],
    );
    return rows.map((row) => row.document);
  }

  async publishedMonths(brand: string) {
    // The same month boundaries as "published-content" (Colombia, UTC-5, no daylight saving).
    const { rows } = await this.db.query<{ month: string; count: number; lastmod: Date | string }>(
      `SELECT to_char((publish_date AT TIME ZONE 'UTC') - interval '5 hours', 'YYYY-MM') AS month, count(*)::int AS count,
              max(greatest(publish_date, COALESCE((document->>'last_updated_date')::timestamptz, publish_date))) AS lastmod
       FROM documents WHERE brand = $1 AND publish_date IS NOT NULL AND canonical_url IS NOT NULL
         AND document->'related_content'->'redirect' IS NULL GROUP BY 1 ORDER BY 1`,
      [brand],
    );
    return rows.map((row) => ({ month: row.month, count: row.count, lastmod: new Date(row.lastmod).toISOString() }));
  }

  async taxonomyTerms(brand: string, kind: "sections" | "tags" | "authors") {
    const sql = {
      // Sections the brand has (its section pages answer), not any id a document names.
      sections: `SELECT id, max(publish_date) AS lastmod FROM documents d, unnest(d.section_ids) AS id
                 WHERE d.brand = $1 AND EXISTS (SELECT 1 FROM sections s WHERE s.brand = d.brand AND s._id = id) GROUP BY id ORDER BY id`,
      tags: `SELECT id, max(publish_date) AS lastmod FROM documents, unnest(tag_slugs) AS id WHERE brand = $1 GROUP BY id ORDER BY id`,
      // Authors by their slug (the author page's address), those with a record only.
      authors: `SELECT a.slug AS id, max(d.publish_date) AS lastmod FROM authors a JOIN documents d ON d.brand = a.brand AND a.slug = ANY(d.author_ids)
                WHERE a.brand = $1 AND a.slug IS NOT NULL GROUP BY a.slug ORDER BY a.slug`,
    }[kind];
    const { rows } = await this.db.query<{ id: string; lastmod: Date | string | null }>(sql, [brand]);
    return rows.filter((row) => row.id && row.lastmod).map((row) => ({ id: row.id, lastmod: new Date(row.lastmod!).toISOString() }));
  }

  async recordRead(documentId: string, by = 1) {
    await this.db.query(
      `INSERT INTO document_reads (document_id, count) VALUES ($1, $2)
       ON CONFLICT (document_id) DO UPDATE SET count = document_reads.count + EXCLUDED.count`,
      [documentId, by],
    );
  }
}
