import { defineBlockServer } from "../../runtime/define";
import { EMBED_POLICY, sanitizeHtml } from "../_shared/sanitize";
import type { Settings } from "./settings";

export interface Data {
  /** The editor's HTML, sanitised exactly as an article's raw HTML is (docs/article-pages.md#content-elements). */
  html: string;
}

/** Elements the sanitiser drops, with their content or without (for the editor's warning). */
function droppedTags(html: string): string[] {
  const tags = [...html.matchAll(/<\s*([a-zA-Z][a-zA-Z0-9:-]*)/g)].map((match) => match[1].toLowerCase());
  return [...new Set(tags.filter((tag) => !(tag in EMBED_POLICY.tags)))].sort();
}

/**
 * A page of editor-written HTML (docs/carousels-and-blocks.md#raw-html-page): it goes through the
 * article body's sanitiser on the server (scripts, event handlers, javascript: links and frames of
 * unknown hosts never pass); the browser gets the clean HTML only.
 */
export default defineBlockServer<Settings, Data>({
  transform: (_answers, settings) => ({ html: sanitizeHtml(settings.html ?? "", EMBED_POLICY) }),
  isEmpty: (data) => data.html.trim() === "",
  settingsProblems: (settings) => {
    const dropped = droppedTags(settings.html ?? "");
    return dropped.length
      ? [
          {
            setting: "html",
            message: `estas etiquetas no se muestran (el HTML se limpia como el de los artículos): ${dropped.map((tag) => `<${tag}>`).join(", ")}`,
          },
        ]
      : [];
  },
});
