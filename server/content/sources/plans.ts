// What each list source asks of the content, as store criteria. Both backends start from these
// plans: the local one runs them on the store, the arc one writes them as a Content API query.
import { normalizeSectionId } from "../../../domain/sections";
import { authorSlug } from "../../../domain/slugs";
import { splitList } from "../documents";
import { parseQueryString, QueryStringError, type ParseOptions } from "../query-string";
import type { DocumentFilter, Page } from "../document-filters";
import type { SearchFilter } from "../search";
import { MAX_SITEMAP_SIZE, sitemapMonth } from "../../../domain/outputs";
import { ARCHIVE_UTC_OFFSET, LATEST_STORIES_EXCLUDED_SECTION, monthRange, QueryError, type SourceName, type SourceQuery } from "./declarations";

/** The list sources: answered by a filtered, paged search over documents. */
export type ListSourceName = Extract<
  SourceName,
  | "content-apir"
  | "content-apir-v2"
  | "content-apir-date"
  | "content-apir-semanaTV-v2"
  | "content-api-search-author"
  | "latest-stories"
  | "search-query-source"
  | "video-section-source"
  | "published-content"
>;

export interface ListPlan {
  filter: DocumentFilter;
  page: Page;
  /** Fields of sourceInclude; undefined keeps whole documents. */
  fields?: string[];
}

const sectionList = (value: string | undefined) => {
  const ids = splitList(value)
    .map(normalizeSectionId)
    .filter((id): id is string => !!id);
  return ids.length ? ids : undefined;
};

const listOrUndefined = (value: string | undefined) => {
  const items = splitList(value);
  return items.length ? items : undefined;
};

/** The documents a feed leaves out by id (excludeIds), as store criteria. */
const excludedIds = (value: string | undefined): Pick<DocumentFilter, "exclude"> => {
  const ids = listOrUndefined(value);
  return ids ? { exclude: { ids } } : {};
};

/** Start (inclusive) and end (exclusive) of a Colombian calendar day, as ISO instants. */
function archiveDay(day: string): { gte: string; lt: string } {
  const start = new Date(`${day}T00:00:00${ARCHIVE_UTC_OFFSET}`);
  const end = new Date(start.getTime() + 24 * 60 * 60 * 1000);
  return { gte: start.toISOString(), lt: end.toISOString() };
}

function criteriaFrom(name: SourceName, queryString: string | undefined, options: ParseOptions) {
  if (!queryString) return {};
  try {
    return parseQueryString(queryString, options);
  } catch (error) {
    if (error instanceof QueryStringError) {
      throw new QueryError(name, [{ parameter: "queryString", value: queryString, message: error.message }]);
    }
    throw error;
  }
}

/**
 * What a reader's search ("site-search") asks of the store: the words, the section, the type and
 * the days (Colombian calendar, both ends included). Null when there is nothing to search.
 */
export function planSearch(query: SourceQuery<"site-search">): { filter: SearchFilter; page: Pick<Page, "size" | "offset"> } | null {
  if (!query.query) return null;
  const publishDate: { gte?: string; lt?: string } = {};
  if (query.from) publishDate.gte = archiveDay(query.from).gte;
  if (query.to) publishDate.lt = archiveDay(query.to).lt;
  const filter: SearchFilter = { brand: query.website, text: query.query };
  if (query.section) filter.section = normalizeSectionId(query.section);
  if (query.type) filter.types = [query.type];
  if (publishDate.gte || publishDate.lt) filter.publishDate = publishDate;
  return { filter, page: { size: query.feedSize, offset: query.feedOffset } };
}

/**
 * The store criteria of a list source's (validated) query. Null when the answer is empty without
 * asking (a search with no words).
 */
export function planList<N extends ListSourceName>(name: N, query: SourceQuery<N>): ListPlan | null {
  const q = query as SourceQuery<ListSourceName> & Record<string, any>;
  const page: Page = { size: q.feedSize, offset: q.feedOffset, sort: q.sort ?? "publish_date:desc" };
  const fields = listOrUndefined(q.sourceInclude);
  const brand = q.website;
  let filter: DocumentFilter;
  switch (name) {
    case "content-apir":
    case "content-apir-semanaTV-v2":
      filter = { brand, sections: sectionList(q.includeSections), ...excludedIds(q.excludeIds) };
      break;
    case "content-apir-v2":
      filter = { brand, primarySections: sectionList(q.includeSections), subtypes: listOrUndefined(q.includeSubtypes), ...excludedIds(q.excludeIds) };
      break;
    case "content-apir-date":
      filter = { brand, displayDate: archiveDay(q.date) };
      break;
    case "content-api-search-author": {
      const id = q.includeId as string;
      filter = { brand, authors: [...new Set([id, authorSlug(id)])], sections: sectionList(q.includeSections) };
      break;
    }
    case "video-section-source":
      filter = { brand, sections: sectionList(q.includeSections), types: ["video"] };
      break;
    case "latest-stories": {
      const criteria = criteriaFrom(name, q.queryString, { unknownFields: "error" });
      const excluded = criteria.exclude?.primarySections ?? [];
      filter = {
        ...criteria,
        brand,
        hasPromoImage: true,
        exclude: { ...criteria.exclude, primarySections: [...excluded, LATEST_STORIES_EXCLUDED_SECTION] },
      };
      break;
    }
    case "search-query-source": {
      const criteria = criteriaFrom(name, q.queryString, { unknownFields: "text" });
      if (!Object.keys(criteria).length) return null;
      filter = { ...criteria, brand };
      break;
    }
    case "published-content": {
      // "2026-03-2": the second MAX_SITEMAP_SIZE documents of March (a month's sitemap in parts).
      const month = q.month ? sitemapMonth(q.month) : undefined;
      if (month) page.offset += (month.part - 1) * MAX_SITEMAP_SIZE;
      const range: { gte?: string; lt?: string } = month ? monthRange(month.month) : {};
      if (q.since && (!range.gte || q.since > range.gte)) range.gte = new Date(q.since).toISOString();
      filter = { brand, publishDate: range };
      break;
    }
    default:
      throw new Error(`${name} no es una fuente de listas`);
  }
  return { filter, page, fields };
}
