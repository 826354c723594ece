// The arc backend: the same named sources against an Arc-compatible Content API, with a bearer token.
//
// Paths it calls (all GET, relative to the origin):
//   /content/v4/search/published?q=&website=&size=&from=&sort=&_sourceInclude=   lists, search, videos
//   /content/v4/?_id=&website=                  one document by id (gallery-by-id)
//   /content/v4/?website_url=&website=          one document by canonical URL (content-by-url)
//   /content/v4/collections?_id=&website=&size=&from=&_sourceInclude=
//   /site/v3/website/{website}/section?_id=     section-api, section-source
//   /site/v3/navigation/{website}?hierarchy=    navigation-api, navigation-source
//   /author/v2/author-service?_id=&website=     authors-api (one call per id)
//   /most-read/v1/{website}?size=&exclude=      taboola-newsroom-api: not an Arc path; a most-read service
//                                               answering { content_elements: [documents] } by reads
// Video metadata (youtube-api-videos) is read from the video documents: q=type:"video" AND youtube_content_id:(...).
// Lists are written in the Content API's query syntax (query-string.ts). A 404 on a one-item path
// answers null; any other failing status, a network error or a body that is not JSON rejects.
import type { ContentSource, Logger } from "../../../runtime/types";
import { splitList } from "../documents";
import { toQueryString } from "../query-string";
import { authorSlug } from "../../../domain/slugs";
import {
  bindSources,
  collectionAnswer,
  emptyFeed,
  feedAnswer,
  mostReadAnswer,
  parseSingleDocument,
  searchAnswer,
  youtubeAnswer,
  type SourceHandlers,
} from "../sources/answers";
import { currentMonth, monthRange, type FeedAnswer, type SourceAnswers, type SourceQuery } from "../sources/declarations";
import { planList, planSearch, type ListSourceName } from "../sources/plans";
import { processLogger } from "../../../platform/log";

/** The most documents one Content API search answers, and how deep it pages (from + size). */
const ARC_PAGE_SIZE = 100;
const MAX_ARC_WINDOW = 10_000;

/** How many of the newest documents "taxonomy-terms" reads on the Content API (it cannot aggregate). */
const TAXONOMY_SCAN = 1000;

function nextMonth(month: string): string {
  const [year, index] = month.split("-").map(Number);
  return index === 12 ? `${String(year + 1).padStart(4, "0")}-01` : `${String(year).padStart(4, "0")}-${String(index + 1).padStart(2, "0")}`;
}

const ARC_PATHS = {
  search: "/content/v4/search/published",
  document: "/content/v4/",
  collections: "/content/v4/collections",
  section: (website: string) => `/site/v3/website/${encodeURIComponent(website)}/section`,
  navigation: (website: string) => `/site/v3/navigation/${encodeURIComponent(website)}`,
  authors: "/author/v2/author-service",
  mostRead: (website: string) => `/most-read/v1/${encodeURIComponent(website)}`,
} as const;

export interface ArcSourcesOptions {
  /** e.g. https://api.example.arcpublishing.com */
  origin: string;
  token: string;
  fetch?: typeof fetch;
  logger?: Logger;
}

/** A failed call to the Content API; status is the HTTP status when there was an answer. */
class ArcRequestError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "ArcRequestError";
  }
}

type Params = Record<string, string | number | undefined>;

/** Fields asked of the API: the parser needs _id and type whatever sourceInclude says. */
const includeParam = (fields: string[] | undefined) => (fields?.length ? ["_id", "type", ...fields].join(",") : undefined);

