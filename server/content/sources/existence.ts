// What a route parameter may be required to name (a page definition's "params"), each answered by
// one cached fetch of a named source: a section of the brand, a tag with stories, an author with
// stories, a journalist with videos in the video channel. A page whose parameter names nothing
// answers 404 without being resolved.
import { sitemapMonth } from "../../../domain/outputs";
import { archiveDate } from "../../../domain/archive";
import { normalizeSectionId, sectionFromUrl } from "../../../domain/sections";
import { tagSlug } from "../../../domain/slugs";
import type { ExistenceCheck } from "../../../runtime/types";
import { SEMANA_TV_SECTION } from "../../../blocks/_shared/videoChannel";

const hasItems = (answer: unknown) => {
  const feed = answer as { count?: unknown; content_elements?: unknown[] } | null;
  return typeof feed?.count === "number" ? feed.count > 0 : (feed?.content_elements?.length ?? 0) > 0;
};

export const existenceChecks: ExistenceCheck[] = [
  {
    // The section the whole URL names, as section pages list it (Soho's /seccion/<x>/ included).
    name: "section",
    fetch: (value, context) => ({
      source: "section-source",
      query: { website: context.brand, path: sectionFromUrl(context.brand, context.path) ?? normalizeSectionId(value) ?? "/" },
    }),
    exists: (answer) => answer !== null && typeof answer === "object",
  },
  {
    // A section named by its id in the parameter itself ("economia/opinion"), wherever the route is
    // (a section's feed: /arc/outboundfeeds/rss/category/:section*/).
    name: "section-id",
    example: "nacion",
    fetch: (value, context) => ({ source: "section-source", query: { website: context.brand, path: normalizeSectionId(value) ?? "/" } }),
    exists: (answer) => answer !== null && typeof answer === "object",
  },
  {
    // A month ("2026-03", or a part of a month's sitemap: "2026-03-2") with published documents.
    name: "month",
    example: "2026-01",
    valid: (value) => sitemapMonth(value) !== undefined,
    fetch: (value, context) => ({
      source: "published-content",
      query: { website: context.brand, month: value, feedSize: 1, sourceInclude: "_id" },
    }),
    // A document at the part's offset (the count is the whole month's).
    exists: (answer) => ((answer as { content_elements?: unknown[] } | null)?.content_elements?.length ?? 0) > 0,
  },
  {
    // A day of the daily archive, /archivo/:anio/:mes/:dia/ (each of the three parameters declares
    // it): a date of the calendar from 2000, decided without a fetch; a day without articles still
    // exists (its page says so), whatever the fetch answers.
    name: "archive-day",
    example: "2024",
    valid: (_value, context) => archiveDate(context.params.anio, context.params.mes, context.params.dia) !== undefined,
    fetch: (_value, context) => ({
      source: "content-apir-date",
      query: {
        website: context.brand,
        date: archiveDate(context.params.anio, context.params.mes, context.params.dia) ?? "2000-01-01",
        feedSize: 1,
        sourceInclude: "_id",
      },
    }),
    exists: () => true,
  },
  {
    name: "tag",
    fetch: (value, context) => ({
      source: "search-query-source",
      query: { website: context.brand, queryString: `taxonomy.tags.slug:"${tagSlug(value) || "-"}"`, feedSize: 1, sourceInclude: "_id" },
    }),
    exists: hasItems,
  },
  {
    name: "author",
    fetch: (value, context) => ({
      source: "content-api-search-author",
      query: { website: context.brand, includeId: value.trim() || "-", feedSize: 1, sourceInclude: "_id" },
    }),
    exists: hasItems,
  },
  {
    // A journalist of the video channel: an author with videos under /semana-tv
    // (/semana-tv/periodistas/:slug/, docs/video-channel.md#journalist-page).
    name: "video-journalist",
    example: "vicky-davila",
    fetch: (value, context) => ({
      source: "content-api-search-author",
      query: { website: context.brand, includeId: value.trim() || "-", includeSections: SEMANA_TV_SECTION, feedSize: 1, sourceInclude: "_id" },
    }),
    exists: hasItems,
  },
];
