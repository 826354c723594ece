// Writing to the content store: the rows each record becomes (last one wins within a write) and the
// bulk upserts, each write one transaction of statements that carry a batch of rows as one JSON parameter.
import type { Database, Queryable } from "../../platform/database";
import type { AuthorRecord, CollectionRecord, SeedCorpus } from "./corpus";
import { normalizeSectionId } from "../../domain/sections";
import { DocumentError } from "./documents";
import { toDocumentRow, type DocumentRow } from "./document-row";

/** Rows per multi-row INSERT during bulk loads. */
const BATCH_SIZE = 250;

export interface CorpusLoadSummary {
  documents: number;
  authors: number;
  sections: number;
  navigation: number;
  collections: number;
  reads: number;
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
    document = EXCLUDED.document, updated_at = now()
  RETURNING _id, brand, (xmax = 0) AS inserted`;

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

/** Loads a seed corpus; the store runs its maintenance after. */
export async function loadCorpus(db: Database, corpus: SeedCorpus): Promise<CorpusLoadSummary> {
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
  return db.transaction(async (tx) => ({
    documents: await upsertInBatches(tx, UPSERT_DOCUMENTS, documents),
    authors: await upsertInBatches(tx, UPSERT_AUTHORS, authorRows(corpus.authors)),
    sections: await upsertInBatches(tx, UPSERT_SECTIONS, sections),
    navigation: await upsertInBatches(tx, UPSERT_NAVIGATION, navigation),
    collections: await upsertInBatches(tx, UPSERT_COLLECTIONS, collectionRows(corpus.collections)),
    reads: await upsertInBatches(tx, UPSERT_READS, reads),
  }));
}

/** A document written: its brand, and whether it is new to the store (not a replacement). */
export interface WrittenDocument {
  _id: string;
  brand: string;
  inserted: boolean;
}

export async function upsertDocuments(db: Database, documents: unknown[]): Promise<WrittenDocument[]> {
  const rows = documentRows(documents);
  return db.transaction(async (tx) => {
    const written: WrittenDocument[] = [];
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      const result = await tx.query<WrittenDocument>(UPSERT_DOCUMENTS, [JSON.stringify(rows.slice(start, start + BATCH_SIZE))]);
      written.push(...result.rows);
    }
    return written;
  });
}

export async function upsertAuthors(db: Database, authors: AuthorRecord[]) {
  const rows = authorRows(authors);
  return db.transaction((tx) => upsertInBatches(tx, UPSERT_AUTHORS, rows));
}

export async function upsertCollections(db: Database, collections: CollectionRecord[]) {
  const rows = collectionRows(collections);
  return db.transaction((tx) => upsertInBatches(tx, UPSERT_COLLECTIONS, rows));
}
