import { asDocument } from "../../domain/ans";
import { defineBlockServer } from "../../runtime/define";
import type { Settings } from "./settings";
import { articleStructuredData } from "./structuredData";

/** The JSON-LD objects of the page's article, each written in its own script. */
export interface Data {
  objects: Array<Record<string, unknown>>;
}

/**
 * The article's structured data (docs/article-pages.md#structured-data), built on the server. Whether
 * the article is for subscribers follows the paywall's own rule (context.isLocked: what an anonymous
 * reader gets); whether a live blog lists its updates follows this reader's access.
 */
export default defineBlockServer<Settings, Data | null>({
  transform: (_raw, settings, context) => {
    const article = asDocument(context.article);
    if (!article) return null;
    const paywalled = context.isLocked ? context.isLocked(article) : context.access?.locked === true;
    const objects = articleStructuredData({
      article,
      brand: context.brand,
      path: context.path,
      origin: context.origin,
      paywalled,
      readable: context.access?.locked !== true,
      articleType: settings.articleType,
      warn: (message) => context.log?.warn(`article-structured-data: ${message}`, { path: context.path }),
    });
    return { objects };
  },
  isEmpty: (data) => !data || data.objects.length === 0,
});
