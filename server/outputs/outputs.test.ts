// Output types without a server (docs/decisions/0016-output-types.md): the validator's located
// errors for output pages and the renderers' escaping and absolute URLs (the output blocks' own
// tests are in their folders).
import { describe, expect, it } from "vitest";
import { toOutputEntry } from "../../blocks/_shared/outputs";
import type { OutputBlockData } from "../../domain/outputs";
import type { ResolvedPage } from "../../runtime/types";
import { currentVersion } from "../../tooling/migrate";
import { pageMigrations } from "../page-migrations";
import { lockedForAnonymous } from "../paywall";
import { projectValidator } from "../project";
import { outputRenderers } from "./index";
import { context, doc } from "../../tests/support/output-documents";

const validator = projectValidator();
const renderer = (name: string) => outputRenderers.find((r) => r.name === name)!;

function pageText(page: Record<string, unknown>): string {
  return JSON.stringify(
    {
      schemaVersion: currentVersion(pageMigrations),
      id: "canal",
      brand: "semana",
      route: "/arc/outboundfeeds/rss/prueba/",
      metadata: { title: "Canal" },
      ...page,
    },
    null,
    2,
  );
}

/** 1-based line of the first occurrence of `needle`. */
const lineOf = (text: string, needle: string) => text.slice(0, text.indexOf(needle)).split("\n").length;

const feedBlock = (settings: Record<string, unknown>) => ({ type: "content-feed", id: "items", settings: { published: true, ...settings } });

describe("output pages in the validator", () => {
  it("accepts a feed with a content source and no layout", () => {
    const text = pageText({ outputType: "rss", regions: { items: [feedBlock({ contentConfig: { source: "content-apir", query: { feedSize: 50 } } })] } });
    expect(validator.check("canal.json", text).problems).toEqual([]);
  });

  it("refuses a feed without a content source, at the block's settings", () => {
    const text = pageText({ outputType: "rss", regions: { items: [feedBlock({ fullBody: true })] } });
    const problems = validator.check("canal.json", text).problems;
    expect(problems.map((p) => [p.pointer, p.line])).toEqual([["/regions/items/0/settings", lineOf(text, '"settings"')]]);
    expect(problems[0].message).toContain("una página de salida «rss» necesita una fuente de contenido");
    const none = pageText({ outputType: "news-sitemap", regions: { urls: [] } });
    expect(validator.check("canal.json", none).problems.map((p) => [p.pointer, p.message])).toEqual([
      ["/regions", "una página de salida «news-sitemap» necesita al menos un bloque publicado que pida contenido"],
    ]);
  });

  it("names a query the source cannot answer, a block of another output type, a layout, a region and an unknown output type", () => {
    const text = pageText({
      outputType: "rss",
      layout: "main-sidebar",
      regions: {
        items: [
          feedBlock({ contentConfig: { source: "published-content", query: { month: "2026-13" } } }),
          { type: "site-header", id: "cabecera", settings: { published: true } },
        ],
        main: [],
      },
    });
    const problems = validator.check("canal.json", text).problems.map((p) => `${p.pointer}  ${p.message}`);
    expect(problems).toEqual([
      "/layout  una página de salida «rss» no tiene diseño: quite «layout»",
      "/regions/main  la región «main» no existe en la salida «rss»; regiones: items",
      "/regions/items/0/settings/contentConfig/query/month  consulta inválida para la fuente «published-content»: parámetro «month»: se esperaba un mes AAAA-MM (o AAAA-MM-N, su parte N), p. ej. 2026-03",
      "/regions/items/1/type  el bloque «site-header» no se puede usar en una página de salida «rss» (solo en: html)",
    ]);
    const unknown = validator.check("canal.json", pageText({ outputType: "atom", regions: {} })).problems;
    expect(unknown[0]).toMatchObject({ pointer: "/outputType", value: "atom" });
    const htmlWithFeed = pageText({ route: "/prueba/", layout: "main-sidebar", regions: { main: [feedBlock({})] } });
    expect(validator.check("p.json", htmlWithFeed).problems.map((p) => p.pointer)).toContain("/regions/main/0/type");
    const noLayout = validator.check("p.json", pageText({ route: "/prueba/", regions: { main: [] } })).problems;
    expect(noLayout.map((p) => p.message)).toEqual(["falta la propiedad obligatoria «layout» (diseño de la página)"]);
  });

  it("takes file routes and parameters of several segments", () => {
    const robots = pageText({
      route: "/robots.txt",
      outputType: "robots",
      regions: { rules: [{ type: "robots-rules", id: "r", settings: { published: true } }] },
    });
    expect(validator.check("r.json", robots).problems).toEqual([]);
    const category = pageText({
      route: "/canal/:section*/",
      params: { section: { mustExist: "section-id" } },
      outputType: "rss",
      regions: { items: [feedBlock({ contentConfig: { source: "content-apir", query: { includeSections: "/{section}" } } })] },
    });
    expect(validator.check("c.json", category).problems).toEqual([]);
  });
});

function resolved(outputType: string, region: string, data: OutputBlockData, extra: Partial<ResolvedPage> = {}): ResolvedPage {
  return {
    id: "p",
    brand: "soho",
    outputType,
    metadata: { title: "{marca}: lo último", description: "Canal" },
    context: context({ brand: "soho", path: "/arc/outboundfeeds/rss/" }),
    regions: { [region]: [{ id: "b", type: "content-feed", settings: {}, data }] },
    diagnostics: [],
    ...extra,
  };
}

