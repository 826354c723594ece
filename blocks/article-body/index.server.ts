import { getBrand } from "../../brands";
import { defineBlockServer } from "../../runtime/define";
import type { BlockFetches, PageContext } from "../../runtime/types";
import { asDocument, primarySection, text } from "../../domain/ans";
import { ELECTIONS_SECTION, isElections, isRecipe, relatedTags, type TagLink } from "../../domain/articles";
import { DEFAULT_BRAND } from "../../domain/brands";
import { BUY_NOW_OFFER_ID } from "../../domain/catalog";
import { LOGIN_PAGE } from "../../domain/routes";
import { safeSrc } from "../../domain/urls";
import { ACCOUNT_PAGES } from "../_shared/accounts/identity";
import { offerSummary } from "../_shared/accounts/offer";
import { houseAd, type HouseAd } from "../_shared/houseAd";
import type { BodyItem } from "../_shared/body/items";
import { bodyItems, plannedWidgets } from "../_shared/body/sequence";
import { recipeJsonLd } from "./recipe";
import { liveTimeline, type Timeline } from "./timeline";
import { galleryUrls } from "../_shared/gallery";
import { fillWidget, recommendationFetches, recommendations, type ThirdPartyWidget, type WidgetType } from "../_shared/body/widgets";
import type { Settings } from "./settings";

/** What the article body renders, read from the page's article on the server. */
interface ArticleBodyData {
  /**
   * The body in reading order: content elements reduced to what they draw, HTML sanitised, with the
   * ads and widgets inserted. A plain list: the server may cut it (the paywall) and the component
   * draws whatever it gets.
   */
  body: BodyItem[];
  /** The related tags to show (docs/article-pages.md#related-tags); empty when the editor hid them. */
  tags: TagLink[];
  /**
   * Elections articles (docs/article-pages.md#elections): the tags and the banner go above the body.
   * The banner links to the elections section, with the editor's image when set.
   */
  elections?: { href: string; bannerImage?: string };
  /** Recipes (docs/article-pages.md#recipes): the schema.org Recipe object for the page's structured data. */
  recipe?: Record<string, unknown>;
  /**
   * The article is for subscribers (whoever reads it): its body's container carries the class the
   * structured data's paywall markup names (docs/article-pages.md#structured-data).
   */
  paywalled?: boolean;
  /**
   * Live blogs (the `timeline` setting): the body as an introduction and timed updates, drawn as a
   * timeline instead of `body` (docs/article-pages.md#live-blog). Never for a reader who may not read it.
   */
  timeline?: Timeline;
  /** Locked for this reader: the body is the preview and this notice takes the rest's place. */
  paywall?: PaywallNotice;
  /** The brand's house ad, drawn in the body's ad slots (docs/ads-and-widgets.md#house-ad). */
  house: HouseAd;
}

/** The paywall notice (docs/paywall-and-visitors.md#paywall-box), for the brand serving the page. */
export interface PaywallNotice {
  /** A signed-in reader without a subscription: 'No cuenta con una suscripción' instead of the login prompt. */
  signedIn: boolean;
  pitch: string;
  /** The yearly price of offer 466, "$199.000". */
  price: string;
  /** 'Suscríbete': the store with offer 466. */
  subscribeUrl: string;
  termsUrl: string;
  /** 'Inicia sesión': the login page coming back here (the page's script opens the login modal instead). */
  loginUrl: string;
  /** Reported with the paywall event: the article's id and section. */
  contentId: string;
  section?: string;
}

const TERMS_PAGE = "/terminos-de-uso/";

/** The body without the photos (and galleries of them only) that the page's gallery shows already. */
function withoutGallery(body: BodyItem[], shown: Set<string> | undefined): BodyItem[] {
  if (!shown?.size) return body;
  return body.filter((item) => {
    if (item.type === "image") return !shown.has(item.url);
    if (item.type === "gallery") return !item.images.every((image) => shown.has(image.url));
    return true;
  });
}

/** What a locked article shows before the notice: at most its first paragraph. */
function previewOf(body: BodyItem[]): BodyItem[] {
  const first = body.find((item) => item.type === "text");
  return first ? [first] : [];
}

/** null on pages without an article: the block is skipped as empty there. */
export type Data = ArticleBodyData | null;

