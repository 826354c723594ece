import { defineBlockServer } from "../../runtime/define";
import { mostReadCards, type CardStory } from "../_shared/cards";
import type { Settings } from "./settings";

export interface Data {
  items: CardStory[];
}

/** Stories shown unless the block says: a sidebar's 3 (docs/listings.md#sidebar-lists). */
const DEFAULT_FEED_SIZE = 3;
/** The /lo-mas-visto/ page's full feed: a popular list shows at most 9 (docs/listings.md#feed-sizes). */
const MAX_FEED_SIZE = 9;

/** The brand's most-read stories, ranked: feedSize of them. */
export default defineBlockServer<Settings, Data>({
  fetch: (settings, context) => ({
    mostRead: {
      source: "taboola-newsroom-api",
      query: { website: context.brand, feedSize: Math.min(Math.max(settings.feedSize ?? DEFAULT_FEED_SIZE, 1), MAX_FEED_SIZE) },
    },
  }),
  transform: (data) => ({ items: mostReadCards(data.mostRead) }),
  isEmpty: (data) => data.items.length === 0,
});
