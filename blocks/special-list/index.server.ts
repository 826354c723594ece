import { normalizeSectionId } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import { pagedCards, pagedRule, pagedSectionFetch, type PagedFeedRule, type PagedGridData } from "../_shared/pagedFeed";
import type { Settings } from "./settings";

/** 4 first from offset 9, then 4 per load (docs/carousels-and-blocks.md#special-and-gallery-lists). */
export const SPECIAL_LIST: PagedFeedRule = { first: 4, next: 4, offset: 9 };
/** The three special sections (docs/carousels-and-blocks.md#special-and-gallery-lists). */
const SPECIAL_LIST_SECTIONS = "/especiales,/especiales-editoriales,/especiales-multimedia";

export type Data = PagedGridData;

/** The special list: specials, a batch at a time. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({
    stories: pagedSectionFetch(context, normalizeSectionId(settings.section) ?? SPECIAL_LIST_SECTIONS, pagedRule(settings, SPECIAL_LIST)),
  }),
  transform: (data, settings) => ({
    ...pagedCards(data.stories, settings),
    ...(settings.title ? { title: settings.title } : {}),
    ...(settings.link ? { link: settings.link } : {}),
  }),
  isEmpty: (data) => data.items.length === 0,
});
