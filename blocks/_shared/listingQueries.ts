// The content queries the listing blocks share: a section's feed, a collection's items, the section
// that a page's URL names. Every query carries `website` (the brand) and asks only for card fields.
import { normalizeSectionId, SOHO_SECTION_PATH_PREFIX } from "../../domain/sections";
import type { FetchSpec, PageContext } from "../../runtime/types";
import { CARD_SOURCE_INCLUDE } from "./cards";

function sohoSectionFromPath(path: string): string | undefined {
  const segments = path.split("?")[0].split("/");
  return segments[1] === SOHO_SECTION_PATH_PREFIX && segments[2] ? segments[2] : undefined;
}

/**
 * The section a listing shows (docs/listings.md#whose-section): the block's own `section` setting,
 * unless the editor asked for the route's (`sectionFromRoute`) or the block has none; the route's is
 * its `section` parameter, else (Soho) the third URL segment of /seccion/<section>/
 * (docs/brands.md#soho-section-page). Normalised with a leading slash, or undefined. Server halves
 * only: it reads the request's context.
 */
export function sectionFromContext(settingsSection: string | undefined, context: PageContext, sectionFromRoute = false): string | undefined {
  const own = normalizeSectionId(settingsSection);
  if (own && !sectionFromRoute) return own;
  const fromRoute = context.params?.section;
  const fromSohoPath = context.brand === "soho" ? sohoSectionFromPath(context.path ?? "") : undefined;
  return normalizeSectionId(fromRoute || fromSohoPath) ?? own;
}

export type SectionSource = "content-apir" | "content-apir-v2";

/**
 * A section's feed. content-apir takes the section id with its slash (any of the document's
 * sections); content-apir-v2 takes the primary section id without it.
 */
export function sectionFeedFetch(source: SectionSource, context: PageContext, sectionId: string, feedSize: number, feedOffset: number): FetchSpec {
  const includeSections = source === "content-apir-v2" ? sectionId.replace(/^\//, "") : sectionId;
  return {
    source,
    query: { website: context.brand, includeSections, feedSize, feedOffset, sourceInclude: CARD_SOURCE_INCLUDE },
  };
}

/** The items of an editors' collection. */
export function collectionFetch(context: PageContext, collectionId: string, feedSize: number, feedOffset: number): FetchSpec {
  return {
    source: "content-api-collections",
    query: { website: context.brand, queryString: collectionId, feedSize, feedOffset },
  };
}

/**
 * Where a block's feed starts: `offSet` (the contract's other name for it) when the editor wrote it,
 * else `offset` (whose default the validator fills in), else the block's own default.
 */
export function blockOffset(settings: { offset?: number; offSet?: number }, fallback = 0): number {
  return settings.offSet ?? settings.offset ?? fallback;
}
