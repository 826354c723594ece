// Generated from the block folders by `npm run gen:registry`. Do not edit: add or remove a folder and regenerate.
import type { BlockView } from "../runtime/types";
import AccountCommunications from "./account-communications";
import AccountDebug from "./account-debug";
import AccountLink from "./account-link";
import AccountPersonalData from "./account-personal-data";
import AccountProfile from "./account-profile";
import AccountSubscriptions from "./account-subscriptions";
import AdSlot from "./ad-slot";
import AgeGate from "./age-gate";
import ArticleBody from "./article-body";
import ArticleHeader from "./article-header";
import AuthorListing from "./author-listing";
import CollectionList from "./collection-list";
import CountdownBanner from "./countdown-banner";
import FeaturedStory from "./featured-story";
import LatestStories from "./latest-stories";
import LoginModal from "./login-modal";
import Message from "./message";
import MostRead from "./most-read";
import NewsSidebar from "./news-sidebar";
import PasswordRestore from "./password-restore";
import SectionListing from "./section-listing";
import SectionSeo from "./section-seo";
import SeoTitle from "./seo-title";
import SiteFooter from "./site-footer";
import SiteHeader from "./site-header";
import StoryCarousel from "./story-carousel";
import SubscriptionCheckout from "./subscription-checkout";
import SubscriptionStore from "./subscription-store";
import TagListing from "./tag-listing";
import TextPage from "./text-page";
import UrlSectionListing from "./url-section-listing";

/** Every block's component (its browser half) by type. */
export const blockViews: Record<string, BlockView> = {
  "account-communications": AccountCommunications,
  "account-debug": AccountDebug,
  "account-link": AccountLink,
  "account-personal-data": AccountPersonalData,
  "account-profile": AccountProfile,
  "account-subscriptions": AccountSubscriptions,
  "ad-slot": AdSlot,
  "age-gate": AgeGate,
  "article-body": ArticleBody,
  "article-header": ArticleHeader,
  "author-listing": AuthorListing,
  "collection-list": CollectionList,
  "countdown-banner": CountdownBanner,
  "featured-story": FeaturedStory,
  "latest-stories": LatestStories,
  "login-modal": LoginModal,
  message: Message,
  "most-read": MostRead,
  "news-sidebar": NewsSidebar,
  "password-restore": PasswordRestore,
  "section-listing": SectionListing,
  "section-seo": SectionSeo,
  "seo-title": SeoTitle,
  "site-footer": SiteFooter,
  "site-header": SiteHeader,
  "story-carousel": StoryCarousel,
  "subscription-checkout": SubscriptionCheckout,
  "subscription-store": SubscriptionStore,
  "tag-listing": TagListing,
  "text-page": TextPage,
  "url-section-listing": UrlSectionListing,
};
