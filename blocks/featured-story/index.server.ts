import { normalizeSectionId } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { toCardStory, type CardStory } from "../_shared/cards";
import { blockOffset, collectionFetch, sectionFeedFetch, sectionFromContext } from "../_shared/listingQueries";
import type { Settings } from "./settings";

/** One story is featured. */
export const FEATURED_STORY_COUNT = 1;

export interface Data {
  story?: CardStory;
}

function fetchFeaturedStory(settings: Settings, context: PageContext): BlockFetches {
  const offset = blockOffset(settings);
  if (settings.collectionId) return { story: collectionFetch(context, settings.collectionId, FEATURED_STORY_COUNT, offset) };
  const sectionId = normalizeSectionId(settings.section) ?? sectionFromContext(undefined, context);
  if (!sectionId) return {};
  return { story: sectionFeedFetch("content-apir", context, sectionId, FEATURED_STORY_COUNT, offset) };
}

function transformFeaturedStory(data: Record<string, any>): Data {
  const first = data.story?.content_elements?.[0];
  const story = first ? toCardStory(first) : undefined;
  return story ? { story } : {};
}

/** The first story of a collection or a section, large. */
export default defineBlockServer<Settings, Data>({
  fetch: fetchFeaturedStory,
  transform: transformFeaturedStory,
  isEmpty: (data) => !data.story,
});
