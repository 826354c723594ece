// Semana TV over HTTP on the whole site (PGlite, the generated corpus, production build): every
// page of the channel answers 200 (each programme, each journalist, each category), unknown ones
// 404, the bar marks the page, the counts of docs/video-channel.md hold on the seeded content, and
// 'Más videos' reaches the end of each feed without repeating a video.
import { JSDOM } from "jsdom";
import { describe, expect, it, vi } from "vitest";
import { SHOW_SLUGS } from "../../server/images/catalog";
import { requestSite } from "../../tests/support/site-http";
import { generatedSiteForFile } from "../../tests/support/site-server";
import { VIDEO_COUNTS, VIDEO_NAV_ITEMS } from "./videoChannel";

const server = generatedSiteForFile();
const get = (path: string, host = "localhost") => requestSite(server.site.port, { host, path });

async function page(path: string): Promise<Document> {
  const answer = await get(path);
  expect(answer.status, path).toBe(200);
  return new JSDOM(answer.body).window.document;
}

const navigation = (id: string) => server.corpus.navigation.find((record) => record.brand === "semana" && record.id === id)!.tree;
const journalistSlugs = () => navigation("navSemanaTv").children![1].children!.map((node) => node.url!.split("/")[3]);
const newestFirst = (a: any, b: any) => (a.publish_date < b.publish_date ? 1 : a.publish_date > b.publish_date ? -1 : 0);

/** What the channel's sources answer on the seeded corpus: Semana's documents with a promo image, newest first. */
function seeded(filter: (doc: any) => boolean): string[] {
  return (server.corpus.documents as any[])
    .filter((doc) => doc.canonical_website === "semana" && doc.promo_items?.basic?.url && filter(doc))
    .sort(newestFirst)
    .map((doc) => doc._id);
}
const inSection = (doc: any, section: string) => doc.taxonomy.sections.some((s: { _id: string }) => s._id === section);
const sectionVideos = (section: string) => seeded((doc) => doc.type === "video" && inSection(doc, section));
const programmeDocuments = (section: string) => seeded((doc) => inSection(doc, section));
const journalistVideos = (slug: string) =>
  seeded((doc) => inSection(doc, "/semana-tv") && (doc.credits?.by ?? []).some((author: { _id: string; slug?: string }) => author._id === slug));

const block = (doc: Document, id: string) => doc.querySelector<HTMLElement>(`[data-block-id="${id}"]`);
const listKeys = (root: ParentNode | null) =>
  [...(root?.querySelectorAll<HTMLElement>("[data-load-more-list] > [data-key]") ?? [])].map((li) => li.dataset.key!);

/** Follows a video list's 'Más videos' to the end: the keys of each batch. */
async function loadToTheEnd(doc: Document, blockId: string, path: string): Promise<string[][]> {
  const batches = [listKeys(block(doc, blockId))];
  let button = block(doc, blockId)?.querySelector<HTMLButtonElement>("button[data-load-more]");
  while (button) {
    expect(button.textContent).toBe("Más videos");
    const answer = await get(`${button.dataset.loadMore}&path=${encodeURIComponent(path)}`);
    expect(answer.status).toBe(200);
    const next = new JSDOM(JSON.parse(answer.body).html).window.document;
    batches.push(listKeys(next));
    button = next.querySelector<HTMLButtonElement>("button[data-load-more]");
    expect(batches.length).toBeLessThan(100);
  }
  return batches;
}

// A busy machine renders the channel's 29 pages and follows its longest feeds slowly: room for that.
vi.setConfig({ testTimeout: 180_000 });

