import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { toCardStories, withVideosSetting, type CardStory } from "../_shared/cards";
import { blockOffset, collectionFetch } from "../_shared/listingQueries";
import type { Settings } from "./settings";

/** The 'Lo último' latest-news list shows 5 items (docs/listings.md#sidebar-lists). */
export const LATEST_NEWS_LIST_SIZE = 5;

export interface Data {
  title: string;
  items: CardStory[];
}

function fetchCollectionList(settings: Settings, context: PageContext): BlockFetches {
  if (!settings.collectionId) return {};
  return { stories: collectionFetch(context, settings.collectionId, settings.feedSize ?? LATEST_NEWS_LIST_SIZE, blockOffset(settings)) };
}

function transformCollectionList(data: Record<string, any>, settings: Settings): Data {
  const collection = data.stories;
  const collectionTitle = typeof collection?.headlines?.basic === "string" ? collection.headlines.basic : "";
  return { title: settings.title || collectionTitle, items: withVideosSetting(toCardStories(collection?.content_elements), settings.videos) };
}

/** An editors' collection as a compact list ('Lo último') or a grid, optionally led by its first story. */
export default defineBlockServer<Settings, Data>({
  fetch: fetchCollectionList,
  transform: transformCollectionList,
  isEmpty: (data) => data.items.length === 0,
});
