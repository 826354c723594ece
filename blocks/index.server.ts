// Generated from the block folders by `npm run gen:registry`. Do not edit: add or remove a folder and regenerate.
import type { BlockServer } from "../runtime/types";
import accountCommunications from "./account-communications/index.server";
import accountPersonalData from "./account-personal-data/index.server";
import accountProfile from "./account-profile/index.server";
import accountSubscriptions from "./account-subscriptions/index.server";
import articleBody from "./article-body/index.server";
import articleHeader from "./article-header/index.server";
import authorListing from "./author-listing/index.server";
import collectionList from "./collection-list/index.server";
import countdownBanner from "./countdown-banner/index.server";
import featuredStory from "./featured-story/index.server";
import latestStories from "./latest-stories/index.server";
import loginModal from "./login-modal/index.server";
import mostRead from "./most-read/index.server";
import newsSidebar from "./news-sidebar/index.server";
import sectionListing from "./section-listing/index.server";
import sectionSeo from "./section-seo/index.server";
import siteFooter from "./site-footer/index.server";
import siteHeader from "./site-header/index.server";
import storyCarousel from "./story-carousel/index.server";
import subscriptionCheckout from "./subscription-checkout/index.server";
import subscriptionStore from "./subscription-store/index.server";
import tagListing from "./tag-listing/index.server";
import urlSectionListing from "./url-section-listing/index.server";

/** Every block type with its server half; {} for blocks that render from their settings alone. */
export const blockServers: Record<string, BlockServer> = {
  "account-communications": accountCommunications,
  "account-debug": {},
  "account-link": {},
  "account-personal-data": accountPersonalData,
  "account-profile": accountProfile,
  "account-subscriptions": accountSubscriptions,
  "ad-slot": {},
  "age-gate": {},
  "article-body": articleBody,
  "article-header": articleHeader,
  "author-listing": authorListing,
  "collection-list": collectionList,
  "countdown-banner": countdownBanner,
  "featured-story": featuredStory,
  "latest-stories": latestStories,
  "login-modal": loginModal,
  "message": {},
  "most-read": mostRead,
  "news-sidebar": newsSidebar,
  "password-restore": {},
  "section-listing": sectionListing,
  "section-seo": sectionSeo,
  "seo-title": {},
  "site-footer": siteFooter,
  "site-header": siteHeader,
  "story-carousel": storyCarousel,
  "subscription-checkout": subscriptionCheckout,
  "subscription-store": subscriptionStore,
  "tag-listing": tagListing,
  "text-page": {},
  "url-section-listing": urlSectionListing,
};

/** Blocks whose component runs in the browser ("use client"): their code and data travel; the rest is HTML. */
export const hydratedBlocks: ReadonlySet<string> = new Set([
  "account-communications",
  "account-debug",
  "account-link",
  "account-personal-data",
  "account-profile",
  "account-subscriptions",
  "age-gate",
  "countdown-banner",
  "login-modal",
  "password-restore",
  "site-header",
  "subscription-checkout",
  "subscription-store",
]);
