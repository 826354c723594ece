import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import type { CardStory } from "../_shared/cards";
import { sectionVideosFetch, VIDEO_COUNTS, VIDEO_LABELS, videoCards } from "../_shared/videoChannel";
import { NAV_SEMANA_TV_CATEGORIES, navigationFetch, treeCategories } from "../_shared/videoChannelTrees";
import type { Settings } from "./settings";

export interface Data {
  title: string;
  categories: Array<{ title: string; link?: string; items: CardStory[] }>;
}

/** 10 videos of each of the tree's first 9 categories. */
function categoryFetches(tree: unknown, context: PageContext): BlockFetches {
  return Object.fromEntries(
    treeCategories(tree).map((category, i) => [`categoria-${i}`, sectionVideosFetch(context, category.section, VIDEO_COUNTS.categoryItems)]),
  );
}

/** The video categories page (docs/video-channel.md#categories): a row per category. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({ navegacion: navigationFetch(context, settings.navigationId || NAV_SEMANA_TV_CATEGORIES) }),
  followUp: (answers, _settings, context) => categoryFetches(answers.navegacion, context),
  transform: (answers, settings) => ({
    title: settings.title || VIDEO_LABELS.categories,
    categories: treeCategories(answers.navegacion)
      .map((category, i) => ({ title: category.title, ...(category.url ? { link: category.url } : {}), items: videoCards(answers[`categoria-${i}`]) }))
      .filter((category) => category.items.length > 0),
  }),
  isEmpty: (data) => data.categories.length === 0,
});
