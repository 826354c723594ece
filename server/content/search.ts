// The reader's search in the content store (the "site-search" source): ranked matches with their
// snippets and the section and type facets, in one statement.
import type { Queryable } from "../../platform/database";
import { normalizeSectionId } from "../../domain/sections";
import { SNIPPET_MARK_END, SNIPPET_MARK_START } from "../../domain/search";
import { Conditions, rangePredicates, type DateRange, type Page } from "./document-filters";
import { lockedForAnonymous, PUBLIC_SNIPPET_TEXT, PUBLIC_VECTOR, SNIPPET_TEXT, textMatch } from "./searchable-text";

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
const SEARCH_SECTION_FACETS = 12;

/** The store's searchDocuments (store.ts says what it answers). */
export async function searchDocuments(db: Queryable, filter: SearchFilter, page: Pick<Page, "size" | "offset">): Promise<SearchResult> {
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
  const { rows } = await db.query<{
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

/** A LIKE pattern's literal text. */
function likeEscape(value: string): string {
  return value.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}
