import { defineBlock } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { NewsSidebar, type SidebarData, type SidebarItem } from "./Component";
import type { Settings } from "./settings";

/** Latest news: 5 items; most read: 3 (spec/articles.md §9). */
export const LATEST_NEWS_SIZE = 5;
export const MOST_READ_SIZE = 3;
/** Fields the lists need from each document. */
export const LATEST_FIELDS = "headlines.basic,canonical_url,website_url";

function currentArticleId(context: PageContext): string | undefined {
  const id = context.article?._id;
  return typeof id === "string" && id ? id : undefined;
}

export function sidebarFetches(settings: Settings, context: PageContext): BlockFetches {
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

const str = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

function items(answer: any): any[] {
  if (Array.isArray(answer)) return answer;
  return Array.isArray(answer?.content_elements) ? answer.content_elements : [];
}

/** Keeps items with a title and a URL, drops the article being read, and cuts to `limit`. */
function listOf(answer: unknown, limit: number, context: PageContext, read: (item: any) => SidebarItem | undefined): SidebarItem[] {
  const currentId = currentArticleId(context);
  const currentUrl = str(context.article?.canonical_url) ?? context.path;
  return items(answer)
    .filter((item) => !(currentId && item?._id === currentId))
    .map(read)
    .filter((item): item is SidebarItem => Boolean(item && item.url !== currentUrl))
    .slice(0, limit);
}

export function sidebarTransform(data: Record<string, any>, _settings: Settings, context: PageContext): SidebarData {
  return {
    latest: listOf(data.latest, LATEST_NEWS_SIZE, context, (doc) => {
      const title = str(doc?.headlines?.basic);
      const url = str(doc?.canonical_url) ?? str(doc?.website_url);
      return title && url ? { title, url } : undefined;
    }),
    mostRead: listOf(data.mostRead, MOST_READ_SIZE, context, (item) => {
      const title = str(item?.title);
      const url = str(item?.url);
      return title && url ? { title, url } : undefined;
    }),
  };
}

/**
 * The article page's news sidebar: 'Lo último' (a collection, or the brand's latest stories) and
 * 'Lo más leído' (most read, without the current article). Both fetches are optional: one failing
 * leaves the other list.
 */
export default defineBlock<Settings, SidebarData>({
  type: "news-sidebar",
  component: NewsSidebar,
  fetch: sidebarFetches,
  transform: sidebarTransform,
  isEmpty: (data) => !data || (!data.latest?.length && !data.mostRead?.length),
});
