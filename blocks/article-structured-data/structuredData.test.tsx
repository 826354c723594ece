import fs from "node:fs";
import path from "node:path";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it, vi } from "vitest";
import { brandIds } from "../../domain/brands";
import { jsonLdOf, structuredDataProblems } from "../../tests/support/structured-data";
import { entryTime, liveEntries } from "../_shared/liveTimeline";
import ArticleStructuredData from "./index";
import server from "./index.server";
import { articleStructuredData, isoDuration, logoFile, type StructuredDataInput } from "./structuredData";

const SECRET = "TEXTO-SOLO-PARA-SUSCRIPTORES";
const story = (extra: Record<string, unknown> = {}) => ({
  _id: "ART1",
  type: "story",
  canonical_url: "/nacion/articulo/la-reforma/ART1/",
  headlines: { basic: "La reforma a la salud vuelve al Congreso" },
  subheadlines: { basic: "El Gobierno radicó un nuevo texto." },
  publish_date: "2024-05-20T15:00:00Z",
  last_updated_date: "2024-05-20T18:30:00Z",
  taxonomy: { primary_section: { _id: "/nacion", name: "Nación" }, sections: [{ _id: "/nacion" }], tags: [{ slug: "salud", text: "Salud" }] },
  credits: { by: [{ _id: "Vicky Dávila", name: "Vicky Dávila" }] },
  promo_items: { basic: { type: "image", url: "/images/semana/ART1.jpg" } },
  content_elements: [
    { type: "text", content: "Primer párrafo." },
    { type: "text", content: `Segundo párrafo ${SECRET}.` },
  ],
  ...extra,
});

const build = (input: Partial<StructuredDataInput> & { article: unknown }) =>
  articleStructuredData({ brand: "semana", path: "/x/", paywalled: false, readable: true, ...input });
const byType = (objects: Array<Record<string, any>>, type: string) => objects.find((o) => o["@type"] === type)!;

