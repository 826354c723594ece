// The listing blocks against the real content sources (local backend on PGlite) through the
// runtime and the site, with the project's page definitions as the server loads them, for Semana
// (the brand of localhost): their queries are accepted, the pages they make answer, the data sent
// to the browser is the blocks' transformed data only, and 'Cargar más artículos' pages continue
// where the first batch stopped.
import { renderToString } from "react-dom/server";
import { blockViews } from "../index";
import { PageView } from "../../runtime/render";
import { toPageData } from "../../runtime/page-data";
import type { ResolvedBlock, ResolvedPage } from "../../runtime/types";
import { loadViews } from "../../server/app/views";
import { createContentSources } from "../../server/content/sources";
import { makeTestCorpus } from "../../server/content/testing/corpus";
import { openTestStore, type TestStore } from "../../server/content/testing/stores";
import { projectRegistry } from "../../server/project";
import { loadLayoutRules, loadPages } from "../../server/load-pages";
import { createSite, type Site } from "../../server/site";
import { LOAD_MORE_LABEL } from "./loadMore";
import { readSettings } from "../../platform/settings";

let testStore: TestStore;
let site: Site;

beforeAll(async () => {
  const corpus = makeTestCorpus({ extraStoriesPerBrand: 160 });
  // A route's section exists when the section source knows it: give /deportes, the section this test
  // reaches through the generic /:section/ route, its record (the test corpus names only a few).
  corpus.sections = [...(corpus.sections ?? []), { _id: "/deportes", brand: "semana", name: "Deportes" }];
  testStore = await openTestStore({}, corpus);
  const registry = projectRegistry(
    createContentSources(readSettings({ CONTENT_BACKEND: "local" }), testStore.store, { logger: { info() {}, warn() {}, error() {} } }),
  );
  // loadPages validates every page definition and throws on the first broken one, as the server does.
  const pages = loadPages(registry);
  site = createSite({ registry, pages, layoutRules: loadLayoutRules(pages) });
});
afterAll(() => testStore?.cleanup());

async function page(url: string): Promise<ResolvedPage & { status: number }> {
  const answer = await site.answer(new URL(url, "http://localhost"), "semana");
  if (answer.kind !== "page") throw new Error(`${url}: ${answer.kind} ${answer.status}`);
  return { ...answer.page, status: answer.status };
}
const blocksOf = (resolved: ResolvedPage) => Object.values(resolved.regions).flat();
const block = (resolved: ResolvedPage, id: string): ResolvedBlock => {
  const found = blocksOf(resolved).find((b) => b.id === id);
  if (!found) throw new Error(`${id} not rendered: ${JSON.stringify(resolved.diagnostics.find((d) => d.blockId === id))}`);
  return found;
};
const failures = (resolved: ResolvedPage) =>
  resolved.diagnostics.filter((d) => d.skipped === "fetch-failed" || d.skipped === "timeout" || d.skipped === "render-error");

/** The listing blocks this test covers: their data must be cards and titles, never raw ANS. */
const LISTING_TYPES = new Set([
  "latest-stories",
  "section-listing",
  "url-section-listing",
  "tag-listing",
  "author-listing",
  "collection-list",
  "featured-story",
  "story-carousel",
  "most-read",
  "news-sidebar",
  "section-seo",
]);
/** Fields of ANS documents and feed answers that no listing renders. */
const RAW_ANS = /"(content_elements|promo_items|taxonomy|credits|headlines|canonical_url|content_restrictions)"/;

/** What the browser gets of the page (the hydration data), checked block by block for raw content. */
function expectOnlyTransformedData(resolved: ResolvedPage) {
  const sent = toPageData(resolved);
  expect(Object.keys(sent)).not.toContain("context");
  const listings = Object.values(sent.regions)
    .flat()
    .filter((b) => LISTING_TYPES.has(b.type));
  expect(listings.length).toBeGreaterThan(0);
  for (const listing of listings) expect(`${listing.id}: ${JSON.stringify(listing.data)}`).not.toMatch(RAW_ANS);
}

