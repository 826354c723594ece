// No empty placeholder box on any article page of the embedded default (docs/ads-and-widgets.md#widgets,
// docs/ads-and-widgets.md#house-ad): every article template of every brand, rendered by the
// production server from the generated corpus, shows in each recommendation widget the site's own
// recommendations at the widget's height, and in each ad slot the brand's house ad at the slot's
// height. Templates a brand's seeded content never uses get a document of their own, built from
// that brand's content (its section and tags), so that every pair is seen.
import fs from "node:fs";
import { JSDOM } from "jsdom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { brands } from "../../brands";
import { resolveAdSlot } from "../../brands/ads";
import { WIDGETS, isWidgetType } from "../../brands/widgets";
import { sectionIds } from "../../domain/ans";
import { brandIds, type BrandId } from "../../domain/brands";
import { chooseTemplate, layoutRulesSchema } from "../../domain/layout-rules";
import { freeForEverybody } from "../../accounts/entitlement";
import { generateCorpus } from "../../server/content/seed";
import { testDocument } from "../../server/content/testing/corpus";
import { requestSite } from "../../tests/support/site-http";
import { quietServerRenderWarnings, startSiteServer, type SiteServer } from "../../tests/support/site-server";

const rules = layoutRulesSchema.parse(JSON.parse(fs.readFileSync("page-definitions/layout-rules.json", "utf8")));
const TEMPLATES = [rules.default, ...rules.rules.map((rule) => rule.template)];
/** A section that makes a document take each template (page-definitions/layout-rules.json). */
const TEMPLATE_SECTION: Record<string, string | undefined> = {
  "article-default": undefined,
  "article-gallery": "/galerias",
  "article-special": "/especiales",
  "article-live": "/live",
  "article-confidenciales": "/confidenciales",
  "article-video": "/videos",
  "article-video-article": "/semanaplay",
};

const corpus = generateCorpus();
const free = (doc: any) => freeForEverybody(doc.content_restrictions?.content_code, sectionIds(doc));

interface Visit {
  brand: BrandId;
  template: string;
  path: string;
}

/** Per brand and template: a free seeded article, else one made from the brand's own content. */
function visits(): Visit[] {
  const out: Visit[] = [];
  for (const brand of brandIds) {
    const own = corpus.documents.filter(
      (doc: any) => doc.canonical_website === brand && doc.canonical_url && !doc.related_content?.redirect?.length && free(doc),
    );
    const sample = own.find((doc: any) => doc.type === "story" && doc.taxonomy?.tags?.length)!;
    for (const template of TEMPLATES) {
      const seeded = own.find((doc: any) => chooseTemplate(rules, doc) === template);
      if (seeded) {
        out.push({ brand, template, path: seeded.canonical_url });
        continue;
      }
      const extra = TEMPLATE_SECTION[template];
      const made = testDocument({
        brand,
        id: `SIN-CAJAS-${brand}-${template}`.toUpperCase(),
        headline: `Nota de ${brand} con la plantilla ${template}`,
        section: sample.taxonomy.primary_section._id,
        sections: extra ? [extra] : [],
        hoursAgo: 1,
        tags: sample.taxonomy.tags.map((tag: any) => tag.slug),
        extra: { content_elements: Array.from({ length: 8 }, (_, i) => ({ _id: `p${i}`, type: "text", content: `Párrafo ${i + 1} de la nota.` })) },
      });
      expect(chooseTemplate(rules, made), `${brand} ${template}`).toBe(template);
      corpus.documents.push(made);
      out.push({ brand, template, path: made.canonical_url });
    }
  }
  return out;
}

const planned = visits();
let site: SiteServer;

const get = (brand: BrandId, pagePath: string) => requestSite(site.port, { host: brands[brand].hosts[0], path: pagePath });

