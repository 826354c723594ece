import { normalizeSectionId } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import { pagedCards, pagedRule, pagedSectionFetch, type PagedFeedRule, type PagedGridData } from "../_shared/pagedFeed";
import type { Settings } from "./settings";

/** 6 first from offset 3, then 6 per load (docs/carousels-and-blocks.md#multimedia-gallery). */
export const MULTIMEDIA_GALLERY: PagedFeedRule = { first: 6, next: 6, offset: 3 };
/** Default section (docs/carousels-and-blocks.md#multimedia-gallery). */
const MULTIMEDIA_GALLERY_SECTION = "/galerias";

export type Data = PagedGridData;

/** The multimedia gallery: galleries and videos, a batch at a time. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({
    stories: pagedSectionFetch(context, normalizeSectionId(settings.section) ?? MULTIMEDIA_GALLERY_SECTION, pagedRule(settings, MULTIMEDIA_GALLERY)),
  }),
  transform: (data, settings) => ({
    ...pagedCards(data.stories, settings),
    ...(settings.title ? { title: settings.title } : {}),
    ...(settings.link ? { link: settings.link } : {}),
  }),
  isEmpty: (data) => data.items.length === 0,
});
