// The recommendation widgets of the article body (docs/ads-and-widgets.md#widgets), on the server:
// what each needs fetched, and each widget of the body filled with the site's own recommendations
// (or kept as a third party's placeholder of the same height). No React: the component draws them.
import { PLACEMENT_PATTERN, WIDGETS, type ThirdPartyWidget, type WidgetType } from "../../../brands/widgets";
import { asDocument, sectionIds, text, type DocumentLike } from "../../../domain/ans";
import { tagSlug } from "../../../domain/slugs";
import type { BlockFetches } from "../../../runtime/types";
import { CARD_SOURCE_INCLUDE, mostReadCards, toCardStories, type CardStory } from "../cards";

export { WIDGETS, isWidgetType, type WidgetType, type ThirdPartyWidget } from "../../../brands/widgets";

/** Cards of the 'Contenido recomendado' grid: two rows of four on large screens, three of two on phones. */
export const RELATED_SIZE = 8;
/** The latest video, then up to eight more in 'Últimos videos' (two rows of two on phones, of four on large screens). */
const VIDEOS_SIZE = 9;
/** Tags of the article the related stories may share (the first ones, as the page shows them). */
const RELATED_TAGS = 5;

/** One recommendation as a widget draws it. */
export interface RecommendationCard {
  url: string;
  title: string;
  image?: { url: string; alt: string };
}

/** A widget of the body: the site's recommendations, or a third party's placeholder. */
export type WidgetItem =
  { type: "widget"; widget: WidgetType; cards: RecommendationCard[] } | { type: "widget"; widget: WidgetType; thirdParty: ThirdPartyWidget };

const quote = (value: string) => `"${value.replace(/[\\"]/g, "")}"`;

/** The fetches the recommendations of these widgets need, for the page's article (all optional). */
export function recommendationFetches(widgets: readonly WidgetType[], article: unknown, brand: string): BlockFetches {
  const doc = asDocument(article);
  const id = text(doc?._id);
  const notThis = id ? ` AND -_id:${quote(id)}` : "";
  const needs = new Set(widgets.map((type) => WIDGETS[type].recommends));
  const fetches: BlockFetches = {};
  const list = (queryString: string, feedSize: number) => ({
    source: "search-query-source",
    query: { website: brand, queryString, feedSize, sort: "publish_date:desc", sourceInclude: CARD_SOURCE_INCLUDE },
    optional: true,
  });
  if (needs.has("related") && doc) {
    const tags = relatedTagSlugs(doc);
    if (tags.length)
      fetches.relatedByTags = list(`taxonomy.tags.slug:(${tags.map(quote).join(" OR ")})${notThis} AND _exists_:promo_items.basic.url`, RELATED_SIZE);
    const section = text(doc.taxonomy?.primary_section?._id) ?? sectionIds(doc)[0];
    if (section && /^\/[\w/-]+$/.test(section))
      fetches.relatedBySection = list(`taxonomy.sections._id:${quote(section)}${notThis} AND _exists_:promo_items.basic.url`, RELATED_SIZE);
  }
  if (needs.has("mostRead")) {
    // The same query as the news sidebar's: the page fetches it once.
    fetches.mostRead = { source: "taboola-newsroom-api", query: id ? { website: brand, exclude: id } : { website: brand }, optional: true };
  }
  if (needs.has("video") || needs.has("videos")) fetches.videos = list(`type:"video"${notThis} AND _exists_:promo_items.basic.url`, VIDEOS_SIZE);
  return fetches;
}

function relatedTagSlugs(doc: DocumentLike): string[] {
  const tags: unknown[] = Array.isArray(doc.taxonomy?.tags) ? doc.taxonomy.tags : [];
  const slugs = tags.map((tag: any) => tagSlug(text(tag?.slug) ?? text(tag?.text) ?? "")).filter((slug): slug is string => Boolean(slug));
  return [...new Set(slugs)].slice(0, RELATED_TAGS);
}

const toRecommendation = (card: CardStory): RecommendationCard => ({ url: card.url, title: card.headline, ...(card.image ? { image: card.image } : {}) });

/** The recommendations of each kind from the answers, the article itself never among them. */
export function recommendations(answers: Record<string, unknown>, article: unknown): Record<(typeof WIDGETS)[WidgetType]["recommends"], RecommendationCard[]> {
  const doc = asDocument(article);
  const id = text(doc?._id);
  const seen = new Set<string>();
  const unique = (cards: CardStory[]) =>
    cards.filter((card) => {
      if (card.id === id || seen.has(card.url)) return false;
      seen.add(card.url);
      return true;
    });
  const elements = (answer: unknown) => (answer as { content_elements?: unknown } | undefined)?.content_elements;
  const related = unique([...toCardStories(elements(answers.relatedByTags)), ...toCardStories(elements(answers.relatedBySection))]).slice(0, RELATED_SIZE);
  seen.clear();
  const videos = unique(toCardStories(elements(answers.videos))).map(toRecommendation);
  seen.clear();
  const mostRead = unique(mostReadCards(answers.mostRead));
  return { related: related.map(toRecommendation), mostRead: mostRead.map(toRecommendation), video: videos.slice(0, 1), videos: videos.slice(1) };
}

/** The brand's contracted widget of this type, when its placement id is well formed. */
function thirdPartyOf(type: WidgetType, contracted: Partial<Record<WidgetType, ThirdPartyWidget>> | undefined): ThirdPartyWidget | undefined {
  const widget = contracted?.[type];
  return widget && PLACEMENT_PATTERN.test(widget.placement) ? { provider: widget.provider, placement: widget.placement } : undefined;
}

/**
 * Each widget of the body filled: a contracted third party's placeholder, else the site's
 * recommendations of its kind; a widget with nothing to show is left out (no empty box).
 */
export function fillWidget(
  type: WidgetType,
  found: ReturnType<typeof recommendations>,
  contracted: Partial<Record<WidgetType, ThirdPartyWidget>> | undefined,
): WidgetItem | undefined {
  const thirdParty = thirdPartyOf(type, contracted);
  if (thirdParty) return { type: "widget", widget: type, thirdParty };
  const cards = found[WIDGETS[type].recommends];
  return cards.length ? { type: "widget", widget: type, cards } : undefined;
}