describe("output renderers", () => {
  const target = { origin: "https://www.soho.co", now: new Date("2026-11-21T17:00:00.000Z") };
  const entry = toOutputEntry(doc("a"), { body: true, context: context({ isLocked: lockedForAnonymous }) })!;

  it("write RSS 2.0 with escaped text, absolute links, RFC 822 dates and the brand's name", () => {
    const { body, contentType, maxAgeSeconds } = renderer("rss").render(resolved("rss", "items", { entries: [entry] }), target);
    expect(contentType).toBe("application/rss+xml; charset=utf-8");
    expect(maxAgeSeconds).toBe(120);
    expect(body).toContain("<title>Soho: lo último</title>");
    expect(body).toContain("<title>Titular a &lt;b&gt;&amp; cía&lt;/b&gt;</title>");
    expect(body).toContain("<link>https://www.soho.co/nacion/articulo/a/</link>");
    expect(body).toContain("<pubDate>Sat, 21 Nov 2026 12:00:00 GMT</pubDate>");
    expect(body).toContain('<media:content url="https://www.soho.co/images/a.jpg" medium="image" width="1200" height="675"/>');
    expect(body).toContain("<content:encoded><![CDATA[<p>Primer párrafo.</p>");
  });

  it("link an RSS channel to the home, or to the page its canonical URL names (an author's feed: /opinion/{author}/)", () => {
    const home = renderer("rss").render(resolved("rss", "items", { entries: [entry] }), target).body;
    expect(home).toContain("<channel><title>Soho: lo último</title><link>https://www.soho.co/</link>");
    const page = resolved("rss", "items", { entries: [entry] });
    page.metadata.canonical = { strategy: "url", url: "/opinion/{author}/" };
    page.context.params = { author: "vicky-davila" };
    expect(renderer("rss").render(page, target).body).toContain("<link>https://www.soho.co/opinion/vicky-davila/</link>");
    page.context.params = { author: "../x?y" };
    expect(renderer("rss").render(page, target).body).toContain("<link>https://www.soho.co/opinion/..%2Fx%3Fy/</link>");
  });

  it("keep a body's ']]>' from ending its CDATA section", () => {
    const { body } = renderer("rss").render(resolved("rss", "items", { entries: [{ ...entry, body: "<p>a ]]> b</p>" }] }), target);
    expect(body).toContain("<![CDATA[<p>a ]]]]><![CDATA[> b</p>]]>");
  });

  it("write sitemaps, the news sitemap and the index on the site's origin", () => {
    const sitemap = renderer("sitemap").render(
      resolved("sitemap", "urls", { entries: [entry] }, { context: context({ params: { month: "2026-01" } }) }),
      target,
    );
    expect(sitemap.body).toContain("<url><loc>https://www.soho.co/nacion/articulo/a/</loc><lastmod>2026-11-21T12:00:00.000Z</lastmod>");
    expect(sitemap.maxAgeSeconds).toBe(86_400);
    const current = renderer("sitemap").render(
      resolved("sitemap", "urls", { entries: [entry] }, { context: context({ params: { month: "2026-11" } }) }),
      target,
    );
    expect(current.maxAgeSeconds).toBe(900);
    const news = renderer("news-sitemap").render(resolved("news-sitemap", "urls", { entries: [entry] }), target);
    expect(news.body).toContain("<news:publication><news:name>Soho</news:name><news:language>es</news:language></news:publication>");
    // Google News reads at most 1,000 URLs of a news sitemap.
    const many = Array.from({ length: 1200 }, (_, i) => ({ ...entry, id: `n${i}`, path: `/nacion/articulo/n${i}/` }));
    const capped = renderer("news-sitemap").render(resolved("news-sitemap", "urls", { entries: many }), target);
    expect(capped.body.match(/<url>/g)).toHaveLength(1000);
    // A part of a past month's sitemap is kept as long as the month's first part.
    const part = renderer("sitemap").render(
      resolved("sitemap", "urls", { entries: [entry] }, { context: context({ params: { month: "2026-01-2" } }) }),
      target,
    );
    expect(part.maxAgeSeconds).toBe(86_400);
    const index = renderer("sitemap-index").render(
      resolved("sitemap-index", "sitemaps", { sitemaps: [{ path: "/s/2026-01/?outputType=xml", lastmod: "2026-01-31T00:00:00.000Z" }] }),
      target,
    );
    expect(index.body).toContain("<sitemap><loc>https://www.soho.co/s/2026-01/?outputType=xml</loc><lastmod>2026-01-31T00:00:00.000Z</lastmod></sitemap>");
  });

  it("write robots.txt with its rules and absolute sitemap URLs", () => {
    const robots = renderer("robots").render(
      resolved("robots", "rules", { robots: { disallow: ["/autogestion/"], sitemaps: ["/arc/outboundfeeds/sitemap-index/?outputType=xml"] } }),
      target,
    );
    expect(robots.contentType).toBe("text/plain; charset=utf-8");
    expect(robots.body).toBe("User-agent: *\nDisallow: /autogestion/\n\nSitemap: https://www.soho.co/arc/outboundfeeds/sitemap-index/?outputType=xml\n");
  });
});
