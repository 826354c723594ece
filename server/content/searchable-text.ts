// SQL for the text a document is found by and its search snippet is cut from: all of it for an open
// document, only what an anonymous reader sees of it for a locked one (docs/decisions/0011-paywall.md).
import { FREE_CODE_IN_SECTION, NEVER_PAYWALLED_SECTIONS, PAYWALLED_CONTENT_CODES } from "../../accounts";
import type { Conditions } from "./document-filters";

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
export const SNIPPET_TEXT = plain(`concat_ws(' ', coalesce(document->'subheadlines'->>'basic', document->'description'->>'basic'), ${BODY_TEXT})`);

/** The same for a locked document: only what its page shows an anonymous reader (docs/decisions/0019-paywall-gaps.md). */
export const PUBLIC_SNIPPET_TEXT = plain(`concat_ws(' ', coalesce(document->'subheadlines'->>'basic', document->'description'->>'basic'), ${PREVIEW_TEXT})`);

/** What a locked document may be found by: headline, subheadline, description and the preview. */
export const PUBLIC_VECTOR = `to_tsvector('es_unaccent', ${plain(
  `concat_ws(' ', document->'headlines'->>'basic', document->'subheadlines'->>'basic', document->'description'->>'basic', ${PREVIEW_TEXT})`,
)})`;

/**
 * SQL, true when the document's body is locked for an anonymous reader: the rule of
 * freeForEverybody (accounts/entitlement.ts) on the indexed columns, with the primary
 * section's path as domain/ans sectionIds reads it. Never NULL.
 */
export function lockedForAnonymous(c: Conditions): string {
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
export function textMatch(c: Conditions, query: string): string {
  return `search_vector @@ ${query} AND (NOT ${lockedForAnonymous(c)} OR ${PUBLIC_VECTOR} @@ ${query})`;
}
