// What a route parameter may be required to name (a page definition's "params"), each answered by
// one cached fetch of a named source: a section of the brand, a tag with stories, an author with
// stories. A page whose parameter names nothing answers 404 without being resolved.
import { normalizeSectionId, sectionFromUrl } from "../../../domain/sections";
import { tagSlug } from "../../../domain/slugs";
import type { ExistenceCheck } from "../../../runtime/types";

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
];
