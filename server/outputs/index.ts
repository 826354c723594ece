// The output types other than HTML and their renderers (docs/decisions/0016-output-types.md): a
// page definition with "outputType" is resolved like any page (the same fetch plan and cache); its
// blocks' data (domain/outputs.ts) is written here as RSS 2.0, JSON, a sitemap, a sitemap index, a
// Google News sitemap or a robots.txt, every URL absolute on the site's public origin.
import { getBrand } from "../../brands";
import { BRAND_PLACEHOLDER } from "../head";
import { isSitePath, safeSrc } from "../../domain/urls";
import { sitemapMonth, type OutputBlockData, type OutputEntry, type RobotsRules, type SitemapRef } from "../../domain/outputs";
import type { OutputRenderer, RenderedOutput, ResolvedPage } from "../../runtime/types";

/** Seconds shared caches keep each output (Cache-Control s-maxage). */
export const OUTPUT_MAX_AGE = {
  /** Latest items change by the minute. */
  feed: 120,
  /** Google News reads it often; it must show a new article soon. */
  newsSitemap: 60,
  /** This month's sitemap and the sitemaps of sections, tags and authors. */
  sitemap: 900,
  /** A past month's sitemap changes only with corrections. */
  pastMonthSitemap: 86_400,
  sitemapIndex: 900,
  robots: 3600,
} as const;

/** The most entries of a Google News sitemap (Google's limit) and of any sitemap (sitemaps.org). */
const NEWS_SITEMAP_LIMIT = 1000;
const SITEMAP_LIMIT = 50_000;

export const SITEMAP_NS = "http://www.sitemaps.org/schemas/sitemap/0.9";
export const NEWS_NS = "http://www.google.com/schemas/sitemap-news/0.9";
export const IMAGE_NS = "http://www.google.com/schemas/sitemap-image/1.1";

const XML_HEADER = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XML_TYPE = "application/xml; charset=utf-8";

/** Text for XML, with the characters XML 1.0 does not allow dropped. */
function xml(value: string): string {
  return (
    value
      // eslint-disable-next-line no-control-regex -- characters XML 1.0 cannot carry
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
  );
}

