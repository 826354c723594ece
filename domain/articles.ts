// What kind of article a document is, by its sections (docs/article-pages.md#layouts), and the tags
// an article shows (docs/article-pages.md#related-tags).
import { inSection, primarySection, text, type DocumentLike } from "./ans";
import { inSectionTree } from "./sections";
import { slugify } from "./slugs";

/**
 * Opinion sections: /opinion, /economia/opinion, /finanzas/opinion and /semanarural/opinion, and
 * the other brands' opinion sections (domain/sections.ts).
 */
export const OPINION_SECTIONS = [
  "/opinion",
  "/economia/opinion",
  "/finanzas/opinion",
  "/semanarural/opinion",
  "/opinion-fucsia",
  "/relatos/opinadores",
] as const;

const LIVE_SECTION = "/live";
const RECIPES_SECTION = "/recetas";
export const ELECTIONS_SECTION = "/elecciones";

export function isOpinion(document: DocumentLike): boolean {
  const primary = primarySection(document);
  return Boolean(primary && OPINION_SECTIONS.some((section) => inSectionTree(primary.id, section)));
}

export const isLive = (document: DocumentLike) => inSection(document, LIVE_SECTION);
export const isRecipe = (document: DocumentLike) => inSection(document, RECIPES_SECTION);
export const isElections = (document: DocumentLike) => inSection(document, ELECTIONS_SECTION);

/** Only the first 5 related tags appear on an article. */
export const RELATED_TAGS_LIMIT = 5;

export interface TagLink {
  text: string;
  href: string;
}

/** The article's tags to show: empty-text tags dropped, then the first 5, each linking to /noticias/<slug>/. */
export function relatedTags(document: DocumentLike): TagLink[] {
  const tags: any[] = Array.isArray(document.taxonomy?.tags) ? document.taxonomy.tags : [];
  return tags
    .map((tag) => ({ text: text(tag?.text)?.trim(), slug: text(tag?.slug) }))
    .filter((tag): tag is { text: string; slug: string | undefined } => Boolean(tag.text))
    .slice(0, RELATED_TAGS_LIMIT)
    .map((tag) => ({ text: tag.text, href: `/noticias/${tag.slug ?? slugify(tag.text)}/` }));
}

/** A title read from a video's description is cut at a word before this many characters ("…"). */
const VIDEO_TITLE_MAX = 110;
/** The title of a video document that carries neither a headline nor a description. */
const VIDEO_FALLBACK_HEADLINE = "Video";

function oneLine(value: unknown): string | undefined {
  return text(value)?.replace(/\s+/g, " ").trim() || undefined;
}

/** A description as a title: one line, cut at a word before VIDEO_TITLE_MAX characters. */
function descriptionTitle(description: string): string {
  if (description.length <= VIDEO_TITLE_MAX) return description;
  const cut = description.slice(0, VIDEO_TITLE_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > VIDEO_TITLE_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:–-]+$/, "")}…`;
}

/**
 * A document's title (the page's <title>, the header's h1, structured data): its headline, else
 * another of its headlines, else the video's own title (a video document's lead or the title Arc
 * video documents carry); a video document with none of them is titled by its description, else
 * "Video" (docs/article-pages.md#content-from-other-newsrooms). Undefined when it has none: the
 * page then uses the brand's name.
 */
export function articleTitle(document: DocumentLike | undefined): string | undefined {
  if (!document) return undefined;
  const headlines = document.headlines ?? {};
  const lead = document.promo_items?.lead_art ?? document.promo_items?.basic;
  const candidates = [
    headlines.basic,
    headlines.web,
    headlines.meta_title,
    headlines.print,
    headlines.mobile,
    headlines.tablet,
    document.title,
    lead?.type === "video" ? lead.headlines?.basic : undefined,
    lead?.type === "video" ? lead.title : undefined,
  ];
  for (const candidate of candidates) {
    const value = oneLine(candidate);
    if (value) return value;
  }
  if (document.type !== "video") return undefined;
  const description = oneLine(document.description?.basic) ?? oneLine(document.description);
  return description ? descriptionTitle(description) : VIDEO_FALLBACK_HEADLINE;
}
