// The forums' and carousels' pages over HTTP on the whole site (production build, PGlite, the
// generated corpus at scale 1): every page answers 200 on its brand, each paged grid shows the
// spec's batches with its own label down to the last item of its feed, the sliders carry their
// motion, and the candidates carousels their titles (docs/carousels-and-blocks.md, docs/listings.md#feed-sizes).
import { describe, expect, it } from "vitest";
import { JSDOM } from "jsdom";
import type { BrandId } from "../../domain/brands";
import type { SeedCorpus } from "../../server/content/corpus";
import { DEFAULT_NOW, generateCorpus } from "../../server/content/seed";
import { brandHost, requestSite } from "../../tests/support/site-http";
import { siteServerForFile } from "../../tests/support/site-server";

const corpus: SeedCorpus = generateCorpus({ now: DEFAULT_NOW });
const server = siteServerForFile(() => ({ corpus, boot: { now: () => DEFAULT_NOW } }));
const get = (brand: BrandId, path: string) => requestSite(server.site.port, { host: brandHost(brand), path });

const documentOf = (html: string) => new JSDOM(html).window.document;
const frameOf = (doc: Document, id: string) => doc.querySelector(`[data-block-id="${id}"]`);

const PAGES: Array<[brand: BrandId, path: string]> = [
  ["semana", "/galerias/"],
  ["semana", "/fotos/"],
  ["semana", "/especiales/"],
  ["semana", "/caricaturas/galeria/"],
  ["semana", "/elecciones/"],
  ["semana", "/elecciones/gobernaciones/"],
  ["semana", "/elecciones/otras-ciudades/"],
  ["semana", "/elecciones/bogota/"],
  ["forosemana", "/"],
  ["forosemana", "/foros-semana/"],
  ["forosemana", "/foros-semana/foros/"],
  ["forosemana", "/foros-semana/momentos/"],
  ["forosemana", "/foros-semana/galerias/"],
];

it("answers 200 for every page of the forums and carousels, and 404 for an elections section that does not exist", async () => {
  for (const [brand, path] of PAGES) expect((await get(brand, path)).status, `${brand} ${path}`).toBe(200);
  expect((await get("semana", "/elecciones/no-existe/")).status).toBe(404);
});

/** The documents a section feed lists (any of the sections), newest first (ties by id), as the store answers them. */
function feed(brand: string, sections: string[]): string[] {
  return corpus.documents
    .filter((doc) => doc.canonical_website === brand && doc.taxonomy.sections.some((s: { _id: string }) => sections.includes(s._id)))
    .sort((a, b) => (a.publish_date !== b.publish_date ? (a.publish_date < b.publish_date ? 1 : -1) : a._id < b._id ? 1 : -1))
    .map((doc) => doc._id);
}

interface Grid {
  brand: BrandId;
  page: string;
  block: string;
  sections: string[];
  first: number;
  next: number;
  offset: number;
  label: string;
}

const GRIDS: Grid[] = [
  {
    brand: "forosemana",
    page: "/foros-semana/foros/",
    block: "foros-anteriores",
    sections: ["/foros-semana/foros"],
    first: 9,
    next: 6,
    offset: 1,
    label: "Cargar más artículos",
  },
  {
    brand: "forosemana",
    page: "/foros-semana/momentos/",
    block: "momentos-imperdibles",
    sections: ["/foros-semana/momentos"],
    first: 8,
    next: 4,
    offset: 0,
    label: "Cargar más artículos",
  },
  {
    brand: "forosemana",
    page: "/foros-semana/galerias/",
    block: "galeria-multimedia",
    sections: ["/foros-semana/galerias"],
    first: 6,
    next: 6,
    offset: 3,
    label: "CARGAR MÁS",
  },
  { brand: "semana", page: "/fotos/", block: "galeria-multimedia", sections: ["/fotos"], first: 6, next: 6, offset: 3, label: "CARGAR MÁS" },
  {
    brand: "semana",
    page: "/caricaturas/galeria/",
    block: "mas-caricaturas",
    sections: ["/caricaturas/galeria"],
    first: 4,
    next: 2,
    offset: 5,
    label: "VER MÁS CARICATURAS",
  },
  {
    brand: "semana",
    page: "/especiales/",
    block: "mas-especiales",
    sections: ["/especiales", "/especiales-editoriales", "/especiales-multimedia"],
    first: 4,
    next: 4,
    offset: 9,
    label: "Cargar más artículos",
  },
  { brand: "semana", page: "/galerias/", block: "mas-galerias", sections: ["/galerias"], first: 12, next: 12, offset: 9, label: "Cargar más artículos" },
];

