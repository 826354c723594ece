// Structured data of an article page (docs/article-pages.md#structured-data), built on the server
// from the page's article: NewsArticle (ReportageNewsArticle on special reports, OpinionNewsArticle
// on opinion pieces), LiveBlogPosting on live blogs, VideoObject where the article leads with a
// video, and a BreadcrumbList. Paywalled articles say so (isAccessibleForFree and hasPart, as Google
// documents for subscription content) and never carry their body: no articleBody on any article, and
// a live blog's updates only when this reader may read them.
import { getBrand } from "../../brands";
import { primarySection, text, type DocumentLike } from "../../domain/ans";
import { articleTitle, isLive, isOpinion, relatedTags } from "../../domain/articles";
import { sectionName, sectionPagePath } from "../../domain/sections";
import { slugify } from "../../domain/slugs";
import { contentPath, isSitePath, safeHref, safeSrc } from "../../domain/urls";
import { authorHref } from "../_shared/byline";
import { resolveLead } from "../_shared/lead";
import { PAYWALLED_CLASS } from "../_shared/jsonld";
import { pageOrigin } from "../_shared/publicOrigin";
import { coverageWindow, colombianDay, entryInstant, liveEntries } from "../_shared/liveTimeline";
import { youtubeThumbnail } from "../_shared/youtube";

type ArticleType = "NewsArticle" | "ReportageNewsArticle" | "OpinionNewsArticle";

/** Google shows at most 110 characters of a headline. */
const HEADLINE_LIMIT = 110;

type Json = Record<string, unknown>;

/** The brand's logo for publishers: public/logos/<brand>.svg, the header's wordmark. */
function logoPath(brand: string): string {
  return `/logos/${brand}.svg`;
}

const absolute = (url: string | undefined, origin: string): string | undefined => {
  if (!url) return undefined;
  if (isSitePath(url)) return origin + url;
  return /^https?:\/\//i.test(url) ? url : undefined;
};

function isoInstant(value: unknown): string | undefined {
  if (typeof value !== "string" || !value.trim()) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

const plain = (value: unknown): string | undefined =>
  text(value)
    ?.replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim() || undefined;

const cut = (value: string, limit: number) => (value.length <= limit ? value : `${value.slice(0, limit - 3).trimEnd()}...`);

/** Milliseconds (ANS `duration`) as an ISO 8601 duration ("PT2M19S"). */
export function isoDuration(ms: unknown): string | undefined {
  if (typeof ms !== "number" || !Number.isFinite(ms) || ms <= 0) return undefined;
  const total = Math.round(ms / 1000);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

const strip = (object: Json): Json => Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined));

function authorsOf(article: DocumentLike, brand: string, origin: string): Json[] {
  const by: any[] = Array.isArray(article.credits?.by) ? article.credits.by : [];
  const people = by
    .map((author) => {
      const name = plain(author?.name) ?? plain(author?.byline);
      if (!name) return undefined;
      // The author's page, as the byline links it.
      const slug = slugify(name) || text(author?._id);
      return strip({ "@type": "Person", name, url: slug ? origin + authorHref(slug) : undefined });
    })
    .filter((author): author is Json => Boolean(author));
  if (people.length) return people;
  // A story credited to nobody is the newsroom's.
  const byline = plain(article.copyright)?.replace(/^Por:\s*/i, "");
  return [{ "@type": "Organization", name: byline || getBrand(brand).displayName, url: `${origin}/` }];
}

function publisher(brand: string, origin: string): Json {
  const { displayName, logo } = getBrand(brand);
  return {
    "@type": "NewsMediaOrganization",
    name: displayName,
    url: `${origin}/`,
    logo: { "@type": "ImageObject", url: origin + logoPath(brand), width: logo.width, height: logo.height },
  };
}

function images(article: DocumentLike, origin: string): string[] {
  const urls = [article.promo_items?.basic?.url, article.promo_items?.basic?.promo_image?.url, article.promo_items?.lead_art?.url];
  return [...new Set(urls.map((url) => absolute(safeSrc(url), origin)).filter((url): url is string => Boolean(url)))];
}

