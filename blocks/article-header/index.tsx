import { defineBlock } from "../../runtime/define";
import { ArticleHeader } from "./Component";
import { asDocument as readArticle } from "../../domain/ans";
import type { Settings } from "./settings";

/**
 * The article page's header (spec/articles.md §2): section label, headline, subheadline, byline by the
 * rules of §5, display date and lead image or video; opinion pieces lead with the columnist's photo.
 * Reads the page's article from context.article: it fetches nothing.
 */
export default defineBlock<Settings, boolean>({
  type: "article-header",
  component: ArticleHeader,
  // Data is whether the page has an article: on other pages the block is skipped as empty.
  transform: (_raw, _settings, context) => readArticle(context.article) !== undefined,
  isEmpty: (hasArticle) => !hasArticle,
});
