import { getBrand, type AccountLinks, type MenuItem, type SocialLink, type SubscriberBanners } from "../../brands";
import { defineBlockServer } from "../../runtime/define";
import { brandMark, menuLeaf, menuWithSubmenu, socialLinksOf, type BrandMark } from "../_shared/brandChrome";
import { recordRenderInstant, type RenderedAtData } from "../_shared/clock";
import { SEARCH_PATH, SEARCH_QUERY_MAX_LENGTH, SEARCH_QUERY_PARAM } from "../../domain/search";
import { escapeHtml } from "../../domain/text";
import { isCurrent, menuHref } from "../_shared/menuLinks";
import type { Settings } from "./settings";

/** Brands whose header carries the regional daily's top bar: e-mail name linking to the profile (docs/brands.md#top-bar). */
export const TOP_BAR_PROFILE_BRANDS: ReadonlySet<string> = new Set(["elpais"]);

/** The header's menus as shown: submenus already cut to the brand's row limit. */
interface HeaderMenus {
  /** The horizontal main menu; an entry with items opens a submenu. */
  main: MenuItem[];
  /** The 'Más' dropdown (plain links); empty when the brand has none. */
  more: MenuItem[];
  /** The hamburger drawer: links or group titles, each with its submenu. */
  drawer: MenuItem[];
}

/** What the user menu (filled in the browser from the session) needs of the brand. */
export interface UserMenuLinks {
  /** Subscribe, create account and log in, for an anonymous visitor. */
  account: AccountLinks;
  /** The regional daily's top-bar variant for a signed-in reader; its log-out reloads the page the reader is on. */
  topBar: boolean;
  /** The subscriber banners: the account menu's entry (MenuContext) of docs/subscriptions-and-checkout.md#renewal-banners. */
  banners: SubscriberBanners;
}

/**
 * The wordmark with a mark beside it (the regional daily's '75 años' on its home page), as the
 * logo's HTML: it costs the header no browser code.
 */
function logoWithBadge(logoSvg: string, badge: { svg: string; label: string }): string {
  return `${logoSvg}<span data-home-badge="" role="img" aria-label="${escapeHtml(badge.label)}">${badge.svg}</span>`;
}

export interface Data extends RenderedAtData {
  brand: BrandMark & { issn: string };
  menus: HeaderMenus;
  userMenu: UserMenuLinks;
  /** The hamburger's social links, in the brand's order. */
  social: SocialLink[];
  /** The path being read: its menu entry is marked as the current page. */
  path: string;
  /** True on an article page: the compact header carries the reading-progress bar. */
  isStory: boolean;
  /** The story's headline, shown in the compact header. */
  headline?: string;
  /**
   * The top bar's search, as HTML: a link to the results page, or on brands with the search overlay
   * the label and the overlay (docs/brands.md#soho-menu). Written here, it costs no browser code.
   */
  searchHtml: string;
  /**
   * The regional daily's sticky bar's menu and search (docs/brands.md#sticky-bar), as HTML; the bar
   * then carries them, subscribe and the user menu instead of the story's headline.
   */
  stickyBarHtml?: string;
}

const SEARCH_TOGGLE_ID = "buscar-alternar";
/** The top bar's search on brands without the overlay: a link to the results page (docs/listings.md#search-results). */
const SEARCH_LINK_HTML = `<a href="${SEARCH_PATH}" data-search-link="">Buscar</a>`;
const STICKY_MENU_LABEL = "Menú de la barra fija";

/**
 * The sticky bar's menu (the main menu's entries that are links, the current page marked) and its
 * search link, as HTML: written here, they cost the header no browser code.
 */
function stickyBarHtml(main: MenuItem[], path: string): string {
  const links = main
    .filter((item) => item.link && !item.isExternalLink && !item.isChatNumber)
    .map((item) => `<li><a href="${escapeHtml(menuHref(item)!)}"${isCurrent(item, path) ? ' aria-current="page"' : ""}>${escapeHtml(item.title)}</a></li>`)
    .join("");
  return `<nav data-sticky-nav="" aria-label="${STICKY_MENU_LABEL}"><ul>${links}</ul></nav><a href="${SEARCH_PATH}" data-sticky-search="">Buscar</a>`;
}

