// The story card every listing uses, and the reduction of an ANS document to what a card shows.
// Listings transform their feeds with toCardStories() on the server so that only card fields travel
// to the browser; the card itself applies the spec's text limits (spec/blocks-and-listings.md §9).
import type { AnsDocument } from "../../domain/ans";
import { formatLongDate, formatRelativeTime, truncate } from "./format";
import { DEFAULT_ASPECT, IMAGE_BREAKPOINTS } from "../../domain/images";
import { imageSrcSet, imageUrl } from "./images";
import styles from "./StoryCard.module.css";

/** Card headline limit (characters): the spec cuts headlines without an ellipsis. */
export const CARD_HEADLINE_LIMIT = 150;
/** Card summary limit (characters), cut with CARD_ELLIPSIS. */
export const CARD_SUMMARY_LIMIT = 120;
export const CARD_ELLIPSIS = "...";

/** Section whose stories never appear in listings (print-edition records, spec §5). */
export const EXCLUDED_LISTING_SECTION = "/edicion";

/** The ANS fields a card reads: the value of `sourceInclude` for listing queries. */
export const CARD_SOURCE_INCLUDE = [
  "_id",
  "type",
  "subtype",
  "canonical_url",
  "headlines.basic",
  "subheadlines.basic",
  "description.basic",
  "promo_items.basic",
  "taxonomy.primary_section",
  "display_date",
  "publish_date",
].join(",");

export interface CardImage {
  url: string;
  alt: string;
}

/** What a card shows: a small, serialisable reduction of an ANS document. */
export interface CardStory {
  id: string;
  url: string;
  headline: string;
  summary?: string;
  section?: { id: string; name: string };
  image?: CardImage;
  /** ISO date: display_date, else publish_date. */
  date?: string;
  /** "video", "gallery" or undefined for stories. */
  kind?: "video" | "gallery";
}

/** The basic promo image URL of a document, if it has one. */
export function promoImageUrl(doc: AnsDocument | undefined): string | undefined {
  const basic = doc?.promo_items?.basic;
  const url = typeof basic?.url === "string" ? basic.url : undefined;
  return url && url.trim() !== "" ? url : undefined;
}

/** True when the document's primary section is the print-edition section (or below it). */
export function isInExcludedSection(doc: AnsDocument): boolean {
  const id = doc.taxonomy?.primary_section?._id;
  return typeof id === "string" && (id === EXCLUDED_LISTING_SECTION || id.startsWith(EXCLUDED_LISTING_SECTION + "/"));
}

/** Reduces one ANS document to a card; undefined when it has no id or no link. */
export function toCardStory(doc: AnsDocument): CardStory | undefined {
  if (!doc || typeof doc !== "object" || typeof doc._id !== "string") return undefined;
  const url = typeof doc.canonical_url === "string" && doc.canonical_url ? doc.canonical_url : undefined;
  const headline = doc.headlines?.basic?.trim();
  if (!url || !headline) return undefined;
  const basic = doc.promo_items?.basic;
  const imageUrlValue = promoImageUrl(doc);
  const section = doc.taxonomy?.primary_section;
  const summary = (doc.description?.basic || doc.subheadlines?.basic || "").trim();
  const card: CardStory = { id: doc._id, url, headline };
  if (summary) card.summary = summary;
  if (section?._id && section.name) card.section = { id: section._id, name: section.name };
  if (imageUrlValue) {
    const alt = [basic?.alt_text, basic?.caption, headline].find((text) => typeof text === "string" && text.trim() !== "");
    card.image = { url: imageUrlValue, alt: alt as string };
  }
  const date = doc.display_date || doc.publish_date || doc.first_publish_date;
  if (date) card.date = date;
  if (doc.type === "video") card.kind = "video";
  else if (doc.type === "gallery") card.kind = "gallery";
  return card;
}

/**
 * The items of a listing, as cards: documents without a basic promo image are dropped (spec §1),
 * and, with `excludePrintEditions`, documents of the /edicion section (spec §5).
 */
export function toCardStories(docs: unknown, options: { excludePrintEditions?: boolean } = {}): CardStory[] {
  if (!Array.isArray(docs)) return [];
  const cards: CardStory[] = [];
  for (const doc of docs as AnsDocument[]) {
    if (!doc || typeof doc !== "object" || !promoImageUrl(doc)) continue;
    if (options.excludePrintEditions && isInExcludedSection(doc)) continue;
    const card = toCardStory(doc);
    if (card) cards.push(card);
  }
  return cards;
}

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
            <a href={story.url}>{truncate(story.headline, CARD_HEADLINE_LIMIT, "")}</a>
          </Heading>
          {showSummary && story.summary && <p className={styles.summary}>{truncate(story.summary, CARD_SUMMARY_LIMIT, CARD_ELLIPSIS)}</p>}
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
