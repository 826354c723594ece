/**
 * The embedded content store: ANS documents, authors, sections, navigation trees, collections and
 * read counts in the project's database (PGlite by default, PostgreSQL when configured; same SQL).
 *
 * Public API (everything the content sources, the importer and the seed need):
 *
 *   createContentStore(db: Database): Promise<ContentStore>   runs the "content-" migrations
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
 *   store.mostRead(brand, { exclude, size })   most-read documents
 *   store.recordRead(documentId, by?)          adds to a document's read count
 *   store.maintain()                           after bulk writes (loadCorpus does it itself): keeps the
 *                                              planner on the indexes; PGlite has no autovacuum
 *
 * Documents are stored whole (JSONB) beside indexed columns (documents.ts); queries filter and sort
 * on the columns only, so listings stay fast without scanning JSON.
 */
import type { Database, Queryable } from "../../platform/database";
import { migrate } from "../../platform/migrations";
import type { AuthorRecord, CollectionRecord, NavigationNode, SectionRecord, SeedCorpus } from "./corpus";
import { normalizeSectionId } from "../../domain/sections";
import { DocumentError, toDocumentRow, type DocumentRow } from "./documents";
import { contentMigrations } from "./migrations";
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from "../../domain/search";
import { FREE_CODE_IN_SECTION, NEVER_PAYWALLED_SECTIONS, PAYWALLED_CONTENT_CODES } from "../../accounts";

/** Rows per multi-row INSERT during bulk loads. */
const BATCH_SIZE = 250;

/** Criteria on the indexed columns; every list is "any of". */
export interface DocumentMatch {
  ids?: string[];
  types?: string[];
  subtypes?: string[];
  /** Any of taxonomy.sections (ids normalised with a leading slash). */
  sections?: string[];
  /** taxonomy.primary_section._id */
  primarySections?: string[];
  tags?: string[];
  /** credits.by[]._id or the slug of an author. */
  authors?: string[];
  sourceSystems?: string[];
  youtubeIds?: string[];
}

/** Bounds of a date range; ISO strings. */
export interface DateRange {
  gte?: string;
  gt?: string;
  lte?: string;
  lt?: string;
}

export interface DocumentFilter extends DocumentMatch {
  brand: string;
  /** Documents matching any of these criteria are left out. */
  exclude?: DocumentMatch;
  /** Words searched in headline, subheadline and body, in Spanish, ignoring accents. */
  text?: string;
  publishDate?: DateRange;
  displayDate?: DateRange;
  /** true: only documents with promo_items.basic.url. */
  hasPromoImage?: boolean;
}

export type SortOrder = "publish_date:desc" | "publish_date:asc" | "display_date:desc" | "display_date:asc";

export interface Page {
  size: number;
  offset: number;
  sort?: SortOrder;
}

export interface DocumentList {
  /** The stored JSON, unparsed: callers pass it through parseAnsDocument. */
  documents: unknown[];
  /** All documents matching the filter, not only this page. */
  count: number;
}

export interface CorpusLoadSummary {
  documents: number;
  authors: number;
  sections: number;
  navigation: number;
  collections: number;
  reads: number;
}

/** A reader's search (the "site-search" source): words, and what narrows them. */
export interface SearchFilter {
  brand: string;
  /** The reader's words, already cleaned (domain/search.ts); read as websearch_to_tsquery reads a search box. */
  text: string;
  /** Primary section ids (with or without the leading slash); the section's subsections count too. */
  section?: string;
  types?: string[];
  publishDate?: DateRange;
}

export interface SearchResult {
  hits: Array<{ document: unknown; snippet: string }>;
  count: number;
  facets: { sections: Array<{ id: string; name?: string; count: number }>; types: Array<{ id: string; count: number }> };
}

