import { defineBlockServer } from "../../runtime/define";
import { CARD_SOURCE_INCLUDE, feedPage, withVideosSetting, type CardStory, type Page } from "../_shared/cards";
import { blockOffset } from "../_shared/listingQueries";
import type { Settings } from "./settings";

/** Latest stories per batch (docs/listings.md#feed-sizes). */
export const LATEST_STORIES_FEED_SIZE = 12;

export type Data = Page<CardStory>;

/** The brand's newest stories, a page at a time. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({
    stories: {
      source: "latest-stories",
      query: {
        website: context.brand,
        feedSize: settings.feedSize ?? LATEST_STORIES_FEED_SIZE,
        feedOffset: context.cursor?.offset ?? blockOffset(settings),
        sourceInclude: CARD_SOURCE_INCLUDE,
      },
    },
  }),
  // The source already drops items without a promo image and /edicion items; the block stays safe anyway.
  transform: (data, settings) => {
    const page = feedPage(data.stories, { excludePrintEditions: true });
    return { ...page, items: withVideosSetting(page.items, settings.videos) };
  },
  isEmpty: (data) => data.items.length === 0,
});
