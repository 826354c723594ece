import { defineBlockServer } from "../../runtime/define";
import { asDocument, primarySection, text } from "../../domain/ans";
import { isLive, isOpinion } from "../../domain/articles";
import { sectionName } from "../../domain/sections";
import { firstAuthor, resolveByline, type AuthorInfo, type Byline } from "./byline";
import { resolveLead, type Lead } from "./lead";
import type { Settings } from "./settings";

/** What the article header renders, read from the page's article on the server. */
export interface ArticleHeaderData {
  /** The primary section's label (its name, else the brand's name for it) and its page. */
  section?: { label: string; href: string };
  headline?: string;
  subheadline?: string;
  /** The display date (else the publish date) as an ISO instant; the component formats it. */
  date?: string;
  /** The 'noticia en desarrollo' badge of live stories (docs/article-pages.md#live-blog). */
  live: boolean;
  /** Opinion pieces get the opinion header and no lead media (docs/article-pages.md#opinion-header). */
  opinion: boolean;
  /** On opinion pieces: the columnist leading the header, in place of the byline. */
  columnist?: AuthorInfo;
  /** The byline resolved by the rules of docs/article-pages.md#byline; absent when there is none to show. */
  byline?: Exclude<Byline, { kind: "none" }>;
  /** The lead image or video (not on opinion pieces); absent when there is none. */
  lead?: Exclude<Lead, { kind: "none" }>;
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
export function articleHeaderData(value: unknown, brand: string): Data {
  const article = asDocument(value);
  if (!article) return null;
  const primary = primarySection(article);
  const label = primary && (primary.name ?? sectionName(brand, primary.id));
  const opinion = isOpinion(article);
  // Opinion pieces lead with their columnist; other articles (and opinion pieces crediting nobody) follow the byline rules.
  const columnist = opinion ? firstAuthor(article) : undefined;
  const byline = columnist ? undefined : resolveByline(article, brand);
  const lead = opinion ? undefined : resolveLead(article);
  return {
    ...(label ? { section: { label, href: `${primary!.id}/` } } : {}),
    headline: text(article.headlines?.basic),
    subheadline: text(article.subheadlines?.basic),
    date: isoDate(text(article.display_date) ?? text(article.publish_date)),
    live: isLive(article),
    opinion,
    columnist,
    byline: byline && byline.kind !== "none" ? byline : undefined,
    lead: lead && lead.kind !== "none" ? lead : undefined,
  };
}

export default defineBlockServer<Settings, Data>({
  transform: (_raw, _settings, context) => articleHeaderData(context.article, context.brand),
  isEmpty: (data) => data === null,
});