describe("article structured data", () => {
  it("describes a free story as a NewsArticle with a BreadcrumbList, as Google asks", () => {
    const objects = build({ article: story() });
    expect(objects.map((o) => o["@type"])).toEqual(["NewsArticle", "BreadcrumbList"]);
    for (const object of objects) expect(structuredDataProblems(object)).toEqual([]);
    const article = byType(objects, "NewsArticle");
    expect(article).toMatchObject({
      headline: "La reforma a la salud vuelve al Congreso",
      url: "https://www.semana.com/nacion/articulo/la-reforma/ART1/",
      image: ["https://www.semana.com/images/semana/ART1.jpg"],
      datePublished: "2024-05-20T15:00:00.000Z",
      dateModified: "2024-05-20T18:30:00.000Z",
      author: [{ "@type": "Person", name: "Vicky Dávila", url: "https://www.semana.com/autor/vicky-davila/" }],
      publisher: { "@type": "NewsMediaOrganization", name: "Semana", logo: { url: "https://www.semana.com/logos/semana.svg" } },
      articleSection: "Nación",
      keywords: "Salud",
      isAccessibleForFree: true,
    });
    expect(article.hasPart).toBeUndefined();
    expect(byType(objects, "BreadcrumbList").itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Semana", item: "https://www.semana.com/" },
      { "@type": "ListItem", position: 2, name: "Nación", item: "https://www.semana.com/nacion/" },
      { "@type": "ListItem", position: 3, name: "La reforma a la salud vuelve al Congreso", item: "https://www.semana.com/nacion/articulo/la-reforma/ART1/" },
    ]);
    expect(JSON.stringify(objects)).not.toContain(SECRET);
  });

  it("marks a paywalled story with isAccessibleForFree and hasPart, and never carries its body", () => {
    const objects = build({ article: story({ content_restrictions: { content_code: "3" } }), paywalled: true, readable: false });
    const article = byType(objects, "NewsArticle");
    expect(article.isAccessibleForFree).toBe(false);
    expect(article.hasPart).toEqual({ "@type": "WebPageElement", isAccessibleForFree: false, cssSelector: ".article-paywalled" });
    expect(structuredDataProblems(article)).toEqual([]);
    expect(JSON.stringify(objects)).not.toContain(SECRET);
    expect(JSON.stringify(objects)).not.toContain("Primer párrafo");
  });

  it("uses OpinionNewsArticle for opinion pieces and the page's type when set (special reports)", () => {
    const opinion = story({ taxonomy: { primary_section: { _id: "/opinion", name: "Opinión" }, sections: [{ _id: "/opinion" }] } });
    expect(build({ article: opinion })[0]["@type"]).toBe("OpinionNewsArticle");
    expect(build({ article: story(), articleType: "ReportageNewsArticle" })[0]["@type"]).toBe("ReportageNewsArticle");
  });

  it("describes a live blog as a LiveBlogPosting: coverage 00:00–23:59 of the publish date, updates with their times", () => {
    const live = story({
      publish_date: "2024-05-21T02:30:00Z", // 20 May, 9:30 p. m. in Colombia
      taxonomy: { primary_section: { _id: "/nacion" }, sections: [{ _id: "/live" }, { _id: "/nacion" }] },
      content_elements: [
        { type: "text", content: "Introducción sin hora." },
        { type: "text", content: "9:05 p. m. | <b>Llega el ministro</b> al Congreso." },
        { type: "text", content: "12:15 a. m. | Empieza el debate." },
      ],
    });
    const objects = build({ article: live });
    const posting = byType(objects, "LiveBlogPosting");
    expect(structuredDataProblems(posting)).toEqual([]);
    expect(posting).toMatchObject({ coverageStartTime: "2024-05-20T00:00:00-05:00", coverageEndTime: "2024-05-20T23:59:59-05:00" });
    expect(posting.liveBlogUpdate).toEqual([
      {
        "@type": "BlogPosting",
        headline: "Llega el ministro al Congreso.",
        datePublished: "2024-05-20T21:05:00-05:00",
        articleBody: "Llega el ministro al Congreso.",
      },
      { "@type": "BlogPosting", headline: "Empieza el debate.", datePublished: "2024-05-20T00:15:00-05:00", articleBody: "Empieza el debate." },
    ]);
    // A reader who may not read the body gets no updates.
    expect(byType(build({ article: live, paywalled: true, readable: false }), "LiveBlogPosting").liveBlogUpdate).toBeUndefined();
  });

  it("logs an invalid publish date on a live blog and leaves the coverage window empty", () => {
    const warn = vi.fn();
    const live = story({ publish_date: "ayer", taxonomy: { sections: [{ _id: "/live" }] } });
    const posting = byType(build({ article: live, warn }), "LiveBlogPosting");
    expect(posting.coverageStartTime).toBeUndefined();
    expect(posting.coverageEndTime).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("fecha de publicación no válida"));
  });

  it("adds a VideoObject for a YouTube lead (metadata from the video source) and for an MP4 video document", () => {
    const youtube = story({
      promo_items: {
        basic: { type: "image", url: "/images/semana/V1.jpg" },
        html: { content: '<iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe>' },
      },
      duration: 139_000,
      additional_properties: {
        youtube: { snippet: { publishedAt: "2024-05-19T10:00:00Z", title: "El video", description: "Qué pasó" }, contentDetails: { duration: "PT2M19S" } },
      },
    });
    const video = byType(build({ article: youtube }), "VideoObject");
    expect(structuredDataProblems(video)).toEqual([]);
    expect(video).toMatchObject({
      name: "El video",
      description: "Qué pasó",
      uploadDate: "2024-05-19T10:00:00.000Z",
      duration: "PT2M19S",
      embedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ",
    });
    const arc = {
      _id: "VID1",
      type: "video",
      canonical_url: "/videos/arc/VID1/",
      headlines: { basic: "Video de Arc" },
      publish_date: "2024-05-20T15:00:00Z",
      duration: 61_000,
      promo_items: { basic: { type: "image", url: "/images/semana/VID1.jpg" } },
      streams: [
        { url: "https://videos.example.com/v-480.mp4", stream_type: "mp4", width: 480 },
        { url: "https://videos.example.com/v-1280.mp4", stream_type: "mp4", width: 1280 },
      ],
    };
    const mp4 = byType(build({ article: arc }), "VideoObject");
    expect(structuredDataProblems(mp4)).toEqual([]);
    expect(mp4).toMatchObject({ contentUrl: "https://videos.example.com/v-1280.mp4", duration: "PT1M1S" });
  });

  it("serves another newsroom's story under its original URL and titles a story without headlines", () => {
    const foreign = story({ canonical_url: "https://www.example.com/section/slug.html", headlines: {}, promo_items: undefined });
    const [article, breadcrumbs] = build({ article: foreign }) as Array<Record<string, any>>;
    expect(article.url).toBe("https://www.example.com/section/slug.html");
    expect(article.headline).toBe("Semana");
    expect(article.image).toBeUndefined();
    expect(breadcrumbs.itemListElement.at(-1).item).toBe("https://www.example.com/section/slug.html");
  });

  it("never crashes on malformed documents", () => {
    for (const article of [
      {},
      { headlines: 42, credits: { by: [null, 3] }, taxonomy: { sections: "x" }, content_elements: "y" },
      { type: "video", streams: [{}] },
    ]) {
      expect(() => build({ article })).not.toThrow();
    }
    expect(build({ article: null })).toEqual([]);
  });

  it("writes each object in its own script, with '<' escaped, and keeps nothing of the request in its data", () => {
    const data = server.transform!(
      {},
      { published: true },
      { brand: "semana", path: "/x/", params: {}, query: {}, article: story({ headlines: { basic: "A </script><b>" } }) },
    );
    const html = renderToStaticMarkup(<ArticleStructuredData id="d" pageId="p" settings={{ published: true }} data={data} />);
    expect(html).not.toContain("</script><b>");
    expect(jsonLdOf(html).map((o) => o["@type"])).toEqual(["NewsArticle", "BreadcrumbList"]);
  });

  it("reads durations and live times", () => {
    expect(isoDuration(139_000)).toBe("PT2M19S");
    expect(isoDuration(3_600_000)).toBe("PT1H");
    expect(isoDuration(-1)).toBeUndefined();
    expect(entryTime("9:05 a. m. | Texto")).toMatchObject({ hours: 9, minutes: 5, label: "9:05 a. m." });
    expect(entryTime("<b>12:40 p. m.</b> Texto")).toMatchObject({ hours: 12, minutes: 40 });
    expect(entryTime("12:40 a.m. Texto")).toMatchObject({ hours: 0, minutes: 40 });
    expect(entryTime("Un texto largo antes de 9:05 a. m.")).toBeUndefined();
    expect(entryTime("13:05 p. m.")).toBeUndefined();
    expect(liveEntries([{ type: "text", content: "3:07 p. m. · Hola" }, { type: "image" }, null])).toEqual([
      { time: { hours: 15, minutes: 7, label: "3:07 p. m." }, text: "Hola" },
    ]);
  });

  it("serves every brand's logo at public/logos/<brand>.svg, equal to the header's wordmark", () => {
    for (const brand of brandIds) {
      const file = fs.readFileSync(path.resolve(import.meta.dirname, `../../public/logos/${brand}.svg`), "utf8");
      expect(file.trim()).toBe(logoFile(brand));
    }
  });
});

