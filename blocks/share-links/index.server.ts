import { getBrand } from "../../brands";
import { asDocument, text } from "../../domain/ans";
import { articleTitle } from "../../domain/articles";
import { contentPath } from "../../domain/urls";
import { defineBlockServer } from "../../runtime/define";
import { pageOrigin } from "../_shared/publicOrigin";
import { shareLinks, type ShareLink } from "../_shared/share";
import type { Settings } from "./settings";

export interface Data {
  links: ShareLink[];
}

/** The share links of the page's article: its address on the page's origin (its canonical link's), its title and summary. */
function shareData(value: unknown, brand: string, path: string, via?: string, origin?: string): Data | null {
  const article = asDocument(value);
  if (!article) return null;
  const url = pageOrigin({ brand, origin }) + (contentPath(article.canonical_url) ?? path);
  const links = shareLinks({
    url,
    title: articleTitle(article) ?? getBrand(brand).displayName,
    summary: text(article.description?.basic) ?? text(article.subheadlines?.basic),
    source: getBrand(brand).displayName,
    via: via || undefined,
  });
  return links.length ? { links } : null;
}

export default defineBlockServer<Settings, Data | null>({
  transform: (_raw, settings, context) => shareData(context.article, context.brand, context.path, settings.via, context.origin),
  isEmpty: (data) => data === null,
});
