// The named content sources: name, query schema, TTL and answer shape. No I/O here: the page
// validator imports this file to check the sources and queries that page definitions name.
//
// Every query carries `website` (the brand id). Numbers may arrive as strings from a URL and are
// coerced; anything else of the wrong type, and any parameter a source does not know, is rejected
// with an error naming the parameter and its value (parseSourceQuery).
import { z } from "zod";
import type { ContentSourceDeclaration } from "../../../runtime/types";
import { ansAnswerHasNoItems, type AnsDocument, type AnsFeed } from "../../../domain/ans";
import type { AuthorRecord, NavigationNode, SectionRecord } from "../corpus";
import { cleanSearchQuery, SEARCH_TYPES, type SearchAnswer } from "../../../domain/search";
import { MAX_SITEMAP_SIZE, sitemapMonth } from "../../../domain/outputs";

/** Items of a list when the query does not say. */
export const DEFAULT_FEED_SIZE = 10;
/** Largest page a list answers. */
export const MAX_FEED_SIZE = 100;
/** Deepest offset a list answers (as the Content API: from + size within 10,000). */
export const MAX_FEED_OFFSET = 10_000;
/** The most-read list keeps 3 items once the current article is dropped (docs/content-sources.md#most-read). */
export const MOST_READ_SIZE = 3;
/** The longest most-read list: a popular list shows at most 9 (docs/content-sources.md#most-read), the /lo-mas-visto/ page all of them. */
const MOST_READ_MAX_SIZE = 9;
/** Latest stories leave out print editions (docs/listings.md#latest-stories). */
export const LATEST_STORIES_EXCLUDED_SECTION = "/edicion";
/** Days of the daily archive are calendar days in Colombia. */
export const ARCHIVE_UTC_OFFSET = "-05:00";

/** Seconds an answer stays fresh in the resolver's cache. */
export const TTL_SECONDS = {
  listing: 60,
  search: 60,
  article: 60,
  archive: 300,
  mostRead: 300,
  collection: 120,
  gallery: 300,
  authors: 3600,
  site: 600,
  video: 3600,
  /** Lists of what was published recently (the news sitemap, this month's sitemap). */
  recent: 60,
  /** What was published in a past month changes rarely (corrections). */
  pastMonth: 6 * 3600,
  /** Which months, tags, authors and sections have content. */
  taxonomy: 1800,
} as const;

/** Most documents one answer of "published-content" lists: a sitemap's limit (sitemaps.org). */
// ---- Parameter types ----

const website = z
  .string({ error: "se esperaba el id de la marca, p. ej. semana" })
  .regex(/^[a-z0-9][a-z0-9-]*$/, { error: "se esperaba el id de la marca en minúsculas, p. ej. semana" });

/** An integer that may come as a string from a URL ("6" → 6); "seis" is rejected. */
function integer(min: number, max: number, fallback: number) {
  return z
    .preprocess(
      (value) => (typeof value === "string" && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value),
      z
        .number({ error: "se esperaba un número entero" })
        .int({ error: "se esperaba un número entero" })
        .min(min, { error: `debe ser al menos ${min}` })
        .max(max, { error: `debe ser como máximo ${max}` }),
    )
    .default(fallback);
}

const feedSize = integer(1, MAX_FEED_SIZE, DEFAULT_FEED_SIZE);
const feedOffset = integer(0, MAX_FEED_OFFSET, 0);

const text = (example: string) =>
  z
    .string({ error: `se esperaba un texto, p. ej. ${example}` })
    .trim()
    .min(1, { error: `no puede estar vacío (p. ej. ${example})` });

/** Comma list of section ids, with or without the leading slash: "economia,/nacion". */
const sections = text("/economia o economia,nacion");
const sourceInclude = z
  .string({ error: "se esperaba una lista de campos separada por comas" })
  .regex(/^\s*[\w.]+(\s*,\s*[\w.]+)*\s*$/, {
    error: "se esperaba una lista de campos separada por comas, p. ej. headlines.basic,promo_items.basic",
  })
  .optional();
const sort = z
  .enum(["publish_date:desc", "publish_date:asc", "display_date:desc", "display_date:asc"], {
    error: "se esperaba publish_date:desc, publish_date:asc, display_date:desc o display_date:asc",
  })
  .default("publish_date:desc");
const isoDay = z
  .string({ error: "se esperaba una fecha AAAA-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "se esperaba una fecha AAAA-MM-DD" })
  .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
    error: "no es una fecha del calendario",
  });

