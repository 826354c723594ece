import { asDocument, sectionIds } from "../../domain/ans";
import { inSectionTree } from "../../domain/sections";
import { safeHref } from "../../domain/urls";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import type { Settings } from "./settings";

const TRENDING_NAVIGATION = "SemanaTrendyBar";
/** Sections whose pages and articles never show the bar (docs/article-pages.md#trending-bar). */
const TRENDING_HIDDEN_SECTIONS = ["/especiales", "/especiales-editoriales", "/especiales-multimedia", "/foros-semana"] as const;
/** At most this many topics. */
export const TRENDING_LIMIT = 12;

export interface Data {
  links: Array<{ label: string; href: string }>;
}

/** The brand whose every page is a foros-semana page. */
const FOROS_BRAND = "forosemana";

/** True on a page or article of the sections without the bar, and on every page of Foros Semana. */
export function trendingHidden(context: Pick<PageContext, "path" | "article" | "brand">): boolean {
  if (context.brand === FOROS_BRAND) return true;
  const article = asDocument(context.article);
  const ids = article ? sectionIds(article) : [];
  return TRENDING_HIDDEN_SECTIONS.some(
    (section) => context.path === section || context.path.startsWith(`${section}/`) || ids.some((id) => inSectionTree(id, section) || id.includes(section)),
  );
}

export default defineBlockServer<Settings, Data>({
  fetch: (settings, context): BlockFetches =>
    trendingHidden(context)
      ? {}
      : { tree: { source: "navigation-source", query: { website: context.brand, queryString: settings.navigationId ?? TRENDING_NAVIGATION } } },
  transform: (data) => {
    const children: any[] = Array.isArray(data.tree?.children) ? data.tree.children : [];
    const links = children
      .map((child) => ({ label: typeof child?.display_name === "string" ? child.display_name.trim() : "", href: safeHref(child?.url) ?? "" }))
      .filter((link) => link.label && link.href)
      .slice(0, TRENDING_LIMIT);
    return { links };
  },
  isEmpty: (data) => data.links.length === 0,
});
