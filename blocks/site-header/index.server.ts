import { getBrand, type AccountLinks, type MenuItem, type SocialLink } from "../../brands";
import { defineBlockServer } from "../../runtime/define";
import { brandMark, menuLeaf, menuWithSubmenu, socialLinksOf, type BrandMark } from "../_shared/brandChrome";
import { recordRenderInstant, type RenderedAtData } from "../_shared/clock";
import type { Settings } from "./settings";

/** Brands whose header carries the regional daily's top bar: e-mail name linking to the profile (docs/brands.md#top-bar). */
export const TOP_BAR_PROFILE_BRANDS: ReadonlySet<string> = new Set(["elpais"]);

/** The header's menus as shown: submenus already cut to the brand's row limit. */
export interface HeaderMenus {
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
  /** The regional daily's top-bar variant for a signed-in reader. */
  topBar: boolean;
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
    return {
      ...recordRenderInstant(),
      brand: { ...brandMark(brand), issn: brand.issn },
      menus: {
        main: main.map((item) => menuWithSubmenu(item, submenuMaxRows)),
        more: more.map(menuLeaf),
        drawer: drawer.map((item) => menuWithSubmenu(item, submenuMaxRows)),
      },
      userMenu: {
        account: { subscribe: menuLeaf(brand.account.subscribe), register: menuLeaf(brand.account.register), login: menuLeaf(brand.account.login) },
        topBar: TOP_BAR_PROFILE_BRANDS.has(brand.id),
      },
      social: socialLinksOf(brand),
      path: context.path,
      isStory: Boolean(context.article),
      ...(headline ? { headline } : {}),
    };
  },
  isEmpty: () => false,
});
