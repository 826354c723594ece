// Generated from the block folders by `npm run gen:registry`. Do not edit: add or remove a folder and regenerate.
import type { BlockEnhancer, BlockView } from "../runtime/types";

/** Every block's component (its browser half) by type, as a module to load. */
export const blockViews: Record<string, () => Promise<{ default: BlockView }>> = {
  "account-communications": () => import("./account-communications"),
  "account-debug": () => import("./account-debug"),
  "account-link": () => import("./account-link"),
  "account-personal-data": () => import("./account-personal-data"),
  "account-profile": () => import("./account-profile"),
  "account-subscriptions": () => import("./account-subscriptions"),
  "ad-slot": () => import("./ad-slot"),
  "age-gate": () => import("./age-gate"),
  "article-body": () => import("./article-body"),
  "article-header": () => import("./article-header"),
  "author-listing": () => import("./author-listing"),
  "collection-list": () => import("./collection-list"),
  "countdown-banner": () => import("./countdown-banner"),
  "featured-story": () => import("./featured-story"),
  "latest-stories": () => import("./latest-stories"),
  "login-modal": () => import("./login-modal"),
  "message": () => import("./message"),
  "most-read": () => import("./most-read"),
  "news-sidebar": () => import("./news-sidebar"),
  "password-restore": () => import("./password-restore"),
  "section-listing": () => import("./section-listing"),
  "section-seo": () => import("./section-seo"),
  "seo-title": () => import("./seo-title"),
  "site-footer": () => import("./site-footer"),
  "site-header": () => import("./site-header"),
  "story-carousel": () => import("./story-carousel"),
  "subscription-checkout": () => import("./subscription-checkout"),
  "subscription-store": () => import("./subscription-store"),
  "tag-listing": () => import("./tag-listing"),
  "text-page": () => import("./text-page"),
  "url-section-listing": () => import("./url-section-listing"),
};

/** The enhancers (enhance.ts) of the blocks that stay server HTML but need a little browser code. */
export const blockEnhancers: Record<string, () => Promise<{ default: BlockEnhancer }>> = {
  "author-listing": () => import("./author-listing/enhance"),
  "latest-stories": () => import("./latest-stories/enhance"),
  "section-listing": () => import("./section-listing/enhance"),
  "story-carousel": () => import("./story-carousel/enhance"),
  "tag-listing": () => import("./tag-listing/enhance"),
  "url-section-listing": () => import("./url-section-listing/enhance"),
};