const list = { website, feedSize, feedOffset, sourceInclude };

/**
 * Comma list of document ids a feed leaves out (this project's): a page's own gallery out of its
 * gallery lists, so that they ask for the 4 they show (docs/content-sources.md#named-sources).
 */
const excludeIds = text("ABC123,DEF456").optional();

/** Results per batch of the search page when the query does not say. */
export const SEARCH_FEED_SIZE = 10;

/** A reader's words, cleaned and cut (domain/search.ts cleanSearchQuery): never refused for their content. */
const searchWords = z.string({ error: "se esperaba el texto que se busca" }).transform(cleanSearchQuery);

/** A calendar month, "2026-03". */
/** A month, or one of its parts of MAX_SITEMAP_SIZE documents for a sitemap ("2026-03-2"). */
const sitemapMonthValue = z
  .string({ error: "se esperaba un mes AAAA-MM" })
  .refine((value) => sitemapMonth(value) !== undefined, { error: "se esperaba un mes AAAA-MM (o AAAA-MM-N, su parte N), p. ej. 2026-03" });
const isoInstant = z
  .string({ error: "se esperaba una fecha y hora ISO, p. ej. 2026-03-01T00:00:00Z" })
  .refine((value) => /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value)), { error: "se esperaba una fecha y hora ISO" });

// ---- Query schemas, one per source ----

const sourceQueries = {
  /** Documents in any of the sections, but those of excludeIds. */
  "content-apir": z.strictObject({ ...list, includeSections: sections.optional(), excludeIds }),
  /** Documents whose primary section is one of includeSections, optionally of some subtypes, but those of excludeIds. */
  "content-apir-v2": z.strictObject({ ...list, includeSections: sections.optional(), includeSubtypes: text("video,gallery").optional(), excludeIds }),
  /** The daily archive: documents displayed on that day (Colombian time). */
  "content-apir-date": z.strictObject({ ...list, date: isoDay }),
  /** A video-channel programme: includeSections /semana-tv/{program}. */
  "content-apir-semanaTV-v2": z.strictObject({ ...list, includeSections: sections }),
  /** An author's documents (includeId: author id or its slug), optionally within sections. */
  "content-api-search-author": z.strictObject({ ...list, includeId: text("vicky-davila"), includeSections: sections.optional() }),
  /** Author records by id or slug (comma list allowed). */
  "authors-api": z.strictObject({ website, idAutor: text("vicky-davila") }),
  /** The documents of a collection, in the collection's order. */
  "content-api-collections": z.strictObject({ ...list, queryString: text("id de la colección") }),
  /** One gallery by id. */
  "gallery-by-id": z.strictObject({ website, queryString: text("id de la galería"), sourceInclude }),
  /** Newest documents with a basic promo image, print editions left out; queryString narrows them. */
  "latest-stories": z.strictObject({ ...list, queryString: z.string().trim().optional(), sort }),
  /** A section's name and site information by path. */
  "section-source": z.strictObject({ website, path: text("/economia") }),
  /**
   * The reader's search (this project's): words in Spanish, accents ignored, best matches first,
   * each with a highlighted snippet, and how many match per section and per content type.
   * Narrowed by a section (its id), a content type and a range of days (Colombian calendar).
   */
  "site-search": z
    .strictObject({
      website,
      query: searchWords,
      section: sections.optional(),
      type: z.enum(SEARCH_TYPES, { error: "se esperaba story, video o gallery" }).optional(),
      from: isoDay.optional(),
      to: isoDay.optional(),
      feedSize: integer(1, MAX_FEED_SIZE, SEARCH_FEED_SIZE),
      feedOffset,
    })
    .refine((query) => !query.from || !query.to || query.from <= query.to, { error: "from debe ser anterior o igual a to", path: ["to"] }),
  /** Full-text search in Spanish, accents ignored. */
  "search-query-source": z.strictObject({ ...list, queryString: z.string().trim().optional(), sort }),
  /** A navigation tree, e.g. SemanaTrendyBar. */
  "navigation-source": z.strictObject({ website, queryString: text("SemanaTrendyBar") }),
  /** Videos in any of the sections. */
  "video-section-source": z.strictObject({ ...list, includeSections: sections }),
  /** A section by id. */
  "section-api": z.strictObject({ website, queryString: text("/economia") }),
  /** A navigation tree by id, e.g. navSemanaTv. */
  "navigation-api": z.strictObject({ website, queryString: text("navSemanaTv") }),
  /** The most-read list without the current article (exclude: its _id): feedSize items, 3 unless asked, at most 9. */
  "taboola-newsroom-api": z.strictObject({
    website,
    exclude: z.string().trim().optional(),
    feedSize: integer(1, MOST_READ_MAX_SIZE, MOST_READ_SIZE),
  }),
  /** Video metadata in the shape of the YouTube Data API (videoId: one id or a comma list). */
  "youtube-api-videos": z.strictObject({ website, videoId: text("nKW3wvhnZoE") }),
  /** The document whose canonical URL this is (article pages). */
  "content-by-url": z.strictObject({ website, url: text("/nacion/articulo/...") }),
  /**
   * Published documents, newest first, for sitemaps and feeds: those of a month (Colombian time)
   * and/or published since an instant; up to 50,000 (a sitemap's limit).
   */
  "published-content": z.strictObject({
    website,
    month: sitemapMonthValue.optional(),
    since: isoInstant.optional(),
    feedSize: integer(1, MAX_SITEMAP_SIZE, 1000),
    feedOffset,
    sourceInclude,
  }),
  /** The months with published documents, oldest first: how many and the newest update of each. */
  "published-months": z.strictObject({ website }),
  /** The sections, tags or authors that have published documents, with the newest publication of each. */
  "taxonomy-terms": z.strictObject({
    website,
    kind: z.enum(["sections", "tags", "authors"], { error: "se esperaba sections, tags o authors" }),
  }),
};

