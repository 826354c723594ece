// What the page editor's pickers look up in the store (docs/decisions/0075-settings-name-what-they-refer-to.md):
// a brand's sections, collections, tags, authors, galleries and navigation trees, found by words of
// their names or ids (anywhere, any case, accents ignored), or named by the ids a page writes.
import type { Queryable } from "../../platform/database";
import { REFERENCE_KINDS, type ReferenceKind } from "../../runtime/setting-references";
import { normalizeSectionId } from "../../domain/sections";
import { slugify, tagSlug } from "../../domain/slugs";

/** Every kind a setting can name but content sources, which the registry knows, not the store. */
export type LookupKind = Exclude<ReferenceKind, "source">;

/** One thing a setting can name: the id written in the page, the name editors know it by, a hint. */
export interface LookupItem {
  id: string;
  name: string;
  detail?: string;
}

/** Words to find (all of them, each anywhere), or ids to name. */
export type LookupQuery = { text: string } | { ids: string[] };

/** The most items a search answers. */
const LOOKUP_LIMIT = 20;

/** SQL: text in lower case without its accents, as the query's words are folded (folded below). */
const fold = (sql: string) => `translate(lower(${sql}), 'áàäâãéèëêíìïîóòöôõúùüûñç', 'aaaaaeeeeiiiiooooouuuunc')`;

/** The words of a search, folded: "Economía / Opinión" → ["economia", "opinion"]. */
const folded = (text: string) =>
  slugify(text.replace(/_/g, " "))
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** SQL: the tags of document d, as JSON objects. */
const TAGS = `jsonb_array_elements(CASE WHEN jsonb_typeof(d.document->'taxonomy'->'tags') = 'array' THEN d.document->'taxonomy'->'tags' ELSE '[]'::jsonb END)`;

/**
 * Each kind's rows for the brand ($1): id, name, detail, alias (another id the page may write: an
 * author's record id), the order of a list (by id when not said); and the ids a written value may stand for.
 */
const KINDS: Record<LookupKind, { rows: string; order?: string; keys?: (value: string) => string[] }> = {
  section: {
    rows: "SELECT _id AS id, coalesce(nullif(record->>'name', ''), _id) AS name, _id AS detail, NULL AS alias FROM sections WHERE brand = $1",
    order: "id",
    keys: (value) => [normalizeSectionId(value) ?? value],
  },
  collection: {
    rows: "SELECT _id AS id, coalesce(nullif(headlines->>'basic', ''), _id) AS name, _id AS detail, NULL AS alias FROM collections WHERE brand = $1",
    order: "name, id",
  },
  author: {
    // By the slug pages write ("vicky-davila", as in the author's address), its id the alias.
    rows: "SELECT coalesce(slug, _id) AS id, coalesce(nullif(record->>'byline', ''), _id) AS name, record->>'role' AS detail, _id AS alias FROM authors WHERE brand = $1",
    order: "name, id",
  },
  navigation: {
    rows: `SELECT _id AS id, coalesce(nullif(tree->>'display_name', ''), nullif(tree->'site'->>'site_title', ''), _id) AS name, _id AS detail, NULL AS alias
           FROM navigation_trees WHERE brand = $1`,
    order: "id",
  },
  gallery: {
    rows: `SELECT _id AS id, coalesce(nullif(document->'headlines'->>'basic', ''), _id) AS name, canonical_url AS detail, NULL AS alias, publish_date
           FROM documents WHERE brand = $1 AND type = 'gallery'`,
    order: "publish_date DESC NULLS LAST, id",
  },
  tag: {
    // Only the documents carrying the tags asked ($2: an indexed column), each tag's text as its newest document writes it.
    rows: `SELECT DISTINCT ON (t.slug) t.slug AS id, coalesce(nullif(t.text, ''), t.slug) AS name, NULL AS detail, NULL AS alias
           FROM documents d, LATERAL (SELECT coalesce(e->>'slug', e->>'_id') AS slug, e->>'text' AS text FROM ${TAGS} e) t
           WHERE d.brand = $1 AND d.tag_slugs && $2::text[] AND t.slug = ANY($2::text[])
           ORDER BY t.slug, d.publish_date DESC NULLS LAST`,
    keys: (value) => [value, tagSlug(value)],
  },
};

export const LOOKUP_KINDS = REFERENCE_KINDS.filter((kind): kind is LookupKind => kind !== "source");

/**
 * The items of `kind` in `brand` whose name or id has every word of the text (the first LOOKUP_LIMIT:
 * names starting with the first word first), or those the ids name, in the order asked, each under
 * the id as written.
 */
export async function lookupContent(db: Queryable, brand: string, kind: LookupKind, query: LookupQuery): Promise<LookupItem[]> {
  const { rows, order = "id", keys = (value: string) => [value] } = KINDS[kind];
  type Row = LookupItem & { alias: string | null };
  const item = ({ id, name, detail }: Row): LookupItem => ({ id, name, ...(detail && detail !== id ? { detail } : {}) });
  if ("ids" in query) {
    const wanted = query.ids.map((value) => ({ value, keys: keys(value) }));
    const { rows: found } = await db.query<Row>(`SELECT id, name, detail, alias FROM (${rows}) c WHERE id = ANY($2::text[]) OR alias = ANY($2::text[])`, [
      brand,
      wanted.flatMap((w) => w.keys),
    ]);
    return wanted.flatMap(({ value, keys }) => {
      const row = found.find((r) => keys.includes(r.id)) ?? found.find((r) => r.alias !== null && keys.includes(r.alias));
      return row ? [{ ...item(row), id: value }] : [];
    });
  }
  const words = folded(query.text);
  // Tags are found by their slugs (their text folded) without reading documents, then named.
  if (kind === "tag") {
    const { rows: slugs } = await db.query<{ id: string }>(
      `SELECT id FROM (SELECT DISTINCT s AS id FROM documents, unnest(tag_slugs) AS s WHERE brand = $1) c
       WHERE NOT EXISTS (SELECT 1 FROM unnest($2::text[]) AS w(word) WHERE strpos(c.id, w.word) = 0)
       ORDER BY strpos(c.id, $3) = 1 DESC, c.id LIMIT ${LOOKUP_LIMIT}`,
      [brand, words, words[0] ?? ""],
    );
    return lookupContent(db, brand, kind, { ids: slugs.map((row) => row.id) });
  }
  const haystack = `${fold("c.name")} || ' ' || ${fold("c.id")} || ' ' || ${fold("coalesce(c.alias, '')")}`;
  const { rows: found } = await db.query<Row>(
    `SELECT id, name, detail, alias FROM (${rows}) c
     WHERE NOT EXISTS (SELECT 1 FROM unnest($2::text[]) AS w(word) WHERE strpos(${haystack}, w.word) = 0)
     ORDER BY strpos(${fold("c.name")}, $3) = 1 DESC, ${order} LIMIT ${LOOKUP_LIMIT}`,
    [brand, words, words[0] ?? ""],
  );
  return found.map(item);
}
