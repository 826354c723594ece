import { normalizeSectionId } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import { pagedCards, pagedRule, pagedSectionFetch, type PagedFeedRule, type PagedGridData } from "../_shared/pagedFeed";
import type { Settings } from "./settings";

/** 12 first from offset 9, then 12 per load (docs/carousels-and-blocks.md#special-and-gallery-lists). */
export const GALLERY_GRID: PagedFeedRule = { first: 12, next: 12, offset: 9 };
/** Default section (docs/carousels-and-blocks.md#special-and-gallery-lists). */
const GALLERY_GRID_SECTION = "/galerias";

export type Data = PagedGridData;

/** The galleries grid: galleries, a batch at a time. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({
    stories: pagedSectionFetch(context, normalizeSectionId(settings.section) ?? GALLERY_GRID_SECTION, pagedRule(settings, GALLERY_GRID)),
  }),
  transform: (data, settings) => ({
    ...pagedCards(data.stories, settings),
    ...(settings.title ? { title: settings.title } : {}),
    ...(settings.link ? { link: settings.link } : {}),
  }),
  isEmpty: (data) => data.items.length === 0,
});
