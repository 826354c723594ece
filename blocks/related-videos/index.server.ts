import { asDocument, primarySection } from "../../domain/ans";
import { normalizeSectionId } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { CARD_SOURCE_INCLUDE, toCardStories, type CardStory } from "../_shared/cards";
import { blockOffset, sectionFromContext } from "../_shared/listingQueries";
import type { Settings } from "./settings";

/** Related videos: 6, titled 'Esto dijo...' (docs/carousels-and-blocks.md#other-blocks). */
export const RELATED_VIDEOS_SIZE = 6;
export const RELATED_VIDEOS_TITLE = "Esto dijo...";
/** Where a video block links by default, and whose videos it shows when the page names no section. */
export const RELATED_VIDEOS_SECTION = "/foros-semana/videos";

export interface Data {
  title: string;
  link: string;
  items: CardStory[];
}

/** The videos' section: the setting, else the page's article's primary section, else the page's, else the forums' videos. */
function relatedVideosSection(settings: Settings, context: PageContext): string {
  const article = asDocument(context.article);
  return (
    normalizeSectionId(settings.section) ??
    (article ? primarySection(article)?.id : undefined) ??
    sectionFromContext(undefined, context) ??
    RELATED_VIDEOS_SECTION
  );
}

function fetchRelatedVideos(settings: Settings, context: PageContext): BlockFetches {
  // One more than shown: the article being read is left out.
  const size = (settings.feedSize ?? RELATED_VIDEOS_SIZE) + (context.article ? 1 : 0);
  return {
    videos: {
      source: "video-section-source",
      query: {
        website: context.brand,
        includeSections: relatedVideosSection(settings, context),
        feedSize: size,
        feedOffset: blockOffset(settings),
        sourceInclude: CARD_SOURCE_INCLUDE,
      },
    },
  };
}

function transformRelatedVideos(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const current = asDocument(context.article)?._id;
  const items = toCardStories(data.videos?.content_elements)
    .filter((card) => card.id !== current)
    .slice(0, settings.feedSize ?? RELATED_VIDEOS_SIZE);
  return { title: settings.title || RELATED_VIDEOS_TITLE, link: settings.link || `${RELATED_VIDEOS_SECTION}/`, items };
}

/** 'Esto dijo...': a carousel of the videos related to the page. */
export default defineBlockServer<Settings, Data>({
  fetch: fetchRelatedVideos,
  transform: transformRelatedVideos,
  isEmpty: (data) => data.items.length === 0,
});
