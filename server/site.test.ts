// What the site answers for a URL: routes by brand (own pages before the group's), trailing-slash
// redirects, articles by canonical URL with the layout rules' template, redirects, 404s, load more.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createRegistry } from "../runtime/registry";
import { fakeSource, sectionExists, storyList } from "../tests/support/runtime-fixtures";
import type { BlockInstance, ContentSource, PageDefinition } from "../runtime/types";
import { brands } from "../brands";
import { projectValidator } from "./project";
import { brandBlockProblems } from "./load-pages";
import { createSite } from "./site";
import { brandForHost } from "../brands";

const articles: Record<string, any> = {
  "/nacion/articulo/una-nota/": { _id: "n1", type: "story", canonical_url: "/nacion/articulo/una-nota/", taxonomy: { sections: [{ _id: "/nacion" }] } },
  "/galerias/galeria/fotos/": { _id: "g1", type: "story", canonical_url: "/galerias/galeria/fotos/", taxonomy: { sections: [{ _id: "/galerias" }] } },
  "/vieja/articulo/movida/": { _id: "r1", type: "story", related_content: { redirect: [{ redirect_url: "/nacion/articulo/una-nota/" }] } },
};
const byUrl: ContentSource = {
  name: "content-by-url",
  ttlSeconds: 60,
  query: z.strictObject({ website: z.string(), url: z.string() }),
  fetch: async (q) => (q.website === "semana" ? (articles[q.url] ?? null) : null),
};
const source = fakeSource({
  items: (query) =>
    query.section === "/desconocida"
      ? []
      : [
          { title: `${query.section.replace(/^\//, "")} nota ${query.feedOffset + 1}` },
          { title: `${query.section.replace(/^\//, "")} nota ${query.feedOffset + 2}` },
        ],
});
const registry = createRegistry({
  blocks: { "story-list": storyList, banner: {} },
  sources: [source, byUrl],
  layouts: [{ name: "main-sidebar", regions: ["main"] }],
  existenceChecks: [sectionExists],
});

const text = (id: string, value: string): BlockInstance => ({ type: "banner", id, settings: { published: true, text: value } });
const list = (id: string): BlockInstance => ({ type: "story-list", id, settings: { published: true, feedSize: 2, offset: 0 } });
const page = (id: string, brand: string, where: Partial<PageDefinition>, main: BlockInstance[]): { file: string; page: PageDefinition } => ({
  file: `${id}.json`,
  page: { id, brand, layout: "main-sidebar", metadata: {}, regions: { main }, ...where },
});
const site = createSite({
  registry,
  layoutRules: { rules: [{ template: "article-gallery", when: [{ section: ["/galerias"] }] }], default: "article-default" },
  pages: [
    page("home", "semana", { route: "/" }, [text("t", "Portada de Semana")]),
    page("section", "semana", { route: "/:section/", params: { section: { mustExist: "section" } } }, [list("l")]),
    page("tienda", "semana", { route: "/store/", allBrands: true }, [text("t", "Suscríbase")]),
    page("fucsia-section", "fucsia", { route: "/:section/" }, [list("l")]),
    page("soho-store", "soho", { route: "/store/" }, [text("t", "Tienda de Soho")]),
    page("article-default", "semana", { template: "article-default" }, [text("t", "Plantilla por defecto")]),
    page("article-gallery", "semana", { template: "article-gallery" }, [text("t", "Plantilla de galería")]),
    page("not-found", "semana", { template: "not-found" }, [text("t", "Página no encontrada")]),
    page("movida", "semana", { route: "/vieja/:section/", params: { section: { mustExist: "section" } }, redirect: { url: "/{section}/" } }, []),
    page("campana", "semana", { route: "/campana/", allBrands: true, redirect: { url: "https://www.semana.com/store/?offerId=466", permanent: false } }, []),
    page("afuera", "semana", { route: "/afuera/", redirect: { url: "https://otro.example/" } }, []),
  ],
});

