import { defineBlock } from "../../runtime/define";
import { ArticleBody } from "./Component";
import { asDocument as readArticle } from "../../domain/ans";
import type { Settings } from "./settings";

/**
 * The article's body (spec/articles.md §3): every content element of context.article, with the ads
 * and widgets of §9 inserted between paragraphs, the related tags, and per-section extras (recipe
 * structured data, the elections banner). Reads the page's article: it fetches nothing.
 */
export default defineBlock<Settings, boolean>({
  type: "article-body",
  component: ArticleBody,
  // Data is whether the page has an article: on other pages the block is skipped as empty.
  transform: (_raw, _settings, context) => readArticle(context.article) !== undefined,
  isEmpty: (hasArticle) => !hasArticle,
});
