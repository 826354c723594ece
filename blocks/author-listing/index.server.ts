import type { AnsDocument } from "../../domain/ans";
import { normalizeSectionId } from "../../domain/sections";
import { authorSlug, slugify } from "../../domain/slugs";
import { safeSrc } from "../../domain/urls";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { CARD_SOURCE_INCLUDE, feedPage, OPINION_SUBHEADLINE, type CardStory, type Page } from "../_shared/cards";
import type { Settings } from "./settings";

/** The opinion page lists 16 columns per page (docs/opinion-and-authors.md#opinion-listing). */
export const AUTHOR_LISTING_FEED_SIZE = 16;

const SOCIAL_LABELS: Record<string, string> = {
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

/**
 * The author of the page: the third segment of the request path (/opinion/{autor}/, as the opinion
 * page reads it: docs/opinion-and-authors.md#opinion-listing), else the authorId setting.
 */
function authorFromContext(settings: Settings, context: PageContext): string | undefined {
  let segment = (context.path ?? "").split("?")[0].split("/")[2] ?? "";
  try {
    segment = decodeURIComponent(segment);
  } catch {
    segment = "";
  }
  const raw = (segment || settings.authorId || "").trim();
  return raw || undefined;
}

function fetchAuthorListing(settings: Settings, context: PageContext): BlockFetches {
  const author = authorFromContext(settings, context);
  if (!author) return {};
  const includeSections = normalizeSectionId(settings.section);
  const stories = {
    source: "content-api-search-author",
    query: {
      website: context.brand,
      includeId: author,
      ...(includeSections ? { includeSections } : {}),
      feedSize: settings.feedSize ?? AUTHOR_LISTING_FEED_SIZE,
      feedOffset: context.cursor?.offset ?? 0,
      sourceInclude: `${CARD_SOURCE_INCLUDE},credits.by`,
    },
  };
  if (context.cursor) return { stories };
  // The author's record: the hero when the first item's credits do not name the author (no columns yet).
  return { author: { source: "authors-api", query: { website: context.brand, idAutor: author }, optional: true }, stories };
}

const isText = (value: unknown): value is string => typeof value === "string" && value.trim() !== "";

function socialLinks(links: unknown): AuthorHero["social"] {
  if (!Array.isArray(links)) return [];
  return links
    .filter((link) => link && isText(link.url) && /^https?:\/\//.test(link.url) && isText(link.site))
    .map((link) => ({ site: link.site, label: SOCIAL_LABELS[link.site.toLowerCase()] ?? link.site, url: link.url }));
}

/** A hero from an author record or a credit: byline or name, role, description or bio, photo, networks. */
function heroOf(person: any): AuthorHero | undefined {
  const name = person?.byline ?? person?.name;
  if (!isText(name)) return undefined;
  const image = safeSrc(typeof person.image === "string" ? person.image : person.image?.url);
  const description = person.description ?? person.bio;
  return {
    name: name.trim(),
    ...(isText(person.role) ? { role: person.role } : {}),
    ...(isText(description) ? { description } : {}),
    ...(isText(image) ? { image } : {}),
    social: socialLinks(person.social_links),
  };
}

/** True when a credit names the author: by id, by its author slug or by the slug of its name. */
function credits(by: any, author: string): boolean {
  if (!by) return false;
  const wanted = authorSlug(author);
  return by._id === author || (isText(by._id) && authorSlug(by._id) === wanted) || by.slug === author || (isText(by.name) && slugify(by.name) === wanted);
}

/**
 * The hero: the author's credit in the first item (docs/opinion-and-authors.md#opinion-listing: name
 * and description from the credits of the first item), else the author's record, else nothing.
 */
export function authorHero(record: any, docs: unknown, author: string): AuthorHero | undefined {
  const first = Array.isArray(docs) ? (docs[0] as AnsDocument | undefined) : undefined;
  const credit = first?.credits?.by?.find((by) => credits(by, author));
  return heroOf(credit) ?? heroOf(record);
}

function transformAuthorListing(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const page = feedPage(data.stories, { subheadline: OPINION_SUBHEADLINE });
  if (context.cursor) return page;
  const author = authorHero(data.author?.authors?.[0], data.stories?.content_elements, authorFromContext(settings, context) ?? "");
  return { ...page, ...(author ? { author } : {}) };
}

/**
 * An author's opinion page: hero (photo, name, description, social links), then the author's
 * columns with their subheadlines. The page's route checks first that the author has stories (a 404
 * otherwise); the block keeps its own rule: empty with neither a hero nor stories.
 */
export default defineBlockServer<Settings, Data>({
  fetch: fetchAuthorListing,
  transform: transformAuthorListing,
  isEmpty: (data) => !data.author && data.items.length === 0,
});
