// What the article blocks read from the ANS document in context.article. Content comes from many
// places (the seed, imported ANS, an Arc tenant): every field is read defensively.
import { slugify } from "../_shared/format";

/** A non-empty string, or undefined. */
export function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value : undefined;
}

/** The article of the page, or undefined when the page has none (or it is not an object). */
export function readArticle(value: unknown): Record<string, any> | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, any>) : undefined;
}

/** "/economia/opinion" for "economia/opinion/", "/economia/opinion" or "economia/opinion". */
export function normalizeSectionId(id: string): string {
  return "/" + id.trim().replace(/^\/+|\/+$/g, "");
}

export interface SectionRef {
  id: string;
  name?: string;
}

function sectionRef(value: any): SectionRef | undefined {
  const id = text(value?._id) ?? text(value?.path);
  return id ? { id: normalizeSectionId(id), name: text(value?.name) } : undefined;
}

/** The primary section (taxonomy.primary_section, else the first listed section). */
export function primarySection(article: Record<string, any>): SectionRef | undefined {
  const taxonomy = article.taxonomy;
  const sections = Array.isArray(taxonomy?.sections) ? taxonomy.sections : [];
  return sectionRef(taxonomy?.primary_section) ?? sections.map(sectionRef).find(Boolean);
}

/** Every section id of the article, primary included, normalized. */
export function sectionIds(article: Record<string, any>): string[] {
  const taxonomy = article.taxonomy;
  const listed = Array.isArray(taxonomy?.sections) ? taxonomy.sections.map(sectionRef) : [];
  const primary = taxonomy?.primary_section;
  const ids = [...listed, sectionRef(primary)].filter((s): s is SectionRef => Boolean(s)).map((s) => s.id);
  if (text(primary?.path)) ids.push(normalizeSectionId(primary.path));
  return [...new Set(ids)];
}

/** True when `id` is `section` itself or one of its subsections. */
export function sectionMatches(id: string, section: string): boolean {
  const wanted = normalizeSectionId(section);
  return id === wanted || id.startsWith(wanted + "/");
}

export function inSection(article: Record<string, any>, section: string): boolean {
  return sectionIds(article).some((id) => sectionMatches(id, section));
}

/**
 * Opinion sections: those of spec/articles.md §2 (/opinion, /economia/opinion, /finanzas/opinion,
 * /semanarural/opinion) and the other brands' opinion sections of brands/sections.ts.
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

export function isOpinion(article: Record<string, any>): boolean {
  const primary = primarySection(article);
  return Boolean(primary && OPINION_SECTIONS.some((section) => sectionMatches(primary.id, section)));
}

export const isLive = (article: Record<string, any>) => inSection(article, LIVE_SECTION);
export const isRecipe = (article: Record<string, any>) => inSection(article, RECIPES_SECTION);
export const isElections = (article: Record<string, any>) => inSection(article, ELECTIONS_SECTION);

/** Only the first 5 related tags appear on an article (spec/articles.md §9). */
export const RELATED_TAGS_LIMIT = 5;

export interface TagLink {
  text: string;
  href: string;
}

/** The article's tags to show: empty-text tags dropped, then the first 5, each linking to /noticias/<slug>/. */
export function relatedTags(article: Record<string, any>): TagLink[] {
  const tags = Array.isArray(article.taxonomy?.tags) ? article.taxonomy.tags : [];
  return tags
    .map((tag: any) => ({ text: text(tag?.text)?.trim(), slug: text(tag?.slug) }))
    .filter((tag: { text?: string }) => Boolean(tag.text))
    .slice(0, RELATED_TAGS_LIMIT)
    .map((tag: { text: string; slug?: string }) => ({ text: tag.text, href: `/noticias/${tag.slug ?? slugify(tag.text)}/` }));
}
