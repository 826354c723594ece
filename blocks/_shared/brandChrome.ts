// What the header and the footer show of their brand, picked on the server from brands/ so that
// only this brand's name, wordmark, links and menus travel to the browser. No React here: the
// server halves of site-header and site-footer import this file, the components import its types.
import type { Brand, MenuItem, SocialLink, SocialNetwork } from "../../brands";

/** The brand's name (for accessible names) and its wordmark, which links to the home page. */
export interface BrandMark {
  displayName: string;
  /** Inline SVG markup of the wordmark. */
  logoSvg: string;
}

export function brandMark(brand: Brand): BrandMark {
  return { displayName: brand.displayName, logoSvg: brand.logo.svg };
}

/** Who speaks in a form's text: the brand's name and the company that publishes it (its data controller). */
export interface BrandPublisher {
  brandName: string;
  legalName: string;
}

export function brandPublisher(brand: Brand): BrandPublisher {
  return { brandName: brand.displayName, legalName: brand.legalName };
}

/** The brand's social links in the order asked (all of them, in the brand's order, by default). */
export function socialLinksOf(brand: Brand, networks?: readonly SocialNetwork[]): SocialLink[] {
  const links = networks ? networks.flatMap((network) => brand.social.filter((link) => link.network === network)) : brand.social;
  return links.map(({ network, url }) => ({ network, url }));
}

/** A menu entry as a link, without the submenu a plain link does not show. */
export function menuLeaf({ items: _items, ...item }: MenuItem): MenuItem {
  return item;
}

/**
 * A menu entry with its submenu as shown: at most `maxRows` rows when the brand limits them
 * (docs/brands.md#soho-menu), and no deeper level (a submenu's entries are plain links).
 */
export function menuWithSubmenu(item: MenuItem, maxRows?: number): MenuItem {
  if (!item.items?.length) return menuLeaf(item);
  const rows = maxRows ? item.items.slice(0, maxRows) : item.items;
  return { ...item, items: rows.map(menuLeaf) };
}
