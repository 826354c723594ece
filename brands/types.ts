// The shape of a brand's data: identity, legal lines, hosts, menus, footer, social links, theme.
// Framework-free: the server picks a brand by host, blocks read menus and theme from it.
import type { BrandId } from "../domain/brands";
import type { ThirdPartyWidget, WidgetType } from "./widgets";

/**
 * One entry of a menu (docs/brands.md#main-menu: "Menu items have: title, link, items,
 * isExternalLink, isChatNumber").
 */
export interface MenuItem {
  title: string;
  /** A site path ("/nacion/"), an https URL (with isExternalLink) or a phone number (with isChatNumber). */
  link?: string;
  /** Submenu entries. */
  items?: MenuItem[];
  /** Opens in a new tab (target=_blank rel=noopener). */
  isExternalLink?: boolean;
  /** `link` is a WhatsApp phone number, rendered as an https://wa.me/<digits> link. */
  isChatNumber?: boolean;
}

interface BrandMenus {
  /** The horizontal main menu. */
  main: MenuItem[];
  /** The 'Más' dropdown after the main menu; empty when the brand has none. */
  more: MenuItem[];
  /** The hamburger drawer ("toggle menu"): sections, possibly nested. */
  drawer: MenuItem[];
  /** When set, submenus show at most this many rows. */
  submenuMaxRows?: number;
}

/** The links of the header's user menu for an anonymous visitor (docs/paywall-and-visitors.md#header-per-visitor). */
export interface AccountLinks {
  subscribe: MenuItem;
  register: MenuItem;
  login: MenuItem;
}

export type SocialNetwork = "youtube" | "tiktok" | "twitter" | "facebook" | "instagram";

export interface SocialLink {
  network: SocialNetwork;
  url: string;
}

export interface FooterGroup {
  /** "about" (about us) and "contact": the two collapsible groups of the footer on small screens. */
  id: "about" | "contact";
  title: string;
  links: MenuItem[];
}

export interface BrandFooter {
  groups: FooterGroup[];
  /** Office hours line shown in the contact group. */
  officeHours: string;
  /** The consumer-protection authority (SIC) logo link. */
  consumerAuthority: { name: string; url: string; logoSvg: string };
}

/** The theme tokens: CSS custom properties set on <html>, read by every block's CSS module. */
export type ThemeToken =
  | "--color-primary"
  | "--color-primary-contrast"
  | "--color-accent"
  | "--color-text"
  | "--color-muted"
  | "--color-background"
  | "--color-surface"
  | "--color-border"
  | "--color-dark-background"
  | "--color-dark-text"
  | "--font-heading"
  | "--font-body";

export type BrandTheme = Record<ThemeToken, string>;

export interface BrandLogo {
  /** Inline SVG markup of the wordmark (fill="currentColor", so it follows the header mode). */
  svg: string;
  width: number;
  height: number;
}

/** What a brand's header does differently (docs/brands.md). */
interface BrandHeader {
  /**
   * The search label opens an overlay with the search form, toggled by a checkbox label so that it
   * needs no script, instead of linking to the results page (docs/brands.md#soho-menu).
   */
  searchOverlay?: boolean;
  /**
   * After scrolling, the sticky bar carries a small logo, the menu, search, subscribe and the user
   * menu ('Mi perfil', 'Cerrar sesión'), not the story's headline (docs/brands.md#sticky-bar).
   */
  fullStickyBar?: boolean;
  /** A mark shown beside the wordmark on the home page only, with its accessible name (docs/brands.md#75-years-logo). */
  homeBadge?: BrandLogo & { label: string };
}

/**
 * One subscriber banner's configuration (docs/subscriptions-and-checkout.md#renewal-banners), with
 * the product's field names. Links are paths of the brand's own site; images are the banner at the
 * three widths (≥ 960 px, 480–959 px, < 480 px). `ModalText` (the spec's "Modal text") and
 * `MenuContext` may hold {fecha} (the date that matters: the period's end, or the last day of access
 * while a payment is due) and {precio} (the renewal price offered).
 */
export interface SubscriberBannerConfig {
  /** Where the banner inside the article leads. */
  URLInread: string;
  /** Where the account menu's entry leads. */
  URLMenuContextual: string;
  /** Where the home page's modal leads. */
  URLModalHome: string;
  /** Where the profile page's banner leads. */
  URLPerfil: string;
  /** The banners' and the modal's text. */
  ModalText: string;
  /** The label of the banners' button. */
  ActualizarBoton: string;
  /** Banner images: 960 px and wider, 480 to 959 px, narrower than 480 px. */
  BannerDesktop: string;
  BannerTablet: string;
  BannerMobile: string;
  /** The account menu's entry. */
  MenuContext: string;
}

/** The two banners subscribers see: the renewal offer, and the payment update after a declined renewal. */
export interface SubscriberBanners {
  renovacion: SubscriberBannerConfig;
  actualizarPago: SubscriberBannerConfig;
}

/**
 * A block every HTML page of a brand carries, whatever its page definition says (the server adds it,
 * docs/brands.md#brand-wide-blocks): a block instance as a page definition writes it.
 */
interface BrandPageBlock {
  type: string;
  id: string;
  settings: Record<string, unknown>;
}

export interface Brand {
  id: BrandId;
  displayName: string;
  /** The paywall notice's pitch, in the brand's voice (docs/paywall-and-visitors.md#paywall-box). */
  paywallPitch: string;
  /** The company that publishes the brand, as written in the footer's legal line. */
  legalName: string;
  /** NIT (Colombian tax number). */
  taxNumber: string;
  city: string;
  issn: string;
  /** Host names without port, lower case; the first is the local development host. */
  hosts: string[];
  logo: BrandLogo;
  menus: BrandMenus;
  account: AccountLinks;
  /** In the hamburger's order: YouTube, TikTok, Twitter, Facebook, Instagram. */
  social: SocialLink[];
  footer: BrandFooter;
  theme: BrandTheme;
  /**
   * Third-party recommendation widgets the brand has contracted, by widget type
   * (docs/ads-and-widgets.md#widgets). A widget not named here shows the site's own recommendations.
   */
  thirdPartyWidgets?: Partial<Record<WidgetType, ThirdPartyWidget>>;
  header?: BrandHeader;
  /** The renewal and payment-update banners of subscribers (docs/subscriptions-and-checkout.md#renewal-banners). */
  subscriberBanners: SubscriberBanners;
  /**
   * Blocks on every HTML page the brand serves (its own, the group's, every template, the 404 and
   * error pages), first in the layout's first region; a page's own block of the same type gives way
   * (docs/brands.md#brand-wide-blocks).
   */
  everyPage?: BrandPageBlock[];
}