describe("the structured-data checker (tests/support/structured-data.ts)", () => {
  const article = () => build({ article: story() })[0] as Record<string, any>;

  it("holds every property name to the schema.org vocabulary of its object's type, nested objects included", () => {
    expect(structuredDataProblems(article())).toEqual([]);
    expect(structuredDataProblems({ ...article(), fechaPublicacion: "2024-05-20" })).toEqual([
      "NewsArticle: schema.org no define NewsArticle.fechaPublicacion",
    ]);
    const withBadAuthor = { ...article(), author: [{ "@type": "Person", name: "Vicky Dávila", twitter: "@x" }] };
    expect(structuredDataProblems(withBadAuthor)).toEqual(["NewsArticle.author[0]: schema.org no define Person.twitter"]);
    // A property of another type: coverageStartTime is LiveBlogPosting's, not NewsArticle's.
    expect(structuredDataProblems({ ...article(), coverageStartTime: "2024-05-20T00:00:00-05:00" })).toEqual([
      "NewsArticle: schema.org no define NewsArticle.coverageStartTime",
    ]);
    expect(structuredDataProblems({ ...article(), publisher: { ...article().publisher, "@type": "Periodico" } })).toContain(
      "NewsArticle.publisher: tipo de schema.org desconocido Periodico",
    );
  });

  it("passes the recipe's structured data of the article body", async () => {
    const { articleBodyData } = await import("../article-body/index.server");
    const recipe = articleBodyData(
      story({
        taxonomy: { primary_section: { _id: "/recetas", name: "Recetas" }, sections: [{ _id: "/recetas" }] },
        additional_properties: { recipe: { recipeIngredient: ["Arroz"], recipeInstructions: ["Cocinar."] } },
      }),
      { published: true },
    )!.recipe!;
    expect(structuredDataProblems(recipe)).toEqual([]);
  });
});