const cdata = (value: string) =>
  // eslint-disable-next-line no-control-regex -- characters XML 1.0 cannot carry
  `<![CDATA[${value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "").replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;

/** An absolute URL on the site for a path on it, an http(s) URL as it is; undefined for anything else. */
function absoluteUrl(url: string, origin: string): string | undefined {
  if (isSitePath(url)) return new URL(url, origin).href;
  return safeSrc(url);
}

function blockData(page: ResolvedPage): OutputBlockData[] {
  return Object.values(page.regions)
    .flat()
    .map((block) => (block.data ?? {}) as OutputBlockData);
}

/** Every entry of the page's blocks in region order, each path once. */
function entriesOf(page: ResolvedPage): OutputEntry[] {
  const seen = new Set<string>();
  const entries: OutputEntry[] = [];
  for (const data of blockData(page)) {
    for (const entry of data.entries ?? []) {
      if (seen.has(entry.path)) continue;
      seen.add(entry.path);
      entries.push(entry);
    }
  }
  return entries;
}

function withBrand(page: ResolvedPage, value: string | undefined): string | undefined {
  return value?.replaceAll(BRAND_PLACEHOLDER, getBrand(page.brand).displayName);
}

const rfc822 = (iso: string) => new Date(iso).toUTCString();

/**
 * The page a feed belongs to, for its channel's <link>: the feed page's canonical URL (strategy "url"),
 * each {param} the route parameter's value ("/opinion/{author}/" on an author's feed); else the home.
 */
function channelLink(page: ResolvedPage, origin: string): string {
  const canonical = page.metadata.canonical;
  if (canonical?.strategy === "url" && canonical.url) {
    const path = canonical.url.replace(/\{([a-zA-Z]+)\}/g, (_, name: string) => encodeURIComponent(page.context.params[name] ?? ""));
    const link = absoluteUrl(path, origin);
    if (link) return link;
  }
  return new URL("/", origin).href;
}

function output(contentType: string, body: string, maxAgeSeconds: number): RenderedOutput {
  return { contentType, body, maxAgeSeconds };
}

const rss: OutputRenderer = {
  name: "rss",
  regions: ["items"],
  needsContent: true,
  render(page, { origin, now }) {
    const brand = getBrand(page.brand);
    const title = withBrand(page, page.metadata.title) ?? brand.displayName;
    const description = withBrand(page, page.metadata.description) ?? title;
    const self = new URL(page.context.path, origin).href;
    const items = entriesOf(page).map((entry) => {
      const link = absoluteUrl(entry.path, origin)!;
      const image = entry.image && absoluteUrl(entry.image.url, origin);
      return [
        "<item>",
        `<title>${xml(entry.title ?? "")}</title>`,
        `<link>${xml(link)}</link>`,
        `<guid isPermaLink="true">${xml(link)}</guid>`,
        entry.published ? `<pubDate>${rfc822(entry.published)}</pubDate>` : "",
        ...(entry.authors ?? []).map((name) => `<dc:creator>${xml(name)}</dc:creator>`),
        ...(entry.categories ?? []).map((name) => `<category>${xml(name)}</category>`),
        entry.description ? `<description>${xml(entry.description)}</description>` : "",
        entry.body ? `<content:encoded>${cdata(entry.body)}</content:encoded>` : "",
        image
          ? `<media:content url="${xml(image)}" medium="image"${entry.image!.width ? ` width="${entry.image!.width}"` : ""}${entry.image!.height ? ` height="${entry.image!.height}"` : ""}/>`
          : "",
        "</item>",
      ]
        .filter(Boolean)
        .join("");
    });
    const body =
      XML_HEADER +
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:media="http://search.yahoo.com/mrss/">\n' +
      "<channel>" +
      `<title>${xml(title)}</title>` +
      `<link>${xml(channelLink(page, origin))}</link>` +
      `<description>${xml(description)}</description>` +
      "<language>es-CO</language>" +
      `<lastBuildDate>${now.toUTCString()}</lastBuildDate>` +
      `<atom:link href="${xml(self)}" rel="self" type="application/rss+xml"/>\n` +
      items.join("\n") +
      "\n</channel>\n</rss>\n";
    return output("application/rss+xml; charset=utf-8", body, OUTPUT_MAX_AGE.feed);
  },
};

const json: OutputRenderer = {
  name: "json",
  regions: ["items"],
  needsContent: true,
  render(page, { origin }) {
    const items = entriesOf(page).map(({ path, image, ...entry }) => ({
      ...entry,
      url: absoluteUrl(path, origin),
      ...(image ? { image: { ...image, url: absoluteUrl(image.url, origin) } } : {}),
    }));
    const body = JSON.stringify({ title: withBrand(page, page.metadata.title), url: new URL(page.context.path, origin).href, items });
    return output("application/json; charset=utf-8", body, OUTPUT_MAX_AGE.feed);
  },
};

function imageXml(entry: OutputEntry, origin: string): string {
  const image = entry.image && absoluteUrl(entry.image.url, origin);
  return image ? `<image:image><image:loc>${xml(image)}</image:loc></image:image>` : "";
}

/** The month a monthly sitemap names ("2026-03"), from its route's :month. */
function isPastMonth(page: ResolvedPage, now: Date): boolean {
  const month = sitemapMonth(String(page.context.params.month ?? ""))?.month;
  return month !== undefined && month < new Date(now.getTime() - 5 * 3600_000).toISOString().slice(0, 7);
}

const sitemap: OutputRenderer = {
  name: "sitemap",
  notFoundWhenEmpty: true,
  regions: ["urls"],
  needsContent: true,
  render(page, { origin, now }) {
    const urls = entriesOf(page)
      .slice(0, SITEMAP_LIMIT)
      .map((entry) => {
        const lastmod = entry.modified ?? entry.published;
        return `<url><loc>${xml(absoluteUrl(entry.path, origin)!)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ""}${imageXml(entry, origin)}</url>`;
      });
    const body = `${XML_HEADER}<urlset xmlns="${SITEMAP_NS}" xmlns:image="${IMAGE_NS}">\n${urls.join("\n")}\n</urlset>\n`;
    return output(XML_TYPE, body, isPastMonth(page, now) ? OUTPUT_MAX_AGE.pastMonthSitemap : OUTPUT_MAX_AGE.sitemap);
  },
};

const newsSitemap: OutputRenderer = {
  name: "news-sitemap",
  notFoundWhenEmpty: true,
  regions: ["urls"],
  needsContent: true,
  render(page, { origin }) {
    const name = getBrand(page.brand).displayName;
    const urls = entriesOf(page)
      .filter((entry) => entry.published && entry.title)
      .slice(0, NEWS_SITEMAP_LIMIT)
      .map(
        (entry) =>
          `<url><loc>${xml(absoluteUrl(entry.path, origin)!)}</loc><news:news><news:publication><news:name>${xml(name)}</news:name><news:language>es</news:language></news:publication>` +
          `<news:publication_date>${entry.published}</news:publication_date><news:title>${xml(entry.title!)}</news:title></news:news>${imageXml(entry, origin)}</url>`,
      );
    const body = `${XML_HEADER}<urlset xmlns="${SITEMAP_NS}" xmlns:news="${NEWS_NS}" xmlns:image="${IMAGE_NS}">\n${urls.join("\n")}\n</urlset>\n`;
    return output(XML_TYPE, body, OUTPUT_MAX_AGE.newsSitemap);
  },
};

const sitemapIndex: OutputRenderer = {
  name: "sitemap-index",
  notFoundWhenEmpty: true,
  regions: ["sitemaps"],
  needsContent: true,
  render(page, { origin }) {
    const refs: SitemapRef[] = blockData(page).flatMap((data) => data.sitemaps ?? []);
    const sitemaps = refs
      .map((ref) => ({ ...ref, loc: absoluteUrl(ref.path, origin) }))
      .filter((ref) => ref.loc)
      .map((ref) => `<sitemap><loc>${xml(ref.loc!)}</loc>${ref.lastmod ? `<lastmod>${ref.lastmod}</lastmod>` : ""}</sitemap>`);
    const body = `${XML_HEADER}<sitemapindex xmlns="${SITEMAP_NS}">\n${sitemaps.join("\n")}\n</sitemapindex>\n`;
    return output(XML_TYPE, body, OUTPUT_MAX_AGE.sitemapIndex);
  },
};

const robots: OutputRenderer = {
  name: "robots",
  regions: ["rules"],
  needsContent: false,
  render(page, { origin }) {
    const rules: RobotsRules[] = blockData(page).flatMap((data) => (data.robots ? [data.robots] : []));
    const disallow = [...new Set(rules.flatMap((rule) => rule.disallow))];
    const sitemaps = [...new Set(rules.flatMap((rule) => rule.sitemaps))].map((path) => absoluteUrl(path, origin)).filter(Boolean);
    const lines = [
      "User-agent: *",
      ...(disallow.length ? disallow.map((path) => `Disallow: ${path}`) : ["Disallow:"]),
      "",
      ...sitemaps.map((url) => `Sitemap: ${url}`),
    ];
    return output("text/plain; charset=utf-8", lines.join("\n") + "\n", OUTPUT_MAX_AGE.robots);
  },
};

/** Every output type the server writes besides HTML. */
export const outputRenderers: OutputRenderer[] = [rss, json, sitemap, newsSitemap, sitemapIndex, robots];
