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

export const LIVE_SECTION = "/live";
export const RECIPES_SECTION = "/recetas";
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
