// The section-listing settings a url-section-listing stands for, shared by both halves: the server
// half fetches and transforms with them, the component renders section-listing's view with them.
// No React here.
import type { SectionListingViewSettings } from "../_shared/SectionListingView";
import type { Settings } from "./settings";

export interface FeedSizes {
  /** Stories in the grid's first batch. */
  feedSize: number;
  /** Position of the listing where the grid starts (the stories before it go on top). */
  offset: number;
  /** Stories each 'Cargar más artículos' adds. */
  loadMoreSize: number;
}

/**
 * Men's magazine section listing: initial size 6 at offset 9, next loads 8; a second variant size 7
 * at offset 4, then 8 (docs/listings.md#section-pages).
 */
export const SOHO_SECTION_FEEDS: Record<NonNullable<Settings["variant"]>, FeedSizes> = {
  principal: { feedSize: 6, offset: 9, loadMoreSize: 8 },
  alterna: { feedSize: 7, offset: 4, loadMoreSize: 8 },
};

export const DEFAULT_VARIANT: NonNullable<Settings["variant"]> = "principal";

/** The section-listing settings this block stands for: a page's main listing, with the variant's sizes. */
export function asSectionListing(settings: Settings): SectionListingViewSettings {
  const sizes = SOHO_SECTION_FEEDS[settings.variant ?? DEFAULT_VARIANT] ?? SOHO_SECTION_FEEDS[DEFAULT_VARIANT];
  return {
    published: settings.published,
    ...(settings.title ? { title: settings.title } : {}),
    ...sizes,
    // The section is the URL's (the server half passes it as the route's): docs/listings.md#whose-section.
    sectionFromRoute: true,
    showTopStories: settings.showTopStories ?? true,
    loadMore: true,
    headingLevel: 1,
  };
}
