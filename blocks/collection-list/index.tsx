import { defineBlock } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { ListingSection } from "../_shared/Listing";
import { collectionFetch } from "../_shared/listingQueries";
import { StoryCard, toCardStories, type CardStory } from "../_shared/StoryCard";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** The 'Lo último' latest-news list shows 5 items (spec/articles.md §9). */
export const LATEST_NEWS_LIST_SIZE = 5;

export interface Data {
  title: string;
  items: CardStory[];
}

export function fetchCollectionList(settings: Settings, context: PageContext): BlockFetches {
  if (!settings.collectionId) return {};
  return { stories: collectionFetch(context, settings.collectionId, settings.feedSize ?? LATEST_NEWS_LIST_SIZE, settings.offset ?? 0) };
}

export function transformCollectionList(data: Record<string, any>, settings: Settings): Data {
  const collection = data.stories;
  const collectionTitle = typeof collection?.headlines?.basic === "string" ? collection.headlines.basic : "";
  return { title: settings.title || collectionTitle, items: toCardStories(collection?.content_elements) };
}

/** An editors' collection as a compact list ('Lo último') or a grid, optionally led by its first story. */
export default defineBlock<Settings, Data>({
  type: "collection-list",
  fetch: fetchCollectionList,
  transform: transformCollectionList,
  isEmpty: (data) => data.items.length === 0,
  component: ({ id, settings, data }) => {
    const dark = settings.background === "Dark";
    const list = settings.variant === "list";
    const [first, ...rest] = data.items;
    const featured = settings.featureFirst ? first : undefined;
    const others = featured ? rest : data.items;
    const card = { dark, sectionLabel: settings.customSection, time: list ? ("relative" as const) : ("none" as const) };
    const Items = list ? "ol" : "ul";
    return (
      <ListingSection id={id} title={data.title} titleHref={settings.link} dark={dark}>
        {featured && (
          <div className={styles.featured}>
            <StoryCard story={featured} variant="lead" {...card} time="relative" />
          </div>
        )}
        {others.length > 0 && (
          <Items className={list ? styles.list : styles.grid}>
            {others.map((story) => (
              <li key={story.id}>
                <StoryCard story={story} variant={list ? "compact" : "standard"} {...card} />
              </li>
            ))}
          </Items>
        )}
      </ListingSection>
    );
  },
});
