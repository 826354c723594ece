import { defineBlockServer } from "../../runtime/define";
import { asDocument, primarySection, sectionIds, text } from "../../domain/ans";
import { articleTitle, isOpinion } from "../../domain/articles";
import { sectionName, sectionPagePath } from "../../domain/sections";
import { firstAuthor, resolveByline, type AuthorInfo, type Byline } from "../_shared/byline";
import { galleryImages } from "../_shared/gallery";
import { resolveLead, type Lead } from "../_shared/lead";
import type { Settings } from "./settings";

/** What the article header renders, read from the page's article on the server. */
interface ArticleHeaderData {
  /** The primary section's label (its name, else the brand's name for it) and its page. */
  section?: { label: string; href: string };
  headline?: string;
  subheadline?: string;
  /** The display date (else the publish date) as an ISO instant; the component formats it. */
  date?: string;
  /**
   * The badge of the document's label ('noticia en desarrollo' on a developing story,
   * docs/article-pages.md#live-blog): ANS `label.basic` when its `display` is not false.
   */
  badge?: string;
  /** Opinion pieces get the opinion header and no lead media (docs/article-pages.md#opinion-header). */
  opinion: boolean;
  /** On opinion pieces: the columnist leading the header, in place of the byline. */
  columnist?: AuthorInfo;
  /** The byline resolved by the rules of docs/article-pages.md#byline; absent when there is none to show. */
  byline?: Exclude<Byline, { kind: "none" }>;
  /** The lead image or video (not on opinion pieces); absent when there is none. */
  lead?: Exclude<Lead, { kind: "none" }>;
  /** Pages under /categorias play their video vertically, 9:16 (docs/article-pages.md#vertical-video). */
  vertical?: boolean;
}

/** The text of the document's label to show as a badge, if any. */
function labelBadge(article: Record<string, any>): string | undefined {
  const basic = article.label?.basic;
  if (!basic || typeof basic !== "object" || basic.display === false) return undefined;
  return text(basic.text)?.trim().slice(0, 60) || undefined;
}

/** Pages under /categorias use a vertical video. */
const VERTICAL_VIDEO_SECTION = "/categorias";

function isVertical(article: Record<string, any>, path: string): boolean {
  return path.includes(`${VERTICAL_VIDEO_SECTION}/`) || sectionIds(article).some((id) => id.includes(VERTICAL_VIDEO_SECTION));
}

/** null on pages without an article: the block is skipped as empty there. */
export type Data = ArticleHeaderData | null;

function isoDate(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * The article page's header (docs/article-pages.md#default-layout): section label, headline,
 * subheadline, byline by the rules of docs/article-pages.md#byline, display date and lead image or
 * video; opinion pieces lead with the columnist's photo (docs/article-pages.md#opinion-header).
 * Reads the page's article from context.article: it fetches nothing, and only what the header
 * shows reaches the browser.
 */
export function articleHeaderData(value: unknown, brand: string, path = "", settings: Settings = {}): Data {
  const article = asDocument(value);
  if (!article) return null;
  const primary = primarySection(article);
  const label = primary && (primary.name ?? sectionName(brand, primary.id));
  const opinion = isOpinion(article);
  // Opinion pieces lead with their columnist; other articles (and opinion pieces crediting nobody) follow the byline rules.
  const columnist = opinion ? firstAuthor(article) : undefined;
  const byline = columnist ? undefined : resolveByline(article, brand);
  // On gallery pages the gallery below is the lead: its first photo is not repeated above it.
  const hidden = settings.showLead === false || (settings.hideLeadWithGallery && galleryImages(article).length > 0);
  const lead = opinion || hidden ? undefined : resolveLead(article);
  return {
    // The section's page (Soho's are /seccion/<x>/).
    ...(label ? { section: { label, href: sectionPagePath(brand, primary!.id) ?? `${primary!.id}/` } } : {}),
    headline: articleTitle(article),
    subheadline: text(article.subheadlines?.basic),
    date: isoDate(text(article.display_date) ?? text(article.publish_date)),
    ...(labelBadge(article) ? { badge: labelBadge(article) } : {}),
    opinion,
    columnist,
    byline: byline && byline.kind !== "none" ? byline : undefined,
    lead: lead && lead.kind !== "none" ? lead : undefined,
    ...(lead && (lead.kind === "youtube" || lead.kind === "video") && isVertical(article, path) ? { vertical: true } : {}),
  };
}

export default defineBlockServer<Settings, Data>({
  transform: (_raw, settings, context) => articleHeaderData(context.article, context.brand, context.path, settings),
  isEmpty: (data) => data === null,
});
