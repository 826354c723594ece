// The structured data of every article type, on the production server (docs/article-pages.md#structured-data):
// each page's JSON-LD meets Google's documented requirements (tests/support/structured-data.ts), the
// types fit the article, and a paywalled article declares its locked part without carrying its body.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeTestCorpus, testDocument } from "../../server/content/testing/corpus";
import { jsonLdOf, structuredDataProblems } from "../../tests/support/structured-data";
import { requestSite } from "../../tests/support/site-http";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../../tests/support/site-server";

const SECRET = "SECRETO-DEL-SEGUNDO-PÁRRAFO";
const body = (id: string) => [
  { _id: `${id}-1`, type: "text", content: "Primer párrafo a la vista de todos." },
  { _id: `${id}-2`, type: "text", content: `${SECRET} que solo leen los suscriptores.` },
];
const doc = (id: string, section: string, extra: Record<string, unknown> = {}, sections: string[] = []) =>
  testDocument({ brand: "semana", id, headline: `Nota ${id}`, section, sections, hoursAgo: 2, author: { _id: "Vicky Dávila", name: "Vicky Dávila" }, extra });

const PAGES = {
  default: doc("SD-DEFAULT", "/nacion", { content_elements: body("SD-DEFAULT") }),
  locked: doc("SD-LOCKED", "/politica", { content_restrictions: { content_code: "3" }, content_elements: body("SD-LOCKED") }),
  opinion: doc("SD-OPINION", "/opinion"),
  special: doc("SD-SPECIAL", "/especiales"),
  gallery: doc("SD-GALLERY", "/galerias"),
  live: doc(
    "SD-LIVE",
    "/nacion",
    {
      content_elements: [
        { _id: "l1", type: "text", content: "Siga el minuto a minuto." },
        { _id: "l2", type: "text", content: "11:20 a. m. | Comienza la sesión." },
        { _id: "l3", type: "text", content: "10:05 a. m. | <b>Llegan</b> los congresistas." },
      ],
    },
    ["/live"],
  ),
  video: testDocument({ brand: "semana", id: "SD-VIDEO", headline: "Video de la semana", section: "/videos", hoursAgo: 3, youtubeId: "dQw4w9WgXcQ" }),
};
/** An Arc video document: MP4 and HLS streams, no YouTube id, no headline. */
const ARC_VIDEO: Record<string, any> = {
  ...testDocument({ brand: "semana", id: "SD-ARCVIDEO", headline: "x", section: "/videos", hoursAgo: 4 }),
  type: "video",
  headlines: {},
  title: "Video de Arc sin titular",
  duration: 61_000,
  streams: [
    { url: "https://videos.posttv.com/v-480.mp4", stream_type: "mp4", width: 480 },
    { url: "https://videos.posttv.com/v-1280.mp4", stream_type: "mp4", width: 1280 },
    { url: "https://videos.posttv.com/v.m3u8", stream_type: "ts" },
  ],
};

let site: SiteServer;

/** The page's HTML on Semana's host; any other status than 200 fails. */
async function get(pagePath: string): Promise<string> {
  const { status, body } = await requestSite(site.port, { host: "localhost", path: pagePath });
  if (status !== 200) throw new Error(`${pagePath}: ${status}`);
  return body;
}

beforeAll(async () => {
  quietServerRenderWarnings();
  const corpus = makeTestCorpus();
  corpus.documents.push(...Object.values(PAGES), ARC_VIDEO);
  site = await startSiteServer({ corpus });
}, 180_000);

afterAll(async () => {
  await site?.close();
});

describe("structured data on article pages", () => {
  it("meets Google's requirements on every article type, with the type that fits", async () => {
    const expected: Record<keyof typeof PAGES, string[]> = {
      default: ["NewsArticle", "BreadcrumbList"],
      locked: ["NewsArticle", "BreadcrumbList"],
      opinion: ["OpinionNewsArticle", "BreadcrumbList"],
      special: ["ReportageNewsArticle", "BreadcrumbList"],
      gallery: ["NewsArticle", "BreadcrumbList"],
      live: ["LiveBlogPosting", "BreadcrumbList"],
      video: ["NewsArticle", "VideoObject", "BreadcrumbList"],
    };
    for (const [kind, document] of Object.entries(PAGES) as Array<[keyof typeof PAGES, Record<string, any>]>) {
      const objects = jsonLdOf(await get(document.canonical_url));
      expect(
        objects.map((o) => o["@type"]),
        kind,
      ).toEqual(expected[kind]);
      expect(objects.flatMap(structuredDataProblems), kind).toEqual([]);
    }
  });

  it("declares a locked article's body paywalled, names an element of the page, and never carries the body", async () => {
    const html = await get(PAGES.locked.canonical_url);
    const [article] = jsonLdOf(html);
    expect(article).toMatchObject({ isAccessibleForFree: false, hasPart: { "@type": "WebPageElement", isAccessibleForFree: false } });
    const className = (article.hasPart.cssSelector as string).slice(1);
    expect(html).toMatch(new RegExp(`<div class="[^"]*\\b${className}\\b[^"]*" data-article-body`));
    expect(html).not.toContain(SECRET);
    expect(article.articleBody).toBeUndefined();
    // A free article is free.
    const [free] = jsonLdOf(await get(PAGES.default.canonical_url));
    expect(free.isAccessibleForFree).toBe(true);
  });

  it("gives a live blog its coverage window and its updates' times", async () => {
    const [posting] = jsonLdOf(await get(PAGES.live.canonical_url));
    const day = new Date(Date.parse(PAGES.live.publish_date) - 5 * 3600_000).toISOString().slice(0, 10);
    expect(posting).toMatchObject({ coverageStartTime: `${day}T00:00:00-05:00`, coverageEndTime: `${day}T23:59:59-05:00` });
    expect(posting.liveBlogUpdate.map((u: any) => [u.datePublished, u.headline])).toEqual([
      [`${day}T11:20:00-05:00`, "Comienza la sesión."],
      [`${day}T10:05:00-05:00`, "Llegan los congresistas."],
    ]);
  });

  it("plays an Arc video document from its streams, titles it with the video's own title and describes it", async () => {
    const html = await get(ARC_VIDEO.canonical_url);
    expect(html).toContain("<title>Video de Arc sin titular</title>");
    expect(html).toMatch(/<video[^>]*data-video-player/);
    expect(html).toContain('<source src="https://videos.posttv.com/v-1280.mp4" type="video/mp4"/>');
    expect(html).toContain('<source src="https://videos.posttv.com/v-480.mp4" type="video/mp4" media="(max-width: 640px)"/>');
    const video = jsonLdOf(html).find((o) => o["@type"] === "VideoObject")!;
    expect(structuredDataProblems(video)).toEqual([]);
    expect(video).toMatchObject({ name: "Video de Arc sin titular", contentUrl: "https://videos.posttv.com/v-1280.mp4", duration: "PT1M1S" });
  });
});
