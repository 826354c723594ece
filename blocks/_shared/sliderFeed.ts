// What the sliders and the thematic carousels fetch: a collection when the editor names one, else a
// section (the block's setting, else the page's), from the block's offset. Server halves only.
import type { BrandId } from "../../domain/brands";
import { normalizeSectionId, sectionName } from "../../domain/sections";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { toCardStories, withVideosSetting, type CardStory } from "./cards";
import { blockOffset, collectionFetch, sectionFeedFetch, sectionFromContext } from "./listingQueries";

export interface SliderFeedSettings {
  section?: string;
  collectionId?: string;
  offset?: number;
  offSet?: number;
  videos?: boolean;
}

/** The block's section: its own setting first (editors pick it), else the page's. */
export function sliderSection(settings: SliderFeedSettings, context: PageContext): string | undefined {
  return normalizeSectionId(settings.section) ?? sectionFromContext(undefined, context);
}

export function sliderFetch(settings: SliderFeedSettings, context: PageContext, size: number): BlockFetches {
  const offset = blockOffset(settings);
  if (settings.collectionId) return { stories: collectionFetch(context, settings.collectionId, size, offset) };
  const sectionId = sliderSection(settings, context);
  return sectionId ? { stories: sectionFeedFetch("content-apir", context, sectionId, size, offset) } : {};
}

/** The cards of the answer, and the name of what they come from (the section's, else the collection's). */
export function sliderCards(data: Record<string, any>, settings: SliderFeedSettings, context: PageContext): { name: string; items: CardStory[] } {
  const stories = data.stories;
  const sectionId = settings.collectionId ? undefined : sliderSection(settings, context);
  const collectionTitle = typeof stories?.headlines?.basic === "string" ? stories.headlines.basic : "";
  const name = (sectionId && sectionName(context.brand as BrandId, sectionId)) || collectionTitle;
  return { name, items: withVideosSetting(toCardStories(stories?.content_elements), settings.videos) };
}
