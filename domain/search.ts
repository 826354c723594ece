// The reader's search (docs/listings.md#search-results), as the content source and the search
// block both read it: how a reader's words are cleaned and cut, the content types a search can be
// narrowed to, the answer's shape and how a snippet's highlighted words are marked.
import type { AnsDocument } from "./ans";

/** Characters of a reader's search kept: longer queries are cut (at a word when one ends near). */
export const SEARCH_QUERY_MAX_LENGTH = 200;
/** The results page (docs/listings.md#search-results); its words go in ?query=. */
export const SEARCH_PATH = "/buscador/";
export const SEARCH_QUERY_PARAM = "query";
/** Content types a search can be narrowed to. */
export const SEARCH_TYPES = ["story", "video", "gallery"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];
/** Start and end of a highlighted word in a snippet: private-use characters, removed from the text first. */
export const SNIPPET_MARK_START = "\uE000";
export const SNIPPET_MARK_END = "\uE001";

/**
 * A reader's words as the search asks them: control characters (and the snippet marks) become
 * spaces, runs of spaces one, and the text is cut to SEARCH_QUERY_MAX_LENGTH characters (at the
 * last space when one is near the cut). Any string is accepted; "" means nothing to search.
 */
export function cleanSearchQuery(value: string): string {
  const plain = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\uE000\uE001\uFEFF]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  const chars = [...plain];
  if (chars.length <= SEARCH_QUERY_MAX_LENGTH) return plain;
  const cut = chars.slice(0, SEARCH_QUERY_MAX_LENGTH).join("");
  const space = cut.lastIndexOf(" ");
  return (space > cut.length - 30 ? cut.slice(0, space) : cut).trim();
}

/** One search hit: the document and its snippet, highlighted words between the snippet marks. */
export interface SearchHit {
  document: AnsDocument;
  snippet: string;
}

/** How many results one value of a facet has (a section: its id and name; a type: story, video, gallery). */
interface SearchFacetValue {
  id: string;
  name?: string;
  count: number;
}

/**
 * An answer of "site-search": a page of hits (best first), the number of matches, next and
 * previous as lists have them, and the facets. A section's count ignores the section asked (and a
 * type's the type asked), so that a reader can switch from one to another.
 */
export interface SearchAnswer {
  type: "results";
  hits: SearchHit[];
  count: number;
  next?: number;
  previous?: number;
  facets: { sections: SearchFacetValue[]; types: SearchFacetValue[] };
}

/** A piece of a snippet: plain text, or a highlighted word when `mark` is true. */
export interface SnippetPart {
  text: string;
  mark?: true;
}

/**
 * A marked snippet as parts, for a component to render as text (never as HTML): the marks
 * delimit highlighted words; an unbalanced mark is dropped.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  const push = (text: string, mark: boolean) => {
    if (!text) return;
    const last = parts[parts.length - 1];
    if (last && !!last.mark === mark) last.text += text;
    else parts.push(mark ? { text, mark: true } : { text });
  };
  let rest = snippet;
  for (;;) {
    const start = rest.indexOf(SNIPPET_MARK_START);
    if (start < 0) break;
    const end = rest.indexOf(SNIPPET_MARK_END, start + 1);
    if (end < 0) break;
    push(rest.slice(0, start).replaceAll(SNIPPET_MARK_END, ""), false);
    push(rest.slice(start + 1, end), true);
    rest = rest.slice(end + 1);
  }
  push(rest.replaceAll(SNIPPET_MARK_START, "").replaceAll(SNIPPET_MARK_END, ""), false);
  return parts;
}
