import { defineBlockServer } from "../../runtime/define";
import { SECTION_ID, SLUG, type OutputBlockData, type OutputEntry } from "../../domain/outputs";
import { sectionPagePath } from "../../domain/sections";
import { authorPagePath } from "../../domain/slugs";
import type { Settings } from "./settings";

type Data = Required<Pick<OutputBlockData, "entries">>;

/** The page of a section, tag or author id; undefined for an id that cannot be a path. */
function pagePath(kind: Settings["kind"], brand: string, id: string): string | undefined {
  if (kind === "sections") return SECTION_ID.test(id) ? sectionPagePath(brand, id) : undefined;
  if (!SLUG.test(id)) return undefined;
  return kind === "tags" ? `/noticias/${id}/` : authorPagePath(id);
}

/** The section, tag or author pages that list something, for a sitemap. */
export default defineBlockServer<Settings, Data>({
  outputTypes: ["sitemap"],
  fetch: (settings, context) => ({ terms: { source: "taxonomy-terms", query: { website: context.brand, kind: settings.kind } } }),
  transform: (answers, settings, context) => {
    const terms = (answers.terms as { terms?: Array<{ id?: unknown; lastmod?: unknown }> } | null)?.terms ?? [];
    const entries: OutputEntry[] = [];
    const seen = new Set<string>();
    for (const term of terms) {
      if (typeof term.id !== "string") continue;
      const path = pagePath(settings.kind, context.brand, term.id);
      // Only pages the site serves (a nested section may have no page of its own on this brand).
      if (!path || seen.has(path) || (context.routable && !context.routable(path))) continue;
      seen.add(path);
      entries.push({ id: term.id, path, ...(typeof term.lastmod === "string" ? { modified: term.lastmod } : {}) });
    }
    return { entries };
  },
  isEmpty: (data) => data.entries.length === 0,
});