/** Sections listed at most in a search's section facet (the most frequent). */
export const SEARCH_SECTION_FACETS = 12;

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
  mostRead(brand: string, options: { exclude?: string; size: number }): Promise<unknown[]>;
  /** The months (Colombian time) with published documents that have an address and are no redirect, oldest first: count and newest update. */
  publishedMonths(brand: string): Promise<Array<{ month: string; count: number; lastmod: string }>>;
  /** The sections, tags or authors (slugs) with published documents, and the newest publication of each. */
  taxonomyTerms(brand: string, kind: "sections" | "tags" | "authors"): Promise<Array<{ id: string; lastmod: string }>>;
  recordRead(documentId: string, by?: number): Promise<void>;
  /** After bulk writes: flushes the search indexes' pending entries and refreshes planner statistics. */
  maintain(): Promise<void>;
}

/** Opens the store on a database, applying the content migrations not yet applied. */
export async function createContentStore(db: Database): Promise<ContentStore> {
  await migrate(db, contentMigrations);
  return new SqlContentStore(db);
}

const DOCUMENT_COLUMNS = `_id text, type text, subtype text, brand text, section_ids text[], primary_section text,
  tag_slugs text[], author_ids text[], publish_date timestamptz, display_date timestamptz, canonical_url text,
  content_code text, has_promo_image boolean, source_system text, youtube_id text, search_text text, document jsonb`;

const UPSERT_DOCUMENTS = `
  INSERT INTO documents (_id, type, subtype, brand, section_ids, primary_section, tag_slugs, author_ids, publish_date,
    display_date, canonical_url, content_code, has_promo_image, source_system, youtube_id, search_vector, document, updated_at)
  SELECT r._id, r.type, r.subtype, r.brand, r.section_ids, r.primary_section, r.tag_slugs, r.author_ids, r.publish_date,
    r.display_date, r.canonical_url, r.content_code, r.has_promo_image, r.source_system, r.youtube_id,
    to_tsvector('es_unaccent', r.search_text), r.document, now()
  FROM jsonb_to_recordset($1::jsonb) AS r(${DOCUMENT_COLUMNS})
  ON CONFLICT (_id) DO UPDATE SET type = EXCLUDED.type, subtype = EXCLUDED.subtype, brand = EXCLUDED.brand,
    section_ids = EXCLUDED.section_ids, primary_section = EXCLUDED.primary_section, tag_slugs = EXCLUDED.tag_slugs,
    author_ids = EXCLUDED.author_ids, publish_date = EXCLUDED.publish_date, display_date = EXCLUDED.display_date,
    canonical_url = EXCLUDED.canonical_url, content_code = EXCLUDED.content_code, has_promo_image = EXCLUDED.has_promo_image,
    source_system = EXCLUDED.source_system, youtube_id = EXCLUDED.youtube_id, search_vector = EXCLUDED.search_vector,
    document = EXCLUDED.document, updated_at = now()`;

const UPSERT_AUTHORS = `
  INSERT INTO authors (brand, _id, slug, record)
  SELECT r.brand, r._id, r.slug, r.record FROM jsonb_to_recordset($1::jsonb) AS r(brand text, _id text, slug text, record jsonb)
  ON CONFLICT (brand, _id) DO UPDATE SET slug = EXCLUDED.slug, record = EXCLUDED.record`;

const UPSERT_SECTIONS = `
  INSERT INTO sections (brand, _id, parent, position, record)
  SELECT r.brand, r._id, r.parent, r.position, r.record
  FROM jsonb_to_recordset($1::jsonb) AS r(brand text, _id text, parent text, position integer, record jsonb)
  ON CONFLICT (brand, _id) DO UPDATE SET parent = EXCLUDED.parent, position = EXCLUDED.position, record = EXCLUDED.record`;

const UPSERT_NAVIGATION = `
  INSERT INTO navigation_trees (brand, _id, tree)
  SELECT r.brand, r._id, r.tree FROM jsonb_to_recordset($1::jsonb) AS r(brand text, _id text, tree jsonb)
  ON CONFLICT (brand, _id) DO UPDATE SET tree = EXCLUDED.tree`;

const UPSERT_COLLECTIONS = `
  INSERT INTO collections (_id, brand, headlines, items)
  SELECT r._id, r.brand, r.headlines, r.items FROM jsonb_to_recordset($1::jsonb) AS r(_id text, brand text, headlines jsonb, items text[])
  ON CONFLICT (brand, _id) DO UPDATE SET headlines = EXCLUDED.headlines, items = EXCLUDED.items`;

