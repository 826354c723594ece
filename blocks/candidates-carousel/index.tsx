import type { BlockProps } from "../../runtime/types";
import { Carousel } from "../_shared/Carousel";
import { ListingSection, listingLook } from "../_shared/Listing";
import { StoryCard } from "../_shared/StoryCard";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** The candidates of an elections section, as a carousel of cards. */
export default function CandidatesCarousel({ id, settings, data }: BlockProps<Settings, Data>) {
  const look = listingLook(settings);
  return (
    <ListingSection
      id={id}
      title={data.title}
      titleHref={settings.headingLevel === 1 ? undefined : data.link}
      headingLevel={settings.headingLevel ?? 2}
      {...look}
      className={styles.candidates}
    >
      <Carousel
        label={data.title}
        dark={look.dark}
        slides={data.items.map((story, index) => ({
          key: story.id,
          content: <StoryCard story={story} dark={look.dark} hideSection showSummary priority={index === 0 && settings.aboveTheFold === true} />,
        }))}
      />
    </ListingSection>
  );
}
