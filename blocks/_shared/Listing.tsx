// The parts of a listing block's component: its titled section and the paged grid with the
// 'Cargar más artículos' button (docs/listings.md#load-more) that the latest-stories, section, tag
// and author listings share.
import type { ReactNode } from "react";
import type { CardStory, Page } from "./cards";
import { StoryCard, type CardTime } from "./StoryCard";
import { LOAD_MORE_LABEL, LOADING_LABEL, useLoadMore } from "./useLoadMore";
import styles from "./Listing.module.css";

export interface ListingSectionProps {
  /** Block id: the heading's id is derived from it. */
  id: string;
  title?: string;
  /** Where the title links (the section page, the block's «link» setting). */
  titleHref?: string;
  /** 1 on pages where the listing is the main content (section, tag, author pages). */
  headingLevel?: 1 | 2;
  dark?: boolean;
  className?: string;
  children: ReactNode;
}

/** The titled <section> of a listing block; dark blocks take the dark background. */
export function ListingSection({ id, title, titleHref, headingLevel = 2, dark = false, className, children }: ListingSectionProps) {
  const Heading = `h${headingLevel}` as const;
  const headingId = `${id}-titulo`;
  const classes = [styles.section, dark ? styles.dark : "", className ?? ""].filter(Boolean).join(" ");
  return (
    <section className={classes} aria-labelledby={title ? headingId : undefined}>
      {title && (
        <Heading id={headingId} className={headingLevel === 1 ? styles.pageTitle : styles.title}>
          {titleHref ? <a href={titleHref}>{title}</a> : title}
        </Heading>
      )}
      {children}
    </section>
  );
}

const storyKey = (story: CardStory) => story.id;

export interface PagedStoriesProps {
  pageId: string;
  blockId: string;
  initial: Page<CardStory>;
  /** Show the first story as the large lead card. */
  lead?: boolean;
  /** The lead's image is above the fold. */
  leadPriority?: boolean;
  time?: CardTime;
  dark?: boolean;
  hideSection?: boolean;
  /** Label shown instead of each story's section (the block's customSection setting). */
  sectionLabel?: string;
  /** Heading level of the cards' headlines. */
  headingLevel?: 2 | 3 | 4;
}

export function PagedStories({
  pageId,
  blockId,
  initial,
  lead = false,
  leadPriority = false,
  time = "relative",
  dark = false,
  hideSection = false,
  sectionLabel,
  headingLevel = 3,
}: PagedStoriesProps) {
  const card = { time, dark, hideSection, sectionLabel, headingLevel };
  const { items, status, hasMore, loadMore } = useLoadMore({ pageId, blockId, initial, keyOf: storyKey });
  const [first, ...rest] = items;
  const gridItems = lead ? rest : items;
  const loading = status === "loading";
  return (
    <div className={styles.paged}>
      {lead && first && (
        <div className={styles.lead}>
          <StoryCard story={first} variant="lead" priority={leadPriority} {...card} />
        </div>
      )}
      {gridItems.length > 0 && (
        <ul className={styles.grid}>
          {gridItems.map((story) => (
            <li key={story.id}>
              <StoryCard story={story} {...card} />
            </li>
          ))}
        </ul>
      )}
      {hasMore && (
        <div className={styles.more}>
          <button type="button" className={styles.button} onClick={loadMore} disabled={loading} aria-busy={loading}>
            {loading ? LOADING_LABEL : LOAD_MORE_LABEL}
          </button>
        </div>
      )}
    </div>
  );
}
