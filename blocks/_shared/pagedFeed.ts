// The feed of a paged grid (past forums, unmissable moments, the multimedia gallery, the cartoons,
// the special and gallery lists): a first batch from the block's offset, then a fixed size per load
// (docs/listings.md#feed-sizes). Server halves only: no React here.
import type { AnsFeed } from "../../domain/ans";
import type { FetchSpec, PageContext } from "../../runtime/types";
import { feedPage, withVideosSetting, type CardStory, type Page } from "./cards";
import { blockOffset, sectionFeedFetch } from "./listingQueries";

/** What a paged grid renders: a page of cards, its title and where the title links. */
export interface PagedGridData extends Page<CardStory> {
  title?: string;
  link?: string;
}

/** A block's batches: `first` items from `offset`, then `next` per load. */
export interface PagedFeedRule {
  first: number;
  next: number;
  offset: number;
}

/** The settings a paged grid takes over its rule. */
export interface PagedFeedSettings {
  feedSize?: number;
  loadMoreSize?: number;
  offset?: number;
  offSet?: number;
  videos?: boolean;
}

/** The block's rule with the editor's settings applied (feedSize: the first batch; loadMoreSize: each next one). */
export function pagedRule(settings: PagedFeedSettings, rule: PagedFeedRule): PagedFeedRule {
  return { first: settings.feedSize ?? rule.first, next: settings.loadMoreSize ?? rule.next, offset: blockOffset(settings, rule.offset) };
}

/**
 * This request's batch of the sections' feed (a comma list of section ids): the first one at the
 * offset, or on a load-more request the next one where the cursor says.
 */
export function pagedSectionFetch(context: PageContext, sections: string, rule: PagedFeedRule): FetchSpec {
  return context.cursor
    ? sectionFeedFetch("content-apir", context, sections, rule.next, context.cursor.offset)
    : sectionFeedFetch("content-apir", context, sections, rule.first, rule.offset);
}

/** The batch as cards (items without a promo image dropped; videos too when `videos` is false). */
export function pagedCards(feed: Partial<AnsFeed> | undefined | null, settings: PagedFeedSettings): Page<CardStory> {
  const page = feedPage(feed);
  return { ...page, items: withVideosSetting(page.items, settings.videos) };
}
