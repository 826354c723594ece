import { normalizeSectionId, sectionFromUrl } from "../../domain/sections";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { fetchSectionListing, isEmptySectionListing, transformSectionListing, type SectionListingData } from "../_shared/sectionListing";
import type { Settings } from "./settings";
import { asSectionListing } from "./sizes";

export type Data = SectionListingData;
export { DEFAULT_VARIANT, SOHO_SECTION_FEEDS } from "./sizes";

/** The section this block lists: its fixed setting, else the one the whole URL names. */
export function listedSection(settings: Settings, context: PageContext): string | undefined {
  return normalizeSectionId(settings.section) ?? sectionFromUrl(context.brand, context.path ?? "");
}

/**
 * The context section-listing reads its section from: the route's `section` parameter carries the
 * full id, which section-listing prefers to a single URL segment.
 */
function withSection(context: PageContext, section: string): PageContext {
  return { ...context, params: { ...context.params, section } };
}

export function fetchUrlSectionListing(settings: Settings, context: PageContext): BlockFetches {
  const section = listedSection(settings, context);
  return section ? fetchSectionListing(asSectionListing(settings), withSection(context, section)) : {};
}

function transformUrlSectionListing(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const section = listedSection(settings, context) ?? "";
  return transformSectionListing(data, asSectionListing(settings), withSection(context, section));
}

/** A section page's listing whose section the whole URL names (Soho's /seccion/<x>/, nested sections elsewhere). */
export default defineBlockServer<Settings, Data>({
  fetch: fetchUrlSectionListing,
  transform: transformUrlSectionListing,
  isEmpty: isEmptySectionListing,
});
