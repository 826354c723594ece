// The video channel's shared rules (docs/video-channel.md): its navigation bar, its counts and
// labels, and the feeds and lead videos its blocks show (its trees: ./videoChannelTrees.ts; a page's
// heading: ./videoChannelHeading.ts). No React: the server halves import it.
import { text } from "../../domain/ans";
import { normalizeSectionId, sectionFromUrl } from "../../domain/sections";
import type { FetchSpec, PageContext } from "../../runtime/types";
import { CARD_SOURCE_INCLUDE, SHORT_SUBHEADLINE, toCardStories, type CardStory } from "./cards";
import { youtubeEmbedId, youtubeId } from "./youtube";

// ---- Navigation bar (docs/video-channel.md#navigation-bar) ----

export interface VideoNavItem {
  href: string;
  label: string;
}

/** The bar's five items, in the spec's order; the labels are this project's (docs/decisions/0021-video-channel.md). */
export const VIDEO_NAV_ITEMS: readonly VideoNavItem[] = [
  { href: "/tv/", label: "Inicio" },
  { href: "/semana-tv/programas/", label: "Programas de opinión" },
  { href: "/semana-tv/programas/semana-noticias/", label: "Semana Noticias" },
  { href: "/semana-tv/categorias/", label: "Categorías" },
  { href: "/semana-tv/virales/", label: "Lo más viral" },
];

/** The item the current path names, its query string left out ("/tv?x=1" and "/tv/" name /tv/); none elsewhere. */
export function activeVideoNavItem(path: string): string | undefined {
  const pathname = (path.split(/[?#]/)[0] || "/").replace(/\/*$/, "/");
  return VIDEO_NAV_ITEMS.find((item) => item.href === pathname)?.href;
}

// ---- Counts and labels (docs/video-channel.md#counts) ----

export const VIDEO_COUNTS = {
  /** 'Últimos videos': the first page, then each 'Más videos'. */
  listFirst: 12,
  listMore: 8,
  /** The lead video and 'Lo último' together: the lead, then 8 ("Videos (generic list)"). */
  lead: 9,
  /** 'Otros videos': from offset 9 (after the lead's 9), 4, then 4 per 'Más videos'. */
  othersOffset: 9,
  othersFirst: 4,
  othersMore: 4,
  /** Items of each category row, and how many categories a page shows. */
  categoryItems: 10,
  categories: 9,
  /** A programme's feed (content-apir-semanaTV-v2). */
  programme: 10,
  /** A row (carousel) of the video home. */
  row: 10,
} as const;

export const VIDEO_LABELS = {
  more: "Más videos",
  latest: "Lo último",
  others: "Otros videos",
  list: "Últimos videos",
  programmes: "Programas de opinión",
  journalists: "Periodistas",
  otherJournalists: "Otros periodistas",
  categories: "Categorías",
} as const;

/** The channel's own section: a journalist's videos are those under it. */
export const SEMANA_TV_SECTION = "/semana-tv";

/** Card fields, plus what the lead's player needs (the YouTube id, the embedded player). */
const VIDEO_SOURCE_INCLUDE = `${CARD_SOURCE_INCLUDE},youtube_content_id,promo_items.html`;

// ---- Feeds ----

/** Which documents a video block lists: a section's videos, a programme's documents, a journalist's videos. */
type VideoFeed = "section" | "programme" | "journalist";

export interface VideoFeedSettings {
  feed?: VideoFeed;
  /** The section (or programme) when the page's URL does not name it. */
  section?: string;
}

/** The section a video block lists: its setting, else the one the page's URL names ("/semana-tv/virales/"). */
export function videoSection(settings: VideoFeedSettings, context: PageContext): string | undefined {
  return normalizeSectionId(settings.section) ?? sectionFromUrl(context.brand, context.path);
}

/** The journalist of a journalist page: the route's slug, trimmed; undefined when there is none. */
export function journalistSlug(context: PageContext): string | undefined {
  return text(context.params?.slug)?.trim();
}

/** A section's videos (video-section-source). */
export function sectionVideosFetch(context: PageContext, section: string, size: number, offset = 0): FetchSpec {
  return {
    source: "video-section-source",
    query: { website: context.brand, includeSections: section, feedSize: size, feedOffset: offset, sourceInclude: VIDEO_SOURCE_INCLUDE },
  };
}

/** A programme's documents (content-apir-semanaTV-v2, includeSections /semana-tv/programas/{program}). */
export function programmeFetch(context: PageContext, section: string, size: number, offset = 0): FetchSpec {
  return {
    source: "content-apir-semanaTV-v2",
    query: { website: context.brand, includeSections: section, feedSize: size, feedOffset: offset, sourceInclude: VIDEO_SOURCE_INCLUDE },
  };
}

/** A journalist's videos in the channel (content-api-search-author within /semana-tv). */
function journalistFetch(context: PageContext, slug: string, size: number, offset = 0): FetchSpec {
  return {
    source: "content-api-search-author",
    query: {
      website: context.brand,
      includeId: slug,
      includeSections: SEMANA_TV_SECTION,
      feedSize: size,
      feedOffset: offset,
      sourceInclude: VIDEO_SOURCE_INCLUDE,
    },
  };
}

/** The feed a video block lists, at a size and offset; undefined when the page names nothing to list. */
export function videoFeedFetch(settings: VideoFeedSettings, context: PageContext, size: number, offset: number): FetchSpec | undefined {
  if (settings.feed === "journalist") {
    const slug = journalistSlug(context);
    return slug ? journalistFetch(context, slug, size, offset) : undefined;
  }
  const section = videoSection(settings, context);
  if (!section) return undefined;
  return settings.feed === "programme" ? programmeFetch(context, section, size, offset) : sectionVideosFetch(context, section, size, offset);
}

/** The documents of a feed answer as video cards: only those with a promo image, subheadlines cut at 80 (docs/listings.md#text-limits). */
export function videoCards(feed: unknown): CardStory[] {
  const elements = (feed as { content_elements?: unknown } | null | undefined)?.content_elements;
  return toCardStories(elements, { subheadline: SHORT_SUBHEADLINE });
}

/** The lead of a video list: its first card and, when it has one, the YouTube video to play. */
export interface LeadVideo {
  story: CardStory;
  videoId?: string;
}

/** The YouTube id of a document: youtube_content_id, else the player embedded in promo_items.html. */
export function documentVideoId(doc: unknown): string | undefined {
  const document = doc as { youtube_content_id?: unknown; promo_items?: { html?: { content?: unknown } } } | null;
  const own = text(document?.youtube_content_id);
  if (own && /^[A-Za-z0-9_-]{11}$/.test(own.trim())) return own.trim();
  const html = text(document?.promo_items?.html?.content);
  return html ? (youtubeEmbedId(html) ?? youtubeId(html)) : undefined;
}

/** A feed as its lead video and the cards after it. */
export function leadAndLatest(feed: unknown): { lead?: LeadVideo; latest: CardStory[] } {
  const [lead, ...latest] = videoCards(feed);
  if (!lead) return { latest: [] };
  const elements = (feed as { content_elements?: unknown[] }).content_elements ?? [];
  const doc = elements.find((element) => (element as { _id?: unknown })?._id === lead.id);
  const videoId = documentVideoId(doc);
  return { lead: { story: lead, ...(videoId ? { videoId } : {}) }, latest };
}
