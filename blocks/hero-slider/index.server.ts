import { defineBlockServer } from "../../runtime/define";
import type { CardStory } from "../_shared/cards";
import { sliderCards, sliderFetch } from "../_shared/sliderFeed";
import type { Settings } from "./settings";

/** Hero sliders show 3 stories (docs/listings.md#carousels). */
export const HERO_SLIDER_SIZE = 3;

export interface Data {
  /** The carousel's accessible name: the section's or the collection's. */
  label: string;
  items: CardStory[];
}

/** A full-width slider of a section's or a collection's first three stories. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => sliderFetch(settings, context, HERO_SLIDER_SIZE),
  transform: (data, settings, context) => {
    const { name, items } = sliderCards(data, settings, context);
    return { label: name, items: items.slice(0, HERO_SLIDER_SIZE) };
  },
  isEmpty: (data) => data.items.length === 0,
});