describe("Semana's listing pages on the real content sources", () => {
  it("home: every listing's query is accepted; latest stories keep only stories with images and no print editions", async () => {
    const home = await page("/");
    expect(failures(home)).toEqual([]);
    const latest = block(home, "ultimas-noticias").data;
    expect(latest.items).toHaveLength(12);
    expect(latest.items.every((item: any) => item.image?.url && !item.section?.id.startsWith("/edicion"))).toBe(true);
    expect(latest.next).toBe(12);
    for (const id of ["carrusel-nacion", "politica", "mundo", "carrusel-deportes"]) expect(block(home, id).data.items.length).toBeGreaterThan(0);
    expectOnlyTransformedData(home);
    const html = renderToString(<PageView page={toPageData(home)} views={await loadViews(blockViews)} />);
    expect(html).toContain("Últimas noticias");
    expect(html).toContain(LOAD_MORE_LABEL);
    expect(html).toContain('class="swiper-slide');
  });

  it("'Cargar más artículos' on the home answers the next 12 latest stories, not the first ones again", async () => {
    const home = await page("/");
    const first = block(home, "ultimas-noticias").data.items.map((item: any) => item.id);
    const next = await site.loadMore("home", "ultimas-noticias", new URL("http://localhost/_block/home/ultimas-noticias?offset=12&path=/"), "semana");
    expect(next?.data.items.length).toBeGreaterThan(0);
    expect(next?.data.items.some((item: any) => first.includes(item.id))).toBe(false);
  });

  it("a section from the route: title, top stories and the grid from offset 4; the next batch of 8 from the cursor", async () => {
    const deportes = await page("/deportes/");
    expect(deportes.status).toBe(200);
    const listing = block(deportes, "listado-seccion").data;
    expect(listing.title).toBe("Deportes");
    // Positions 0-3 above, 4-10 in the grid; a story without a promo image is left out of either.
    const shown = [...listing.top, ...listing.items];
    expect(listing.top.length).toBeLessThanOrEqual(4);
    expect(listing.items.length).toBeLessThanOrEqual(7);
    expect(shown.length).toBeGreaterThanOrEqual(9);
    expect(shown.every((item: any) => item.image?.url)).toBe(true);
    expect(new Set(shown.map((item: any) => item.id)).size).toBe(shown.length);
    expect(listing.next).toBe(11);
    expectOnlyTransformedData(deportes);
    // The path the browser sends with the request (window.location.pathname) gives the section back.
    const next = await site.loadMore(
      "section",
      "listado-seccion",
      new URL("http://localhost/_block/section/listado-seccion?offset=11&path=%2Fdeportes%2F"),
      "semana",
    );
    expect(next?.data.items.length).toBeGreaterThanOrEqual(7);
    expect(next?.data.items.length).toBeLessThanOrEqual(8);
    expect(next?.data.next).toBe(19);
    expect(next?.data.items.every((item: any) => !shown.some((seen: any) => seen.id === item.id))).toBe(true);
  });

  it("a dedicated section page takes its title and description from the section source", async () => {
    const economia = await page("/economia/");
    expect(failures(economia)).toEqual([]);
    expect(block(economia, "listado-seccion").data).toMatchObject({ title: "Economía", description: "Macroeconomía, empresas y finanzas." });
  });

  it("an unknown section answers 404", async () => {
    expect((await page("/no-existe-esta-seccion/")).status).toBe(404);
  });

  it("tag and author pages; a tag or an author without stories answers 404 before resolution", async () => {
    const tag = await page("/noticias/reforma-educativa/");
    expect(tag.status).toBe(200);
    expect(block(tag, "listado-tema").data.items.length).toBeGreaterThan(0);
    expectOnlyTransformedData(tag);
    const author = await page("/opinion/maria-jimena-duzan/");
    expect(author.status).toBe(200);
    expect(block(author, "autor").data.author).toMatchObject({ name: "María Jimena Duzán" });
    expectOnlyTransformedData(author);
    expect((await page("/noticias/tema-que-no-existe-en-el-corpus/")).status).toBe(404);
    expect((await page("/opinion/autor-que-no-existe-en-el-corpus/")).status).toBe(404);
    // Bylines' address of the author page serves the same page (docs/article-pages.md#byline); an unknown author is a 404 there too.
    const byline = await page("/autor/maria-jimena-duzan/");
    expect(byline.status).toBe(200);
    expect(block(byline, "autor").data.author).toMatchObject({ name: "María Jimena Duzán" });
    expect((await page("/autor/autor-que-no-existe-en-el-corpus/")).status).toBe(404);
  });

  it("an article's news sidebar leaves the article out, and the article document does not travel with it", async () => {
    const home = await page("/");
    const url = block(home, "ultimas-noticias").data.items[0].url as string;
    const article = await page(url);
    expect(article.status).toBe(200);
    const sidebar = blocksOf(article).find((b) => b.type === "news-sidebar");
    expect(sidebar, "the article template has a news sidebar").toBeTruthy();
    const { latest, mostRead } = sidebar!.data;
    expect(latest.length + mostRead.length).toBeGreaterThan(0);
    expect([...latest, ...mostRead].some((item: any) => item.url === url)).toBe(false);
    expect(Object.keys(sidebar!.data).sort()).toEqual(["latest", "mostRead"]);
  });
});
