// Schema of the embedded content store. The same SQL runs on PGlite and on PostgreSQL.
import type { Migration } from "../../platform/migrations";

export const contentMigrations: Migration[] = [
  {
    id: "content-001-spanish-search",
    sql: `
      -- Extensions go to public so that dropping a per-run schema never drops them.
      CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public;
      CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public;
      -- Spanish search that ignores accents, ñ and ü: "educacion" finds "Educación", "nino" finds "niño".
      CREATE TEXT SEARCH CONFIGURATION es_unaccent (COPY = spanish);
      -- The unaccent dictionary lives wherever the extension was first created: name it by its schema.
      DO $$
      DECLARE ext_schema text;
      BEGIN
        SELECT n.nspname INTO ext_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent';
        EXECUTE format('ALTER TEXT SEARCH CONFIGURATION es_unaccent ALTER MAPPING FOR hword, hword_part, word WITH %I.unaccent, spanish_stem', ext_schema);
      END
      $$;
    `,
  },
  {
    id: "content-002-documents",
    sql: `
      CREATE TABLE documents (
        _id text PRIMARY KEY,
        type text NOT NULL,
        subtype text,
        brand text NOT NULL,
        section_ids text[] NOT NULL DEFAULT '{}',
        primary_section text,
        tag_slugs text[] NOT NULL DEFAULT '{}',
        author_ids text[] NOT NULL DEFAULT '{}',
        publish_date timestamptz,
        display_date timestamptz,
        canonical_url text,
        content_code text,
        has_promo_image boolean NOT NULL DEFAULT false,
        source_system text,
        youtube_id text,
        search_vector tsvector NOT NULL,
        document jsonb NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      -- NULL canonical URLs are distinct, so documents without one still import.
      CREATE UNIQUE INDEX documents_brand_canonical_url ON documents (brand, canonical_url);
      CREATE INDEX documents_brand_publish_date ON documents (brand, publish_date DESC, _id DESC);
      CREATE INDEX documents_brand_primary_section ON documents (brand, primary_section, publish_date DESC);
      CREATE INDEX documents_brand_display_date ON documents (brand, display_date);
      CREATE INDEX documents_section_ids ON documents USING gin (section_ids);
      CREATE INDEX documents_tag_slugs ON documents USING gin (tag_slugs);
      CREATE INDEX documents_author_ids ON documents USING gin (author_ids);
      CREATE INDEX documents_search_vector ON documents USING gin (search_vector);
      CREATE INDEX documents_youtube_id ON documents (youtube_id) WHERE youtube_id IS NOT NULL;

      CREATE TABLE authors (
        brand text NOT NULL,
        _id text NOT NULL,
        slug text,
        record jsonb NOT NULL,
        PRIMARY KEY (brand, _id)
      );
      CREATE INDEX authors_brand_slug ON authors (brand, slug);

      CREATE TABLE sections (
        brand text NOT NULL,
        _id text NOT NULL,
        parent text,
        position integer NOT NULL DEFAULT 0,
        record jsonb NOT NULL,
        PRIMARY KEY (brand, _id)
      );
      CREATE INDEX sections_brand_parent ON sections (brand, parent, position);

      CREATE TABLE navigation_trees (
        brand text NOT NULL,
        _id text NOT NULL,
        tree jsonb NOT NULL,
        PRIMARY KEY (brand, _id)
      );

      CREATE TABLE collections (
        _id text PRIMARY KEY,
        brand text NOT NULL,
        headlines jsonb NOT NULL DEFAULT '{}',
        items text[] NOT NULL DEFAULT '{}'
      );

      CREATE TABLE document_reads (
        document_id text PRIMARY KEY,
        count bigint NOT NULL DEFAULT 0
      );
      CREATE INDEX document_reads_count ON document_reads (count DESC);
    `,
  },
  {
    // A collection belongs to its brand: two brands may curate collections with the same id.
    id: "content-003-collections-by-brand",
    sql: `
      ALTER TABLE collections DROP CONSTRAINT collections_pkey;
      ALTER TABLE collections ADD PRIMARY KEY (brand, _id);
    `,
  },
  {
    // Collection ids no longer carry their brand (page definitions version 2, docs/decisions/0007):
    // "fucsia-lo-ultimo" of fucsia becomes "lo-ultimo", unless the brand already has one by that name.
    id: "content-004-collection-ids-without-brand",
    sql: `
      UPDATE collections c SET _id = substr(c._id, length(c.brand) + 2)
      WHERE c._id LIKE c.brand || '-%'
        AND NOT EXISTS (SELECT 1 FROM collections o WHERE o.brand = c.brand AND o._id = substr(c._id, length(c.brand) + 2));
    `,
  },
  {
    // Documents from other newsrooms are served at the path of their absolute canonical_url
    // (docs/article-pages.md#content-from-other-newsrooms): the column holds that path, the document
    // keeps its URL. Rows imported before keep theirs when another document already has the path.
    id: "content-005-canonical-paths",
    sql: `
      UPDATE documents d SET canonical_url = '/' || regexp_replace(regexp_replace(d.canonical_url, '^https?://[^/?#]*', ''), '^/+|[?#].*$', '', 'g')
      WHERE d.canonical_url ~* '^https?://'
        AND NOT EXISTS (
          SELECT 1 FROM documents o WHERE o.brand = d.brand
            AND o.canonical_url = '/' || regexp_replace(regexp_replace(d.canonical_url, '^https?://[^/?#]*', ''), '^/+|[?#].*$', '', 'g')
        );
    `,
  },
  {
    // The reader's search ranks headline matches first (docs/listings.md#search-results): the
    // headline's own vector, kept by the database, so that ranking never reads the documents.
    id: "content-006-search-headlines",
    sql: `
      ALTER TABLE documents ADD COLUMN headline_vector tsvector
        GENERATED ALWAYS AS (to_tsvector('es_unaccent'::regconfig, coalesce(document->'headlines'->>'basic', ''))) STORED;
    `,
  },
];