const UPSERT_READS = `
  INSERT INTO document_reads (document_id, count)
  SELECT r.document_id, r.count FROM jsonb_to_recordset($1::jsonb) AS r(document_id text, count bigint)
  ON CONFLICT (document_id) DO UPDATE SET count = EXCLUDED.count`;

/** Runs one upsert per batch of rows, each batch a single statement with one JSON parameter. */
async function upsertInBatches<T>(tx: Queryable, sql: string, rows: T[]): Promise<number> {
  for (let start = 0; start < rows.length; start += BATCH_SIZE) {
    await tx.query(sql, [JSON.stringify(rows.slice(start, start + BATCH_SIZE))]);
  }
  return rows.length;
}

/** Last one wins when the same key appears twice: one INSERT ... ON CONFLICT cannot touch a row twice. */
function lastByKey<T>(rows: T[], key: (row: T) => string): T[] {
  const byKey = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    byKey.delete(k);
    byKey.set(k, row);
  }
  return [...byKey.values()];
}

function documentRows(documents: unknown[]): DocumentRow[] {
  const rows = documents.map((doc, index) => {
    try {
      return toDocumentRow(doc);
    } catch (error) {
      if (error instanceof DocumentError) throw new DocumentError(`documento ${index}: ${error.message}`);
      throw error;
    }
  });
  const unique = lastByKey(rows, (row) => row._id);
  // Say which two documents clash on a canonical URL before the database refuses the whole batch.
  const byUrl = new Map<string, string>();
  for (const row of unique) {
    if (!row.canonical_url) continue;
    const key = `${row.brand}\u0000${row.canonical_url}`;
    const other = byUrl.get(key);
    if (other) throw new DocumentError(`canonical_url «${row.canonical_url}» de la marca ${row.brand} repetida: documentos ${other} y ${row._id}`);
    byUrl.set(key, row._id);
  }
  return unique;
}

function authorRows(authors: AuthorRecord[]) {
  return lastByKey(
    authors.map((author) => ({ brand: author.brand, _id: author._id, slug: author.slug ?? null, record: author })),
    (row) => `${row.brand}\u0000${row._id}`,
  );
}

function collectionRows(collections: CollectionRecord[]) {
  return lastByKey(
    collections.map((c) => ({ _id: c._id, brand: c.brand, headlines: c.headlines ?? {}, items: c.items ?? [] })),
    (row) => `${row.brand}:${row._id}`,
  );
}

/** Builds WHERE clauses with numbered parameters. */
class Conditions {
  readonly clauses: string[] = [];
  readonly params: unknown[] = [];
  param(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  add(clause: string) {
    this.clauses.push(clause);
  }
  get where(): string {
    return this.clauses.length ? `WHERE ${this.clauses.join(" AND ")}` : "";
  }
}

/** One SQL predicate per criterion of a DocumentMatch. */
function matchPredicates(match: DocumentMatch, c: Conditions): string[] {
  const out: string[] = [];
  const any = (column: string, values?: string[]) => {
    if (values?.length) out.push(`${column} = ANY(${c.param(values)}::text[])`);
  };
  const overlaps = (column: string, values?: string[]) => {
    if (values?.length) out.push(`${column} && ${c.param(values)}::text[]`);
  };
  any("_id", match.ids);
  any("type", match.types);
  any("subtype", match.subtypes);
  overlaps("section_ids", sectionIdList(match.sections));
  any("primary_section", sectionIdList(match.primarySections));
  overlaps("tag_slugs", match.tags);
  overlaps("author_ids", match.authors);
  any("source_system", match.sourceSystems);
  any("youtube_id", match.youtubeIds);
  return out;
}

function rangePredicates(column: string, range: DateRange | undefined, c: Conditions) {
  if (!range) return;
  const ops: Array<[keyof DateRange, string]> = [
    ["gte", ">="],
    ["gt", ">"],
    ["lte", "<="],
    ["lt", "<"],
  ];
  for (const [key, op] of ops) {
    if (range[key]) c.add(`${column} ${op} ${c.param(range[key])}::timestamptz`);
  }
}

function filterConditions(filter: DocumentFilter): Conditions {
  const c = new Conditions();
  c.add(`brand = ${c.param(filter.brand)}`);
  for (const predicate of matchPredicates(filter, c)) c.add(predicate);
  if (filter.exclude) {
    // IS NOT TRUE: a NULL column (no primary section) must not exclude the row.
    for (const predicate of matchPredicates(filter.exclude, c)) c.add(`(${predicate}) IS NOT TRUE`);
  }
  if (filter.text?.trim()) c.add(textMatch(c, `websearch_to_tsquery('es_unaccent', ${c.param(filter.text)})`));
  rangePredicates("publish_date", filter.publishDate, c);
  rangePredicates("display_date", filter.displayDate, c);
  if (filter.hasPromoImage !== undefined) c.add(`has_promo_image = ${c.param(filter.hasPromoImage)}`);
  return c;
}

/** ORDER BY of a sort, on columns of the given table alias; _id breaks ties so pages never overlap. */
function orderBy(sort: SortOrder, alias: string): string {
  const [column, direction] = sort.split(":") as ["publish_date" | "display_date", "asc" | "desc"];
  const dir = direction === "asc" ? "ASC" : "DESC";
  return `${alias}.${column} ${dir} NULLS LAST, ${alias}._id ${dir}`;
}

class SqlContentStore implements ContentStore {
  constructor(readonly db: Database) {}

