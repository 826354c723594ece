// The listing blocks against the real content sources (local backend on PGlite) through the
// runtime and the site, with Semana's page definitions: their queries are accepted, the pages
// they make answer, and 'Cargar más artículos' pages continue where the first batch stopped.
import fs from "node:fs";
import path from "node:path";
import { renderToString } from "react-dom/server";
import { PageView } from "../../runtime/render";
import type { ResolvedBlock, ResolvedPage } from "../../runtime/types";
import { projectRegistry, projectValidator } from "../../server/project";
import { createSite, loadLayoutRules, type Site } from "../../server/site";
import { createContentSources } from "../../server/content/sources";
import { makeTestCorpus } from "../../server/content/testing/corpus";
import { openTestStore, type TestStore } from "../../server/content/testing/stores";
import { LOAD_MORE_LABEL } from "./useLoadMore";

const pagesDir = path.resolve("page-definitions/semana");
let testStore: TestStore;
let site: Site;
let registry: ReturnType<typeof projectRegistry>;

beforeAll(async () => {
  testStore = await openTestStore({}, makeTestCorpus({ extraStoriesPerBrand: 160 }));
  registry = projectRegistry(createContentSources({ CONTENT_BACKEND: "local" }, testStore.store, { logger: { info() {}, warn() {}, error() {} } }));
  const files = fs.readdirSync(pagesDir).filter((f) => f.endsWith(".json"));
  const { pages, problems } = projectValidator(registry).checkAll(
    files.map((file) => ({ file, text: fs.readFileSync(path.join(pagesDir, file), "utf8") })),
  );
  expect(problems).toEqual([]);
  site = createSite({ registry, pages, layoutRules: loadLayoutRules() });
});
afterAll(() => testStore?.cleanup());

async function page(url: string): Promise<ResolvedPage & { status: number }> {
  const answer = await site.answer(new URL(url, "http://localhost"), "localhost");
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

describe("Semana's listing pages on the real content sources", () => {
  it("home: every listing's query is accepted; latest stories keep only stories with images and no print editions", async () => {
    const home = await page("/");
    expect(failures(home)).toEqual([]);
    const latest = block(home, "ultimas-noticias").data;
    expect(latest.items).toHaveLength(12);
    expect(latest.items.every((item: any) => item.image?.url && !item.section?.id.startsWith("/edicion"))).toBe(true);
    expect(latest.next).toBe(12);
    for (const id of ["carrusel-nacion", "politica", "mundo", "carrusel-deportes"]) expect(block(home, id).data.items.length).toBeGreaterThan(0);
    const html = renderToString(<PageView page={home} registry={registry} />);
    expect(html).toContain("Últimas noticias");
    expect(html).toContain(LOAD_MORE_LABEL);
    expect(html).toContain('class="swiper-slide');
  });

  it("'Cargar más artículos' on the home answers the next 12 latest stories, not the first ones again", async () => {
    const home = await page("/");
    const first = block(home, "ultimas-noticias").data.items.map((item: any) => item.id);
    const next = await site.loadMore("home", "ultimas-noticias", new URL("http://localhost/_block/home/ultimas-noticias?offset=12&path=/"), "localhost");
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
    const next = await site.loadMore("section", "listado-seccion", new URL("http://localhost/_block/section/listado-seccion?offset=11&path=/deportes/"), "localhost");
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

  it("an unknown section leaves the main region empty and the site answers 404", async () => {
    expect((await page("/no-existe-esta-seccion/")).status).toBe(404);
  });

  it("tag and author pages", async () => {
    const tag = await page("/noticias/reforma-educativa/");
    expect(tag.status).toBe(200);
    expect(block(tag, "listado-tema").data.items.length).toBeGreaterThan(0);
    const author = await page("/autor/maria-jimena-duzan/");
    expect(author.status).toBe(200);
    expect(block(author, "autor").data.author).toMatchObject({ name: "María Jimena Duzán" });
  });
});
