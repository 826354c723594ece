// Output pages over real HTTP, for all six brands (docs/decisions/0016-output-types.md): every feed
// and sitemap parses and validates (the sitemaps.org and Google News schemas in tests/fixtures/xsd;
// RSS 2.0's structure), the news sitemap holds exactly the last 48 hours, the monthly sitemaps list
// every published article exactly once, robots.txt names sitemaps that answer, a locked body is in
// no feed, caching answers 304 and gzip, and HTML pages carry their head metadata.
import { gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brandIds, type BrandId } from "../../domain/brands";
import { isSitePath } from "../../domain/urls";
import { generateCorpus, DEFAULT_NOW } from "../content/seed";
import type { SeedCorpus } from "../content/corpus";
import { lockedForAnonymous } from "../paywall";
import { IMAGE_NS, NEWS_NS, OUTPUT_MAX_AGE, SITEMAP_NS } from "./index";
import { brandHost, requestSite } from "../../tests/support/site-http";
import { startSiteServer, type SiteServer } from "../../tests/support/site-server";
import { parseXml, rssProblems, schemaErrors, texts } from "../../tests/support/xml";

const NOW = DEFAULT_NOW;
const HOUR = 3600_000;
const corpus: SeedCorpus = generateCorpus({ scale: 0.04, now: NOW });

let site: SiteServer;

/** A request of the brand's host (fetch cannot set Host). */
const get = (path: string, brand: BrandId, headers: Record<string, string> = {}) => requestSite(site.port, { host: brandHost(brand), path, headers });

/** The documents a brand publishes as the outputs see them: an id, a path on the site, a date, no redirect. */
function published(brand: BrandId): any[] {
  return (corpus.documents as any[]).filter(
    (doc) =>
      doc.canonical_website === brand &&
      typeof doc._id === "string" &&
      typeof doc.canonical_url === "string" &&
      isSitePath(doc.canonical_url) &&
      doc.publish_date &&
      doc.related_content?.redirect?.[0]?.redirect_url === undefined,
  );
}

const pathOf = (url: string) => new URL(url).pathname;

beforeAll(async () => {
  site = await startSiteServer({ corpus, boot: { now: () => NOW } });
}, 240_000);

afterAll(async () => {
  await site?.close();
});

/** A sitemap's address as a file name for xmllint's messages ("sitemap_2026-11_.xml"). */
const fileNameOf = (loc: string) => `${(pathOf(loc) + new URL(loc).search).replace(/[^A-Za-z0-9-]+/g, "_").replace(/^_+/, "")}.xml`;

