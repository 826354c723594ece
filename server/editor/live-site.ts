// A site whose page definitions can be replaced while it serves: the editors' tools swap in a site
// built from the files as they are now (live preview) and build throwaway sites for one unsaved
// page (the editor's preview). Readers' code sees an ordinary Site.
import type { ContentCache } from "../../runtime/cache";
import type { LayoutRules } from "../../domain/layout-rules";
import type { Registry } from "../../runtime/registry";
import type { CheckedPage } from "../../tooling/page-files";
import type { Site } from "../site";

/**
 * Builds a site over some page definitions, sharing the booted site's registry, content cache, clock
 * and logger unless told otherwise (the catalogue's empty and error states use sources of their own;
 * a preview at a chosen instant, a clock stopped there).
 */
export type SiteFactory = (pages: CheckedPage[], layoutRules: LayoutRules, overrides?: { registry?: Registry; cache?: ContentCache; now?: () => Date }) => Site;

export interface LiveSite extends Site {
  /** From now on, every request is answered by `next`. */
  swap(next: Site): void;
}

export function liveSite(initial: Site): LiveSite {
  let current = initial;
  return {
    get registry() {
      return current.registry;
    },
    get cache() {
      return current.cache;
    },
    answer: (...args) => current.answer(...args),
    output: (...args) => current.output(...args),
    pageCount: () => current.pageCount(),
    readsQueryParam: (name) => current.readsQueryParam(name),
    articleAt: (...args) => current.articleAt(...args),
    loadMore: (...args) => current.loadMore(...args),
    swap(next) {
      current = next;
    },
  };
}
