import { asDocument } from "../../domain/ans";
import { defineBlockServer } from "../../runtime/define";
import { entryAnchor, liveEntries } from "../_shared/liveTimeline";
import type { Settings } from "./settings";

/** Each update's text is cut to this many characters in the list. */
const UPDATE_TEXT_LIMIT = 90;

export interface Data {
  updates: Array<{ href: string; time: string; text: string }>;
}

/**
 * The live sidebar (docs/article-pages.md#live-blog): 'Actualizaciones', the live blog's updates,
 * newest first as the body reads, each linking to its place in the timeline. Built from the body, so
 * a reader who may not read it (a locked article) gets nothing.
 */
function liveSidebarData(value: unknown, locked: boolean): Data | null {
  const article = asDocument(value);
  if (!article || locked) return null;
  const updates = liveEntries(article.content_elements).map((entry, index) => ({
    href: `#${entryAnchor(index + 1)}`,
    time: entry.time.label,
    text: entry.text.length > UPDATE_TEXT_LIMIT ? `${entry.text.slice(0, UPDATE_TEXT_LIMIT).trimEnd()}...` : entry.text,
  }));
  return updates.length ? { updates } : null;
}

export default defineBlockServer<Settings, Data | null>({
  transform: (_raw, _settings, context) => liveSidebarData(context.article, context.access?.locked === true),
  isEmpty: (data) => data === null,
});