describe.each(GRIDS.map((grid) => [`${grid.brand} ${grid.page} ${grid.block}`, grid] as const))("%s", (_name, grid) => {
  it("shows the spec's batches with its own label, load after load, to the end of its feed", async () => {
    const ids = feed(grid.brand, grid.sections);
    expect(ids.length, "the corpus has a next batch to load").toBeGreaterThan(grid.offset + grid.first);
    const expected: number[] = [];
    for (let start = grid.offset, size = grid.first; start < ids.length; start += size, size = grid.next) expected.push(Math.min(size, ids.length - start));

    const page = documentOf((await get(grid.brand, grid.page)).body);
    let frame = frameOf(page, grid.block)!;
    const batches: number[] = [];
    const shown: string[] = [];
    for (;;) {
      const keys = [...frame.querySelectorAll<HTMLElement>("[data-load-more-list] > li")].map((li) => li.dataset.key!);
      batches.push(keys.length);
      shown.push(...keys);
      const button = frame.querySelector<HTMLButtonElement>("button[data-load-more]");
      if (!button) break;
      expect(button.textContent).toBe(grid.label);
      const next = await get(grid.brand, `${button.dataset.loadMore}&path=${encodeURIComponent(grid.page)}`);
      expect(next.status).toBe(200);
      frame = documentOf(JSON.parse(next.body).html).body;
    }
    expect(batches).toEqual(expected);
    expect(shown).toEqual(ids.slice(grid.offset));
  });
});

describe("sliders and carousels on their pages", () => {
  it("forums: the gallery slider autoplays every 5000 ms and stops on the last slide; 'Esto dijo...' shows 6 videos; 'MOMENTOS IMPERDIBLES' 8", async () => {
    const home = documentOf((await get("forosemana", "/")).body);
    const slider = frameOf(home, "galeria-foros")!.querySelector<HTMLElement>("[data-carousel]")!;
    expect(slider.dataset).toMatchObject({ autoplay: "5000", autoplayStop: "last" });
    expect(slider.dataset.loop).toBeUndefined();
    expect(slider.querySelectorAll("li.swiper-slide")).toHaveLength(6);
    const videos = frameOf(home, "esto-dijo")!;
    expect(videos.querySelector("h2")?.textContent).toBe("Esto dijo...");
    expect(videos.querySelectorAll("li.swiper-slide")).toHaveLength(6);
    const moments = frameOf(home, "momentos-imperdibles")!;
    expect(moments.querySelector("h2")?.textContent).toBe("MOMENTOS IMPERDIBLES");
    expect(moments.querySelectorAll("[data-load-more-list] > li")).toHaveLength(8);
    const forums = documentOf((await get("forosemana", "/foros-semana/foros/")).body);
    expect(frameOf(forums, "foros-anteriores")!.querySelector("h2")?.textContent).toBe("FOROS ANTERIORES");
  });

  it("Semana: hero sliders of 3 looping slides every 3000 ms on /galerias/ and /fotos/; the cartoons page shows 5, then 4 more", async () => {
    for (const [path, id] of [
      ["/galerias/", "slider-galerias"],
      ["/fotos/", "slider-fotos"],
    ]) {
      const carousel = frameOf(documentOf((await get("semana", path)).body), id)!.querySelector<HTMLElement>("[data-carousel]")!;
      expect(carousel.dataset, path).toMatchObject({ slider: "", loop: "", autoplay: "3000" });
      expect(carousel.querySelectorAll("li.swiper-slide")).toHaveLength(3);
    }
    const cartoons = documentOf((await get("semana", "/caricaturas/galeria/")).body);
    expect(frameOf(cartoons, "caricaturas-recientes")!.querySelectorAll("article")).toHaveLength(5);
    expect(frameOf(cartoons, "mas-caricaturas")!.querySelectorAll("article")).toHaveLength(4);
  });

  it("candidates: 8 per section, only that section's, titled by its name, on /elecciones/ and on each section's page", async () => {
    const titles: Record<string, string> = {
      "/elecciones/gobernaciones": "Candidatos Gobernaciones",
      "/elecciones/otras-ciudades": "Candidatos Alcaldías",
      "/elecciones/bogota": "Candidatos",
    };
    const hub = documentOf((await get("semana", "/elecciones/")).body);
    const hubTitles = [...hub.querySelectorAll('[data-block="candidates-carousel"] h2')].map((h) => h.textContent);
    expect(hubTitles).toEqual(Object.values(titles));
    for (const [section, title] of Object.entries(titles)) {
      const page = documentOf((await get("semana", `${section}/`)).body);
      const carousel = page.querySelector('[data-block="candidates-carousel"]')!;
      expect(carousel.querySelector("h1")?.textContent, "the section page's title").toBe(title);
      const links = [...carousel.querySelectorAll("li.swiper-slide a")].map((a) => a.getAttribute("href")!);
      expect(links).toHaveLength(8);
      for (const link of links) expect(link.startsWith(`${section}/articulo/`), link).toBe(true);
    }
  });
});
