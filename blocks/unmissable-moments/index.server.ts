import { normalizeSectionId } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import { pagedCards, pagedRule, pagedSectionFetch, type PagedFeedRule, type PagedGridData } from "../_shared/pagedFeed";
import type { Settings } from "./settings";

/** 8 first from offset 0, then 4 per load (docs/carousels-and-blocks.md#forums). */
export const UNMISSABLE_MOMENTS: PagedFeedRule = { first: 8, next: 4, offset: 0 };
/** Default section (docs/carousels-and-blocks.md#forums). */
const UNMISSABLE_MOMENTS_SECTION = "/foros-semana/momentos";
const UNMISSABLE_MOMENTS_TITLE = "MOMENTOS IMPERDIBLES";

export type Data = PagedGridData;

/** Unmissable moments: moments, a batch at a time. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({
    stories: pagedSectionFetch(context, normalizeSectionId(settings.section) ?? UNMISSABLE_MOMENTS_SECTION, pagedRule(settings, UNMISSABLE_MOMENTS)),
  }),
  transform: (data, settings) => ({
    ...pagedCards(data.stories, settings),
    ...(settings.title || UNMISSABLE_MOMENTS_TITLE ? { title: settings.title || UNMISSABLE_MOMENTS_TITLE } : {}),
    ...(settings.link ? { link: settings.link } : {}),
  }),
  isEmpty: (data) => data.items.length === 0,
});