/** What is wrong with the page's widgets and ad slots: an empty box, a wrong height. */
function emptyBoxes(html: string): { problems: string[]; widgets: string[]; slots: number } {
  const document = new JSDOM(html).window.document;
  const problems: string[] = [];
  const widgets: string[] = [];
  for (const widget of document.querySelectorAll<HTMLElement>("[data-widget]")) {
    const type = widget.dataset.widget;
    if (!isWidgetType(type)) {
      problems.push(`widget desconocido ${type}`);
      continue;
    }
    widgets.push(type);
    if (widget.style.height !== `${WIDGETS[type].height}px`) problems.push(`${type}: altura ${widget.style.height}`);
    const links = [...widget.querySelectorAll("a[href]")].filter((a) => a.textContent?.trim());
    if (!links.length) problems.push(`${type}: caja vacía`);
  }
  const slots = [...document.querySelectorAll<HTMLElement>("[data-ad-slot]")].filter((slot) => !slot.hidden);
  for (const slot of slots) {
    const height = resolveAdSlot(slot.dataset.adSlot)?.format.height;
    const box = slot.lastElementChild as HTMLElement | null;
    if (box?.style.height !== `${height}px`) problems.push(`${slot.dataset.adSlot}: altura ${box?.style.height}`);
    const ad = box?.querySelector<HTMLAnchorElement>("a[data-house-ad]");
    if (ad?.getAttribute("href") !== "/store/?offerId=466" || !ad.textContent?.includes("Suscríbete"))
      problems.push(`${slot.dataset.adSlot}: sin anuncio de la casa`);
  }
  return { problems, widgets, slots: slots.length };
}

beforeAll(async () => {
  quietServerRenderWarnings();
  site = await startSiteServer({ corpus });
}, 300_000);

afterAll(() => site?.close());

describe("no empty placeholder box on the embedded default", () => {
  it("visits every article template of every brand", () => {
    for (const brand of brandIds) expect(planned.filter((visit) => visit.brand === brand).map((visit) => visit.template)).toEqual(TEMPLATES);
  });

  it("fills every widget with the site's recommendations and every ad slot with the house ad, at their heights", async () => {
    const failures: string[] = [];
    const seen = new Set<string>();
    let slots = 0;
    for (const visit of planned) {
      const { status, body } = await get(visit.brand, visit.path);
      if (status !== 200) {
        failures.push(`${visit.brand} ${visit.template} ${visit.path}: ${status}`);
        continue;
      }
      const found = emptyBoxes(body);
      for (const problem of found.problems) failures.push(`${visit.brand} ${visit.template} ${visit.path}: ${problem}`);
      for (const widget of found.widgets) seen.add(`${visit.brand}:${widget}`);
      slots += found.slots;
    }
    expect(failures).toEqual([]);
    // Not vacuous: every brand's articles show the related stories and the most read, and the brands
    // with videos the video widgets; the body's four slots are on the pages.
    for (const brand of brandIds) for (const widget of ["taboola", "newsroom"]) expect(seen.has(`${brand}:${widget}`), `${brand}:${widget}`).toBe(true);
    for (const brand of ["semana", "soho", "forosemana"])
      for (const widget of ["connatix_geo_player", "connatix"]) expect(seen.has(`${brand}:${widget}`), `${brand}:${widget}`).toBe(true);
    expect(slots).toBeGreaterThan(planned.length);
  }, 180_000);

  it("inserts each widget once, even where the content carries it", async () => {
    const carrying = corpus.documents.find(
      (doc: any) => doc.canonical_website === "semana" && free(doc) && doc.content_elements?.some((element: any) => isWidgetType(element.type)),
    );
    const pages = carrying ? [carrying.canonical_url] : [];
    pages.push(planned.find((visit) => visit.brand === "semana" && visit.template === "article-default")!.path);
    for (const pagePath of pages) {
      const { widgets } = emptyBoxes((await get("semana", pagePath)).body);
      expect(widgets.length, pagePath).toBeGreaterThan(0);
      expect(new Set(widgets).size, pagePath).toBe(widgets.length);
    }
  });
});
