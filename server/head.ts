// What goes in a page's <head>, computed on the server from the page definition's metadata and,
// on article pages, from the article: the browser gets the result, not the document.
import { getBrand } from "../brands";
import { asDocument, text } from "../domain/ans";
import { articleTitle } from "../domain/articles";
import { isSitePath, safeHref, safeSrc } from "../domain/urls";
import type { ResolvedPage } from "../runtime/types";

/** In a page's title and description, «{marca}» stands for the name of the brand serving it (group pages). */
export const BRAND_PLACEHOLDER = "{marca}";

export interface PageHead {
  title: string;
  description?: string;
  robots?: string;
  /** Absolute URL. */
  canonical?: string;
  /** The brand's name (og:site_name). */
  siteName: string;
  /** og:type: "article" on article pages, "website" elsewhere. */
  type: "article" | "website";
  /** The promo image (og:image, twitter:image): absolute URL. */
  image?: { url: string; width?: number; height?: number; alt?: string };
  /** The page's own RSS feed (<link rel="alternate" type="application/rss+xml">): absolute URL. */
  feed?: string;
}

/** Pages that must not be indexed whatever their definition says: the 404 page. */
const NOINDEX = "noindex, follow";
const NOT_FOUND_TEMPLATE = "not-found";

/** A feed route with the page's parameters: "{section}" from :section, "{path}" the page's own path ("deportes/futbol"). */
function feedPath(feed: string | undefined, page: ResolvedPage): string | undefined {
  if (!feed) return undefined;
  const values: Record<string, string> = { ...page.context.params, path: page.context.path.replace(/^\/+|\/+$/g, "") };
  let missing = false;
  const path = feed.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (!value || !/^[a-z0-9-]+(\/[a-z0-9-]+)*$/.test(value)) missing = true;
    return value ?? "";
  });
  return missing || !isSitePath(path) ? undefined : path;
}

function promoImage(article: Record<string, any> | undefined, origin: string): PageHead["image"] {
  const basic = article?.promo_items?.basic;
  const src = safeSrc(basic?.url);
  if (!src) return undefined;
  const url = isSitePath(src) ? new URL(src, origin).href : src;
  const size = (value: unknown) => (typeof value === "number" && value > 0 ? Math.round(value) : undefined);
  const width = size(basic.width);
  const height = size(basic.height);
  const alt = text(basic.caption) ?? text(article?.headlines?.basic);
  return { url, ...(width ? { width } : {}), ...(height ? { height } : {}), ...(alt ? { alt } : {}) };
}

export function pageHead(page: ResolvedPage, origin: string): PageHead {
  const article = asDocument(page.context.article);
  const brandName = getBrand(page.brand).displayName;
  const withBrand = (value: string | undefined) => value?.replaceAll(BRAND_PLACEHOLDER, brandName);
  // Every article has a title: its headline, else the video's own title, else the brand (docs/article-pages.md).
  const title = article ? (articleTitle(article) ?? withBrand(page.metadata.title) ?? brandName) : (withBrand(page.metadata.title) ?? "");
  const description = text(article?.description?.basic) ?? text(article?.subheadlines?.basic) ?? withBrand(page.metadata.description);
  const canonical = page.metadata.canonical;
  const path =
    canonical?.strategy === "url"
      ? canonical.url
      : canonical?.strategy === "article" && text(article?.canonical_url)
        ? article!.canonical_url
        : page.context.path;
  const robots = page.template === NOT_FOUND_TEMPLATE ? NOINDEX : page.metadata.robots;
  const image = promoImage(article, origin);
  const feed = feedPath(page.metadata.feed, page);
  return {
    title,
    ...(description ? { description } : {}),
    ...(robots ? { robots } : {}),
    // Canonical links are absolute, on the host that served the page (the brand's public host behind a proxy).
    ...(path ? { canonical: canonicalUrl(path, origin) } : {}),
    siteName: brandName,
    type: article ? "article" : "website",
    ...(image ? { image } : {}),
    ...(feed ? { feed: new URL(feed, origin).href } : {}),
  };
}

/**
 * An absolute canonical link. A path names this site: "//host/…" (which URL resolution reads as
 * another host) becomes "/host/…"; an absolute http(s) URL (another newsroom's original) stays.
 */
function canonicalUrl(path: string, origin: string): string | undefined {
  if (isSitePath(path)) return new URL(path, origin).href;
  if (/^https?:\/\//i.test(path) && safeHref(path)) return path;
  return new URL(`/${path.replace(/^[/\\]+/, "")}`, origin).href;
}