async function answer(path: string, host = "localhost:3000") {
  return site.answer(new URL(`http://${host}${path}`), brandForHost(host).id);
}
const texts = (a: any) => a.page.regions.main.map((b: any) => b.settings.text ?? b.data?.items?.[0]?.title);

describe("site", () => {
  it("serves the brand of the host, static routes before parameterised ones", async () => {
    expect(texts(await answer("/"))).toEqual(["Portada de Semana"]);
    const section = await answer("/mundo/");
    expect(section).toMatchObject({ kind: "page", status: 200, page: { id: "section", context: { params: { section: "mundo" } } } });
    expect(await answer("/mundo")).toEqual({ kind: "redirect", status: 301, location: "/mundo/" });
  });

  it("answers 404 for a route parameter that names nothing, with one check and without resolving the page", async () => {
    source.calls.length = 0;
    const missing = await answer("/desconocida/");
    expect(missing).toMatchObject({ kind: "page", status: 404, page: { id: "not-found" } });
    // One existence check; the page's own listing was never asked for.
    expect(source.calls).toEqual([{ website: "semana", section: "/desconocida", feedSize: 1, feedOffset: 0 }]);
  });

  it("serves the group's pages on every brand in its own look, unless the brand has its own", async () => {
    const fucsia = await answer("/store/", "fucsia.localhost:3000");
    expect(fucsia).toMatchObject({ status: 200, page: { id: "tienda", brand: "fucsia", context: { brand: "fucsia" } } });
    expect(texts(await answer("/store/", "soho.localhost"))).toEqual(["Tienda de Soho"]);
    // A brand without a home of its own does not get Semana's: only pages marked allBrands travel.
    expect(await answer("/", "soho.localhost")).toMatchObject({ status: 404 });
  });

  it("shows an article with the template its sections choose, follows redirects, and answers 404", async () => {
    expect(texts(await answer("/nacion/articulo/una-nota/"))).toEqual(["Plantilla por defecto"]);
    const gallery = await answer("/galerias/galeria/fotos");
    expect(gallery).toMatchObject({ status: 200, page: { template: "article-gallery", context: { article: { _id: "g1" } } } });
    expect(await answer("/vieja/articulo/movida/")).toEqual({ kind: "redirect", status: 301, location: "/nacion/articulo/una-nota/" });
    const missing = await answer("/no/existe/");
    expect(missing).toMatchObject({ kind: "page", status: 404 });
    expect(texts(missing)).toEqual(["Página no encontrada"]);
  });

  it("answers a redirect page's URL with the route's parameters and the query string, after its parameter checks", async () => {
    expect(await answer("/vieja/mundo/?utm_source=boletin")).toEqual({ kind: "redirect", status: 301, location: "/mundo/?utm_source=boletin" });
    expect(await answer("/vieja/desconocida/")).toMatchObject({ kind: "page", status: 404 });
    expect(await answer("/campana/?utm_source=x", "soho.localhost")).toEqual({
      kind: "redirect",
      status: 302,
      location: "https://www.semana.com/store/?offerId=466&utm_source=x",
    });
    // A target outside the group (the validator refuses it; were one loaded anyway) is never followed.
    expect(await answer("/afuera/")).toMatchObject({ kind: "page", status: 404 });
  });

  it("answers load more for a block of the page the reader is on, with that page's route parameters", async () => {
    const block = await site.loadMore("section", "l", new URL("http://localhost/_block/section/l?offset=2&path=/mundo/"), "semana");
    expect(block?.data.items.map((i: any) => i.title)).toEqual(["mundo nota 3", "mundo nota 4"]);
    expect(await site.loadMore("section", "nada", new URL("http://localhost/_block/section/nada?offset=2"), "semana")).toBeUndefined();
    expect(await site.loadMore("section", "l", new URL("http://localhost/_block/section/l?offset=-1"), "semana")).toBeUndefined();
    expect(await site.loadMore("fucsia-section", "l", new URL("http://localhost/_block/fucsia-section/l?offset=2"), "semana")).toBeUndefined();
  });
});

