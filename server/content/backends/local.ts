// The local backend: every named source answered from the embedded content store.
import type { ContentSource, Logger } from "../../../runtime/types";
import { splitList } from "../documents";
import type { ContentStore } from "../store";
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
import { type FeedAnswer, type SourceAnswers, type SourceQuery } from "../sources/declarations";
import { planList, planSearch, type ListSourceName } from "../sources/plans";
import { processLogger } from "../../../platform/log";

export interface LocalSourcesOptions {
  logger?: Logger;
}

export function createLocalSources(store: ContentStore, options: LocalSourcesOptions = {}): ContentSource[] {
  const logger = options.logger ?? processLogger();

  const list =
    <N extends ListSourceName>(name: N) =>
    async (query: SourceQuery<N>): Promise<FeedAnswer> => {
      const plan = planList(name, query);
      if (!plan) return emptyFeed();
      const { documents, count } = await store.findDocuments(plan.filter, plan.page);
      return feedAnswer(name, documents, count, plan.page, plan.fields, logger);
    };

  const section = async (website: string, id: string): Promise<SourceAnswers["section-api"]> => {
    const found = await store.getSection(website, id);
    return found ? { ...found, _website: website } : null;
  };

  const handlers: SourceHandlers = {
    "content-apir": list("content-apir"),
    "content-apir-v2": list("content-apir-v2"),
    "content-apir-date": list("content-apir-date"),
    "content-apir-semanaTV-v2": list("content-apir-semanaTV-v2"),
    "content-api-search-author": list("content-api-search-author"),
    "latest-stories": list("latest-stories"),
    "search-query-source": list("search-query-source"),
    "site-search": async (query) => {
      const plan = planSearch(query);
      if (!plan) return searchAnswer([], 0, { size: query.feedSize, offset: query.feedOffset }, { sections: [], types: [] }, logger);
      const { hits, count, facets } = await store.searchDocuments(plan.filter, plan.page);
      return searchAnswer(hits, count, plan.page, facets, logger);
    },
    "video-section-source": list("video-section-source"),
    "published-content": list("published-content"),
    "published-months": async (query) => ({ months: await store.publishedMonths(query.website) }),
    "taxonomy-terms": async (query) => ({ terms: await store.taxonomyTerms(query.website, query.kind) }),

    "authors-api": async (query) => ({ authors: await store.getAuthors(query.website, splitList(query.idAutor)) }),

    "content-api-collections": async (query) => {
      const page = { size: query.feedSize, offset: query.feedOffset };
      const collection = await store.getCollection(query.website, query.queryString, page);
      return collection && collectionAnswer(collection, page, splitList(query.sourceInclude), logger);
    },

    "gallery-by-id": async (query) => {
      const raw = await store.getDocument(query.website, { id: query.queryString });
      const gallery = parseSingleDocument("gallery-by-id", raw, splitList(query.sourceInclude));
      return gallery?.type === "gallery" ? gallery : null;
    },

    "content-by-url": async (query) => parseSingleDocument("content-by-url", await store.getDocument(query.website, { url: query.url })),

    "section-source": (query) => section(query.website, query.path),
    "section-api": (query) => section(query.website, query.queryString),
    "navigation-source": (query) => store.getNavigation(query.website, query.queryString),
    "navigation-api": (query) => store.getNavigation(query.website, query.queryString),

    "taboola-newsroom-api": async (query) =>
      mostReadAnswer(await store.mostRead(query.website, { exclude: query.exclude, size: query.feedSize }), query.exclude, logger, query.feedSize),

    "youtube-api-videos": async (query) => {
      const ids = splitList(query.videoId);
      const { documents } = await store.findDocuments(
        { brand: query.website, types: ["video"], youtubeIds: ids },
        { size: Math.max(ids.length, 1), offset: 0 },
      );
      return youtubeAnswer(ids, documents, logger);
    },
  };
  return bindSources(handlers);
}
