// The block registry: one line per block folder. `npm run new:block <name>` adds the line.
import type { BlockDefinition } from "../runtime/types";
import adSlot from "./ad-slot";
import ageGate from "./age-gate";
import articleBody from "./article-body";
import articleHeader from "./article-header";
import authorListing from "./author-listing";
import collectionList from "./collection-list";
import countdownBanner from "./countdown-banner";
import featuredStory from "./featured-story";
import latestStories from "./latest-stories";
import message from "./message";
import mostRead from "./most-read";
import newsSidebar from "./news-sidebar";
import sectionListing from "./section-listing";
import sectionSeo from "./section-seo";
import seoTitle from "./seo-title";
import siteFooter from "./site-footer";
import siteHeader from "./site-header";
import storyCarousel from "./story-carousel";
import tagListing from "./tag-listing";
import textPage from "./text-page";
import urlSectionListing from "./url-section-listing";
import accountCommunications from "./account-communications";
import accountDebug from "./account-debug";
import accountLink from "./account-link";
import accountPersonalData from "./account-personal-data";
import accountProfile from "./account-profile";
import accountSubscriptions from "./account-subscriptions";
import loginModal from "./login-modal";
import passwordRestore from "./password-restore";
import subscriptionCheckout from "./subscription-checkout";
import subscriptionStore from "./subscription-store";

export const blocks: BlockDefinition[] = [
  adSlot,
  ageGate,
  articleBody,
  articleHeader,
  authorListing,
  collectionList,
  countdownBanner,
  featuredStory,
  latestStories,
  message,
  mostRead,
  newsSidebar,
  sectionListing,
  sectionSeo,
  seoTitle,
  siteFooter,
  siteHeader,
  storyCarousel,
  tagListing,
  textPage,
  urlSectionListing,
  accountCommunications,
  accountDebug,
  accountLink,
  accountPersonalData,
  accountProfile,
  accountSubscriptions,
  loginModal,
  passwordRestore,
  subscriptionCheckout,
  subscriptionStore,
];
