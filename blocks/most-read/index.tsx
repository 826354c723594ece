import { defineBlock } from "../../runtime/define";
import { ListingSection } from "../_shared/Listing";
import { StoryCard, type CardStory } from "../_shared/StoryCard";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const DEFAULT_TITLE = "Lo más visto";

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
    const url = text(item?.url);
    const headline = text(item?.title);
    if (!id || !url || !headline) continue;
    const image = text(item.image);
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
export default defineBlock<Settings, Data>({
  type: "most-read",
  fetch: (_settings, context) => ({ mostRead: { source: "taboola-newsroom-api", query: { website: context.brand } } }),
  transform: (data) => ({ items: mostReadCards(data.mostRead) }),
  isEmpty: (data) => data.items.length === 0,
  component: ({ id, settings, data }) => {
    const headingLevel = settings.headingLevel ?? 2;
    return (
      <ListingSection id={id} title={settings.title || DEFAULT_TITLE} headingLevel={headingLevel}>
        <ol className={styles.list}>
          {data.items.map((story, index) => (
            <li key={story.id} className={styles.item}>
              <span className={styles.rank} aria-hidden="true">
                {index + 1}
              </span>
              <StoryCard story={story} headingLevel={headingLevel === 1 ? 2 : 3} priority={headingLevel === 1 && index === 0} />
            </li>
          ))}
        </ol>
      </ListingSection>
    );
  },
});