  async isEmpty() {
    const { rows } = await this.db.query("SELECT EXISTS (SELECT 1 FROM documents) AS any");
    return !rows[0].any;
  }

  async loadCorpus(corpus: SeedCorpus): Promise<CorpusLoadSummary> {
    const documents = documentRows(corpus.documents);
    const sections = lastByKey(
      corpus.sections.map((section, position) => ({
        brand: section.brand,
        _id: normalizeSectionId(section._id) ?? "/",
        parent: normalizeSectionId(section.parent) ?? null,
        position,
        record: section,
      })),
      (row) => `${row.brand}\u0000${row._id}`,
    );
    const navigation = lastByKey(
      corpus.navigation.map((nav) => ({ brand: nav.brand, _id: nav.id, tree: nav.tree })),
      (row) => `${row.brand}\u0000${row._id}`,
    );
    const reads = lastByKey(
      corpus.reads.map((read) => ({ document_id: read.documentId, count: read.count })),
      (row) => row.document_id,
    );
    // One transaction: a first start that dies half-way leaves an empty store and seeds again.
    const summary = await this.db.transaction(async (tx) => ({
      documents: await upsertInBatches(tx, UPSERT_DOCUMENTS, documents),
      authors: await upsertInBatches(tx, UPSERT_AUTHORS, authorRows(corpus.authors)),
      sections: await upsertInBatches(tx, UPSERT_SECTIONS, sections),
      navigation: await upsertInBatches(tx, UPSERT_NAVIGATION, navigation),
      collections: await upsertInBatches(tx, UPSERT_COLLECTIONS, collectionRows(corpus.collections)),
      reads: await upsertInBatches(tx, UPSERT_READS, reads),
    }));
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
    const rows = documentRows(documents);
    return this.db.transaction((tx) => upsertInBatches(tx, UPSERT_DOCUMENTS, rows));
  }

  async upsertAuthors(authors: AuthorRecord[]) {
    const rows = authorRows(authors);
    return this.db.transaction((tx) => upsertInBatches(tx, UPSERT_AUTHORS, rows));
  }

