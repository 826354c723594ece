import type { BlockProps } from "../../runtime/types";
import { ListingSection } from "../_shared/Listing";
import { StoryCard } from "../_shared/StoryCard";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

export const DEFAULT_TITLE = "Lo más visto";

/** The brand's most-read stories, ranked. */
export default function MostRead({ id, settings, data }: BlockProps<Settings, Data>) {
  const headingLevel = settings.headingLevel ?? 2;
  const compact = settings.variant === "lista";
  return (
    <ListingSection id={id} title={settings.title || DEFAULT_TITLE} headingLevel={headingLevel}>
      <ol className={compact ? styles.compactList : styles.list} data-variant={compact ? "lista" : "tarjetas"}>
        {data.items.map((story, index) => (
          <li key={story.id} className={styles.item}>
            <span className={styles.rank} aria-hidden="true">
              {index + 1}
            </span>
            <StoryCard
              story={story}
              variant={compact ? "compact" : "standard"}
              headingLevel={headingLevel === 1 ? 2 : 3}
              priority={headingLevel === 1 && index === 0}
            />
          </li>
        ))}
      </ol>
    </ListingSection>
  );
}
