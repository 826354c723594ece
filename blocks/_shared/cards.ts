// The reduction of content to story cards, on the server: listings transform their feeds with
// feedPage()/toCardStories() so that only card fields, already cut to the card limits, travel to
// the browser (docs/listings.md#text-limits). No React here: server halves import it.
import type { AnsDocument, AnsFeed } from "../../domain/ans";
import { articleTitle } from "../../domain/articles";
import { truncate } from "./format";
import { contentPath, safeHref, safeSrc } from "../../domain/urls";

/** Card headline limit (characters): the spec cuts headlines without an ellipsis. */
export const CARD_HEADLINE_LIMIT = 150;
/** Card summary limit (characters), cut with CARD_ELLIPSIS. */
export const CARD_SUMMARY_LIMIT = 120;
const CARD_ELLIPSIS = "...";
/**
 * The subheadline of print and video cards: 80 characters, with the cards' ellipsis when cut (the
 * spec's ellipsis read as holding for both of its limits: docs/decisions/0021-video-channel.md).
 */
export const SHORT_SUBHEADLINE = { limit: 80, ellipsis: CARD_ELLIPSIS } as const;
/** The subheadline of opinion cards: 150 characters, with the cards' ellipsis when cut (docs/listings.md#text-limits). */
export const OPINION_SUBHEADLINE = { limit: 150, ellipsis: CARD_ELLIPSIS } as const;

/** Section whose stories never appear in listings (print-edition records). */
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

interface CardImage {
  url: string;
  alt: string;
}

/** What a card shows: a small, serialisable reduction of an ANS document, texts already cut. */
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
  /** subheadlines.basic, already cut: only cards of blocks that ask for it (CardOptions.subheadline). */
  subheadline?: string;
}

/** What a block asks of the reduction to cards besides the common fields. */
export interface CardOptions {
  /** Drop documents of the /edicion section (docs/listings.md#latest-stories). */
  excludePrintEditions?: boolean;
  /** Keep the subheadline, cut at `limit` characters, with `ellipsis` when cut (default none). */
  subheadline?: { limit: number; ellipsis?: string };
}

/** The basic promo image URL of a document, if it has one. */
function promoImageUrl(doc: AnsDocument | undefined): string | undefined {
  const basic = doc?.promo_items?.basic;
  return safeSrc(basic?.url);
}

/** True when the document's primary section is the print-edition section (or below it). */
function isInExcludedSection(doc: AnsDocument): boolean {
  const id = doc.taxonomy?.primary_section?._id;
  return typeof id === "string" && (id === EXCLUDED_LISTING_SECTION || id.startsWith(EXCLUDED_LISTING_SECTION + "/"));
}

/** Reduces one ANS document to a card; undefined when it has no id or no link. */
export function toCardStory(doc: AnsDocument, options: Pick<CardOptions, "subheadline"> = {}): CardStory | undefined {
  if (!doc || typeof doc !== "object" || typeof doc._id !== "string") return undefined;
  const url = contentPath(doc.canonical_url);
  const fullHeadline = articleTitle(doc);
  if (!url || !fullHeadline) return undefined;
  const headline = truncate(fullHeadline, CARD_HEADLINE_LIMIT, "");
  const basic = doc.promo_items?.basic;
  const imageUrlValue = promoImageUrl(doc);
  const section = doc.taxonomy?.primary_section;
  const summary = (doc.description?.basic || doc.subheadlines?.basic || "").trim();
  const card: CardStory = { id: doc._id, url, headline };
  if (summary) card.summary = truncate(summary, CARD_SUMMARY_LIMIT, CARD_ELLIPSIS);
  if (section?._id && section.name) card.section = { id: section._id, name: section.name };
  if (imageUrlValue) {
    const alt = [basic?.alt_text, basic?.caption, headline].find((text) => typeof text === "string" && text.trim() !== "");
    card.image = { url: imageUrlValue, alt: alt as string };
  }
  const date = doc.display_date || doc.publish_date || doc.first_publish_date;
  if (date) card.date = date;
  if (doc.type === "video") card.kind = "video";
  else if (doc.type === "gallery") card.kind = "gallery";
  const subheadline = options.subheadline && typeof doc.subheadlines?.basic === "string" ? doc.subheadlines.basic.trim() : "";
  if (subheadline) card.subheadline = truncate(subheadline, options.subheadline!.limit, options.subheadline!.ellipsis ?? "");
  return card;
}

/**
 * The items of a listing, as cards: documents without a basic promo image are dropped, and, with
 * `excludePrintEditions`, documents of the /edicion section (docs/listings.md#common-rules).
 */
export function toCardStories(docs: unknown, options: CardOptions = {}): CardStory[] {
  if (!Array.isArray(docs)) return [];
  const cards: CardStory[] = [];
  for (const doc of docs as AnsDocument[]) {
    if (!doc || typeof doc !== "object" || !promoImageUrl(doc)) continue;
    if (options.excludePrintEditions && isInExcludedSection(doc)) continue;
    const card = toCardStory(doc, options);
    if (card) cards.push(card);
  }
  return cards;
}

/** One page of a paged listing as a block's transform returns it. */
export interface Page<T> {
  items: T[];
  /** Offset of the next page while more remain (the feed's `next`). */
  next?: number;
  /** Total items of the feed. */
  count: number;
}

/**
 * A feed answer ({ content_elements, count, next }) as a page of cards. Items without a basic promo
 * image are dropped; `excludePrintEditions` also drops /edicion items (docs/listings.md#latest-stories).
 */
export function feedPage(feed: Partial<AnsFeed> | undefined | null, options: CardOptions = {}): Page<CardStory> {
  const page: Page<CardStory> = {
    items: toCardStories(feed?.content_elements, options),
    count: typeof feed?.count === "number" ? feed.count : 0,
  };
  if (typeof feed?.next === "number") page.next = feed.next;
  return page;
}

const trimmed = (value: unknown) => (typeof value === "string" && value.trim() ? value.trim() : undefined);

/** The most-read answer ({ _id, url, title, image?, section? } items) as cards; items without a title or link drop out. */
export function mostReadCards(answer: unknown): CardStory[] {
  const items: unknown[] = Array.isArray((answer as any)?.content_elements) ? (answer as any).content_elements : [];
  const cards: CardStory[] = [];
  for (const item of items as any[]) {
    const id = trimmed(item?._id);
    const url = safeHref(item?.url);
    const headline = trimmed(item?.title);
    if (!id || !url || !headline) continue;
    const image = safeSrc(item.image);
    const section = trimmed(item.section);
    cards.push({
      id,
      url,
      headline,
      ...(image ? { image: { url: image, alt: headline } } : {}),
      ...(section ? { section: { id: "", name: section } } : {}),
    });
  }
  return cards;
}

/**
 * The `videos` setting (default true, docs/listings.md#block-settings): false leaves the videos out
 * of what the feed answered. A page may then show fewer items; its paging is the feed's.
 */
export function withVideosSetting<T extends Pick<CardStory, "kind">>(items: T[], videos: boolean | undefined): T[] {
  return videos === false ? items.filter((item) => item.kind !== "video") : items;
}
