// The parts of a listing block's component: its titled section and the paged grid with the
// 'Cargar más artículos' button (docs/listings.md#load-more) that the latest-stories, section, tag
// and author listings share.
import { createContext, useContext, type ReactNode } from "react";
import type { CardStory, Page } from "./cards";
import { StoryCard, type CardTime } from "./StoryCard";
import { hasNextPage, LOAD_MORE_LABEL, loadMoreListId } from "./loadMore";
import { LoadMoreButton } from "./LoadMoreButton";
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
  /** The blue variant (isBlue): a blue panel, light text. */
  blue?: boolean;
  /** A line under the block (divider). */
  divider?: boolean;
  /** An icon before the title (hasIcon). */
  icon?: boolean;
  className?: string;
  children: ReactNode;
}

/** The look settings a titled listing block takes (docs/listings.md#block-settings). */
export interface ListingLookSettings {
  background?: "White" | "Dark";
  divider?: boolean;
  isBlue?: boolean;
  hasIcon?: boolean;
}

/**
 * ListingSection's look from a block's settings, with the documented defaults: white background,
 * a divider (true), not blue, no icon. `dark` also holds for the blue variant: cards on it take light text.
 */
export function listingLook(settings: ListingLookSettings): Pick<ListingSectionProps, "dark" | "blue" | "divider" | "icon"> {
  const blue = settings.isBlue === true;
  return { dark: settings.background === "Dark" || blue, blue, divider: settings.divider ?? true, icon: settings.hasIcon === true };
}

function TitleIcon() {
  return (
    <svg className={styles.icon} width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <circle cx="10" cy="10" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="M8 6l5 4-5 4z" fill="currentColor" />
    </svg>
  );
}

/** The titled <section> of a listing block; dark blocks take the dark background, blue ones a blue one. */
export function ListingSection({
  id,
  title,
  titleHref,
  headingLevel = 2,
  dark = false,
  blue = false,
  divider = false,
  icon = false,
  className,
  children,
}: ListingSectionProps) {
  const Heading = `h${headingLevel}` as const;
  const headingId = `${id}-titulo`;
  const classes = [styles.section, blue ? styles.blue : dark ? styles.dark : "", divider ? styles.divider : "", className ?? ""].filter(Boolean).join(" ");
  const text = (
    <>
      {icon && <TitleIcon />}
      {title}
    </>
  );
  return (
    <section className={classes} aria-labelledby={title ? headingId : undefined}>
      {title && (
        <Heading id={headingId} className={headingLevel === 1 ? styles.pageTitle : styles.title}>
          {titleHref ? <a href={titleHref}>{text}</a> : text}
        </Heading>
      )}
      {children}
    </section>
  );
}

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
  /** The load-more button's label (default 'Cargar más artículos'). */
  moreLabel?: string;
}

/**
 * True while the block renders a next page for 'Cargar más artículos' (the load-more endpoint sets
 * it): the page's stories are all grid items, the lead stays the first page's.
 */
export const LoadMoreContinuation = createContext(false);

/**
 * The grid of a paged listing and its 'Cargar más artículos' button, as server HTML: the button
 * names the next page's endpoint, and the block's enhancer (loadMore.ts) appends what it answers.
 */
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
  moreLabel = LOAD_MORE_LABEL,
}: PagedStoriesProps) {
  const card = { time, dark, hideSection, sectionLabel, headingLevel };
  const continuation = useContext(LoadMoreContinuation);
  const showLead = lead && !continuation;
  const [first, ...rest] = initial.items;
  const gridItems = showLead ? rest : initial.items;
  const next = hasNextPage(initial) ? initial.next : undefined;
  return (
    <div className={styles.paged}>
      {showLead && first && (
        <div className={styles.lead}>
          <StoryCard story={first} variant="lead" priority={leadPriority} {...card} />
        </div>
      )}
      {(gridItems.length > 0 || next !== undefined) && (
        <ul id={loadMoreListId(blockId)} className={styles.grid} data-load-more-list="">
          {gridItems.map((story) => (
            <li key={story.id} data-key={story.id}>
              <StoryCard story={story} {...card} />
            </li>
          ))}
        </ul>
      )}
      {next !== undefined && (
        <div className={styles.more}>
          <LoadMoreButton pageId={pageId} blockId={blockId} next={next} label={moreLabel} className={styles.button} />
        </div>
      )}
    </div>
  );
}
