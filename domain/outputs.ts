// What the blocks of output pages (feeds, sitemaps, robots.txt: docs/decisions/0016-output-types.md)
// hand to the output renderers: plain data, every URL already checked (a path on this site or an
// http(s) URL), made absolute on the site's public origin by the renderer.

/** The promo image of an entry. */
export interface OutputImage {
  /** A path on this site or an http(s) URL (checked by scheme). */
  url: string;
  width?: number;
  height?: number;
  caption?: string;
}

/** One document (or one page) of a feed or a sitemap. */
export interface OutputEntry {
  id: string;
  /** A path on this site: "/nacion/articulo/x/202601/". */
  path: string;
  title?: string;
  /** The subheadline. */
  description?: string;
  /** ISO instants. */
  published?: string;
  modified?: string;
  authors?: string[];
  categories?: string[];
  /**
   * The full body as HTML (sanitised), only for content an anonymous reader may read whole: a
   * locked article's entry carries the description alone (docs/decisions/0011-paywall.md).
   */
  body?: string;
  image?: OutputImage;
}

/** A sitemap a sitemap index names. */
export interface SitemapRef {
  /** A path on this site: "/arc/outboundfeeds/sitemap/2026-03/". */
  path: string;
  lastmod?: string;
}

/** The rules of a robots.txt. */
export interface RobotsRules {
  disallow: string[];
  /** Paths (with their query) of the sitemaps crawlers should read. */
  sitemaps: string[];
}

/** The data of any block on an output page; a renderer reads the parts its output type writes. */
export interface OutputBlockData {
  entries?: OutputEntry[];
  sitemaps?: SitemapRef[];
  robots?: RobotsRules;
}

/** Slugs and section ids that may become a path: lower-case letters, digits and hyphens. */
export const SLUG = /^[a-z0-9][a-z0-9-]*$/;
export const SECTION_ID = /^(\/[a-z0-9][a-z0-9-]*)+$/;

/** Most URLs one sitemap lists (sitemaps.org): a month with more is split into parts. */
export const MAX_SITEMAP_SIZE = 50_000;

/**
 * A month of a monthly sitemap: "2026-03", or "2026-03-2" for its second part of
 * MAX_SITEMAP_SIZE documents (and so on); undefined when the value is neither.
 */
export function sitemapMonth(value: string): { month: string; part: number } | undefined {
  const match = /^(\d{4}-(?:0[1-9]|1[0-2]))(?:-([2-9]|[1-9]\d{1,2}))?$/.exec(value);
  return match ? { month: match[1], part: match[2] ? Number(match[2]) : 1 } : undefined;
}

/** The months (with their parts) whose sitemaps list `count` documents of `month`. */
export function sitemapMonthParts(month: string, count: number): string[] {
  const parts = Math.max(1, Math.ceil(count / MAX_SITEMAP_SIZE));
  return Array.from({ length: parts }, (_, index) => (index === 0 ? month : `${month}-${index + 1}`));
}