/**
 * The search overlay (docs/brands.md#soho-menu): a visually hidden checkbox, the top bar's 'Buscar'
 * label and the overlay's close label toggle it, and CSS shows the overlay while it is checked — so
 * it opens, closes and searches without any script. It is sent as HTML that the header renders as
 * it is: no browser code for it, on no brand.
 */
export function searchOverlayHtml(brandName: string): string {
  const toggle = SEARCH_TOGGLE_ID;
  return [
    `<input id="${toggle}" type="checkbox" class="visually-hidden" data-search-toggle="" aria-label="Buscar" aria-controls="buscar-panel">`,
    `<label for="${toggle}" data-search-label="">Buscar</label>`,
    `<div id="buscar-panel" data-search-overlay="">`,
    `<div class="container" data-search-panel="">`,
    `<form role="search" action="${SEARCH_PATH}" method="get" data-search-form="">`,
    `<label for="buscar-campo" data-search-field-label="">Buscar en ${escapeHtml(brandName)}</label>`,
    `<div data-search-row=""><input id="buscar-campo" type="search" name="${SEARCH_QUERY_PARAM}" maxlength="${SEARCH_QUERY_MAX_LENGTH}" autocomplete="off" placeholder="¿Qué quieres leer?" data-search-input="">`,
    `<button type="submit" data-search-submit="">Buscar</button></div>`,
    `</form>`,
    `<label for="${toggle}" data-search-close=""><span aria-hidden="true">×</span><span class="visually-hidden">Cerrar la búsqueda</span></label>`,
    `</div></div>`,
  ].join("");
}

/**
 * The brand's header (docs/article-pages.md#site-header): its menus are brand data, so it fetches
 * nothing. transform() picks this brand's menus, links and wordmark, the path and the story's
 * headline, and records the render instant so that today's date hydrates without mismatch.
 */
export default defineBlockServer<Settings, Data>({
  transform: (_raw, _settings, context) => {
    const brand = getBrand(context.brand);
    const { main, more, drawer, submenuMaxRows } = brand.menus;
    const basic = (context.article as { headlines?: { basic?: unknown } } | undefined)?.headlines?.basic;
    const headline = typeof basic === "string" && basic ? basic : undefined;
    const { searchOverlay = false, fullStickyBar = false, homeBadge } = brand.header ?? {};
    return {
      ...recordRenderInstant(),
      brand: {
        ...brandMark(brand),
        // docs/brands.md#75-years-logo: the home page's extra mark, beside the wordmark.
        ...(homeBadge && context.path === "/" ? { logoSvg: logoWithBadge(brand.logo.svg, homeBadge) } : {}),
        issn: brand.issn,
      },
      menus: {
        main: main.map((item) => menuWithSubmenu(item, submenuMaxRows)),
        more: more.map(menuLeaf),
        drawer: drawer.map((item) => menuWithSubmenu(item, submenuMaxRows)),
      },
      userMenu: {
        account: { subscribe: menuLeaf(brand.account.subscribe), register: menuLeaf(brand.account.register), login: menuLeaf(brand.account.login) },
        topBar: TOP_BAR_PROFILE_BRANDS.has(brand.id),
        banners: brand.subscriberBanners,
      },
      social: socialLinksOf(brand),
      path: context.path,
      isStory: Boolean(context.article),
      ...(headline ? { headline } : {}),
      searchHtml: searchOverlay ? searchOverlayHtml(brand.displayName) : SEARCH_LINK_HTML,
      ...(fullStickyBar ? { stickyBarHtml: stickyBarHtml(main, context.path) } : {}),
    };
  },
  isEmpty: () => false,
});
