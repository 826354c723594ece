import { defineBlock } from "../../runtime/define";
import { ArticleHeader } from "./Component";
import type { Settings } from "./settings";

/**
 * The article page's header (spec/articles.md §2): section label, headline, subheadline, byline by the
 * rules of §5, display date and lead image or video; opinion pieces lead with the columnist's photo.
 * Reads the page's article from context.article: it fetches nothing.
 */
export default defineBlock<Settings, null>({
  type: "article-header",
  component: ArticleHeader,
  isEmpty: () => false,
});
