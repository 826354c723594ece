import type { BlockProps } from "../../runtime/types";
import type { CardStory, Page } from "./cards";
import { ListingSection, listingLook, PagedStories, type ListingLookSettings } from "./Listing";
import { StoryCard } from "./StoryCard";
import type { SectionListingData, SectionListingOptions } from "./sectionListing";
import listingStyles from "./Listing.module.css";
import styles from "./SectionListingView.module.css";

/** What the view reads of section-listing's settings (url-section-listing gives the same, its sizes set). */
export interface SectionListingViewSettings extends SectionListingOptions, ListingLookSettings {
  published?: boolean;
  link?: string;
  loadMore?: boolean;
  customSection?: string;
}

/**
 * How the top stories after the lead are laid out (docs/brands.md#soho-section-page): up to 3 beside
 * the lead, about its height, and the rest in rows of 3 under it, so that a long top (Soho: 9
 * stories) leaves no empty column under the lead. When 2 beside fill the rows below exactly (8 after
 * the lead: 2 + 6) they take 2, as taller cards.
 */
export function splitTopStories<T>(secondary: T[]): { beside: T[]; below: T[]; tall: boolean } {
  const count = secondary.length > 3 && (secondary.length - 3) % 3 !== 0 && (secondary.length - 2) % 3 === 0 ? 2 : 3;
  const beside = secondary.slice(0, count);
  const below = secondary.slice(count);
  return { beside, below, tall: count === 2 && below.length > 0 };
}

/** A section's stories: title, the top stories with a lead, then the grid with 'Cargar más artículos'. */
export default function SectionListing({ id, pageId, settings, data }: BlockProps<SectionListingViewSettings, SectionListingData>) {
  const look = listingLook(settings);
  const dark = look.dark;
  const headingLevel = settings.headingLevel ?? 1;
  const cardHeading = headingLevel === 1 ? 2 : 3;
  const [lead, ...secondary] = data.top;
  const { beside, below, tall } = splitTopStories(secondary);
  const initial: Page<CardStory> = { items: data.items, next: settings.loadMore === false ? undefined : data.next, count: data.count };
  return (
    <ListingSection
      id={id}
      title={data.title}
      titleHref={headingLevel === 1 ? undefined : settings.link || `${data.sectionId}/`}
      headingLevel={headingLevel}
      {...look}
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
          {beside.length > 0 && (
            <ul className={styles.secondary}>
              {beside.map((story) => (
                <li key={story.id}>
                  <StoryCard
                    story={story}
                    variant={tall ? "standard" : "compact"}
                    time="relative"
                    dark={dark}
                    headingLevel={cardHeading}
                    sectionLabel={settings.customSection}
                  />
                </li>
              ))}
            </ul>
          )}
          {below.length > 0 && (
            <ul className={`${listingStyles.grid} ${styles.below}`} data-top-below="">
              {below.map((story) => (
                <li key={story.id}>
                  <StoryCard story={story} time="relative" dark={dark} headingLevel={cardHeading} sectionLabel={settings.customSection} />
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