describe("the channel's routes", () => {
  it("answer 200 in the dark theme with the bar on every page: the bar's five, each programme, category and journalist", async () => {
    const categories = navigation("navSemanaTVCategorias")
      .children!.map((node) => node.url!)
      .filter((url) => url.startsWith("/semana-tv/categorias/"));
    expect(SHOW_SLUGS).toHaveLength(6);
    expect(categories).toHaveLength(9);
    const paths = [
      ...VIDEO_NAV_ITEMS.map((item) => item.href),
      "/semana-tv/",
      ...SHOW_SLUGS.map((slug) => `/semana-tv/programas/${slug}/`),
      ...categories,
      ...journalistSlugs().map((slug) => `/semana-tv/periodistas/${slug}/`),
    ];
    expect(paths).toHaveLength(5 + 1 + 6 + 9 + 8);
    const docs = await Promise.all(paths.map((path) => page(path)));
    for (const [i, doc] of docs.entries()) {
      const path = paths[i];
      expect(doc.querySelector('style[data-theme="oscuro"]'), path).not.toBeNull();
      expect(doc.querySelector('nav[aria-label="Semana TV"]'), path).not.toBeNull();
      expect(doc.querySelectorAll("h1"), path).toHaveLength(1);
      expect(block(doc, "pie"), path).not.toBeNull();
    }
  });

  it("answer 404 for a programme, a category or a journalist that does not exist, for a reporter without videos, and on other brands", async () => {
    const reporter = server.corpus.authors.find((author) => author.brand === "semana" && author.description?.startsWith("Columnista"))!;
    expect(journalistVideos(reporter.slug)).toEqual([]);
    for (const path of [
      "/semana-tv/programas/no-existe/",
      "/semana-tv/categorias/no-existe/",
      "/semana-tv/periodistas/nadie/",
      `/semana-tv/periodistas/${reporter.slug}/`,
      "/semana-tv/periodistas/",
    ])
      expect((await get(path)).status, path).toBe(404);
    expect((await get("/tv/", "soho.localhost")).status).toBe(404);
  });

  it("mark the bar's item of the current path, without its query", async () => {
    for (const item of VIDEO_NAV_ITEMS) {
      const doc = await page(`${item.href}?utm_source=boletin`);
      const current = [...doc.querySelectorAll('nav[aria-label="Semana TV"] a[aria-current="page"]')].map((a) => a.getAttribute("href"));
      expect(current, item.href).toEqual([item.href]);
    }
    expect((await page("/semana-tv/programas/el-control/")).querySelector('nav[aria-label="Semana TV"] a[aria-current]')).toBeNull();
  });
});

describe("the video home (/tv/)", () => {
  it("shows the featured video, the journalists, Semana Noticias, the opinion programmes, the category rows and the viral row", async () => {
    const doc = await page("/tv/");
    const home = block(doc, "portada-tv")!;
    expect([...home.querySelectorAll("h2")].map((h) => h.textContent)).toEqual([
      "Video destacado",
      "Periodistas",
      "Semana Noticias",
      "Programas de opinión",
      "Categorías",
      "Lo más viral",
    ]);
    const featured = sectionVideos("/semana-tv");
    expect(home.querySelector("[data-video-id]")).not.toBeNull();
    expect(home.querySelectorAll("section")[0].querySelectorAll("article")).toHaveLength(VIDEO_COUNTS.lead - 1);
    expect(home.querySelector("section h3 a")!.getAttribute("href")).toBe(server.corpus.documents.find((d: any) => d._id === featured[0])!.canonical_url);
    const journalists = [...home.querySelectorAll('a[href^="/semana-tv/periodistas/"]')].map((a) => a.getAttribute("href"));
    expect(journalists).toEqual(journalistSlugs().map((slug) => `/semana-tv/periodistas/${slug}/`));
    const categoryRows = [...home.querySelectorAll("h3")].filter((h) => h.closest("section")?.parentElement?.closest("section"));
    expect(categoryRows.map((h) => h.textContent)).toHaveLength(VIDEO_COUNTS.categories);
  });
});

describe("the categories page", () => {
  it("shows the first 9 categories of navSemanaTVCategorias, each with its 10 newest videos (fewer when it has fewer)", async () => {
    const doc = await page("/semana-tv/categorias/");
    const rows = [...block(doc, "categorias")!.querySelectorAll("section")].filter((section) => section.querySelector(":scope > h2"));
    const expected = navigation("navSemanaTVCategorias").children!.slice(0, 9);
    expect(rows.map((row) => row.querySelector("h2")!.textContent)).toEqual(expected.map((node) => node.display_name));
    for (const [i, row] of rows.entries()) {
      const ids = sectionVideos(expected[i]._id).slice(0, VIDEO_COUNTS.categoryItems);
      const hrefs = [...row.querySelectorAll("article h3 a")].map((a) => a.getAttribute("href"));
      expect(hrefs, expected[i]._id).toEqual(ids.map((id) => server.corpus.documents.find((d: any) => d._id === id)!.canonical_url));
    }
    expect(rows.some((row) => row.querySelectorAll("article").length === 10)).toBe(true);
  });
});

describe("video section pages", () => {
  it.each(["/semana-tv/", "/semana-tv/programas/"])(
    "%s: the lead, 'Lo último' (8), the programmes, 'Otros videos' 4 from 9, then 4 per 'Más videos' to the end",
    async (path) => {
      const doc = await page(path);
      const videos = sectionVideos(path.slice(0, -1));
      expect(block(doc, "video-principal")!.querySelectorAll("article")).toHaveLength(8);
      expect(block(doc, "programas")!.querySelectorAll("li")).toHaveLength(5);
      const batches = await loadToTheEnd(doc, "otros-videos", path);
      expect(batches.slice(0, -1).every((batch) => batch.length === 4)).toBe(true);
      expect(batches.flat()).toEqual(videos.slice(VIDEO_COUNTS.othersOffset));
    },
  );
});

