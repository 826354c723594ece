// A section's listing, fetched and shaped for section-listing and url-section-listing (a page's main
// listing of the section its URL names): the title, the top stories with a lead, then the grid with
// 'Cargar más artículos' (docs/listings.md#section-pages). No React here.
import { type BrandId } from "../../domain/brands";
import { sectionName } from "../../domain/sections";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { feedPage, toCardStories, withVideosSetting, type CardStory, type Page } from "./cards";
import { blockOffset, sectionFeedFetch, sectionFromContext } from "./listingQueries";

/** Weekly section pages: the grid's first batch is 7 stories from offset 4, then 8 per load (docs/listings.md#section-pages). */
export const SECTION_FIRST_BATCH_SIZE = 7;
export const SECTION_FIRST_BATCH_OFFSET = 4;
export const SECTION_LOAD_MORE_SIZE = 8;

/** The settings a section listing is fetched and shaped with (section-listing's, by their names). */
export interface SectionListingOptions {
  section?: string;
  sectionFromRoute?: boolean;
  title?: string;
  feedSize?: number;
  offset?: number;
  loadMoreSize?: number;
  showTopStories?: boolean;
  headingLevel?: 1 | 2;
  videos?: boolean;
}

export interface SectionListingData extends Page<CardStory> {
  /** The listed section's id, e.g. "/nacion": the title links to its page. */
  sectionId: string;
  title: string;
  /** The section's description, shown under an h1 title only. */
  description?: string;
  /** The stories before the grid's offset, the first one as the lead. Empty on next-page answers. */
  top: CardStory[];
}

export function fetchSectionListing(settings: SectionListingOptions, context: PageContext): BlockFetches {
  const sectionId = sectionFromContext(settings.section, context, settings.sectionFromRoute);
  if (!sectionId) return {};
  const offset = blockOffset(settings, SECTION_FIRST_BATCH_OFFSET);
  if (context.cursor) {
    const size = settings.loadMoreSize ?? SECTION_LOAD_MORE_SIZE;
    return { stories: sectionFeedFetch("content-apir", context, sectionId, size, context.cursor.offset) };
  }
  const fetches: BlockFetches = {
    section: { source: "section-source", query: { website: context.brand, path: sectionId }, optional: true },
    stories: sectionFeedFetch("content-apir", context, sectionId, settings.feedSize ?? SECTION_FIRST_BATCH_SIZE, offset),
  };
  if ((settings.showTopStories ?? true) && offset > 0) fetches.top = sectionFeedFetch("content-apir", context, sectionId, offset, 0);
  return fetches;
}

export function transformSectionListing(data: Record<string, any>, settings: SectionListingOptions, context: PageContext): SectionListingData {
  const sectionId = sectionFromContext(settings.section, context, settings.sectionFromRoute) ?? "";
  const section = data.section ?? {};
  const title = settings.title || (typeof section.name === "string" && section.name) || sectionName(context.brand as BrandId, sectionId) || "";
  const description = (settings.headingLevel ?? 1) === 1 && typeof section.site?.site_description === "string" ? section.site.site_description : undefined;
  const page = feedPage(data.stories);
  const top = withVideosSetting(toCardStories(data.top?.content_elements), settings.videos);
  return { ...page, items: withVideosSetting(page.items, settings.videos), sectionId, title, ...(description ? { description } : {}), top };
}

/** Nothing to show: no story in the grid and none on top. */
export const isEmptySectionListing = (data: SectionListingData) => data.items.length === 0 && data.top.length === 0;
