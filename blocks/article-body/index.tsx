import { defineBlock } from "../../runtime/define";
import { ArticleBody } from "./Component";
import type { Settings } from "./settings";

/**
 * The article's body (spec/articles.md §3): every content element of context.article, with the ads
 * and widgets of §9 inserted between paragraphs, the related tags, and per-section extras (recipe
 * structured data, the elections banner). Reads the page's article: it fetches nothing.
 */
export default defineBlock<Settings, null>({
  type: "article-body",
  component: ArticleBody,
  isEmpty: () => false,
});
