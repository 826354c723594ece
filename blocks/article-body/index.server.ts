import { defineBlockServer } from "../../runtime/define";
import { asDocument } from "../../domain/ans";
import { ELECTIONS_SECTION, isElections, isRecipe, relatedTags, type TagLink } from "../../domain/articles";
import { bodyItems, safeUrl, type BodyItem } from "./items";
import { recipeJsonLd } from "./recipe";
import type { Settings } from "./settings";

export type { BodyItem } from "./items";

/** What the article body renders, read from the page's article on the server. */
export interface ArticleBodyData {
  /**
   * The body in reading order: content elements reduced to what they draw, HTML sanitised, with the
   * ads and widgets inserted. A plain list: the server may cut it (the paywall) and the component
   * draws whatever it gets.
   */
  body: BodyItem[];
  /** The related tags to show (docs/article-pages.md#related-tags); empty when the editor hid them. */
  tags: TagLink[];
  /**
   * Elections articles (docs/article-pages.md#elections): the tags and the banner go above the body.
   * The banner links to the elections section, with the editor's image when set.
   */
  elections?: { href: string; bannerImage?: string };
  /** Recipes (docs/article-pages.md#recipes): the schema.org Recipe object for the page's structured data. */
  recipe?: Record<string, unknown>;
}

/** null on pages without an article: the block is skipped as empty there. */
export type Data = ArticleBodyData | null;

/**
 * The article's body (docs/article-pages.md#content-elements): every content element of the page's
 * article, with the ads and widgets of docs/ads-and-widgets.md#body-insertions inserted between
 * paragraphs, the related tags, and per-section extras (recipe structured data, the elections
 * banner). Reads context.article: it fetches nothing, and only what the body draws reaches the browser.
 */
export function articleBodyData(value: unknown, settings: Settings): Data {
  const article = asDocument(value);
  if (!article) return null;
  const elections = isElections(article);
  // Elections articles always show their tags (above the body); others at the end, unless the editor hid them.
  const tags = elections || settings.showTags !== false ? relatedTags(article) : [];
  const bannerImage = safeUrl(settings.electionsBanner);
  return {
    body: bodyItems(article.content_elements, settings.ads !== false),
    tags,
    ...(elections ? { elections: { href: `${ELECTIONS_SECTION}/`, ...(bannerImage ? { bannerImage } : {}) } } : {}),
    ...(isRecipe(article) ? { recipe: recipeJsonLd(article) } : {}),
  };
}

export default defineBlockServer<Settings, Data>({
  transform: (_raw, settings, context) => articleBodyData(context.article, settings),
  isEmpty: (data) => data === null,
});
