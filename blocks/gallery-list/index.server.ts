import { asDocument, text, type AnsFeed } from "../../domain/ans";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches } from "../../runtime/types";
import { CARD_SOURCE_INCLUDE, toCardStories, type CardStory } from "../_shared/cards";
import { truncate } from "../_shared/format";
import type { Settings } from "./settings";

/** 4 galleries per list; titles cut at 100 characters plus '...' (docs/article-pages.md#gallery-page). */
export const GALLERY_FEED_SIZE = 4;
export const GALLERY_TITLE_LIMIT = 100;
const GALLERIES_SECTION = "/galerias";
export const GALLERY_TITLES = { latest: "Últimas galerías", related: "Galerías relacionadas" } as const;

export interface Data {
  title: string;
  items: Array<Pick<CardStory, "id" | "url" | "image"> & { title: string }>;
}

export default defineBlockServer<Settings, Data>({
  fetch: (settings, context): BlockFetches => {
    const article = asDocument(context.article);
    // The 4 shown, asked as 4: the source leaves the page's own gallery out (excludeIds).
    const current = text(article?._id);
    const common = {
      website: context.brand,
      includeSections: GALLERIES_SECTION,
      feedSize: GALLERY_FEED_SIZE,
      sourceInclude: CARD_SOURCE_INCLUDE,
      ...(current ? { excludeIds: current } : {}),
    };
    if (settings.variant === "related") {
      const subtype = text(article?.subtype);
      return subtype && /^[\w-]+$/.test(subtype) ? { galleries: { source: "content-apir-v2", query: { ...common, includeSubtypes: subtype } } } : {};
    }
    return { galleries: { source: "content-apir", query: common } };
  },
  transform: (data, settings, context) => {
    const current = asDocument(context.article)?._id;
    const items = toCardStories((data.galleries as AnsFeed | undefined)?.content_elements)
      .filter((card) => card.id !== current)
      .slice(0, GALLERY_FEED_SIZE)
      .map((card) => ({
        id: card.id,
        url: card.url,
        title: truncate(card.headline, GALLERY_TITLE_LIMIT, "..."),
        ...(card.image ? { image: card.image } : {}),
      }));
    return { title: settings.title ?? GALLERY_TITLES[settings.variant ?? "latest"], items };
  },
  isEmpty: (data) => data.items.length === 0,
});
