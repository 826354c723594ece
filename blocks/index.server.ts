// Generated from the block folders by `npm run gen`. Do not edit: add or remove a folder and regenerate.
import type { BlockServer } from "../runtime/types";
import type { BlockMigrations } from "../runtime/define";
import accountCommunications from "./account-communications/index.server";
import accountDataRights from "./account-data-rights/index.server";
import accountPersonalData from "./account-personal-data/index.server";
import accountProfile from "./account-profile/index.server";
import accountSubscriptions from "./account-subscriptions/index.server";
import adSlot from "./ad-slot/index.server";
import articleBody from "./article-body/index.server";
import articleHeader from "./article-header/index.server";
import articleStructuredData from "./article-structured-data/index.server";
import authorCarousel from "./author-carousel/index.server";
import authorListing from "./author-listing/index.server";
import candidatesCarousel from "./candidates-carousel/index.server";
import cartoonsGrid from "./cartoons-grid/index.server";
import collectionList from "./collection-list/index.server";
import contentFeed from "./content-feed/index.server";
import countdownBanner from "./countdown-banner/index.server";
import dailyArchive from "./daily-archive/index.server";
import featuredStory from "./featured-story/index.server";
import forumGallerySlider from "./forum-gallery-slider/index.server";
import galleryGrid from "./gallery-grid/index.server";
import galleryList from "./gallery-list/index.server";
import galleryViewer from "./gallery-viewer/index.server";
import helpCentre from "./help-centre/index.server";
import heroSlider from "./hero-slider/index.server";
import iframeEmbed from "./iframe-embed/index.server";
import latestStories from "./latest-stories/index.server";
import liveSidebar from "./live-sidebar/index.server";
import loginModal from "./login-modal/index.server";
import mostRead from "./most-read/index.server";
import multimediaGallery from "./multimedia-gallery/index.server";
import newsSidebar from "./news-sidebar/index.server";
import newsletterSignup from "./newsletter-signup/index.server";
import opinionCarousel from "./opinion-carousel/index.server";
import pastForums from "./past-forums/index.server";
import printArchive from "./print-archive/index.server";
import rawHtml from "./raw-html/index.server";
import relatedVideos from "./related-videos/index.server";
import robotsRules from "./robots-rules/index.server";
import searchResults from "./search-results/index.server";
import sectionListing from "./section-listing/index.server";
import sectionSeo from "./section-seo/index.server";
import shareLinks from "./share-links/index.server";
import siteFooter from "./site-footer/index.server";
import siteHeader from "./site-header/index.server";
import sitemapIndex from "./sitemap-index/index.server";
import specialHero from "./special-hero/index.server";
import specialList from "./special-list/index.server";
import storyCarousel from "./story-carousel/index.server";
import storySlider from "./story-slider/index.server";
import subscriptionCheckout from "./subscription-checkout/index.server";
import subscriptionStore from "./subscription-store/index.server";
import tagListing from "./tag-listing/index.server";
import taxonomySitemap from "./taxonomy-sitemap/index.server";
import trendingBar from "./trending-bar/index.server";
import unmissableMoments from "./unmissable-moments/index.server";
import urlSectionListing from "./url-section-listing/index.server";
import videoCategories from "./video-categories/index.server";
import videoDetails from "./video-details/index.server";
import videoHome from "./video-home/index.server";
import videoJournalists from "./video-journalists/index.server";
import videoLead from "./video-lead/index.server";
import videoList from "./video-list/index.server";
import videoNav from "./video-nav/index.server";
import videoProgrammes from "./video-programmes/index.server";
import whatsappCommunity from "./whatsapp-community/index.server";

/** Every block type with its server half; {} for blocks that render from their settings alone. */
export const blockServers: Record<string, BlockServer> = {
  "account-communications": accountCommunications,
  "account-data-rights": accountDataRights,
  "account-debug": {},
  "account-link": {},
  "account-personal-data": accountPersonalData,
  "account-profile": accountProfile,
  "account-subscriptions": accountSubscriptions,
  "ad-slot": adSlot,
  "age-gate": {},
  "article-body": articleBody,
  "article-header": articleHeader,
  "article-structured-data": articleStructuredData,
  "author-carousel": authorCarousel,
  "author-listing": authorListing,
  "candidates-carousel": candidatesCarousel,
  "cartoons-grid": cartoonsGrid,
  "collection-list": collectionList,
  "content-feed": contentFeed,
  "countdown-banner": countdownBanner,
  "daily-archive": dailyArchive,
  "dark-theme": {},
  "featured-story": featuredStory,
  "forum-gallery-slider": forumGallerySlider,
  "gallery-grid": galleryGrid,
  "gallery-list": galleryList,
  "gallery-viewer": galleryViewer,
  "help-centre": helpCentre,
  "hero-slider": heroSlider,
  "iframe-embed": iframeEmbed,
  "latest-stories": latestStories,
  "live-sidebar": liveSidebar,
  "login-modal": loginModal,
  "message": {},
  "most-read": mostRead,
  "multimedia-gallery": multimediaGallery,
  "news-sidebar": newsSidebar,
  "newsletter-link": {},
  "newsletter-signup": newsletterSignup,
  "opinion-carousel": opinionCarousel,
  "password-restore": {},
  "past-forums": pastForums,
  "print-archive": printArchive,
  "raw-html": rawHtml,
  "related-videos": relatedVideos,
  "robots-rules": robotsRules,
  "search-results": searchResults,
  "section-listing": sectionListing,
  "section-seo": sectionSeo,
  "seo-title": {},
  "share-links": shareLinks,
  "site-footer": siteFooter,
  "site-header": siteHeader,
  "sitemap-index": sitemapIndex,
  "special-hero": specialHero,
  "special-list": specialList,
  "story-carousel": storyCarousel,
  "story-slider": storySlider,
  "subscriber-banner": {},
  "subscription-checkout": subscriptionCheckout,
  "subscription-store": subscriptionStore,
  "tag-listing": tagListing,
  "taxonomy-sitemap": taxonomySitemap,
  "text-page": {},
  "trending-bar": trendingBar,
  "unmissable-moments": unmissableMoments,
  "url-section-listing": urlSectionListing,
  "video-categories": videoCategories,
  "video-details": videoDetails,
  "video-home": videoHome,
  "video-journalists": videoJournalists,
  "video-lead": videoLead,
  "video-list": videoList,
  "video-nav": videoNav,
  "video-programmes": videoProgrammes,
  "whatsapp-community": whatsappCommunity,
};

/** Blocks whose component runs in the browser ("use client"): their code and data travel; the rest is HTML. */
export const hydratedBlocks: ReadonlySet<string> = new Set([
  "account-communications",
  "account-data-rights",
  "account-debug",
  "account-link",
  "account-personal-data",
  "account-profile",
  "account-subscriptions",
  "countdown-banner",
  "help-centre",
  "login-modal",
  "newsletter-link",
  "newsletter-signup",
  "password-restore",
  "site-header",
  "subscription-checkout",
  "subscription-store",
]);

/** The blocks' own settings migrations (migrations.ts), by type. */
export const blockMigrations: BlockMigrations = {
};
