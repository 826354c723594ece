import {
  cleanSearchQuery,
  SEARCH_QUERY_MAX_LENGTH,
  SEARCH_TYPES,
  snippetParts,
  type SearchAnswer,
  type SearchType,
  type SnippetPart,
} from "../../domain/search";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { toCardStory, type CardStory, type Page } from "../_shared/cards";
import type { Settings } from "./settings";

/** Results per batch, the first and each 'Cargar más artículos' (docs/listings.md#search-results). */
const SEARCH_RESULTS_FEED_SIZE = 10;
const SEARCH_PAGE_PATH = "/buscador/";
/** The query-string parameters of the results page: the words and the three facets. */
const SEARCH_PARAMS = ["query", "seccion", "tipo", "desde", "hasta"] as const;

const TYPE_LABELS: Record<SearchType, string> = { story: "Artículos", video: "Videos", gallery: "Galerías" };
/** The date facet's choices: days back from today (Colombian calendar). */
const DATE_PRESETS = [
  { label: "Última semana", days: 7 },
  { label: "Último mes", days: 30 },
  { label: "Último año", days: 365 },
] as const;

/** What the reader asked, each parameter checked: anything unusable is left out (the page never fails for it). */
export interface SearchRequest {
  query: string;
  seccion?: string;
  tipo?: SearchType;
  desde?: string;
  hasta?: string;
}

export interface SearchResultItem extends CardStory {
  snippet: SnippetPart[];
}

export interface FacetLink {
  label: string;
  href: string;
  count?: number;
  active: boolean;
}

export interface Data {
  title: string;
  query: string;
  /** The reader's words were longer than the search keeps. */
  cut: boolean;
  desde?: string;
  hasta?: string;
  results: Page<SearchResultItem>;
  /** The page address with the request's parameters: the load-more endpoint's ?path=. */
  pagePath: string;
  facets: { sections: FacetLink[]; types: FacetLink[]; dates: FacetLink[] };
  /** Some facet narrows the results. */
  filtered: boolean;
}

const isoDay = (value: unknown): string | undefined => {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return undefined;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : undefined;
};

/** The reader's request from the page's query string; invalid facets are dropped, the words cleaned and cut. */
export function searchRequest(query: Record<string, string | undefined>): SearchRequest {
  const out: SearchRequest = { query: cleanSearchQuery(query.query ?? "") };
  const section = (query.seccion ?? "").trim().replace(/^\/+|\/+$/g, "");
  if (/^[a-z0-9-]{1,60}(\/[a-z0-9-]{1,60}){0,3}$/.test(section)) out.seccion = section;
  if ((SEARCH_TYPES as readonly string[]).includes(query.tipo ?? "")) out.tipo = query.tipo as SearchType;
  const desde = isoDay(query.desde);
  const hasta = isoDay(query.hasta);
  if (desde) out.desde = desde;
  if (hasta && (!desde || hasta >= desde)) out.hasta = hasta;
  return out;
}

/** The results page's address for a request (what the facets link to). */
export function searchHref(request: SearchRequest): string {
  const params = new URLSearchParams();
  for (const name of SEARCH_PARAMS) {
    const value = request[name];
    if (value) params.set(name, value);
  }
  const query = params.toString();
  return query ? `${SEARCH_PAGE_PATH}?${query}` : SEARCH_PAGE_PATH;
}

/** Today in Colombia (UTC-5), minus some days, as AAAA-MM-DD. */
function colombianDay(now: Date, daysBack = 0): string {
  return new Date(now.getTime() - 5 * 3600_000 - daysBack * 86_400_000).toISOString().slice(0, 10);
}

function fetchSearchResults(settings: Settings, context: PageContext): BlockFetches {
  const request = searchRequest(context.query);
  if (!request.query) return {};
  return {
    results: {
      source: "site-search",
      query: {
        website: context.brand,
        query: request.query,
        ...(request.seccion ? { section: request.seccion } : {}),
        ...(request.tipo ? { type: request.tipo } : {}),
        ...(request.desde ? { from: request.desde } : {}),
        ...(request.hasta ? { to: request.hasta } : {}),
        feedSize: settings.feedSize ?? SEARCH_RESULTS_FEED_SIZE,
        feedOffset: context.cursor?.offset ?? 0,
      },
    },
  };
}

function sectionLabel(id: string, name: string | undefined): string {
  if (name) return name;
  const last = id.split("/").filter(Boolean).pop() ?? id;
  return (last.charAt(0).toUpperCase() + last.slice(1)).replace(/-/g, " ");
}

function transformSearchResults(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const request = searchRequest(context.query);
  const answer = data.results as SearchAnswer | undefined;
  const items: SearchResultItem[] = [];
  for (const hit of answer?.hits ?? []) {
    const card = toCardStory(hit.document);
    if (card) items.push({ ...card, snippet: snippetParts(hit.snippet) });
  }
  const results: Page<SearchResultItem> = { items, count: answer?.count ?? 0 };
  if (typeof answer?.next === "number") results.next = answer.next;
  const link = (label: string, change: Partial<SearchRequest>, active: boolean, count?: number): FacetLink => ({
    label,
    href: searchHref({ ...request, ...change }),
    active,
    ...(count !== undefined ? { count } : {}),
  });
  const sections = (answer?.facets.sections ?? []).map((facet) => {
    const id = facet.id.replace(/^\/+/, "");
    return link(sectionLabel(facet.id, facet.name), { seccion: id }, request.seccion === id, facet.count);
  });
  const types = (answer?.facets.types ?? [])
    .filter((facet) => facet.id in TYPE_LABELS)
    .map((facet) => link(TYPE_LABELS[facet.id as SearchType], { tipo: facet.id as SearchType }, request.tipo === facet.id, facet.count));
  const dates = DATE_PRESETS.map((preset) => {
    const desde = colombianDay(context.now ?? new Date(), preset.days);
    return link(preset.label, { desde, hasta: undefined }, request.desde === desde && !request.hasta);
  });
  const anyDate = !request.desde && !request.hasta;
  return {
    title: settings.title || "Resultados de búsqueda",
    query: request.query,
    cut: [...(context.query.query ?? "").replace(/\s+/g, " ").trim()].length > SEARCH_QUERY_MAX_LENGTH,
    ...(request.desde ? { desde: request.desde } : {}),
    ...(request.hasta ? { hasta: request.hasta } : {}),
    results,
    pagePath: searchHref(request),
    facets: {
      sections: sections.length ? [link("Todas las secciones", { seccion: undefined }, !request.seccion), ...sections] : [],
      types: types.length ? [link("Todos", { tipo: undefined }, !request.tipo), ...types] : [],
      dates: request.query ? [link("Cualquier fecha", { desde: undefined, hasta: undefined }, anyDate), ...dates] : [],
    },
    filtered: !!(request.seccion || request.tipo || request.desde || request.hasta),
  };
}

/**
 * The results page (docs/listings.md#search-results): never empty, since no words and no results
 * each have their own message. The query-string parameters it reads are declared so that the
 * page cache keys on them (and on no other).
 */
export default defineBlockServer<Settings, Data>({
  queryParams: SEARCH_PARAMS,
  fetch: fetchSearchResults,
  transform: transformSearchResults,
  isEmpty: () => false,
});