describe("programme pages", () => {
  it.each(SHOW_SLUGS)("/semana-tv/programas/%s/: its heading with icon, its 10 newest, then 'Otros videos' to the end", async (slug) => {
    const path = `/semana-tv/programas/${slug}/`;
    const doc = await page(path);
    const section = `/semana-tv/programas/${slug}`;
    const documents = programmeDocuments(section);
    const lead = block(doc, "video-principal")!;
    expect(lead.querySelector("h1")!.textContent).toBe(server.corpus.sections.find((s) => s.brand === "semana" && s._id === section)!.name);
    expect(lead.querySelector(`header img[src^="/images/programa-${slug}.jpg"]`)).not.toBeNull();
    expect(lead.querySelectorAll("article")).toHaveLength(VIDEO_COUNTS.programme - 1);
    const batches = await loadToTheEnd(doc, "otros-videos", path);
    expect(batches.flat()).toEqual(documents.slice(VIDEO_COUNTS.programme));
    const current = block(doc, "programas")!.querySelector('a[aria-current="page"]');
    expect(current?.getAttribute("href") ?? null).toBe(slug === "semana-noticias" ? null : `${path}`);
  });
});

describe("list pages: 'Últimos videos' with 'Más videos'", () => {
  it.each(["/semana-tv/categorias/entrevistas/", "/semana-tv/categorias/politica/"])(
    "%s: 12, then 8 per click to the end, under the section's name",
    async (path) => {
      const doc = await page(path);
      const list = block(doc, "ultimos-videos")!;
      expect(list.querySelector("h1")!.textContent).toBe(server.corpus.sections.find((s) => s.brand === "semana" && s._id === path.slice(0, -1))!.name);
      expect(list.querySelector("h2")!.textContent).toBe("Últimos videos");
      const batches = await loadToTheEnd(doc, "ultimos-videos", path);
      const videos = sectionVideos(path.slice(0, -1));
      expect(batches[0]).toHaveLength(Math.min(12, videos.length));
      expect(batches.slice(1, -1).every((batch) => batch.length === 8)).toBe(true);
      expect(batches.flat()).toEqual(videos);
    },
  );

  it("/semana-tv/virales/ is the other list: the lead and 'Lo último' (9), then 'Últimos videos' 12 from offset 9, then 8 per click", async () => {
    const path = "/semana-tv/virales/";
    const doc = await page(path);
    const videos = sectionVideos("/semana-tv/virales");
    expect(block(doc, "video-principal")!.querySelector("h1")!.textContent).toBe("Lo más viral");
    expect(block(doc, "video-principal")!.querySelectorAll("article")).toHaveLength(VIDEO_COUNTS.lead - 1);
    expect(block(doc, "ultimos-videos")!.querySelector("h2")!.textContent).toBe("Últimos videos");
    const batches = await loadToTheEnd(doc, "ultimos-videos", path);
    expect(batches[0]).toHaveLength(Math.min(12, videos.length - VIDEO_COUNTS.lead));
    expect(batches.flat()).toEqual(videos.slice(VIDEO_COUNTS.lead));
  });
});

describe("journalist pages", () => {
  it("show the journalist, their lead video and 'Lo último', the other journalists, and 'Otros videos' to the end", async () => {
    for (const slug of journalistSlugs().slice(0, 3)) {
      const path = `/semana-tv/periodistas/${slug}/`;
      const doc = await page(path);
      const author = server.corpus.authors.find((a) => a.brand === "semana" && a.slug === slug)!;
      expect(block(doc, "video-principal")!.querySelector("h1")!.textContent).toBe(author.byline);
      const videos = journalistVideos(slug);
      expect(block(doc, "video-principal")!.querySelectorAll("article")).toHaveLength(Math.min(8, videos.length - 1));
      const others = [...block(doc, "otros-periodistas")!.querySelectorAll("a")].map((a) => a.getAttribute("href"));
      expect(others).toHaveLength(7);
      expect(others).not.toContain(path);
      expect(block(doc, "otros-periodistas")!.querySelector("h2")!.textContent).toBe("Otros periodistas");
      const batches = await loadToTheEnd(doc, "otros-videos", path);
      expect(batches.flat()).toEqual(videos.slice(VIDEO_COUNTS.othersOffset));
    }
  });
});
