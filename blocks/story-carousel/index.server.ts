import { type BrandId } from "../../domain/brands";
import { normalizeSectionId, sectionName } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { toCardStories, withVideosSetting, type CardStory } from "../_shared/cards";
import { blockOffset, collectionFetch, sectionFeedFetch, sectionFromContext } from "../_shared/listingQueries";
import type { Settings } from "./settings";

/** Carousels take 10 or 12 items (docs/listings.md#carousels). */
export const CAROUSEL_SIZES = [10, 12] as const;
export const CAROUSEL_DEFAULT_SIZE = 10;

export interface Data {
  title: string;
  link?: string;
  items: CardStory[];
}

/** The carousel's section: its own setting first (editors pick it), else the page's. */
function carouselSection(settings: Settings, context: PageContext): string | undefined {
  return normalizeSectionId(settings.section) ?? sectionFromContext(undefined, context);
}

function fetchStoryCarousel(settings: Settings, context: PageContext): BlockFetches {
  const size = settings.feedSize ?? CAROUSEL_DEFAULT_SIZE;
  const offset = blockOffset(settings);
  if (settings.collectionId) return { stories: collectionFetch(context, settings.collectionId, size, offset) };
  const sectionId = carouselSection(settings, context);
  if (!sectionId) return {};
  const source = settings.primarySectionOnly ? "content-apir-v2" : "content-apir";
  return { stories: sectionFeedFetch(source, context, sectionId, size, offset) };
}

function transformStoryCarousel(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const stories = data.stories;
  const sectionId = settings.collectionId ? undefined : carouselSection(settings, context);
  const collectionTitle = typeof stories?.headlines?.basic === "string" ? stories.headlines.basic : undefined;
  const title = settings.title || (sectionId ? sectionName(context.brand as BrandId, sectionId) : collectionTitle) || collectionTitle || "";
  const link = settings.link || (sectionId ? `${sectionId}/` : undefined);
  return { title, ...(link ? { link } : {}), items: withVideosSetting(toCardStories(stories?.content_elements), settings.videos) };
}

/** A swiper carousel of story cards from a section or a collection. */
export default defineBlockServer<Settings, Data>({
  fetch: fetchStoryCarousel,
  transform: transformStoryCarousel,
  isEmpty: (data) => data.items.length === 0,
});
