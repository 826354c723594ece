import { defineBlock } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { feedPage, ListingSection, PagedStories } from "../_shared/Listing";
import { CARD_SOURCE_INCLUDE, type CardStory } from "../_shared/StoryCard";
import type { Page } from "../_shared/useLoadMore";
import type { Settings } from "./settings";

/** Latest stories per batch (spec/blocks-and-listings.md §9). */
export const LATEST_STORIES_FEED_SIZE = 12;

export type Data = Page<CardStory>;

export function fetchLatestStories(settings: Settings, context: PageContext): BlockFetches {
  return {
    stories: {
      source: "latest-stories",
      query: {
        website: context.brand,
        feedSize: settings.feedSize ?? LATEST_STORIES_FEED_SIZE,
        feedOffset: context.cursor?.offset ?? settings.offset ?? 0,
        sourceInclude: CARD_SOURCE_INCLUDE,
      },
    },
  };
}

/** The latest stories with 'Cargar más artículos'. */
export default defineBlock<Settings, Data>({
  type: "latest-stories",
  fetch: fetchLatestStories,
  // The source already drops items without a promo image and /edicion items; the block stays safe anyway.
  transform: (data) => feedPage(data.stories, { excludePrintEditions: true }),
  isEmpty: (data) => data.items.length === 0,
  component: ({ id, pageId, settings, data, context }) => {
    const dark = settings.background === "Dark";
    return (
      <ListingSection id={id} title={settings.title} titleHref={settings.link} dark={dark}>
        <PagedStories pageId={pageId} blockId={id} path={context.path} initial={data} dark={dark} />
      </ListingSection>
    );
  },
});
