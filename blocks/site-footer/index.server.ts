import { getBrand, type BrandFooter, type FooterGroup, type SocialLink, type SocialNetwork } from "../../brands";
import { defineBlockServer } from "../../runtime/define";
import { brandMark, menuLeaf, socialLinksOf, type BrandMark } from "../_shared/brandChrome";
import { archivePath } from "../../domain/archive";
import { isoDateInBogota, yearInBogota } from "../_shared/clock";
import type { Settings } from "./settings";

/** docs/brands.md#footer-links: "social links (Facebook, Instagram, Twitter, YouTube)". */
export const FOOTER_SOCIAL_NETWORKS: readonly SocialNetwork[] = ["facebook", "instagram", "twitter", "youtube"];

export interface Data {
  /** The copyright year, in Bogotá, when the page was rendered. */
  year: string;
  /** The wordmark and the legal lines (docs/brands.md#footer-facts). */
  brand: BrandMark & { legalName: string; taxNumber: string; city: string; issn: string };
  /** The footer's social links, in FOOTER_SOCIAL_NETWORKS order. */
  social: SocialLink[];
  /** The two collapsible groups (docs/brands.md#collapsible-groups). */
  groups: FooterGroup[];
  officeHours: BrandFooter["officeHours"];
  consumerAuthority: BrandFooter["consumerAuthority"];
  /** Today's page of the daily archive, /archivo/aaaa/mm/dd/ (docs/archives.md#daily-archive). */
  archive: string;
}

/**
 * The brand's footer (docs/brands.md#footer). Brand data only, no fetch: transform() picks this
 * brand's links and legal lines and the year. The footer is HTML only (no component code in the
 * browser): its groups fold with the page's one script (blocks/_shared/enhance.ts), and its dark-theme
 * switch works with the head's theme script (blocks/_shared/darkTheme.ts).
 */
export default defineBlockServer<Settings, Data>({
  transform: (_raw, _settings, context) => {
    const brand = getBrand(context.brand);
    const { groups, officeHours, consumerAuthority } = brand.footer;
    const now = context.now ?? new Date();
    return {
      year: yearInBogota(now),
      archive: archivePath(isoDateInBogota(now)),
      brand: { ...brandMark(brand), legalName: brand.legalName, taxNumber: brand.taxNumber, city: brand.city, issn: brand.issn },
      social: socialLinksOf(brand, FOOTER_SOCIAL_NETWORKS),
      groups: groups.map(({ id, title, links }) => ({ id, title, links: links.map(menuLeaf) })),
      officeHours,
      consumerAuthority: { name: consumerAuthority.name, url: consumerAuthority.url, logoSvg: consumerAuthority.logoSvg },
    };
  },
  isEmpty: () => false,
});
