import type { BlockProps } from "../../runtime/types";
import { ListingSection, listingLook } from "../_shared/Listing";
import { StoryCard } from "../_shared/StoryCard";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** An editors' collection as a compact list ('Lo último') or a grid, optionally led by its first story. */
export default function CollectionList({ id, settings, data }: BlockProps<Settings, Data>) {
  const look = listingLook(settings);
  const dark = look.dark;
  const list = settings.variant === "list";
  const [first, ...rest] = data.items;
  const featured = settings.featureFirst ? first : undefined;
  const others = featured ? rest : data.items;
  const card = { dark, sectionLabel: settings.customSection, time: list ? ("relative" as const) : ("none" as const) };
  const Items = list ? "ol" : "ul";
  return (
    <ListingSection id={id} title={data.title} titleHref={settings.link} {...look}>
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
}
