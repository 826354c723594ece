// Structured data in an inline <script>: no React and no sanitiser, so the component can use it.

/** JSON for an inline <script>: "<" escaped so content can never close the script element. */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}

/**
 * The class of the element holding a paywalled article's body, in every reader's page: the article's
 * structured data names it in hasPart.cssSelector (Google's markup for subscription content).
 */
export const PAYWALLED_CLASS = "article-paywalled";
