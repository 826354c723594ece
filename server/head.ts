// What goes in a page's <head>, computed on the server from the page definition's metadata and,
// on article pages, from the article: the browser gets the result, not the document.
import { getBrand } from "../brands";
import { asDocument, text } from "../domain/ans";
import { isSitePath, safeHref } from "../domain/urls";
import type { ResolvedPage } from "../runtime/types";

/** In a page's title and description, «{marca}» stands for the name of the brand serving it (group pages). */
export const BRAND_PLACEHOLDER = "{marca}";

export interface PageHead {
  title: string;
  description?: string;
  robots?: string;
  /** Absolute URL. */
  canonical?: string;
}

export function pageHead(page: ResolvedPage, origin: string): PageHead {
  const article = asDocument(page.context.article);
  const brandName = getBrand(page.brand).displayName;
  const withBrand = (value: string | undefined) => value?.replaceAll(BRAND_PLACEHOLDER, brandName);
  const title = text(article?.headlines?.basic) ?? withBrand(page.metadata.title) ?? "";
  const description = text(article?.description?.basic) ?? text(article?.subheadlines?.basic) ?? withBrand(page.metadata.description);
  const canonical = page.metadata.canonical;
  const path =
    canonical?.strategy === "url"
      ? canonical.url
      : canonical?.strategy === "article" && text(article?.canonical_url)
        ? article!.canonical_url
        : page.context.path;
  return {
    title,
    ...(description ? { description } : {}),
    ...(page.metadata.robots ? { robots: page.metadata.robots } : {}),
    // Canonical links are absolute, on the host that served the page (the brand's public host behind a proxy).
    ...(path ? { canonical: canonicalUrl(path, origin) } : {}),
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