describe("a brand's blocks on every page (docs/brands.md#brand-wide-blocks)", () => {
  // Soho asks for its age gate on every page (brands/soho.ts); here with a byUrl source that knows one
  // Soho article and fails for the path "/caida/".
  const sohoByUrl: ContentSource = {
    name: "content-by-url",
    ttlSeconds: 60,
    query: z.strictObject({ website: z.string(), url: z.string() }),
    fetch: async (q) => {
      if (q.url.startsWith("/caida")) throw new Error("fuente caída");
      return q.website === "soho" && q.url === "/relatos/articulo/una/"
        ? { _id: "s1", type: "story", canonical_url: q.url, taxonomy: { sections: [{ _id: "/relatos" }] } }
        : null;
    },
  };
  const gated = createSite({
    registry: createRegistry({
      blocks: { "story-list": storyList, banner: {}, "age-gate": {} },
      sources: [source, sohoByUrl],
      layouts: [{ name: "main-sidebar", regions: ["main"] }],
      existenceChecks: [sectionExists],
    }),
    layoutRules: { rules: [], default: "article-default" },
    pages: [
      page("soho-home", "soho", { route: "/" }, [text("t", "Portada de Soho")]),
      page("subseccion", "semana", { route: "/:parent/:section/", allBrands: true, params: { section: { mustExist: "section" } } }, [list("l")]),
      page("article-default", "semana", { template: "article-default" }, [text("t", "Plantilla por defecto")]),
      page("not-found", "semana", { template: "not-found" }, [text("t", "Página no encontrada")]),
      page("error", "semana", { template: "error" }, [text("t", "Error")]),
      page("semana-home", "semana", { route: "/" }, [text("t", "Portada de Semana")]),
    ],
  });
  const types = (a: any) => a.page.regions.main.map((b: any) => b.type);

  it("puts Soho's age gate first on its own pages, the group's pages, articles, the 404 and the error page", async () => {
    const soho = (path: string) => gated.answer(new URL(`http://soho.localhost${path}`), "soho");
    for (const [path, status] of [
      ["/", 200],
      ["/relatos/historias/", 200],
      ["/relatos/articulo/una/", 200],
      ["/no/existe/mas/", 404],
      ["/caida/", 503],
    ] as const) {
      const served = await soho(path);
      expect(served, path).toMatchObject({ kind: "page", status });
      expect(types(served)[0], path).toBe("age-gate");
      expect(
        types(served).filter((t: string) => t === "age-gate"),
        path,
      ).toHaveLength(1);
    }
  });

  it("puts it on no other brand's page", async () => {
    const semana = await gated.answer(new URL("http://localhost/"), "semana");
    expect(types(semana)).toEqual(["banner"]);
    const group = await gated.answer(new URL("http://fucsia.localhost/relatos/historias/"), "fucsia");
    expect(types(group)).not.toContain("age-gate");
  });
});

describe("brandBlockProblems", () => {
  it("finds none in the brands' every-page blocks, and names an unknown type or a refused setting", () => {
    const validator = projectValidator();
    expect(brandBlockProblems(validator)).toEqual([]);
    const broken = {
      ...brands.soho,
      everyPage: [
        { type: "age-gate", id: "verificacion-edad", settings: { published: "sí" } },
        { type: "no-existe", id: "x", settings: {} },
      ],
    };
    const problems = brandBlockProblems(validator, [broken]);
    expect(problems.map((p) => p.file)).toEqual(expect.arrayContaining(["brands/soho.ts (everyPage)"]));
    expect(problems.length).toBeGreaterThanOrEqual(2);
  });
});

