import type { BlockProps } from "../../runtime/types";
import { StoryCard } from "../_shared/StoryCard";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** The first story of a collection or a section, large. */
export default function FeaturedStory({ settings, data }: BlockProps<Settings, Data>) {
  if (!data.story) return null;
  const dark = settings.background === "Dark";
  return (
    <div className={dark ? `${styles.featured} ${styles.dark}` : styles.featured}>
      <StoryCard
        story={data.story}
        variant="lead"
        dark={dark}
        time="relative"
        headingLevel={2}
        priority={settings.aboveTheFold ?? true}
        sectionLabel={settings.customSection}
      />
    </div>
  );
}
