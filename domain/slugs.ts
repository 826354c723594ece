// The two slug rules of the product (docs/article-pages.md#routes, docs/opinion-and-authors.md#author-pages).

/**
 * The byline and tag slug: lowercase, accents removed, trimmed, spaces to hyphens, non-word
 * characters removed, repeated hyphens collapsed ("Redacción Semana" → "redaccion-semana").
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/-{2,}/g, "-");
}

/**
 * The slug of an author id for author pages: lowercased, trimmed, spaces to hyphens, non-word
 * characters removed, repeated hyphens collapsed. Accents are not folded but dropped, as the
 * author pages have always done ("Vicky Dávila" → "vicky-dvila").
 */
export function authorSlug(id: string): string {
  return id
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]+/g, "")
    .replace(/-{2,}/g, "-");
}

/** A tag page's slug from its URL segment: the byline rule, underscores as hyphens, no edge hyphens. */
export function tagSlug(raw: string): string {
  return slugify(raw)
    .replace(/_/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** An author's page as the opinion pages name it (docs/opinion-and-authors.md#author-pages): /opinion/{slug}/. */
export const authorPagePath = (slug: string) => `/opinion/${slug}/`;

/** An author's page as bylines name it (docs/article-pages.md#byline): /autor/{slug}/, the same page. */
export const bylineAuthorPath = (slug: string) => `/autor/${slug}/`;
