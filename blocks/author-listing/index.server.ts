import type { AnsDocument } from "../../domain/ans";
import { slugify } from "../../domain/slugs";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { CARD_SOURCE_INCLUDE, feedPage, type CardStory, type Page } from "../_shared/cards";
import type { Settings } from "./settings";
import { safeSrc } from "../../domain/urls";

/** An author page is a generic list: 8 stories per batch (docs/listings.md#section-pages). */
export const AUTHOR_LISTING_FEED_SIZE = 8;

export const SOCIAL_LABELS: Record<string, string> = {
  twitter: "X (Twitter)",
  x: "X (Twitter)",
  facebook: "Facebook",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  whatsapp: "WhatsApp",
  youtube: "YouTube",
  tiktok: "TikTok",
};

export interface AuthorHero {
  name: string;
  role?: string;
  description?: string;
  image?: string;
  social: Array<{ site: string; label: string; url: string }>;
}

export interface Data extends Page<CardStory> {
  /** Undefined on next-page answers. */
  author?: AuthorHero;
}

/** The author of the page: the route's :slug, else the authorId setting. */
export function authorFromContext(settings: Settings, context: PageContext): string | undefined {
  const raw = (context.params?.slug || settings.authorId || "").trim();
  return raw || undefined;
}

export function fetchAuthorListing(settings: Settings, context: PageContext): BlockFetches {
  const author = authorFromContext(settings, context);
  if (!author) return {};
  const stories = {
    source: "content-api-search-author",
    query: {
      website: context.brand,
      includeId: author,
      feedSize: settings.feedSize ?? AUTHOR_LISTING_FEED_SIZE,
      feedOffset: context.cursor?.offset ?? 0,
      sourceInclude: `${CARD_SOURCE_INCLUDE},credits.by`,
    },
  };
  if (context.cursor) return { stories };
  return { author: { source: "authors-api", query: { website: context.brand, idAutor: author }, optional: true }, stories };
}

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

function socialLinks(links: unknown): AuthorHero["social"] {
  if (!Array.isArray(links)) return [];
  return links
    .filter((link) => link && isText(link.url) && /^https?:\/\//.test(link.url) && isText(link.site))
    .map((link) => ({ site: link.site, label: SOCIAL_LABELS[link.site.toLowerCase()] ?? link.site, url: link.url }));
}

/** The hero from the authors-api record, else from the credits of the author's first story. */
export function authorHero(record: any, docs: unknown, author: string): AuthorHero | undefined {
  if (record && isText(record.byline ?? record.name)) {
    const image = safeSrc(typeof record.image === "string" ? record.image : record.image?.url);
    return {
      name: (record.byline ?? record.name).trim(),
      ...(isText(record.role) ? { role: record.role } : {}),
      ...(isText(record.description ?? record.bio) ? { description: record.description ?? record.bio } : {}),
      ...(isText(image) ? { image } : {}),
      social: socialLinks(record.social_links),
    };
  }
  if (!Array.isArray(docs)) return undefined;
  const wanted = slugify(author);
  for (const doc of docs as AnsDocument[]) {
    const credit = doc?.credits?.by?.find((by) => by && (by._id === author || (isText(by.name) && slugify(by.name) === wanted)));
    if (credit && isText(credit.name)) {
      const image = safeSrc(typeof credit.image === "string" ? credit.image : credit.image?.url);
      return {
        name: credit.name,
        ...(isText(credit.description) ? { description: credit.description } : {}),
        ...(isText(image) ? { image } : {}),
        social: socialLinks(credit.social_links),
      };
    }
  }
  return undefined;
}

export function transformAuthorListing(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const page = feedPage(data.stories);
  if (context.cursor) return page;
  const author = authorHero(data.author?.authors?.[0], data.stories?.content_elements, authorFromContext(settings, context) ?? "");
  return { ...page, ...(author ? { author } : {}) };
}

/**
 * An author's page: hero (photo, name, description, social links), then the author's stories. The
 * page's route checks first that the author has stories (a 404 otherwise); the block keeps its own
 * rule: empty with neither a hero nor stories.
 */
export default defineBlockServer<Settings, Data>({
  fetch: fetchAuthorListing,
  transform: transformAuthorListing,
  isEmpty: (data) => !data.author && data.items.length === 0,
});