describe.each(brandIds.map((brand) => [brand] as const))("%s", (brand) => {
  it("robots.txt keeps crawlers out of account, checkout and debug pages and names sitemaps that answer 200", async () => {
    const robots = await get("/robots.txt", brand);
    expect(robots.status).toBe(200);
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    for (const path of ["/autogestion/", "/suscripciones-online/", "/_operador/", "/dev/", "/*?debug="]) expect(robots.body).toContain(`Disallow: ${path}\n`);
    const sitemaps = [...robots.body.matchAll(/^Sitemap: (.+)$/gm)].map((m) => m[1]);
    expect(sitemaps.length).toBeGreaterThanOrEqual(2);
    for (const url of sitemaps) {
      expect(new URL(url).host).toBe(brandHost(brand));
      const answer = await get(new URL(url).pathname + new URL(url).search, brand);
      expect(answer.status, url).toBe(200);
    }
  });

  it("the sitemap index lists a valid monthly sitemap per month back to the oldest content, and together they list every published article exactly once", async () => {
    const index = await get("/arc/outboundfeeds/sitemap-index/?outputType=xml", brand);
    expect(index.status).toBe(200);
    expect(index.headers["content-type"]).toBe("application/xml; charset=utf-8");
    expect(await schemaErrors(index.body, "sitemapIndex")).toEqual([]);
    const locs = texts(parseXml(index.body), SITEMAP_NS, "loc");
    const monthly = locs.filter((loc) => /\/arc\/outboundfeeds\/sitemap\/\d{4}-\d{2}\//.test(loc));
    const docs = published(brand);
    const oldest = docs.map((doc) => doc.publish_date).sort()[0];
    const monthOf = (iso: string) => new Date(Date.parse(iso) - 5 * HOUR).toISOString().slice(0, 7);
    expect(monthly[0]).toContain(`/sitemap/${monthOf(oldest)}/`);
    // Every monthly sitemap has its lastmod (the fixed ones of sections, tags and authors need none).
    expect(texts(parseXml(index.body), SITEMAP_NS, "lastmod").length).toBeGreaterThanOrEqual(monthly.length);

    const listed: string[] = [];
    // Every sitemap is validated, all of them in one run of xmllint (named by their address).
    const bodies: Record<string, string> = {};
    for (const loc of monthly) {
      const sitemap = await get(pathOf(loc) + new URL(loc).search, brand);
      expect(sitemap.status, loc).toBe(200);
      bodies[fileNameOf(loc)] = sitemap.body;
      expect(Buffer.byteLength(sitemap.body)).toBeLessThan(50 * 1024 * 1024);
      const urls = texts(parseXml(sitemap.body), SITEMAP_NS, "loc").filter((url) => !url.includes("/images/"));
      expect(urls.length).toBeLessThanOrEqual(50_000);
      listed.push(...urls.map(pathOf));
    }
    expect(listed.length).toBe(new Set(listed).size);
    expect(new Set(listed)).toEqual(new Set(docs.map((doc) => doc.canonical_url)));

    // The sitemaps of sections, tags and authors validate too, and name pages that exist.
    for (const loc of locs.filter((url) => !monthly.includes(url))) {
      const sitemap = await get(pathOf(loc) + new URL(loc).search, brand);
      expect(sitemap.status, loc).toBe(200);
      bodies[fileNameOf(loc)] = sitemap.body;
      const first = texts(parseXml(sitemap.body), SITEMAP_NS, "loc")[0];
      expect((await get(pathOf(first), brand)).status, first).toBe(200);
    }
    expect(await schemaErrors(bodies, "sitemap")).toEqual([]);
    // The bound catches a hang only: dozens of sitemaps per brand, slow on a loaded machine.
  }, 180_000);

  it("the Google News sitemap lists exactly the articles of the last 48 hours, valid against its schema", async () => {
    const news = await get("/arc/outboundfeeds/news-sitemap/?outputType=xml", brand);
    expect(news.status).toBe(200);
    expect(await schemaErrors(news.body, "sitemap")).toEqual([]);
    const document = parseXml(news.body);
    const listed = texts(document, SITEMAP_NS, "loc").map(pathOf);
    const expected = published(brand)
      .filter((doc) => Date.parse(doc.publish_date) >= NOW.getTime() - 48 * HOUR && Date.parse(doc.publish_date) <= NOW.getTime())
      .map((doc) => doc.canonical_url);
    expect(expected.length).toBeGreaterThan(0);
    expect(listed.sort()).toEqual([...expected].sort());
    expect(new Set(texts(document, NEWS_NS, "language"))).toEqual(new Set(["es"]));
    expect(texts(document, NEWS_NS, "publication_date").every((date) => Date.parse(date) >= NOW.getTime() - 48 * HOUR)).toBe(true);
    expect(texts(document, IMAGE_NS, "loc").every((url) => url.startsWith("http://"))).toBe(true);
    expect(news.headers["cache-control"]).toContain(`s-maxage=${OUTPUT_MAX_AGE.newsSitemap}`);
  });

  it("RSS feeds of the home, a section, a tag and an author: RSS 2.0, 50 items newest first, absolute links, and no locked body", async () => {
    const docs = published(brand);
    const withTag = docs.find((doc) => doc.taxonomy?.tags?.[0]?.slug && /^[a-z0-9-]+$/.test(doc.taxonomy.tags[0].slug));
    const withAuthor = docs.find((doc) => typeof doc.credits?.by?.[0]?._id === "string");
    const section = docs[0].taxonomy.primary_section._id as string;
    expect(withTag, "an article with a tag").toBeDefined();
    expect(withAuthor, "an article with an author").toBeDefined();
    const feeds = [
      "/arc/outboundfeeds/rss/?outputType=xml",
      `/arc/outboundfeeds/rss/category${section}/?outputType=xml`,
      `/arc/outboundfeeds/rss/tags/${withTag.taxonomy.tags[0].slug}/`,
      `/arc/outboundfeeds/rss/author/${authorSlugOf(withAuthor)}/`,
    ];
    const locked = docs.filter(lockedForAnonymous);
    // The generated corpus repeats some sentences across articles: only text no free article has can tell.
    const freeText = docs
      .filter((doc) => !lockedForAnonymous(doc))
      .flatMap((doc) => (doc.content_elements ?? []).map((element: any) => String(element.content ?? "")))
      .join("\n");
    for (const path of feeds) {
      const feed = await get(path, brand);
      expect(feed.status, path).toBe(200);
      checkFeed(feed.body, path, locked, freeText);
    }
    // The home feed: the 50 newest (or all, for a brand with fewer).
    const home = parseXml((await get(feeds[0], brand)).body);
    expect(home.getElementsByTagName("item").length).toBe(Math.min(50, docs.length));
  });
});

function authorSlugOf(doc: any): string {
  return String(doc.credits.by[0].slug ?? doc.credits.by[0]._id)
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

function checkFeed(body: string, where: string, locked: any[], freeText: string) {
  const document = parseXml(body);
  expect(rssProblems(document), where).toEqual([]);
  const items = [...document.getElementsByTagName("item")];
  expect(items.length, where).toBeGreaterThan(0);
  expect(items.length, where).toBeLessThanOrEqual(50);
  const dates = items.map((item) => Date.parse(item.getElementsByTagName("pubDate")[0].textContent!));
  expect(dates, where).toEqual([...dates].sort((a, b) => b - a));
  const byPath = new Map(locked.map((doc) => [doc.canonical_url, doc]));
  for (const item of items) {
    const doc = byPath.get(pathOf(item.getElementsByTagName("link")[0].textContent!));
    if (!doc) continue;
    // A locked article's item carries its teaser only: no content:encoded, and no paragraph of its body.
    expect(item.getElementsByTagNameNS("http://purl.org/rss/1.0/modules/content/", "encoded").length, doc._id).toBe(0);
  }
  for (const doc of locked) {
    for (const element of doc.content_elements ?? []) {
      if (element.type === "text" && typeof element.content === "string" && element.content.length > 60 && !freeText.includes(element.content.slice(0, 60))) {
        expect(body.includes(element.content.slice(0, 60)), `${where}: ${doc._id}`).toBe(false);
      }
    }
  }
}

describe("feeds for every brand carry full bodies only where free", () => {
  it("an unlocked article's item has its body in content:encoded, with media:content sized", async () => {
    const feed = await get("/arc/outboundfeeds/rss/", "semana");
    const document = parseXml(feed.body);
    const encoded = document.getElementsByTagNameNS("http://purl.org/rss/1.0/modules/content/", "encoded");
    expect(encoded.length).toBeGreaterThan(0);
    const media = document.getElementsByTagNameNS("http://search.yahoo.com/mrss/", "content")[0];
    expect(media.getAttribute("url")).toMatch(/^http:\/\//);
    expect(Number(media.getAttribute("width"))).toBeGreaterThan(0);
    expect(Number(media.getAttribute("height"))).toBeGreaterThan(0);
    expect(feed.headers["content-type"]).toBe("application/rss+xml; charset=utf-8");
  });

  it("the JSON output for partners lists the same latest items with absolute URLs", async () => {
    const answer = await get("/arc/outboundfeeds/json/", "fucsia");
    expect(answer.headers["content-type"]).toBe("application/json; charset=utf-8");
    const json = JSON.parse(answer.body);
    expect(json.items.length).toBeGreaterThan(0);
    expect(json.items.every((item: any) => item.url.startsWith("http://fucsia.localhost"))).toBe(true);
    expect(json.items.filter((item: any) => item.body).every((item: any) => !lockedForAnonymous(corpus.documents.find((d: any) => d._id === item.id)))).toBe(
      true,
    );
  });
});

describe("caching and errors", () => {
  it("answers conditional requests with 304, compresses with gzip, and keeps past months longer than news", async () => {
    const index = await get("/arc/outboundfeeds/sitemap-index/", "semana");
    const first = texts(parseXml(index.body), SITEMAP_NS, "loc")[0];
    const month = await get(pathOf(first), "semana");
    expect(month.headers["cache-control"]).toContain(`s-maxage=${OUTPUT_MAX_AGE.pastMonthSitemap}`);
    const etag = month.headers.etag!;
    expect(etag).toBeTruthy();
    expect((await get(pathOf(first), "semana", { "if-none-match": etag })).status).toBe(304);
    // A list of tags, and "*", as a cache that holds several versions sends them.
    expect((await get(pathOf(first), "semana", { "if-none-match": `W/"otra", ${etag}` })).status).toBe(304);
    expect((await get(pathOf(first), "semana", { "if-none-match": "*" })).status).toBe(304);
    expect((await get(pathOf(first), "semana", { "if-none-match": 'W/"otra"' })).status).toBe(200);
    const gzipped = await get(pathOf(first), "semana", { "accept-encoding": "gzip" });
    expect(gzipped.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzipped.raw).toString("utf8")).toBe(month.body);
    const news = await get("/arc/outboundfeeds/news-sitemap/", "semana");
    expect((await get("/arc/outboundfeeds/news-sitemap/", "semana", { "if-none-match": news.headers.etag! })).status).toBe(304);
  });

  it("answers 404 for a month, section or tag that names nothing, and 301 to the trailing slash", async () => {
    expect((await get("/arc/outboundfeeds/sitemap/1999-01/", "semana")).status).toBe(404);
    expect((await get("/arc/outboundfeeds/sitemap/no-es-un-mes/", "semana")).status).toBe(404);
    expect((await get("/arc/outboundfeeds/rss/category/no-existe/", "semana")).status).toBe(404);
    expect((await get("/arc/outboundfeeds/rss/tags/x%22%20OR%20a/", "semana")).status).toBe(404);
    const redirect = await get("/arc/outboundfeeds/rss?outputType=xml", "semana");
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe("/arc/outboundfeeds/rss/?outputType=xml");
    expect((await get("/robots.txt/", "semana")).status).toBe(404);
  });
});

describe("head metadata of HTML pages", () => {
  const head = (html: string) => html.slice(0, html.indexOf("</head>"));
  it("the home has canonical, og:*, twitter:* and its feed's alternate link", async () => {
    const html = head((await get("/", "soho")).body);
    expect(html).toMatch(/<link rel="canonical" href="http:\/\/soho\.localhost\/"/);
    expect(html).toMatch(/<link rel="alternate" type="application\/rss\+xml" title="[^"]+" href="http:\/\/soho\.localhost\/arc\/outboundfeeds\/rss\/"/);
    for (const property of ["og:title", "og:type", "og:site_name", "og:url", "og:locale"]) expect(html).toContain(`property="${property}"`);
    expect(html).toContain('name="twitter:card"');
    expect(html).not.toMatch(/hreflang/);
    expect((await get("/arc/outboundfeeds/rss/", "soho")).status).toBe(200);
  });

  it("a section page links to its section's feed, which answers", async () => {
    // Semana's section pages are /:section/, Foros Semana's /foros-semana/:section/.
    for (const [brand, depth] of [
      ["semana", 1],
      ["forosemana", 2],
    ] as const) {
      const section = published(brand)
        .map((doc) => doc.taxonomy.primary_section._id as string)
        .find((id) => id.split("/").length === depth + 1)!;
      const html = head((await get(`${section}/`, brand)).body);
      const feed = /<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="([^"]+)"/.exec(html)?.[1];
      expect(feed, `${brand} ${section}`).toBe(`http://${brandHost(brand)}/arc/outboundfeeds/rss/category${section}/`);
      expect((await get(pathOf(feed!), brand)).status).toBe(200);
    }
  });

  it("every page of a section, static or by parameter, links to that section's feed, which answers", async () => {
    const subsection = (brand: BrandId, depth: number) =>
      published(brand)
        .map((doc) => doc.taxonomy.primary_section._id as string)
        .find((id) => id.split("/").length === depth + 1)!;
    for (const [brand, path] of [
      ["semana", "/nacion/"],
      ["semana", "/economia/"],
      ["semana", "/politica/"],
      ["semana", "/economia/capsulas/"],
      ["semana", `${subsection("semana", 2)}/`],
      ["elpais", "/cali/"],
      ["elpais", "/deportes/"],
      ["elpais", `${subsection("elpais", 2)}/`],
      ["forosemana", "/foros-semana/"],
      ["soho", "/videos/"],
      ["soho", "/seccion/relatos/"],
    ] as Array<[BrandId, string]>) {
      const page = await get(path, brand);
      expect(page.status, `${brand} ${path}`).toBe(200);
      const feed = /<link rel="alternate" type="application\/rss\+xml" title="[^"]*" href="([^"]+)"/.exec(head(page.body))?.[1];
      expect(feed, `${brand} ${path}`).toMatch(new RegExp(`^http://${brandHost(brand).replace(".", "\\.")}/arc/outboundfeeds/rss/category/`));
      const answer = await get(pathOf(feed!), brand);
      expect(answer.status, `${brand} ${path} → ${feed}`).toBe(200);
      expect(answer.body.toString()).toContain("<rss");
    }
  });

  it("an article has its promo image as og:image and twitter:image with a large card", async () => {
    const doc = published("semana").find((d) => d.type === "story" && d.promo_items?.basic?.url && !lockedForAnonymous(d));
    const html = head((await get(doc.canonical_url, "semana")).body);
    expect(html).toContain('property="og:type" content="article"');
    expect(html).toMatch(/property="og:image" content="http:\/\/localhost\/images\//);
    expect(html).toContain('name="twitter:card" content="summary_large_image"');
    expect(html).toMatch(/name="twitter:image" content="http:/);
  });

  it("account, checkout, search and 404 pages are noindex", async () => {
    for (const path of ["/autogestion/perfil/", "/suscripciones-online/", "/no-existe-esta-pagina/", "/buscador/?query=paz"]) {
      expect(head((await get(path, "semana")).body), path).toMatch(/<meta name="robots" content="noindex/);
    }
  });
});