describe("publication windows (docs/decisions/0073-publication-schedules.md)", () => {
  const from = "2026-12-01T06:00:00-05:00";
  const until = "2026-12-01T23:59:00-05:00";
  let now = new Date(from);
  const scheduled = createSite({
    registry,
    layoutRules: { rules: [], default: "article-default" },
    now: () => now,
    pages: [
      page("section", "semana", { route: "/:section/", params: { section: { mustExist: "section" } } }, [list("l")]),
      page("especial", "semana", { route: "/especial/", publishFrom: from, publishUntil: until }, [
        text("t", "Especial"),
        { type: "banner", id: "tarde", settings: { published: true, text: "Aviso de la tarde", publishFrom: "2026-12-01T18:00:00-05:00" } },
      ]),
      page("lanzamiento", "semana", { route: "/lanzamiento/nuevo/", publishFrom: from }, [text("t", "Lanzamiento")]),
      page("tienda", "semana", { route: "/store/", allBrands: true }, [text("t", "Suscríbase")]),
      page("soho-store", "soho", { route: "/store/", publishFrom: from, publishUntil: until }, [text("t", "Black Friday de Soho")]),
      page("article-default", "semana", { template: "article-default" }, [text("t", "Plantilla por defecto")]),
      page("not-found", "semana", { template: "not-found" }, [text("t", "Página no encontrada")]),
    ],
  });
  const at = (iso: string, path: string, host = "localhost:3000") => {
    now = new Date(iso);
    return scheduled.answer(new URL(`http://${host}${path}`), brandForHost(host).id);
  };

  it("answer a page's route only inside its window, the next matching route outside it, each answer kept until the next boundary", async () => {
    const before = await at("2026-12-01T05:59:50-05:00", "/especial/");
    expect(before).toMatchObject({ status: 200, page: { id: "section", context: { params: { section: "especial" } } }, changesIn: 10 });
    const opening = await at(from, "/especial/");
    expect(opening).toMatchObject({ status: 200, page: { id: "especial" }, changesIn: 12 * 3600 });
    expect(texts(opening)).toEqual(["Especial"]);
    const evening = await at("2026-12-01T18:00:00-05:00", "/especial/");
    expect(texts(evening)).toEqual(["Especial", "Aviso de la tarde"]);
    expect(evening).toMatchObject({ changesIn: 5 * 3600 + 59 * 60 });
    const after = await at(until, "/especial/");
    expect(after).toMatchObject({ status: 200, page: { id: "section" } });
    expect(after).not.toHaveProperty("changesIn");
  });

  it("serve the group's page behind a brand's own page outside its window, and 404 where no other route matches", async () => {
    expect(await at("2026-12-01T05:00:00-05:00", "/store/", "soho.localhost")).toMatchObject({ page: { id: "tienda", brand: "soho" }, changesIn: 3600 });
    expect(await at(from, "/store/", "soho.localhost")).toMatchObject({ page: { id: "soho-store" } });
    expect(await at(until, "/store/", "soho.localhost")).toMatchObject({ page: { id: "tienda" } });
    const early = await at("2026-12-01T05:59:59.500-05:00", "/lanzamiento/nuevo/");
    expect(early).toMatchObject({ kind: "page", status: 404, changesIn: 0 });
    expect(texts(early)).toEqual(["Página no encontrada"]);
    expect(await at(from, "/lanzamiento/nuevo/")).toMatchObject({ status: 200, page: { id: "lanzamiento" } });
  });

  it("answer no load more for a page outside its window", async () => {
    now = new Date("2026-12-01T05:00:00-05:00");
    expect(await scheduled.loadMore("especial", "t", new URL("http://localhost/_block/especial/t?offset=2&path=/especial/"), "semana")).toBeUndefined();
    now = new Date(from);
    expect(await scheduled.loadMore("especial", "t", new URL("http://localhost/_block/especial/t?offset=2&path=/especial/"), "semana")).not.toBeUndefined();
  });
});
