import type { AnsDocument } from "../../domain/ans";
import { slugify, tagSlug } from "../../domain/slugs";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { CARD_SOURCE_INCLUDE, feedPage, type CardStory, type Page } from "../_shared/cards";
import type { Settings } from "./settings";

/** A tag page is a generic list: 8 stories per batch (docs/listings.md#section-pages). */
export const TAG_LISTING_FEED_SIZE = 8;

export interface Data extends Page<CardStory> {
  title: string;
}

/**
 * The tag slug of the page: the route's :tag, else the setting; reduced to [a-z0-9-] by the same
 * rule as the route's existence check (domain/slugs.ts tagSlug).
 */
function tagFromContext(settings: Settings, context: PageContext): string | undefined {
  return tagSlug(context.params?.tag || settings.tag || "") || undefined;
}

function fetchTagListing(settings: Settings, context: PageContext): BlockFetches {
  const tag = tagFromContext(settings, context);
  if (!tag) return {};
  return {
    stories: {
      source: "search-query-source",
      query: {
        website: context.brand,
        // Only items with a promo image, so that every page of the paged list is full (docs/listings.md#common-rules).
        queryString: `taxonomy.tags.slug:"${tag}" AND _exists_:promo_items.basic.url`,
        sort: "publish_date:desc",
        feedSize: settings.feedSize ?? TAG_LISTING_FEED_SIZE,
        feedOffset: context.cursor?.offset ?? 0,
        sourceInclude: `${CARD_SOURCE_INCLUDE},taxonomy.tags`,
      },
    },
  };
}

/** "gustavo-petro" → "Gustavo petro": the heading when no story names the tag. */
function titleFromSlug(slug: string): string {
  const words = slug.replace(/-/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The tag's text as the stories carry it (taxonomy.tags[].text of the tag with this slug). */
function tagText(docs: unknown, slug: string): string | undefined {
  if (!Array.isArray(docs)) return undefined;
  for (const doc of docs as AnsDocument[]) {
    const tags = doc?.taxonomy?.tags;
    if (!Array.isArray(tags)) continue;
    const match = tags.find((tag) => tag && (tag.slug === slug || (typeof tag.text === "string" && slugify(tag.text) === slug)));
    if (match?.text) return match.text;
  }
  return undefined;
}

function transformTagListing(data: Record<string, any>, settings: Settings, context: PageContext): Data {
  const tag = tagFromContext(settings, context) ?? "";
  const title = settings.title || tagText(data.stories?.content_elements, tag) || titleFromSlug(tag);
  return { ...feedPage(data.stories), title };
}

/**
 * A tag page: the tag's name as heading, then its stories with 'Cargar más artículos'. The page's
 * route checks first that the tag has stories (a 404 otherwise); the block stays empty without them.
 */
export default defineBlockServer<Settings, Data>({
  fetch: fetchTagListing,
  transform: transformTagListing,
  isEmpty: (data) => data.items.length === 0,
});
