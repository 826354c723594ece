// The video channel's pieces (docs/video-channel.md), server HTML shared by its blocks: the video
// card, the lead video with 'Lo último', a titled row of videos (a carousel), the paged grid with
// its 'Más videos' button, the page heading, and the strips of programmes and journalists. Their
// data comes from videoChannel.ts, videoChannelHeading.ts and videoChannelTrees.ts (server side);
// colours follow the page's theme (the channel's pages are dark: docs/video-channel.md#dark-theme).
import type { ReactNode } from "react";
import { IMAGE_BREAKPOINTS } from "../../domain/images";
import type { CardStory, Page } from "./cards";
import { Carousel } from "./Carousel";
import { formatRelativeTime } from "./format";
import { imageUrl, responsiveImage } from "./images";

import { hasNextPage, loadMoreListId } from "./loadMore";
import { LoadMoreButton } from "./LoadMoreButton";
import { VideoPlayer } from "./VideoPlayer";
// Types only: videoChannel*.ts read content (domain/ans, zod) and stay on the server.
import type { LeadVideo } from "./videoChannel";
import type { ChannelHeading } from "./videoChannelHeading";
import type { Journalist, Programme } from "./videoChannelTrees";
import styles from "./VideoChannelUi.module.css";

type VideoCardVariant = "grid" | "compact";

interface VideoCardProps {
  story: CardStory;
  /** grid: image on top (grids and rows); compact: a small image beside the headline (lists). */
  variant?: VideoCardVariant;
  headingLevel?: 2 | 3 | 4 | 5;
  /** Show the subheadline (cut at 80 on the server); compact cards leave it out by default. */
  showSubheadline?: boolean;
}

function PlayIcon() {
  return (
    <span className={styles.play} aria-hidden="true">
      <svg viewBox="0 0 24 24" width="24" height="24" focusable="false">
        <path d="M8 5.5v13l11-6.5z" fill="currentColor" />
      </svg>
    </span>
  );
}

/** A video's card: one link (the headline's, over the whole card), the image with a play mark, the subheadline. */
function VideoCard({ story, variant = "grid", headingLevel = 3, showSubheadline = variant === "grid" }: VideoCardProps) {
  const Heading = `h${headingLevel}` as const;
  const time = formatRelativeTime(story.date);
  return (
    <article className={`${styles.card} ${styles[variant]}`}>
      {story.image && (
        <div className={styles.media}>
          <img
            {...responsiveImage(story.image.url, {
              srcWidth: IMAGE_BREAKPOINTS.sm,
              maxWidth: variant === "grid" ? IMAGE_BREAKPOINTS.md : IMAGE_BREAKPOINTS.sm,
              sizes: "100vw",
            })}
            alt={story.image.alt}
          />
          <PlayIcon />
        </div>
      )}
      <div className={styles.body}>
        <Heading className={styles.headline}>
          <a href={story.url}>{story.headline}</a>
        </Heading>
        {showSubheadline && story.subheadline && <p className={styles.subheadline}>{story.subheadline}</p>}
        {time && (
          // Relative times differ between the server's render and the reader's clock; nothing hydrates here.
          <time className={styles.time} dateTime={story.date} suppressHydrationWarning>
            {time}
          </time>
        )}
      </div>
    </article>
  );
}

/** The page's heading: the section's, programme's or journalist's name, image and description. */
export function ChannelHeader({ heading, level = 1 }: { heading: ChannelHeading; level?: 1 | 2 }) {
  const Heading = `h${level}` as const;
  return (
    <header className={styles.header}>
      {heading.image && (
        <img
          className={heading.portrait ? styles.portrait : styles.icon}
          src={imageUrl(heading.image, IMAGE_BREAKPOINTS.sm)}
          alt=""
          width={96}
          height={96}
          loading="eager"
        />
      )}
      <div className={styles.headerText}>
        <Heading className={styles.pageTitle}>{heading.title}</Heading>
        {heading.description && <p className={styles.description}>{heading.description}</p>}
      </div>
    </header>
  );
}

export interface FeaturedVideoProps {
  /** Block id: the list's heading id is derived from it. */
  id: string;
  lead: LeadVideo;
  latest: CardStory[];
  /** Heading level of the lead's headline (the list's title is one below it). */
  headingLevel?: 2 | 3;
  /** The list's title ('Lo último', VIDEO_LABELS.latest, unless the editor says otherwise). */
  latestTitle: string;
}

