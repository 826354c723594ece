// The story card every listing uses. Its data comes from cards.ts (server side), texts already cut.
import type { CardStory } from "./cards";
import { formatLongDate, formatRelativeTime } from "./format";
import { DEFAULT_ASPECT, IMAGE_BREAKPOINTS } from "../../domain/images";
import { imageSrcSet, imageUrl } from "./images";
import styles from "./StoryCard.module.css";

export type CardVariant = "lead" | "standard" | "compact";
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
  /** The image is above the fold: load it at once. */
  priority?: boolean;
  /** Custom section label (the block's customSection setting). */
  sectionLabel?: string;
}

/** Width hints for the browser's choice in the srcset, per variant. */
const IMAGE_SIZES: Record<CardVariant, string> = {
  lead: `(min-width: ${IMAGE_BREAKPOINTS.lg}px) 66vw, 100vw`,
  standard: `(min-width: ${IMAGE_BREAKPOINTS.lg}px) 25vw, (min-width: ${IMAGE_BREAKPOINTS.md}px) 33vw, 100vw`,
  compact: "120px",
};
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
  return (
    <article className={className}>
      <div className={styles.inner}>
        {story.image && (
          <a href={story.url} className={styles.media} tabIndex={-1}>
            <img
              src={imageUrl(story.image.url, IMAGE_SRC_WIDTH[variant])}
              srcSet={imageSrcSet(story.image.url, IMAGE_MAX_WIDTH[variant])}
              sizes={IMAGE_SIZES[variant]}
              width={DEFAULT_ASPECT.width * 100}
              height={DEFAULT_ASPECT.height * 100}
              alt={story.image.alt}
              loading={priority ? "eager" : "lazy"}
              decoding="async"
            />
            {story.kind && <span className={styles.kind}>{KIND_LABEL[story.kind]}</span>}
          </a>
        )}
        <div className={styles.body}>
          {label && !hideSection && <span className={styles.section}>{label}</span>}
          <Heading className={styles.headline}>
            <a href={story.url}>{story.headline}</a>
          </Heading>
          {showSummary && story.summary && <p className={styles.summary}>{story.summary}</p>}
          {timeText && (
            // Relative times differ between the server's render and the browser's: the browser's wins.
            <time className={styles.time} dateTime={story.date} suppressHydrationWarning>
              {timeText}
            </time>
          )}
        </div>
      </div>
    </article>
  );
}