export type SourceName = keyof typeof sourceQueries;
export type SourceQuery<N extends SourceName> = z.output<(typeof sourceQueries)[N]>;

// ---- Answers ----

/** A list answer: { type: "results", content_elements, count, next?, previous? }. */
export type FeedAnswer = AnsFeed<AnsDocument>;

export interface CollectionAnswer extends FeedAnswer {
  _id: string;
  headlines: Record<string, unknown>;
}

interface AuthorsAnswer {
  authors: AuthorRecord[];
}

type SectionAnswer = (SectionRecord & { _website: string; children: Array<{ _id: string; name: string }> }) | null;

export interface MostReadItem {
  _id: string;
  url: string;
  title: string;
  image?: string;
  section?: string;
}

export interface MostReadAnswer {
  type: "results";
  content_elements: MostReadItem[];
}

/** One item of a YouTube Data API videos.list answer, as the video blocks read it. */
export interface YoutubeVideo {
  kind: "youtube#video";
  id: string;
  snippet: { publishedAt: string; title: string; description: string; thumbnails: { default: { url: string } } };
  contentDetails: { duration: string };
}

export interface YoutubeVideosAnswer {
  kind: "youtube#videoListResponse";
  items: YoutubeVideo[];
}

/** One month of published content (answers of "published-months"). */
interface PublishedMonth {
  /** "2026-03" */
  month: string;
  count: number;
  /** ISO instant of the newest update in the month. */
  lastmod: string;
}

interface PublishedMonthsAnswer {
  months: PublishedMonth[];
}

/** A section id ("/nacion"), tag slug or author slug with its newest publication. */
interface TaxonomyTerm {
  id: string;
  lastmod: string;
}

interface TaxonomyTermsAnswer {
  terms: TaxonomyTerm[];
}

export interface SourceAnswers {
  "site-search": SearchAnswer;
  "content-apir": FeedAnswer;
  "content-apir-v2": FeedAnswer;
  "content-apir-date": FeedAnswer;
  "content-apir-semanaTV-v2": FeedAnswer;
  "content-api-search-author": FeedAnswer;
  "authors-api": AuthorsAnswer;
  "content-api-collections": CollectionAnswer | null;
  "gallery-by-id": AnsDocument | null;
  "latest-stories": FeedAnswer;
  "section-source": SectionAnswer;
  "search-query-source": FeedAnswer;
  "navigation-source": NavigationNode | null;
  "video-section-source": FeedAnswer;
  "section-api": SectionAnswer;
  "navigation-api": NavigationNode | null;
  "taboola-newsroom-api": MostReadAnswer;
  "youtube-api-videos": YoutubeVideosAnswer;
  "content-by-url": AnsDocument | null;
  "published-content": FeedAnswer;
  "published-months": PublishedMonthsAnswer;
  "taxonomy-terms": TaxonomyTermsAnswer;
}

