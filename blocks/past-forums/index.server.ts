import { normalizeSectionId } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import { pagedCards, pagedRule, pagedSectionFetch, type PagedFeedRule, type PagedGridData } from "../_shared/pagedFeed";
import type { Settings } from "./settings";

/** 9 first from offset 1, then 6 per load (docs/carousels-and-blocks.md#forums). */
export const PAST_FORUMS: PagedFeedRule = { first: 9, next: 6, offset: 1 };
/** Default section (docs/carousels-and-blocks.md#forums). */
const PAST_FORUMS_SECTION = "/foros-semana/foros";
const PAST_FORUMS_TITLE = "FOROS ANTERIORES";

export type Data = PagedGridData;

/** Past forums: forums, a batch at a time. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({
    stories: pagedSectionFetch(context, normalizeSectionId(settings.section) ?? PAST_FORUMS_SECTION, pagedRule(settings, PAST_FORUMS)),
  }),
  transform: (data, settings) => ({
    ...pagedCards(data.stories, settings),
    ...(settings.title || PAST_FORUMS_TITLE ? { title: settings.title || PAST_FORUMS_TITLE } : {}),
    ...(settings.link ? { link: settings.link } : {}),
  }),
  isEmpty: (data) => data.items.length === 0,
});
