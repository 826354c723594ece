// The shape of a brand's data: identity, legal lines, hosts, menus, footer, social links, theme.
// Framework-free: the server picks a brand by host, blocks read menus and theme from it.
import type { BrandId } from "../domain/brands";

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

export interface BrandMenus {
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
}
