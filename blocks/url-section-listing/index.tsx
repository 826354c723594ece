import { defineBlock } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { normalizeSectionId, sectionFromUrl } from "../../domain/sections";
import sectionListing, { fetchSectionListing, transformSectionListing, type Data } from "../section-listing";
import type { Settings as SectionListingSettings } from "../section-listing/settings";
import type { Settings } from "./settings";


export interface FeedSizes {
  /** Stories in the grid's first batch. */
  feedSize: number;
  /** Position of the listing where the grid starts (the stories before it go on top). */
  offset: number;
  /** Stories each 'Cargar más artículos' adds. */
  loadMoreSize: number;
}

/** spec/blocks-and-listings.md §9: "Men's magazine section listing: initial size 6 at offset 9, next loads 8; a second variant size 7 at offset 4, then 8." */
export const SOHO_SECTION_FEEDS: Record<NonNullable<Settings["variant"]>, FeedSizes> = {
  principal: { feedSize: 6, offset: 9, loadMoreSize: 8 },
  alterna: { feedSize: 7, offset: 4, loadMoreSize: 8 },
};

export const DEFAULT_VARIANT: NonNullable<Settings["variant"]> = "principal";

/** The section this block lists: its fixed setting, else the one the whole URL names. */
export function listedSection(settings: Settings, context: PageContext): string | undefined {
  return normalizeSectionId(settings.section) ?? sectionFromUrl(context.brand, context.path ?? "");
}

/** The section-listing settings this block stands for: a page's main listing, with the variant's sizes. */
function asSectionListing(settings: Settings): SectionListingSettings {
  const sizes = SOHO_SECTION_FEEDS[settings.variant ?? DEFAULT_VARIANT] ?? SOHO_SECTION_FEEDS[DEFAULT_VARIANT];
  return {
    published: settings.published,
    ...(settings.title ? { title: settings.title } : {}),
    ...sizes,
    showTopStories: settings.showTopStories ?? true,
    loadMore: true,
    headingLevel: 1,
  };
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

export function transformUrlSectionListing(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const section = listedSection(settings, context) ?? "";
  return transformSectionListing(data, asSectionListing(settings), withSection(context, section));
}

const SectionListingView = sectionListing.component;

/** A section page's listing whose section the whole URL names (Soho's /seccion/<x>/, nested sections elsewhere). */
export default defineBlock<Settings, Data>({
  type: "url-section-listing",
  fetch: fetchUrlSectionListing,
  transform: transformUrlSectionListing,
  isEmpty: (data) => data.items.length === 0 && data.top.length === 0,
  component: ({ settings, ...props }) => <SectionListingView {...props} settings={asSectionListing(settings)} />,
});
