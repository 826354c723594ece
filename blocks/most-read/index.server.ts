import { defineBlockServer } from "../../runtime/define";
import type { CardStory } from "../_shared/cards";
import type { Settings } from "./settings";
import { safeHref, safeSrc } from "../../domain/urls";

export interface Data {
  items: CardStory[];
}

const text = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** The most-read answer ({ _id, url, title, image?, section? } items) as cards; items without a title or link drop out. */
export function mostReadCards(answer: unknown): CardStory[] {
  const items: unknown[] = Array.isArray((answer as any)?.content_elements) ? (answer as any).content_elements : [];
  const cards: CardStory[] = [];
  for (const item of items as any[]) {
    const id = text(item?._id);
    const url = safeHref(item?.url);
    const headline = text(item?.title);
    if (!id || !url || !headline) continue;
    const image = safeSrc(item.image);
    const section = text(item.section);
    cards.push({
      id,
      url,
      headline,
      ...(image ? { image: { url: image, alt: headline } } : {}),
      ...(section ? { section: { id: "", name: section } } : {}),
    });
  }
  return cards;
}

/** The brand's most-read stories, ranked. */
export default defineBlockServer<Settings, Data>({
  fetch: (_settings, context) => ({ mostRead: { source: "taboola-newsroom-api", query: { website: context.brand } } }),
  transform: (data) => ({ items: mostReadCards(data.mostRead) }),
  isEmpty: (data) => data.items.length === 0,
});
