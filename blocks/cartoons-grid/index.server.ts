import { normalizeSectionId } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import { pagedCards, pagedRule, pagedSectionFetch, type PagedFeedRule, type PagedGridData } from "../_shared/pagedFeed";
import type { Settings } from "./settings";

/** 4 first from offset 5, then 2 per load (docs/carousels-and-blocks.md#cartoons-grid). */
export const CARTOONS_GRID: PagedFeedRule = { first: 4, next: 2, offset: 5 };
/** Default section (docs/carousels-and-blocks.md#cartoons-grid). */
const CARTOONS_GRID_SECTION = "/caricaturas/galeria";

export type Data = PagedGridData;

/** The cartoons grid: cartoons, a batch at a time. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({
    stories: pagedSectionFetch(context, normalizeSectionId(settings.section) ?? CARTOONS_GRID_SECTION, pagedRule(settings, CARTOONS_GRID)),
  }),
  transform: (data, settings) => ({
    ...pagedCards(data.stories, settings),
    ...(settings.title ? { title: settings.title } : {}),
    ...(settings.link ? { link: settings.link } : {}),
  }),
  isEmpty: (data) => data.items.length === 0,
});