  async upsertCollections(collections: CollectionRecord[]) {
    const rows = collectionRows(collections);
    return this.db.transaction((tx) => upsertInBatches(tx, UPSERT_COLLECTIONS, rows));
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
    const empty: SearchResult = { hits: [], count: 0, facets: { sections: [], types: [] } };
    if (!filter.text.trim()) return empty;
    const c = new Conditions();
    const query = `websearch_to_tsquery('es_unaccent', ${c.param(filter.text)})`;
    c.add(`brand = ${c.param(filter.brand)}`);
    c.add(textMatch(c, query));
    // What a reader can open: published, with an address, no redirect.
    c.add("publish_date IS NOT NULL AND canonical_url IS NOT NULL AND document->'related_content'->'redirect' IS NULL");
    rangePredicates("publish_date", filter.publishDate, c);
    const section = normalizeSectionId(filter.section);
    const sectionClause = section ? `(primary_section = ${c.param(section)} OR primary_section LIKE ${c.param(`${likeEscape(section)}/%`)})` : "true";
    const typeClause = filter.types?.length ? `type = ANY(${c.param(filter.types)}::text[])` : "true";
    const size = c.param(page.size);
    const offset = c.param(page.offset);
    const locked = lockedForAnonymous(c);
    // Columns are unqualified on purpose: only the documents row has them (q has "query" only).
    // One statement: the matches, ranked; this page's rows with their snippets; both facets.
    const { rows } = await this.db.query<{
      kind: string;
      id: string | null;
      name: string | null;
      total: number;
      position: number | null;
      document: unknown;
      snippet: string | null;
    }>(
      `WITH q AS (SELECT ${query} AS query),
       matched AS (
         SELECT d._id, d.type, d.primary_section, d.publish_date,
                (d.headline_vector @@ q.query) AS in_headline,
                -- A locked document ranks by what an anonymous reader sees of it, as it matches.
                ts_rank_cd(CASE WHEN ${locked} THEN ${PUBLIC_VECTOR} ELSE d.search_vector END, q.query, 32) AS rank
         FROM documents d, q ${c.where}
       ),
       page AS (
         SELECT m._id, count(*) OVER ()::int AS total,
                row_number() OVER (ORDER BY m.in_headline DESC, m.rank DESC, m.publish_date DESC, m._id DESC) AS position
         FROM matched m WHERE ${sectionClause} AND ${typeClause}
         ORDER BY position LIMIT ${size} OFFSET ${offset}
       )
       SELECT 'hit' AS kind, p._id AS id, NULL AS name, p.total, p.position::int AS position, d.document,
              ts_headline('es_unaccent', CASE WHEN ${locked} THEN ${PUBLIC_SNIPPET_TEXT} ELSE ${SNIPPET_TEXT} END, q.query,
                ${c.param(`StartSel=${SNIPPET_MARK_START}, StopSel=${SNIPPET_MARK_END}, MaxWords=30, MinWords=12, MaxFragments=2, FragmentDelimiter=" … "`)}) AS snippet
       FROM page p JOIN documents d ON d._id = p._id, q
       UNION ALL
       SELECT 'section', m.primary_section, max(s.record->>'name'), count(*)::int, NULL, NULL, NULL
       FROM matched m LEFT JOIN sections s ON s.brand = ${c.param(filter.brand)} AND s._id = m.primary_section
       WHERE m.primary_section IS NOT NULL AND ${typeClause} GROUP BY m.primary_section
       UNION ALL
       SELECT 'type', m.type, NULL, count(*)::int, NULL, NULL, NULL
       FROM matched m WHERE ${sectionClause} GROUP BY m.type`,
      c.params,
    );
    const hits = rows.filter((row) => row.kind === "hit").sort((a, b) => Number(a.position) - Number(b.position));
    let count = hits.length ? Number(hits[0].total) : 0;
    const types = rows.filter((row) => row.kind === "type" && row.id).map((row) => ({ id: row.id!, count: Number(row.total) }));
    if (!hits.length) count = types.reduce((sum, type) => sum + (filter.types?.length && !filter.types.includes(type.id) ? 0 : type.count), 0);
    const sections = rows
      .filter((row) => row.kind === "section" && row.id)
      .map((row) => ({ id: row.id!, ...(row.name ? { name: row.name } : {}), count: Number(row.total) }))
      .sort((a, b) => b.count - a.count || a.id.localeCompare(b.id))
      .slice(0, SEARCH_SECTION_FACETS);
    return {
      hits: hits.map((row) => ({ document: row.document, snippet: row.snippet ?? "" })),
      count,
      facets: { sections, types: types.sort((a, b) => b.count - a.count || a.id.localeCompare(b.id)) },
    };
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

/** SQL: a document's content elements as a JSON array (an empty one when they are not an array). */
const ELEMENTS = `jsonb_array_elements(CASE WHEN jsonb_typeof(document->'content_elements') = 'array' THEN document->'content_elements' ELSE '[]'::jsonb END)`;

/** SQL: the text of the body's paragraphs and headers, for unlocked documents. */
const BODY_TEXT = `(SELECT string_agg(e->>'content', ' ') FROM ${ELEMENTS} AS e WHERE e->>'type' IN ('text', 'header'))`;

/**
 * SQL: the body text a locked document shows an anonymous reader — its first paragraph at most
 * (blocks/article-body previewOf shows the first paragraph that draws anything; when the first one
 * draws nothing the page shows more than this, never less).
 */
const PREVIEW_TEXT = `(SELECT e->>'content' FROM ${ELEMENTS} WITH ORDINALITY AS x(e, n) WHERE e->>'type' = 'text' ORDER BY n LIMIT 1)`;

/** SQL: text without tags and without the snippet marks (so that only ts_headline's marks remain). */
const plain = (sql: string) => `translate(regexp_replace(${sql}, '<[^>]*>', ' ', 'g'), E'\\uE000\\uE001', '')`;

/** The text a search snippet is cut from: subheadline or description, then the body's paragraphs. */
const SNIPPET_TEXT = plain(`concat_ws(' ', coalesce(document->'subheadlines'->>'basic', document->'description'->>'basic'), ${BODY_TEXT})`);

/** The same for a locked document: only what its page shows an anonymous reader (docs/decisions/0019-paywall-gaps.md). */
const PUBLIC_SNIPPET_TEXT = plain(`concat_ws(' ', coalesce(document->'subheadlines'->>'basic', document->'description'->>'basic'), ${PREVIEW_TEXT})`);

/** What a locked document may be found by: headline, subheadline, description and the preview. */
const PUBLIC_VECTOR = `to_tsvector('es_unaccent', ${plain(
  `concat_ws(' ', document->'headlines'->>'basic', document->'subheadlines'->>'basic', document->'description'->>'basic', ${PREVIEW_TEXT})`,
)})`;

/**
 * SQL, true when the document's body is locked for an anonymous reader: the rule of
 * freeForEverybody (accounts/entitlement.ts) on the indexed columns, with the primary
 * section's path as domain/ans sectionIds reads it. Never NULL.
 */
function lockedForAnonymous(c: Conditions): string {
  const sections = `(section_ids || array_remove(ARRAY['/' || nullif(btrim(btrim(document->'taxonomy'->'primary_section'->>'path'), '/'), '')], NULL))`;
  const inAny = (roots: readonly string[]) =>
    `EXISTS (SELECT 1 FROM unnest(${sections}) AS s(id), unnest(${c.param(roots)}::text[]) AS r(root) WHERE s.id = r.root OR s.id LIKE r.root || '/%')`;
  return `(coalesce(content_code = ANY(${c.param(PAYWALLED_CONTENT_CODES)}::text[]), false)
    AND NOT ${inAny(NEVER_PAYWALLED_SECTIONS)}
    AND NOT (content_code = ${c.param(FREE_CODE_IN_SECTION.contentCode)} AND ${inAny([FREE_CODE_IN_SECTION.section])}))`;
}

/**
 * SQL: the document matches the reader's words (a tsquery) — a locked one only on what an anonymous
 * reader may see of it, so that neither the results nor their snippets tell the rest of its body
 * (docs/decisions/0011-paywall.md). The index narrows on the whole text first.
 */
function textMatch(c: Conditions, query: string): string {
  return `search_vector @@ ${query} AND (NOT ${lockedForAnonymous(c)} OR ${PUBLIC_VECTOR} @@ ${query})`;
}

/** A LIKE pattern's literal text. */
function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** Section ids as the store keeps them; blank ones name no section and are left out. */
function sectionIdList(values: string[] | undefined): string[] | undefined {
  return values?.map(normalizeSectionId).filter((id): id is string => !!id);
}
