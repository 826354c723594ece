import type { BlockProps } from "../../runtime/types";
import type { CardStory, Page } from "../_shared/cards";
import { ListingSection, PagedStories } from "../_shared/Listing";
import { StoryCard } from "../_shared/StoryCard";
import type { Data } from "./index.server";
import type { Settings } from "./settings";
import styles from "./styles.module.css";

/** A section's stories: title, the top stories with a lead, then the grid with 'Cargar más artículos'. */
export default function SectionListing({ id, pageId, settings, data }: BlockProps<Settings, Data>) {
  const dark = settings.background === "Dark";
  const headingLevel = settings.headingLevel ?? 1;
  const cardHeading = headingLevel === 1 ? 2 : 3;
  const [lead, ...secondary] = data.top;
  const initial: Page<CardStory> = { items: data.items, next: settings.loadMore === false ? undefined : data.next, count: data.count };
  return (
    <ListingSection
      id={id}
      title={data.title}
      titleHref={headingLevel === 1 ? undefined : settings.link || `${data.sectionId}/`}
      headingLevel={headingLevel}
      dark={dark}
    >
      {headingLevel === 1 && data.description && <p className={styles.description}>{data.description}</p>}
      {lead && (
        <div className={styles.top}>
          <div className={styles.lead}>
            <StoryCard
              story={lead}
              variant="lead"
              time="relative"
              dark={dark}
              headingLevel={cardHeading}
              priority={headingLevel === 1}
              sectionLabel={settings.customSection}
            />
          </div>
          {secondary.length > 0 && (
            <ul className={styles.secondary}>
              {secondary.map((story) => (
                <li key={story.id}>
                  <StoryCard story={story} variant="compact" time="relative" dark={dark} headingLevel={cardHeading} sectionLabel={settings.customSection} />
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <PagedStories
        pageId={pageId}
        blockId={id}
        initial={initial}
        lead={!lead}
        leadPriority={headingLevel === 1}
        dark={dark}
        headingLevel={cardHeading}
        sectionLabel={settings.customSection}
      />
    </ListingSection>
  );
}
