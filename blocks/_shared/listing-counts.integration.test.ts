// Issue 24's listing points on the project's page definitions and the generated corpus (PGlite,
// local sources, the site as the server loads it): a news block keeps its own section on a page
// whose URL names another (the elections pages), the cápsulas page starts at the newest cápsula,
// Soho's lifestyle list holds 8, a gallery page's lists ask for the 4 they show, and Lo más viral
// is the channel's "12 at offset 9, and 9 for the lead" (docs/listings.md, docs/video-channel.md#counts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandId } from "../../domain/brands";
import { normalizeSectionId } from "../../domain/sections";
import type { PageContext, ResolvedBlock, ResolvedPage } from "../../runtime/types";
import type { SeedCorpus } from "../../server/content/corpus";
import { generateCorpus } from "../../server/content/seed";
import { createContentSources } from "../../server/content/sources";
import { openTestStore, type TestStore } from "../../server/content/testing/stores";
import { projectRegistry } from "../../server/project";
import { loadLayoutRules, loadPages } from "../../server/load-pages";
import { createSite, type Site } from "../../server/site";
import type { CheckedPage } from "../../tooling/page-files";
import { fetchUrlSectionListing, listedSection } from "../url-section-listing/index.server";
import { sectionFromContext } from "./listingQueries";
import { VIDEO_COUNTS } from "./videoChannel";
import { readSettings } from "../../platform/settings";

let testStore: TestStore;
let site: Site;
let pages: CheckedPage[];
let corpus: SeedCorpus;
const fetched: Array<{ source: string; query: Record<string, unknown> }> = [];

beforeAll(async () => {
  corpus = generateCorpus();
  testStore = await openTestStore({}, corpus);
  const sources = createContentSources(readSettings({ CONTENT_BACKEND: "local" }), testStore.store, { logger: { info() {}, warn() {}, error() {} } });
  // What each source is asked, as the runtime asks it.
  const registry = projectRegistry(
    sources.map((source) => ({
      ...source,
      fetch: (query: any, options: { signal: AbortSignal }) => {
        fetched.push({ source: source.name, query });
        return source.fetch(query, options);
      },
    })),
  );
  pages = loadPages(registry);
  site = createSite({ registry, pages, layoutRules: loadLayoutRules(pages) });
}, 300_000);
afterAll(() => testStore?.cleanup());

async function page(url: string, brand: BrandId = "semana"): Promise<ResolvedPage> {
  const answer = await site.answer(new URL(url, "http://localhost"), brand);
  if (answer.kind !== "page" || answer.status !== 200) throw new Error(`${url}: ${answer.kind} ${"status" in answer ? answer.status : ""}`);
  return answer.page;
}
const block = (resolved: ResolvedPage, id: string): ResolvedBlock => {
  const found = Object.values(resolved.regions)
    .flat()
    .find((b) => b.id === id);
  if (!found) throw new Error(`${id} not rendered: ${JSON.stringify(resolved.diagnostics.find((d) => d.blockId === id))}`);
  return found;
};
const ids = (items: Array<{ id: string }>) => items.map((item) => item.id);
const newestFirst = (a: any, b: any) => (a.publish_date < b.publish_date ? 1 : a.publish_date > b.publish_date ? -1 : 0);
/** A brand's documents in a section (any of theirs) that have a promo image, newest first: what a section feed lists. */
const sectionStories = (brand: BrandId, section: string) =>
  (corpus.documents as any[])
    .filter((d) => d.canonical_website === brand && d.promo_items?.basic?.url && d.taxonomy.sections.some((s: { _id: string }) => s._id === section))
    .sort(newestFirst)
    .map((d) => d._id as string);

