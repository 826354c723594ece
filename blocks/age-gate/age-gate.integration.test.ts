// Soho's age gate on every page Soho serves, by construction (docs/brands.md#age-gate): the brand
// asks for it, not each page definition. Every page definition Soho serves (its own, the group's
// pages, every article template, its own or the group's, and the 404 page) is requested on Soho's host
// from the production server, and its HTML must hold the gate; no other brand's page holds it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrandId } from "../../domain/brands";
import { chooseTemplate } from "../../domain/layout-rules";
import { routeShape } from "../../runtime/validate";
import type { PageDefinition } from "../../runtime/types";
import type { SeedCorpus } from "../../server/content/corpus";
import { generateCorpus } from "../../server/content/seed";
import { projectRegistry } from "../../server/project";
import { loadLayoutRules, loadPages } from "../../server/load-pages";
import { ERROR_TEMPLATE, NOT_FOUND_TEMPLATE } from "../../server/site";
import { getPage } from "../../tests/support/site-http";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../../tests/support/site-server";
import { AGE_GATE_BUTTON, AGE_GATE_TEXT } from "./gate";

let site: SiteServer;
let corpus: SeedCorpus;

const get = (brand: BrandId, pagePath: string) => getPage(site.port, brand, pagePath);

const holdsGate = (html: string) => html.includes("data-age-gate") && html.includes(AGE_GATE_TEXT) && html.includes(AGE_GATE_BUTTON);

const checked = loadPages(projectRegistry());
const pages = checked.map(({ page }) => page);
const layoutRules = loadLayoutRules(checked);
const isHtml = (page: PageDefinition) => !page.outputType || page.outputType === "html";

/** The routed HTML pages Soho serves: its own, then the group's for routes it does not define (server/site.ts). */
function sohoRoutedPages(): PageDefinition[] {
  const own = pages.filter((page) => page.brand === "soho" && page.route);
  const shapes = new Set(own.map((page) => routeShape(page.route!)));
  const group = pages.filter((page) => page.allBrands && page.brand !== "soho" && page.route && !shapes.has(routeShape(page.route)));
  return [...own, ...group].filter((page) => isHtml(page) && !page.redirect);
}

/** Every article template Soho can show: its own, and the default brand's (the 404 and error pages are not articles). */
function sohoTemplates(): string[] {
  const articleTemplate = (page: PageDefinition) => page.template && page.template !== NOT_FOUND_TEMPLATE && page.template !== ERROR_TEMPLATE;
  return [...new Set(pages.filter((page) => articleTemplate(page) && (page.brand === "soho" || page.brand === "semana")).map((page) => page.template!))];
}

/** A path on Soho for a route, its parameters naming something Soho has (the first Soho story's). */
function sohoPath(route: string): string {
  const story = corpus.documents.find((d: any) => d.canonical_website === "soho" && d.type === "story");
  const [year, month, day] = new Date(story.display_date).toISOString().slice(0, 10).split("-");
  const values: Record<string, string> = {
    section: "historias",
    parent: "relatos",
    grand: "soho",
    anio: year,
    mes: month,
    dia: day,
    autor: story.credits.by[0].slug,
    tag: story.taxonomy.tags[0].slug,
  };
  if (route === "/:parent/:section/") return "/relatos/historias/";
  return route.replace(/:([a-z]+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no Soho value for the route parameter ${name} of ${route}`);
    return values[name];
  });
}

/**
 * Soho stories for the templates Soho's corpus never reaches (live blog, special report...): a copy
 * of a Soho story in the section the layout rules ask for, so that every template is served on Soho.
 */
function storiesForEveryTemplate(): Map<string, string> {
  const paths = new Map<string, string>();
  for (const doc of corpus.documents) {
    if (doc.canonical_website !== "soho" || doc.related_content?.redirect) continue;
    const template = chooseTemplate(layoutRules, doc);
    if (!paths.has(template)) paths.set(template, doc.canonical_url);
  }
  const base = corpus.documents.find((d: any) => d.canonical_website === "soho" && d.type === "story");
  const sectionOf: Record<string, string> = {
    "article-special": "/especiales",
    "article-live": "/live",
    "article-confidenciales": "/confidenciales",
    "article-video-article": "/semanaplay",
  };
  for (const [template, section] of Object.entries(sectionOf)) {
    if (paths.has(template)) continue;
    const url = `${section}/articulo/copia-de-prueba-${template}/990${Object.keys(sectionOf).indexOf(template)}/`;
    const ref = { _id: section, type: "section", name: section };
    corpus.documents.push({
      ...structuredClone(base),
      _id: `soho-${template}`,
      canonical_url: url,
      websites: { soho: { website_url: url, website_section: ref } },
      taxonomy: { ...base.taxonomy, primary_section: ref, sections: [ref] },
    });
    paths.set(template, url);
  }
  return paths;
}

let templatePaths: Map<string, string>;

beforeAll(async () => {
  quietServerRenderWarnings();
  corpus = generateCorpus();
  templatePaths = storiesForEveryTemplate();
  site = await startSiteServer({ corpus });
}, 300_000);

afterAll(async () => {
  await site?.close();
});

describe("Soho's age gate (docs/brands.md#age-gate)", () => {
  it("is on every routed page Soho serves, its own and the group's, the two nested sections of the issue included", async () => {
    const routed = sohoRoutedPages();
    expect(routed.length).toBeGreaterThan(30);
    const missing: string[] = [];
    for (const page of routed) {
      const path = sohoPath(page.route!);
      const { status, body } = await get("soho", path);
      if (!holdsGate(body)) missing.push(`${page.id} ${path} (${status})`);
    }
    for (const path of ["/relatos/historias/", "/que-pasa/virales/"]) {
      const { status, body } = await get("soho", path);
      expect(status, path).toBe(200);
      if (!holdsGate(body)) missing.push(path);
    }
    expect(missing).toEqual([]);
  }, 240_000);

  it("is on an article of every template and on the 404 page", async () => {
    const missing: string[] = [];
    for (const template of sohoTemplates()) {
      const path = templatePaths.get(template);
      if (!path) {
        missing.push(`${template}: no Soho article`);
        continue;
      }
      const { status, body } = await get("soho", path);
      expect(status, `${template} ${path}`).toBe(200);
      if (!holdsGate(body)) missing.push(`${template} ${path}`);
    }
    const notFound = await get("soho", "/seccion/no-existe/");
    expect(notFound.status).toBe(404);
    if (!holdsGate(notFound.body)) missing.push("404");
    expect(missing).toEqual([]);
  }, 120_000);

  it("is on no other brand's pages", async () => {
    for (const brand of ["semana", "fucsia", "elpais"] as BrandId[]) {
      for (const path of ["/", "/buscador/", "/no-existe-de-verdad/"]) {
        expect(holdsGate((await get(brand, path)).body), `${brand} ${path}`).toBe(false);
      }
    }
  }, 60_000);
});
