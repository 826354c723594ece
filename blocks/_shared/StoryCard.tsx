// The story card every listing uses. Its data comes from cards.ts (server side), texts already cut.
import type { CardStory } from "./cards";
import { formatLongDate, formatRelativeTime } from "./format";
import { IMAGE_BREAKPOINTS } from "../../domain/images";
import { responsiveImage } from "./images";
import styles from "./StoryCard.module.css";

type CardVariant = "lead" | "standard" | "compact";
export type CardTime = "relative" | "date" | "none";

export interface StoryCardProps {
  story: CardStory;
  /** lead: large, image on top, summary; standard: grid card; compact: small thumbnail beside the headline. */
  variant?: CardVariant;
  /** Dark background (text in --color-dark-text). */
  dark?: boolean;
  /** relative: "Hace 5 minutos"...; date: long es-CO date; none (default). */
  time?: CardTime;
  /** Show the summary (default: only on the lead variant). */
  showSummary?: boolean;
  /** Hide the section label (e.g. inside a section's own listing). */
  hideSection?: boolean;
  /** Heading level of the headline (default 3). */
  headingLevel?: 2 | 3 | 4;
  /** The image is above the fold, the page's largest paint: load it at once and first. */
  priority?: boolean;
  /** Custom section label (the block's customSection setting). */
  sectionLabel?: string;
}

/** Width hint of a priority (eager) image per variant; lazy images say sizes="auto" (./images.ts). */
const IMAGE_SIZES: Record<CardVariant, string> = {
  lead: `(min-width: ${IMAGE_BREAKPOINTS.lg}px) 66vw, 100vw`,
  standard: `(min-width: ${IMAGE_BREAKPOINTS.lg}px) 25vw, (min-width: ${IMAGE_BREAKPOINTS.md}px) 33vw, 100vw`,
  compact: "128px",
};
/** The widest variant per variant: a compact thumbnail (112 to 128 px) needs no srcset. */
const IMAGE_MAX_WIDTH: Record<CardVariant, number> = {
  lead: IMAGE_BREAKPOINTS.xl,
  standard: IMAGE_BREAKPOINTS.md,
  compact: IMAGE_BREAKPOINTS.sm,
};
/** Default src width per variant (the srcset lets the browser pick better). */
const IMAGE_SRC_WIDTH: Record<CardVariant, number> = {
  lead: IMAGE_BREAKPOINTS.lg,
  standard: IMAGE_BREAKPOINTS.sm,
  compact: IMAGE_BREAKPOINTS.sm,
};

const KIND_LABEL: Record<NonNullable<CardStory["kind"]>, string> = { video: "Video", gallery: "Galería" };

export function StoryCard({
  story,
  variant = "standard",
  dark = false,
  time = "none",
  showSummary = variant === "lead",
  hideSection = false,
  headingLevel = 3,
  priority = false,
  sectionLabel,
}: StoryCardProps) {
  const Heading = `h${headingLevel}` as const;
  const label = sectionLabel || story.section?.name;
  const timeText = time === "relative" ? formatRelativeTime(story.date) : time === "date" ? formatLongDate(story.date) : "";
  const className = [styles.card, styles[variant], dark ? styles.dark : ""].filter(Boolean).join(" ");
  const media = story.image && (
    <div className={styles.media}>
      <img
        {...responsiveImage(story.image.url, {
          srcWidth: IMAGE_SRC_WIDTH[variant],
          maxWidth: IMAGE_MAX_WIDTH[variant],
          sizes: IMAGE_SIZES[variant],
          priority,
        })}
        alt={story.image.alt}
      />
      {story.kind && <span className={styles.kind}>{KIND_LABEL[story.kind]}</span>}
    </div>
  );
  // The headline's link covers the whole card (StoryCard.module.css): one link per story, the
  // image included, and its URL written once.
  const body = (
    <div className={styles.body}>
      {label && !hideSection && <span className={styles.section}>{label}</span>}
      <Heading className={styles.headline}>
        <a href={story.url}>{story.headline}</a>
      </Heading>
      {/* A card with its subheadline (opinion, print and video cards) shows it instead of the summary. */}
      {story.subheadline ? (
        <p className={styles.summary}>{story.subheadline}</p>
      ) : (
        showSummary && story.summary && <p className={styles.summary}>{story.summary}</p>
      )}
      {timeText && (
        // Relative times differ between the server's render and the browser's: the browser's wins.
        <time className={styles.time} dateTime={story.date} suppressHydrationWarning>
          {timeText}
        </time>
      )}
    </div>
  );
  return (
    <article className={className}>
      {/* Only the lead needs a box inside it: it is the container its own layout queries. */}
      {variant === "lead" ? (
        <div className={styles.inner}>
          {media}
          {body}
        </div>
      ) : (
        <>
          {media}
          {body}
        </>
      )}
    </article>
  );
}