describe("a news block's own section wins over the route's (docs/listings.md#whose-section)", () => {
  it.each(["/elecciones/gobernaciones/", "/elecciones/otras-ciudades/", "/elecciones/bogota/"])(
    "%s: the candidates of the URL's section, and under them the elections news, the stories /elecciones/ shows",
    async (path) => {
      const candidates = await page(path);
      expect(block(candidates, "candidatos").data.items.length).toBeGreaterThan(0);
      const news = block(candidates, "noticias-elecciones").data;
      expect(news.sectionId).toBe("/elecciones");
      expect(news.title).toBe("Noticias de elecciones");
      expect(news.top.length + news.items.length).toBe(11);
      const elecciones = block(await page("/elecciones/"), "listado-seccion").data;
      expect(ids(news.top)).toEqual(ids(elecciones.top));
      expect(ids(news.items)).toEqual(ids(elecciones.items));
      expect([...ids(news.top), ...ids(news.items)]).toEqual(sectionStories("semana", "/elecciones").slice(0, 11));
    },
  );

  it("every other page definition lists the section it listed before: only the elections news changed", () => {
    const changed: string[] = [];
    let checked = 0;
    for (const { page: definition } of pages) {
      if (!definition.route) continue;
      // A sample of what the route names: its :section parameter, or (Soho) /seccion/<section>/.
      const params: Record<string, string> = definition.route.includes(":section") ? { section: "muestra" } : {};
      const path = definition.route.replace(/:section/g, "muestra").replace(/:[a-z]+/gi, "x");
      for (const brand of definition.allBrands ? (["semana", "soho"] as BrandId[]) : [definition.brand as BrandId]) {
        const context: PageContext = { brand, path, params, query: {} };
        for (const instance of Object.values(definition.regions).flat()) {
          const settings = instance.settings as Record<string, any>;
          if (instance.type === "section-listing") {
            const before = normalizeSectionId(
              params.section || (brand === "soho" && path.split("/")[1] === "seccion" ? path.split("/")[2] : undefined) || settings.section,
            );
            const now = sectionFromContext(settings.section, context, settings.sectionFromRoute);
            checked++;
            if (now !== before) changed.push(`${definition.id}/${instance.id}: ${before} → ${now}`);
          }
          if (instance.type === "url-section-listing") {
            const query = fetchUrlSectionListing(settings as any, context).stories?.query as Record<string, unknown> | undefined;
            checked++;
            expect(query?.includeSections, `${definition.id}/${instance.id}`).toBe(listedSection(settings as any, context));
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    expect(changed).toEqual(["semana-elecciones-candidatos/noticias-elecciones: /muestra → /elecciones"]);
  });

  it("a section page listing its route's section still does (/deportes/ through /:section/, Soho's /seccion/historias/)", async () => {
    expect(block(await page("/deportes/"), "listado-seccion").data.sectionId).toBe("/deportes");
    expect(block(await page("/seccion/historias/", "soho"), "listado-seccion").data.sectionId).toBe("/relatos/historias");
  });
});

describe("feed sizes of docs/listings.md#other-feeds", () => {
  it("/economia/capsulas/ shows the first 10 cápsulas, the newest first", async () => {
    const capsulas = block(await page("/economia/capsulas/"), "listado-capsulas").data;
    expect(capsulas.top).toEqual([]);
    expect(ids(capsulas.items)).toEqual(sectionStories("semana", "/economia/capsulas").slice(0, 10));
  });

  it("Soho's home: the lifestyle list shows 8, the 8 newest of /que-pasa/estilo-de-vida", async () => {
    const lifestyle = block(await page("/", "soho"), "estilo-de-vida").data;
    expect([...ids(lifestyle.top), ...ids(lifestyle.items)]).toEqual(sectionStories("soho", "/que-pasa/estilo-de-vida").slice(0, 8));
  });

  it("a gallery page's 'Últimas galerías' and 'Galerías relacionadas' ask their source for 4 and show 4 other galleries", async () => {
    const gallery = (corpus.documents as any[]).find(
      (d) =>
        d.canonical_website === "semana" &&
        d.type === "gallery" &&
        d.subtype &&
        !d.related_content?.redirect &&
        d.taxonomy.sections.some((s: any) => s._id === "/galerias"),
    );
    fetched.length = 0;
    const resolved = await page(gallery.canonical_url);
    const lists = Object.values(resolved.regions)
      .flat()
      .filter((b) => b.type === "gallery-list");
    expect(lists.map((b) => b.data.title).sort()).toEqual(["Galerías relacionadas", "Últimas galerías"]);
    for (const list of lists) {
      expect(list.data.items).toHaveLength(4);
      expect(ids(list.data.items)).not.toContain(gallery._id);
    }
    const asked = fetched.filter((f) => f.query.includeSections === "/galerias" || f.query.includeSections === "galerias");
    expect(asked.length).toBeGreaterThan(0);
    for (const f of asked) expect(f.query).toMatchObject({ feedSize: 4, excludeIds: gallery._id });
  });
});

describe("the video list of docs/video-channel.md#counts: 12 at offset 9, and 9 for the lead", () => {
  it("/semana-tv/virales/: the lead and 'Lo último' (9), then 'Últimos videos' from the 10th, 12 at most", async () => {
    const virales = await page("/semana-tv/virales/");
    const videos = (corpus.documents as any[])
      .filter(
        (d) =>
          d.canonical_website === "semana" &&
          d.type === "video" &&
          d.promo_items?.basic?.url &&
          d.taxonomy.sections.some((s: any) => s._id === "/semana-tv/virales"),
      )
      .sort(newestFirst)
      .map((d) => d._id as string);
    expect(videos.length).toBeGreaterThan(VIDEO_COUNTS.lead);
    const lead = block(virales, "video-principal").data;
    expect(lead.heading?.title).toBe("Lo más viral");
    expect([lead.lead?.story.id, ...ids(lead.latest)]).toEqual(videos.slice(0, VIDEO_COUNTS.lead));
    const list = block(virales, "ultimos-videos").data;
    expect(list.title).toBe("Últimos videos");
    expect(list.heading).toBeUndefined();
    expect(ids(list.items)).toEqual(videos.slice(VIDEO_COUNTS.lead, VIDEO_COUNTS.lead + 12));
  });
});
