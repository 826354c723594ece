// The byline rules of docs/article-pages.md#byline, applied in order on the server (the header gets the
// resolved byline, never the document's credits):
// (a) no copyright text and published before 2025-01-27: the brand's newsroom, linking to its author page;
// (b) copyright text containing 'Redacción': that text, linking to its author page /autor/<slug>/;
// (c) no copyright text otherwise: the first credited author (photo, name, description, social links);
// (d) otherwise: the copyright text with 'Por: ' removed.
import { brands } from "../../brands";
import { DEFAULT_BRAND, isBrandId } from "../../domain/brands";
import { bylineAuthorPath, slugify } from "../../domain/slugs";
import { text } from "../../domain/ans";
import { safeHref, safeSrc } from "../../domain/urls";

/** Articles published before this instant (Bogotá midnight) with no byline text show the newsroom. */
export const NEWSROOM_BYLINE_CUTOFF = "2025-01-27T00:00:00-05:00";

/** The newsroom byline of a brand: "Redacción Semana", "Redacción El País"... */
export function newsroomName(brand: string): string {
  const known = isBrandId(brand) ? brands[brand] : brands[DEFAULT_BRAND];
  return `Redacción ${known.displayName}`;
}

const BYLINE_PREFIX = "Por: ";

/** The social networks shown beside a credited author, in this order, with their reader-facing names. */
const AUTHOR_SOCIAL_SITES = {
  linkedin: "LinkedIn",
  facebook: "Facebook",
  whatsapp: "WhatsApp",
  twitter: "X (Twitter)",
} as const;

export type SocialSite = keyof typeof AUTHOR_SOCIAL_SITES;

export interface AuthorInfo {
  name: string;
  href: string;
  photo?: string;
  description?: string;
  social: Array<{ site: SocialSite; url: string; label: string }>;
}

export type Byline =
  | { kind: "newsroom"; name: string; href: string }
  | { kind: "redaccion"; name: string; href: string }
  | { kind: "author"; author: AuthorInfo }
  | { kind: "text"; text: string }
  | { kind: "none" };

/** Bylines link to the author's page at /autor/{slug}/ (docs/article-pages.md#byline), which serves it. */
export const authorHref = bylineAuthorPath;

function photoUrl(credit: any): string | undefined {
  return safeSrc(credit?.image?.url) ?? safeSrc(credit?.image) ?? safeSrc(credit?.photo?.url) ?? safeSrc(credit?.photo);
}

/** Social profiles are links to other sites: absolute http(s) URLs only. */
function isWebUrl(url: string): boolean {
  return safeHref(url) !== undefined && /^https?:\/\//i.test(url.trim());
}

/** The first credited author with a name (or id), as the header shows it (docs/article-pages.md#byline rule 3). */
export function firstAuthor(article: Record<string, any>): AuthorInfo | undefined {
  const by = Array.isArray(article.credits?.by) ? article.credits.by : [];
  const credit = by.find((c: any) => text(c?.name) ?? text(c?.byline));
  if (!credit) return undefined;
  const name = (text(credit.name) ?? text(credit.byline))!.trim();
  const slug = slugify(name) || text(credit._id);
  const links = Array.isArray(credit.social_links) ? credit.social_links : [];
  const social = (Object.keys(AUTHOR_SOCIAL_SITES) as SocialSite[]).flatMap((site) => {
    const link = links.find((l: any) => {
      const value = text(l?.site)?.toLowerCase();
      return value === site || (site === "twitter" && value === "x");
    });
    const url = text(link?.url);
    return url && isWebUrl(url) ? [{ site, url, label: `${AUTHOR_SOCIAL_SITES[site]} de ${name}` }] : [];
  });
  return {
    name,
    href: slug ? authorHref(slug) : "",
    photo: photoUrl(credit),
    description: text(credit.description) ?? text(credit.bio),
    social,
  };
}

function publishedBeforeCutoff(article: Record<string, any>): boolean {
  const published = Date.parse(text(article.publish_date) ?? text(article.first_publish_date) ?? text(article.display_date) ?? "");
  return Number.isFinite(published) && published < Date.parse(NEWSROOM_BYLINE_CUTOFF);
}

export function resolveByline(article: Record<string, any>, brand: string): Byline {
  const copyright = (text(article.copyright) ?? "").trim();
  if (!copyright && publishedBeforeCutoff(article)) {
    const name = newsroomName(brand);
    return { kind: "newsroom", name, href: authorHref(slugify(name)) };
  }
  if (copyright.includes("Redacción")) {
    const name = copyright.split(BYLINE_PREFIX).join("").trim();
    return { kind: "redaccion", name, href: authorHref(slugify(name)) };
  }
  if (!copyright) {
    const author = firstAuthor(article);
    return author ? { kind: "author", author } : { kind: "none" };
  }
  const stripped = copyright.split(BYLINE_PREFIX).join("").trim();
  return stripped ? { kind: "text", text: stripped } : { kind: "none" };
}