/** The article's own address: its original URL when another newsroom published it, else its path on the brand. */
function pageUrl(article: DocumentLike, origin: string, path: string): string {
  const canonical = safeHref(article.canonical_url);
  if (canonical && /^https?:\/\//i.test(canonical)) return canonical;
  return origin + (contentPath(canonical) ?? path);
}

export interface StructuredDataInput {
  article: unknown;
  brand: string;
  /** The page's path (when the article has no canonical URL). */
  path: string;
  /** The origin the page is served at (PageContext.origin); the brand's public origin without one. */
  origin?: string;
  /** The article is for subscribers (content code '3' outside the never-paywalled sections). */
  paywalled: boolean;
  /** This reader may read the body (free, or entitled): a live blog's updates are listed only then. */
  readable: boolean;
  /** Which article type: the page's setting; "auto" chooses by the article. */
  articleType?: ArticleType | "auto";
  /** Where invalid dates are reported. */
  warn?: (message: string) => void;
}

/** The page's JSON-LD objects, each its own script; empty without an article. */
export function articleStructuredData(input: StructuredDataInput): Json[] {
  const article = input.article && typeof input.article === "object" ? (input.article as DocumentLike) : undefined;
  if (!article) return [];
  const { brand } = input;
  const origin = pageOrigin(input);
  const url = pageUrl(article, origin, input.path);
  const headline = articleTitle(article) ?? getBrand(brand).displayName;
  const description = plain(article.description?.basic) ?? plain(article.subheadlines?.basic);
  const published = isoInstant(article.publish_date) ?? isoInstant(article.first_publish_date) ?? isoInstant(article.display_date);
  const modified = isoInstant(article.last_updated_date) ?? published;
  const primary = primarySection(article);
  const section = primary ? (primary.name ?? sectionName(brand, primary.id)) : undefined;
  const keywords = relatedTags(article).map((tag) => tag.text);
  const live = isLive(article);
  const type = input.articleType && input.articleType !== "auto" ? input.articleType : isOpinion(article) ? "OpinionNewsArticle" : "NewsArticle";

  const main: Json = strip({
    "@context": "https://schema.org",
    "@type": live ? "LiveBlogPosting" : type,
    "@id": `${url}#articulo`,
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    url,
    headline: cut(headline, HEADLINE_LIMIT),
    description,
    image: images(article, origin),
    datePublished: published,
    dateModified: modified,
    author: authorsOf(article, brand, origin),
    publisher: publisher(brand, origin),
    articleSection: section,
    keywords: keywords.length ? keywords.join(", ") : undefined,
    inLanguage: "es-CO",
    isAccessibleForFree: !input.paywalled,
    ...(input.paywalled ? { hasPart: { "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: `.${PAYWALLED_CLASS}` } } : {}),
  });
  if (!(main.image as string[]).length) delete main.image;

  if (live) {
    const window = coverageWindow(article.publish_date);
    if (!window)
      input.warn?.(`en vivo: fecha de publicación no válida (${JSON.stringify(String(article.publish_date ?? "")).slice(0, 60)}); sin ventana de cobertura`);
    const day = colombianDay(article.publish_date);
    main.coverageStartTime = window?.start;
    main.coverageEndTime = window?.end;
    if (!window) {
      delete main.coverageStartTime;
      delete main.coverageEndTime;
    }
    // The updates are the body: only for a reader who may read it.
    if (input.readable && day) {
      main.liveBlogUpdate = liveEntries(article.content_elements).map((entry) => ({
        "@type": "BlogPosting",
        headline: cut(entry.text, HEADLINE_LIMIT),
        datePublished: entryInstant(day, entry.time),
        articleBody: entry.text,
      }));
    }
  }

  const objects: Json[] = [main];
  const video = videoObject(article, headline, description, published, origin);
  if (video) objects.push(video);
  objects.push(breadcrumbs(brand, origin, primary?.id, section, headline, url));
  return objects;
}

function videoObject(
  article: DocumentLike,
  headline: string,
  description: string | undefined,
  published: string | undefined,
  origin: string,
): Json | undefined {
  const lead = resolveLead(article);
  if (lead.kind !== "youtube" && lead.kind !== "video") return undefined;
  const basic = article.promo_items?.basic?.type === "video" ? article.promo_items.basic : article;
  // The video's metadata, as the video API gives it (additional_properties.youtube on the seeded content).
  const meta = article.additional_properties?.youtube ?? basic.additional_properties?.youtube;
  const thumbnails = [
    absolute(safeSrc(meta?.snippet?.thumbnails?.high?.url ?? meta?.snippet?.thumbnails?.default?.url), origin),
    lead.kind === "video" ? absolute(lead.poster, origin) : youtubeThumbnail(lead.videoId),
    ...images(article, origin),
  ].filter((url): url is string => Boolean(url));
  const uploadDate = isoInstant(meta?.snippet?.publishedAt) ?? published;
  if (!thumbnails.length || !uploadDate) return undefined;
  return strip({
    "@context": "https://schema.org",
    "@type": "VideoObject",
    name: plain(meta?.snippet?.title) ?? lead.title ?? headline,
    description: plain(meta?.snippet?.description) ?? description ?? headline,
    thumbnailUrl: [...new Set(thumbnails)],
    uploadDate,
    duration: text(meta?.contentDetails?.duration) ?? isoDuration(basic.duration ?? article.duration),
    ...(lead.kind === "youtube" ? { embedUrl: `https://www.youtube.com/embed/${lead.videoId}` } : { contentUrl: absolute(lead.src, origin) }),
    inLanguage: "es-CO",
  });
}

function breadcrumbs(brand: string, origin: string, sectionId: string | undefined, section: string | undefined, headline: string, url: string): Json {
  const items: Json[] = [{ name: getBrand(brand).displayName, item: `${origin}/` }];
  const sectionPath = sectionId ? sectionPagePath(brand, sectionId) : undefined;
  if (section && sectionPath) items.push({ name: section, item: origin + sectionPath });
  items.push({ name: cut(headline, HEADLINE_LIMIT), item: url });
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: items.map((item, index) => ({ "@type": "ListItem", position: index + 1, ...item })),
  };
}

/**
 * The file public/logos/<brand>.svg: the header's wordmark standing alone (its currentColor, which
 * follows the header mode, in the brand's text colour on white). A test keeps the files equal to it.
 */
export function logoFile(brand: string): string {
  return getBrand(brand).logo.svg.replace(/currentColor/g, "#111111");
}
