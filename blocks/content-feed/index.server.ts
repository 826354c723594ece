import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches } from "../../runtime/types";
import type { OutputBlockData, OutputEntry } from "../../domain/outputs";
import { toOutputEntry, withParams } from "../_shared/outputs";
import type { Settings } from "./settings";

type Data = Required<Pick<OutputBlockData, "entries">>;

/** The source that takes a lower bound of publication ("since"): the others are filtered after fetching. */
const SINCE_SOURCE = "published-content";
const HOUR_MS = 3600_000;

/**
 * The documents of the editor's content source for a feed or sitemap (docs/decisions/0016-output-types.md):
 * route parameters fill the query, "lastHours" keeps exactly those published in that window, and the
 * body travels only for content an anonymous reader may read whole.
 */
export default defineBlockServer<Settings, Data>({
  outputTypes: ["rss", "json", "sitemap", "news-sitemap"],
  fetch: (settings, context): BlockFetches => {
    const config = settings.contentConfig;
    if (!config) return {};
    const query = withParams({ website: context.brand, ...(config.query ?? {}) }, context.params);
    if (settings.lastHours && config.source === SINCE_SOURCE) {
      // Rounded down to the minute: one cache key per minute, the exact window is kept by transform.
      const since = Math.floor(((context.now ?? new Date()).getTime() - settings.lastHours * HOUR_MS) / 60_000) * 60_000;
      query.since = new Date(since).toISOString();
    }
    return { documents: { source: config.source, query } };
  },
  transform: (answers, settings, context) => {
    const feed = answers.documents as { content_elements?: unknown[] } | null;
    const from = settings.lastHours ? (context.now ?? new Date()).getTime() - settings.lastHours * HOUR_MS : -Infinity;
    const entries: OutputEntry[] = [];
    const seen = new Set<string>();
    for (const document of feed?.content_elements ?? []) {
      const entry = toOutputEntry(document, { body: settings.fullBody, context });
      if (!entry || seen.has(entry.path)) continue;
      if (entry.published ? Date.parse(entry.published) < from : from > -Infinity) continue;
      seen.add(entry.path);
      entries.push(entry);
    }
    return { entries };
  },
  isEmpty: (data) => data.entries.length === 0,
});