const ttlBySource: Record<SourceName, number> = {
  "content-apir": TTL_SECONDS.listing,
  "content-apir-v2": TTL_SECONDS.listing,
  "content-apir-date": TTL_SECONDS.archive,
  "content-apir-semanaTV-v2": TTL_SECONDS.listing,
  "content-api-search-author": TTL_SECONDS.listing,
  "authors-api": TTL_SECONDS.authors,
  "content-api-collections": TTL_SECONDS.collection,
  "gallery-by-id": TTL_SECONDS.gallery,
  "latest-stories": TTL_SECONDS.listing,
  "section-source": TTL_SECONDS.site,
  "search-query-source": TTL_SECONDS.search,
  "site-search": TTL_SECONDS.search,
  "navigation-source": TTL_SECONDS.site,
  "video-section-source": TTL_SECONDS.listing,
  "section-api": TTL_SECONDS.site,
  "navigation-api": TTL_SECONDS.site,
  "taboola-newsroom-api": TTL_SECONDS.mostRead,
  "youtube-api-videos": TTL_SECONDS.video,
  "content-by-url": TTL_SECONDS.article,
  "published-content": TTL_SECONDS.recent,
  "published-months": TTL_SECONDS.taxonomy,
  "taxonomy-terms": TTL_SECONDS.taxonomy,
};

/**
 * Seconds fresh for a query, where that depends on it: a past month's sitemap changes rarely, the
 * current month's and the last hours' change all the time.
 */
const ttlForSource: Partial<Record<SourceName, (query: any) => number>> = {
  "published-content": (query: { month?: string; since?: string }) =>
    query.month && !query.since && query.month < currentMonth(new Date()) ? TTL_SECONDS.pastMonth : TTL_SECONDS.recent,
};

/** The month of an instant in Colombia ("2026-03"), as the archive's days are. */
export function currentMonth(now: Date): string {
  return new Date(now.getTime() + Number(ARCHIVE_UTC_OFFSET.slice(0, 3)) * 3600_000).toISOString().slice(0, 7);
}

/** Start (inclusive) and end (exclusive) of a month in Colombia, as ISO instants. */
export function monthRange(month: string): { gte: string; lt: string } {
  const [year, index] = month.split("-").map(Number);
  const next = index === 12 ? `${String(year + 1).padStart(4, "0")}-01` : `${String(year).padStart(4, "0")}-${String(index + 1).padStart(2, "0")}`;
  return { gte: new Date(`${month}-01T00:00:00${ARCHIVE_UTC_OFFSET}`).toISOString(), lt: new Date(`${next}-01T00:00:00${ARCHIVE_UTC_OFFSET}`).toISOString() };
}

export const sourceNames = Object.keys(sourceQueries) as SourceName[];

/** The declarations of every named source, for the validator and the resolver. */
export const contentSourceDeclarations: ContentSourceDeclaration[] = sourceNames.map((name) => ({
  name,
  query: sourceQueries[name],
  ttlSeconds: ttlBySource[name],
  ...(ttlForSource[name] ? { ttlFor: ttlForSource[name] } : {}),
  // Lists answer as ANS feeds: a feed without content_elements has nothing to show.
  hasNoItems: ansAnswerHasNoItems,
}));

// ---- Query validation ----

export interface QueryProblem {
  parameter: string;
  value: unknown;
  message: string;
}

/** A query a source cannot answer; the message names each parameter and value at fault. */
export class QueryError extends Error {
  readonly status = 400;
  constructor(
    readonly source: string,
    readonly problems: QueryProblem[],
  ) {
    super(`${source}: consulta no válida: ${problems.map(describeProblem).join("; ")}`);
    this.name = "QueryError";
  }
}

function describeProblem(problem: QueryProblem): string {
  if (problem.parameter === "") return problem.message;
  if (problem.value === undefined) return `${problem.parameter}: ${problem.message}`;
  return `${problem.parameter} = ${JSON.stringify(problem.value)}: ${problem.message}`;
}

/** Validates and coerces a query for a source; throws QueryError. */
export function parseSourceQuery<N extends SourceName>(name: N, raw: unknown): SourceQuery<N> {
  const schema = sourceQueries[name];
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new QueryError(name, [{ parameter: "", value: raw, message: "la consulta debe ser un objeto" }]);
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data as SourceQuery<N>;
  const input = raw as Record<string, unknown>;
  const problems: QueryProblem[] = [];
  for (const issue of parsed.error.issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) problems.push({ parameter: key, value: input[key], message: "parámetro desconocido" });
      continue;
    }
    const parameter = String(issue.path[0] ?? "");
    const value = input[parameter];
    problems.push({ parameter, value, message: value === undefined ? "falta este parámetro" : issue.message });
  }
  throw new QueryError(name, problems);
}
