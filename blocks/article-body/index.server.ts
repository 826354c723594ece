import { getBrand } from "../../brands";
import { defineBlockServer } from "../../runtime/define";
import type { ContentAccess } from "../../runtime/types";
import { asDocument, primarySection, text } from "../../domain/ans";
import { ELECTIONS_SECTION, isElections, isRecipe, relatedTags, type TagLink } from "../../domain/articles";
import { BUY_NOW_OFFER_ID } from "../../domain/catalog";
import { LOGIN_PAGE } from "../../domain/routes";
import { ACCOUNT_PAGES } from "../_shared/identity";
import { offerSummary } from "../_shared/offer";
import { bodyItems, safeUrl, type BodyItem } from "./items";
import { recipeJsonLd } from "./recipe";
import type { Settings } from "./settings";

export type { BodyItem } from "./items";

/** What the article body renders, read from the page's article on the server. */
export interface ArticleBodyData {
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
  /** Locked for this reader: the body is the preview and this notice takes the rest's place. */
  paywall?: PaywallNotice;
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

export const TERMS_PAGE = "/terminos-de-uso/";

/** What a locked article shows before the notice: at most its first paragraph. */
export function previewOf(body: BodyItem[]): BodyItem[] {
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
export function articleBodyData(value: unknown, settings: Settings, access?: ContentAccess, brand?: string, path?: string): Data {
  const article = asDocument(value);
  if (!article) return null;
  const elections = isElections(article);
  // Elections articles always show their tags (above the body); others at the end, unless the editor hid them.
  const tags = elections || settings.showTags !== false ? relatedTags(article) : [];
  const bannerImage = safeUrl(settings.electionsBanner);
  const body = bodyItems(article.content_elements, settings.ads !== false);
  const locked = access?.locked === true;
  return {
    // A locked body never leaves the server: the preview, and nothing built from the rest (no recipe data).
    body: locked ? previewOf(body) : body,
    tags,
    ...(elections ? { elections: { href: `${ELECTIONS_SECTION}/`, ...(bannerImage ? { bannerImage } : {}) } } : {}),
    ...(isRecipe(article) && !locked ? { recipe: recipeJsonLd(article) } : {}),
    ...(locked ? { paywall: paywallNotice(article, access.signedIn, brand, path) } : {}),
  };
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
  transform: (_raw, settings, context) => articleBodyData(context.article, settings, context.access, context.brand, context.path),
  isEmpty: (data) => data === null,
});