/** The lead video (a player when it is a YouTube video) with its headline, then 'Lo último'. */
export function FeaturedVideo({ id, lead, latest, headingLevel = 2, latestTitle }: FeaturedVideoProps) {
  const Headline = `h${headingLevel}` as const;
  const ListTitle = `h${headingLevel + 1}` as "h3" | "h4";
  const { story } = lead;
  return (
    <div className={styles.featured}>
      <div className={styles.featuredGrid}>
        <div className={styles.leadVideo}>
          {lead.videoId ? (
            <VideoPlayer videoId={lead.videoId} title={story.headline} poster={story.image?.url} eager />
          ) : (
            story.image && (
              <a className={styles.leadImage} href={story.url} tabIndex={-1} aria-hidden="true">
                <img
                  {...responsiveImage(story.image.url, {
                    srcWidth: IMAGE_BREAKPOINTS.lg,
                    maxWidth: IMAGE_BREAKPOINTS.xl,
                    sizes: `(min-width: ${IMAGE_BREAKPOINTS.lg}px) 66vw, 100vw`,
                    priority: true,
                  })}
                  alt=""
                />
                <PlayIcon />
              </a>
            )
          )}
          <div className={styles.leadText}>
            <Headline className={styles.leadHeadline}>
              <a href={story.url}>{story.headline}</a>
            </Headline>
            {story.subheadline && <p className={styles.subheadline}>{story.subheadline}</p>}
          </div>
        </div>
        {latest.length > 0 && (
          <section className={styles.latest} aria-labelledby={`${id}-lo-ultimo`}>
            <ListTitle id={`${id}-lo-ultimo`} className={styles.listTitle}>
              {latestTitle}
            </ListTitle>
            <ul className={styles.latestList}>
              {latest.map((item) => (
                <li key={item.id}>
                  <VideoCard story={item} variant="compact" headingLevel={(headingLevel + 2) as 4 | 5} />
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

export interface ChannelSectionProps {
  /** The section's id: its heading's id is derived from it. */
  id: string;
  title: string;
  /** Where the title links (the row's own page). */
  link?: string;
  headingLevel?: 2 | 3;
  children: ReactNode;
}

/** A titled part of a channel page (a row, a strip, a list). */
export function ChannelSection({ id, title, link, headingLevel = 2, children }: ChannelSectionProps) {
  const Heading = `h${headingLevel}` as const;
  return (
    <section className={styles.section} aria-labelledby={`${id}-titulo`}>
      <Heading id={`${id}-titulo`} className={headingLevel === 2 ? styles.sectionTitle : styles.rowTitle}>
        {link ? <a href={link}>{title}</a> : title}
      </Heading>
      {children}
    </section>
  );
}

/** A titled row of videos: a carousel of cards (Swiper starts on it through the block's enhancer). */
export function VideoRow({ id, title, link, items, headingLevel = 2 }: Omit<ChannelSectionProps, "children"> & { items: CardStory[] }) {
  return (
    <ChannelSection id={id} title={title} link={link} headingLevel={headingLevel}>
      <Carousel
        label={title}
        slides={items.map((story) => ({ key: story.id, content: <VideoCard story={story} headingLevel={(headingLevel + 1) as 3 | 4} /> }))}
      />
    </ChannelSection>
  );
}

export interface VideoGridProps {
  pageId: string;
  blockId: string;
  initial: Page<CardStory>;
  /** The button's label ('Más videos', VIDEO_LABELS.more, unless the editor says otherwise). */
  moreLabel: string;
  headingLevel?: 2 | 3;
}

/**
 * A grid of video cards and its 'Más videos' button, as server HTML: the button names the next
 * page's endpoint and the block's enhancer (loadMore.ts) appends what it answers.
 */
export function VideoGrid({ pageId, blockId, initial, moreLabel, headingLevel = 3 }: VideoGridProps) {
  const next = hasNextPage(initial) ? initial.next : undefined;
  return (
    <div className={styles.paged}>
      <ul id={loadMoreListId(blockId)} className={styles.grid} data-load-more-list="">
        {initial.items.map((story) => (
          <li key={story.id} data-key={story.id}>
            <VideoCard story={story} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      {next !== undefined && (
        <div className={styles.more}>
          <LoadMoreButton pageId={pageId} blockId={blockId} next={next} label={moreLabel} className={styles.button} />
        </div>
      )}
    </div>
  );
}

/** The opinion programmes: each programme's icon (its hover icon on hover) and name, linking to its page. */
export function ProgrammeStrip({ programmes, current, headingLevel = 3 }: { programmes: Programme[]; current?: string; headingLevel?: 3 | 4 }) {
  const Name = `h${headingLevel}` as const;
  return (
    <ul className={styles.strip}>
      {programmes.map((programme) => (
        <li key={programme.section} className={styles.programme}>
          <a href={programme.url} aria-current={programme.section === current ? "page" : undefined}>
            <span className={styles.programmeIcon}>
              <img src={imageUrl(programme.icon!, IMAGE_BREAKPOINTS.sm)} alt="" width={160} height={160} loading="lazy" />
              {programme.hoverIcon && (
                <img className={styles.hoverIcon} src={imageUrl(programme.hoverIcon, IMAGE_BREAKPOINTS.sm)} alt="" width={160} height={160} loading="lazy" />
              )}
            </span>
            <Name className={styles.programmeName}>{programme.title}</Name>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The video journalists: photo and name, each linking to the journalist's page. */
export function JournalistStrip({ journalists, headingLevel = 3 }: { journalists: Journalist[]; headingLevel?: 3 | 4 }) {
  const Name = `h${headingLevel}` as const;
  return (
    <ul className={styles.strip}>
      {journalists.map((journalist) => (
        <li key={journalist.slug} className={styles.journalist}>
          <a href={journalist.url}>
            {journalist.image ? (
              <img className={styles.face} src={imageUrl(journalist.image, IMAGE_BREAKPOINTS.sm)} alt="" width={120} height={120} loading="lazy" />
            ) : (
              <span className={styles.face} aria-hidden="true" />
            )}
            <Name className={styles.journalistName}>{journalist.name}</Name>
          </a>
        </li>
      ))}
    </ul>
  );
}