export function createArcSources(options: ArcSourcesOptions): ContentSource[] {
  const fetchImpl = options.fetch ?? fetch;
  const logger = options.logger ?? processLogger();
  const origin = options.origin.replace(/\/+$/, "");

  async function request(path: string, params: Params, signal: AbortSignal, notFound: "null" | "error" = "error"): Promise<any> {
    const url = new URL(origin + path);
    for (const [key, value] of Object.entries(params)) if (value !== undefined) url.searchParams.set(key, String(value));
    const where = `GET ${url.pathname}${url.search}`;
    let response: Response;
    try {
      response = await fetchImpl(url, {
        headers: { Authorization: `Bearer ${options.token}`, Accept: "application/json" },
        signal,
      });
    } catch (error) {
      if (signal.aborted) throw error;
      throw new ArcRequestError(`arc: ${where} falló: ${(error as Error).message}`);
    }
    const body = await response.text();
    if (response.status === 404 && notFound === "null") return null;
    if (!response.ok) {
      const hint = response.status === 401 || response.status === 403 ? " (token rechazado: revise ARC_CONTENT_TOKEN)" : "";
      throw new ArcRequestError(`arc: ${where} respondió ${response.status}${hint}: ${body.slice(0, 200)}`, response.status);
    }
    try {
      return JSON.parse(body);
    } catch {
      throw new ArcRequestError(`arc: ${where} respondió con algo que no es JSON: ${body.slice(0, 120)}`, response.status);
    }
  }

  function elementsOf(where: string, answer: any): unknown[] {
    if (!answer || !Array.isArray(answer.content_elements)) {
      throw new ArcRequestError(`arc: ${where} respondió sin la lista content_elements`);
    }
    return answer.content_elements;
  }

  const list =
    <N extends ListSourceName>(name: N) =>
    async (query: SourceQuery<N>, signal: AbortSignal): Promise<FeedAnswer> => {
      const plan = planList(name, query);
      if (!plan) return emptyFeed();
      const { brand, ...criteria } = plan.filter;
      const answer = await request(
        ARC_PATHS.search,
        {
          q: toQueryString(criteria),
          website: brand,
          size: plan.page.size,
          from: plan.page.offset,
          sort: plan.page.sort,
          _sourceInclude: includeParam(plan.fields),
        },
        signal,
      );
      const documents = elementsOf(name, answer);
      const count = typeof answer.count === "number" ? answer.count : plan.page.offset + documents.length;
      return feedAnswer(name, documents, count, plan.page, plan.fields, logger);
    };

  const section = async (website: string, id: string, signal: AbortSignal): Promise<SourceAnswers["section-api"]> => {
    const found = await request(ARC_PATHS.section(website), { _id: id }, signal, "null");
    return found ? { ...found, _website: found._website ?? website, children: found.children ?? [] } : null;
  };

  const navigation = (website: string, id: string, signal: AbortSignal) => request(ARC_PATHS.navigation(website), { hierarchy: id }, signal, "null");

  const handlers: SourceHandlers = {
    "content-apir": list("content-apir"),
    "content-apir-v2": list("content-apir-v2"),
    "content-apir-date": list("content-apir-date"),
    "content-apir-semanaTV-v2": list("content-apir-semanaTV-v2"),
    "content-api-search-author": list("content-api-search-author"),
    "latest-stories": list("latest-stories"),
    "search-query-source": list("search-query-source"),
    // The reader's search through the Content API's own relevance: the subheadline stands for the
    // snippet (nothing highlighted) and there are no facets (the API does not aggregate).
    "site-search": async (query, signal) => {
      const plan = planSearch(query);
      const facets = { sections: [], types: [] };
      if (!plan) return searchAnswer([], 0, { size: query.feedSize, offset: query.feedOffset }, facets, logger);
      const { brand, text, section, types, publishDate } = plan.filter;
      const criteria = { text, types, publishDate, ...(section ? { primarySections: [section] } : {}) };
      const answer = await request(ARC_PATHS.search, { q: toQueryString(criteria), website: brand, size: plan.page.size, from: plan.page.offset }, signal);
      const documents = elementsOf("site-search", answer) as any[];
      const count = typeof answer.count === "number" ? answer.count : plan.page.offset + documents.length;
      const hits = documents.map((document) => ({
        document,
        snippet: String(document?.subheadlines?.basic ?? document?.description?.basic ?? "").replace(/[\uE000\uE001]/g, ""),
      }));
      return searchAnswer(hits, count, plan.page, facets, logger);
    },
    "video-section-source": list("video-section-source"),
    // Sitemaps ask for up to 50,000 documents; the Content API answers 100 at a time.
    "published-content": async (query, signal) => {
      const plan = planList("published-content", query);
      if (!plan) return emptyFeed();
      const { brand, ...criteria } = plan.filter;
      const documents: unknown[] = [];
      let count = 0;
      for (let from = plan.page.offset; documents.length < plan.page.size; from += ARC_PAGE_SIZE) {
        const size = Math.min(ARC_PAGE_SIZE, plan.page.size - documents.length);
        const answer = await request(
          ARC_PATHS.search,
          { q: toQueryString(criteria), website: brand, size, from, sort: plan.page.sort, _sourceInclude: includeParam(plan.fields) },
          signal,
        );
        const page = elementsOf("published-content", answer);
        documents.push(...page);
        count = typeof answer.count === "number" ? answer.count : from + page.length;
        if (page.length < size || from + size >= MAX_ARC_WINDOW) break;
      }
      return feedAnswer("published-content", documents, count, plan.page, plan.fields, logger);
    },

    // The Content API does not aggregate: the oldest document gives the first month, then one
    // counting search (size 1) per month, newest update approximated by the newest publication.
    "published-months": async (query, signal) => {
      const search = (q: string, sort: string) =>
        request(ARC_PATHS.search, { q, website: query.website, size: 1, from: 0, sort, _sourceInclude: "publish_date,last_updated_date" }, signal);
      const oldest = elementsOf("published-months", await search(toQueryString({}), "publish_date:asc"))[0] as any;
      if (!oldest?.publish_date) return { months: [] };
      const months: string[] = [];
      for (let month = currentMonth(new Date(oldest.publish_date)); month <= currentMonth(new Date()); month = nextMonth(month)) months.push(month);
      const counted = await Promise.all(
        months.map(async (month) => {
          const answer = await search(toQueryString({ publishDate: monthRange(month) }), "publish_date:desc");
          const newest = elementsOf("published-months", answer)[0] as any;
          const count = typeof answer.count === "number" ? answer.count : newest ? 1 : 0;
          return { month, count, lastmod: new Date(newest?.last_updated_date ?? newest?.publish_date ?? 0).toISOString() };
        }),
      );
      return { months: counted.filter((month) => month.count > 0) };
    },

    // From the newest documents (TAXONOMY_SCAN of them): the terms that readers find today.
    "taxonomy-terms": async (query, signal) => {
      const newest = new Map<string, string>();
      for (let from = 0; from < TAXONOMY_SCAN; from += 100) {
        const answer = await request(
          ARC_PATHS.search,
          { q: toQueryString({}), website: query.website, size: 100, from, sort: "publish_date:desc", _sourceInclude: "publish_date,taxonomy,credits" },
          signal,
        );
        const documents = elementsOf("taxonomy-terms", answer) as any[];
        for (const document of documents) {
          const ids =
            query.kind === "sections"
              ? (document.taxonomy?.sections ?? []).map((section: any) => section?._id)
              : query.kind === "tags"
                ? (document.taxonomy?.tags ?? []).map((tag: any) => tag?.slug)
                : (document.credits?.by ?? []).map((author: any) => author?.slug ?? (typeof author?._id === "string" ? authorSlug(author._id) : undefined));
          for (const id of ids) if (typeof id === "string" && id && !newest.has(id)) newest.set(id, new Date(document.publish_date).toISOString());
        }
        if (documents.length < 100) break;
      }
      return { terms: [...newest].map(([id, lastmod]) => ({ id, lastmod })).sort((a, b) => a.id.localeCompare(b.id)) };
    },

    "authors-api": async (query, signal) => {
      const answers = await Promise.all(splitList(query.idAutor).map((id) => request(ARC_PATHS.authors, { _id: id, website: query.website }, signal, "null")));
      return { authors: answers.flatMap((answer) => (Array.isArray(answer?.authors) ? answer.authors : [])) };
    },

    "content-api-collections": async (query, signal) => {
      const page = { size: query.feedSize, offset: query.feedOffset };
      const fields = splitList(query.sourceInclude);
      const answer = await request(
        ARC_PATHS.collections,
        { _id: query.queryString, website: query.website, size: page.size, from: page.offset, _sourceInclude: includeParam(fields) },
        signal,
        "null",
      );
      if (!answer) return null;
      const documents = elementsOf("content-api-collections", answer);
      const count = typeof answer.count === "number" ? answer.count : page.offset + documents.length;
      return collectionAnswer({ _id: answer._id ?? query.queryString, headlines: answer.headlines ?? {}, documents, count }, page, fields, logger);
    },

    "gallery-by-id": async (query, signal) => {
      const raw = await request(ARC_PATHS.document, { _id: query.queryString, website: query.website }, signal, "null");
      const gallery = parseSingleDocument("gallery-by-id", raw, splitList(query.sourceInclude));
      return gallery?.type === "gallery" ? gallery : null;
    },

    "content-by-url": async (query, signal) =>
      parseSingleDocument("content-by-url", await request(ARC_PATHS.document, { website_url: query.url, website: query.website }, signal, "null")),

    "section-source": (query, signal) => section(query.website, query.path, signal),
    "section-api": (query, signal) => section(query.website, query.queryString, signal),
    "navigation-source": (query, signal) => navigation(query.website, query.queryString, signal),
    "navigation-api": (query, signal) => navigation(query.website, query.queryString, signal),

    "taboola-newsroom-api": async (query, signal) => {
      // One more than needed, in case the service does not drop the current article itself.
      const answer = await request(ARC_PATHS.mostRead(query.website), { size: query.feedSize + 1, exclude: query.exclude }, signal);
      return mostReadAnswer(elementsOf("taboola-newsroom-api", answer), query.exclude, logger, query.feedSize);
    },

    "youtube-api-videos": async (query, signal) => {
      const ids = splitList(query.videoId);
      const answer = await request(
        ARC_PATHS.search,
        { q: toQueryString({ types: ["video"], youtubeIds: ids }), website: query.website, size: Math.max(ids.length, 1), from: 0 },
        signal,
      );
      return youtubeAnswer(ids, elementsOf("youtube-api-videos", answer), logger);
    },
  };
  return bindSources(handlers);
}
