import { asDocument } from "../../domain/ans";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import type { Settings } from "./settings";
import { contentPath, safeHref } from "../../domain/urls";

/** Latest news: 5 items; most read: 3 (docs/listings.md#sidebar-lists). */
export const LATEST_NEWS_SIZE = 5;
export const MOST_READ_SIZE = 3;
/** Fields the lists need from each document. */
const LATEST_FIELDS = "headlines.basic,canonical_url,website_url";

export interface SidebarItem {
  title: string;
  url: string;
}

/** The two lists, already without the article being read. */
export interface Data {
  latest: SidebarItem[];
  mostRead: SidebarItem[];
}

const str = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** The id of the article being read (context.article), if the page is an article's. */
function currentArticleId(context: PageContext): string | undefined {
  return str(asDocument(context.article)?._id);
}

function sidebarFetches(settings: Settings, context: PageContext): BlockFetches {
  const exclude = currentArticleId(context);
  // One more than shown, so that dropping the article being read still leaves 5.
  const feedSize = LATEST_NEWS_SIZE + 1;
  const latest = settings.collectionId
    ? { source: "content-api-collections", query: { website: context.brand, queryString: settings.collectionId, feedSize, sourceInclude: LATEST_FIELDS } }
    : { source: "latest-stories", query: { website: context.brand, feedSize, sourceInclude: LATEST_FIELDS } };
  return {
    latest: { ...latest, optional: true },
    mostRead: {
      source: "taboola-newsroom-api",
      query: exclude ? { website: context.brand, exclude } : { website: context.brand },
      optional: true,
    },
  };
}

function items(answer: any): any[] {
  if (Array.isArray(answer)) return answer;
  return Array.isArray(answer?.content_elements) ? answer.content_elements : [];
}

/** Keeps items with a title and a URL, drops the article being read, and cuts to `limit`. */
function listOf(answer: unknown, limit: number, context: PageContext, read: (item: any) => SidebarItem | undefined): SidebarItem[] {
  const currentId = currentArticleId(context);
  const currentUrl = contentPath(asDocument(context.article)?.canonical_url) ?? context.path;
  return items(answer)
    .filter((item) => !(currentId && item?._id === currentId))
    .map(read)
    .filter((item): item is SidebarItem => Boolean(item && item.url !== currentUrl))
    .slice(0, limit);
}

function sidebarTransform(data: Record<string, any>, _settings: Settings, context: PageContext): Data {
  return {
    latest: listOf(data.latest, LATEST_NEWS_SIZE, context, (doc) => {
      const title = str(doc?.headlines?.basic);
      const url = contentPath(doc?.canonical_url) ?? safeHref(doc?.website_url);
      return title && url ? { title, url } : undefined;
    }),
    mostRead: listOf(data.mostRead, MOST_READ_SIZE, context, (item) => {
      const title = str(item?.title);
      const url = safeHref(item?.url);
      return title && url ? { title, url } : undefined;
    }),
  };
}

/**
 * The article page's news sidebar: 'Lo último' (a collection, or the brand's latest stories) and
 * 'Lo más leído' (most read, without the current article, which only this half knows of). Both
 * fetches are optional: one failing leaves the other list.
 */
export default defineBlockServer<Settings, Data>({
  fetch: sidebarFetches,
  transform: sidebarTransform,
  isEmpty: (data) => !data || (!data.latest?.length && !data.mostRead?.length),
});