/**
 * The article's body (docs/article-pages.md#content-elements): every content element of the page's
 * article, with the ads and widgets of docs/ads-and-widgets.md#body-insertions inserted between
 * paragraphs, the related tags, and per-section extras (recipe structured data, the elections
 * banner). Reads context.article: it fetches nothing, and only what the body draws reaches the browser.
 */
export function articleBodyData(
  value: unknown,
  settings: Settings,
  page: Partial<Pick<PageContext, "access" | "brand" | "path" | "isLocked" | "log">> = {},
  answers: Record<string, unknown> = {},
  thirdPartyWidgets: Partial<Record<WidgetType, ThirdPartyWidget>> | undefined = getBrand(page.brand ?? DEFAULT_BRAND).thirdPartyWidgets,
): Data {
  const { access, brand = DEFAULT_BRAND, path, isLocked } = page;
  const article = asDocument(value);
  if (!article) return null;
  const elections = isElections(article);
  // Elections articles always show their tags (above the body); others at the end, unless the editor hid them.
  const tags = elections || settings.showTags !== false ? relatedTags(article) : [];
  const bannerImage = safeSrc(settings.electionsBanner);
  const asTimeline = settings.timeline === true;
  // A live blog's updates are not interrupted by ads.
  const shown = settings.omitGallery ? galleryUrls(article) : undefined;
  const found = recommendations(answers, article);
  const fill = (type: WidgetType) => fillWidget(type, found, thirdPartyWidgets);
  const warn = (message: string, fields?: Record<string, unknown>) => page.log?.warn(message, { path, ...fields });
  const body = withoutGallery(bodyItems(article.content_elements, withInsertions(settings), fill, warn), shown);
  const locked = access?.locked === true;
  const paywalled = isLocked ? isLocked(article) : locked;
  const timeline = asTimeline && !locked ? liveTimeline(article.content_elements, article.publish_date) : undefined;
  return {
    // A locked body never leaves the server: the preview, and nothing built from the rest (no recipe data).
    body: locked ? previewOf(body) : timeline ? [] : body,
    ...(timeline ? { timeline } : {}),
    tags,
    ...(elections ? { elections: { href: `${ELECTIONS_SECTION}/`, ...(bannerImage ? { bannerImage } : {}) } } : {}),
    ...(isRecipe(article) && !locked ? { recipe: recipeJsonLd(article) } : {}),
    ...(locked ? { paywall: paywallNotice(article, access.signedIn, brand, path) } : {}),
    ...(paywalled ? { paywalled: true } : {}),
    house: houseAd(brand),
  };
}

/** Ads and widgets go between the paragraphs unless the editor turned them off; never in a live blog's updates. */
const withInsertions = (settings: Settings) => settings.ads !== false && settings.timeline !== true;

/**
 * What the body's widgets need fetched: nothing for a reader who sees only the preview, for a live
 * blog's timeline, or for a body without widgets.
 */
function articleBodyFetches(settings: Settings, context: PageContext): BlockFetches {
  const article = asDocument(context.article);
  if (!article || context.access?.locked || settings.timeline === true) return {};
  const contracted = getBrand(context.brand).thirdPartyWidgets ?? {};
  const widgets = plannedWidgets(article.content_elements, withInsertions(settings)).filter((type) => !contracted[type]);
  return widgets.length ? recommendationFetches(widgets, article, context.brand) : {};
}

function paywallNotice(article: Record<string, any>, signedIn: boolean, brand = "semana", path = "/"): PaywallNotice {
  const offer = offerSummary(BUY_NOW_OFFER_ID);
  const section = primarySection(article)?.id;
  return {
    signedIn,
    pitch: getBrand(brand).paywallPitch,
    price: offer?.price ?? "",
    subscribeUrl: `${ACCOUNT_PAGES.store}?offerId=${BUY_NOW_OFFER_ID}`,
    termsUrl: TERMS_PAGE,
    loginUrl: `${LOGIN_PAGE}?redirect=${encodeURIComponent(path)}`,
    contentId: text(article._id) ?? "",
    ...(section ? { section } : {}),
  };
}

export default defineBlockServer<Settings, Data>({
  fetch: articleBodyFetches,
  transform: (answers, settings, context) => articleBodyData(context.article, settings, context, answers),
  isEmpty: (data) => data === null,
});
