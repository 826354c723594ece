import { defineBlockServer } from "../../runtime/define";
import type { CardStory } from "../_shared/cards";
import { sliderCards, sliderFetch, sliderSection } from "../_shared/sliderFeed";
import type { Settings } from "./settings";

/** The slider takes 3 or 12 items (docs/listings.md#carousels). */
export const STORY_SLIDER_SIZES = [3, 12] as const;
export const STORY_SLIDER_DEFAULT_SIZE = 3;

export interface Data {
  title: string;
  link?: string;
  items: CardStory[];
}

/** A slider of 3 or 12 stories of a section or a collection. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => sliderFetch(settings, context, settings.feedSize ?? STORY_SLIDER_DEFAULT_SIZE),
  transform: (data, settings, context) => {
    const { name, items } = sliderCards(data, settings, context);
    const sectionId = settings.collectionId ? undefined : sliderSection(settings, context);
    const link = settings.link || (sectionId ? `${sectionId}/` : undefined);
    return { title: settings.title || name, ...(link ? { link } : {}), items };
  },
  isEmpty: (data) => data.items.length === 0,
});
