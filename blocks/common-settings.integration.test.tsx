// The common settings editors can use (docs/listings.md#block-settings), one table: every block that
// takes one of them has a row, and each row renders the block through the real runtime and content
// store (PGlite, the generated corpus) with and without the setting and checks that the page shows
// what the setting's description promises. A block that takes a common setting without a row fails
// the first test, so a setting cannot be accepted and do nothing.
import fs from "node:fs";
import path from "node:path";
import { JSDOM } from "jsdom";
import { renderToString } from "react-dom/server";
import { ContentCache } from "../runtime/cache";
import { PageView } from "../runtime/render";
import { resolvePage } from "../runtime/resolve";
import type { PageContext, ResolvedPage } from "../runtime/types";
import type { ViewRegistry } from "../runtime/registry";
import { blockViews } from "./index";
import { loadViews } from "../server/app/views";
import type { SeedCorpus } from "../server/content/corpus";
import { generateCorpus } from "../server/content/seed";
import { createContentSources } from "../server/content/sources";
import { openTestStore, type TestStore } from "../server/content/testing/stores";
import { projectRegistry, projectValidator, schemaInput } from "../server/project";
import { pageMigrations } from "../server/page-migrations";
import { currentVersion } from "../tooling/migrate";
import commonSettings from "../schemas/block-settings.schema.json";
import { readSettings } from "../platform/settings";

/** The common settings of docs/listings.md#block-settings whose effect this table proves, block by block. */
const CHECKED = ["url", "galleryId", "offSet", "autorIds", "categorias", "videos", "divider", "isBlue", "hasIcon", "linkWhatsapp", "feedSize"] as const;
type Checked = (typeof CHECKED)[number];

/**
 * Common settings no block of this project takes yet, and why (the blocks where they mean something
 * are built elsewhere): the test fails when a block takes one, so that it gets its row.
 */
const NOT_TAKEN: Partial<Record<Checked, string>> = {
  categorias:
    "the video channel's categories page reads its categories from the navigation tree navSemanaTVCategorias (docs/video-channel.md), not from a map in the page",
};

const corpus: SeedCorpus = generateCorpus({ scale: 0.5 });
let testStore: TestStore;
let views: ViewRegistry;
const registry = () =>
  projectRegistry(createContentSources(readSettings({ CONTENT_BACKEND: "local" }), testStore.store, { logger: { info() {}, warn() {}, error() {} } }));
let render: (where: Where, type: string, settings: Record<string, unknown>) => Promise<Rendered>;

interface Where {
  brand: string;
  path: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
}

interface Rendered {
  /** The block's frame element, as the page shows it; null when the block rendered nothing. */
  frame: Element | null;
  /** The feedSize its content fetches asked for. */
  feedSizes: unknown[];
}

beforeAll(async () => {
  testStore = await openTestStore({}, corpus);
  views = await loadViews(blockViews);
  const reg = registry();
  const validator = projectValidator(reg);
  const cache = new ContentCache();
  render = async (where, type, settings) => {
    const text = JSON.stringify({
      schemaVersion: currentVersion(pageMigrations),
      id: "prueba",
      brand: where.brand,
      route: "/prueba/",
      layout: "main-sidebar",
      metadata: { title: "Prueba" },
      regions: { main: [{ type, id: "bloque", settings: { published: true, ...settings } }] },
    });
    const { page, problems } = validator.check("prueba.json", text);
    expect(problems, `${type} ${JSON.stringify(settings)}`).toEqual([]);
    const context: PageContext = { brand: where.brand, path: where.path, params: where.params ?? {}, query: where.query ?? {} };
    const resolved: ResolvedPage = await resolvePage(page!, context, { registry: reg, cache });
    const html = renderToString(<PageView page={resolved} views={views} />);
    const frame = new JSDOM(html).window.document.querySelector('[data-block-id="bloque"]');
    const feedSizes = resolved.diagnostics.flatMap((d) => d.fetches.map((f) => f.query.feedSize)).filter((size) => size !== undefined);
    return { frame, feedSizes };
  };
}, 240_000);
afterAll(() => testStore?.cleanup());

// ---- What each setting promises, checked on a block's two renders ----

const items = (frame: Element | null) => frame?.querySelectorAll("article, li.swiper-slide figure").length ?? 0;
const links = (frame: Element | null) => [...(frame?.querySelectorAll("article a, figure a") ?? [])].map((a) => a.getAttribute("href"));
/** The items of the frame that are videos (the test knows which documents are, from the corpus). */
const videoUrls = new Set(corpus.documents.filter((doc) => doc.type === "video").map((doc) => doc.canonical_url));
const videoCards = (frame: Element | null) => links(frame).filter((href) => href && videoUrls.has(href)).length;
const sectionClass = (frame: Element | null) => frame?.querySelector("section")?.getAttribute("class") ?? "";

interface Row {
  block: string;
  where: Where;
  /** Settings that make the block show something there. */
  base?: Record<string, unknown>;
  /** More settings for one check (e.g. enough items for a video to be among them). */
  for?: Partial<Record<Checked, Record<string, unknown>>>;
  /** What a setting does on this block when it is not what it does on the others (an iframe's url). */
  own?: Partial<Record<Checked, Check>>;
}

type Check = (row: Row, schema: any) => Promise<void>;

const withDefaults = async (row: Row, extra: Record<string, unknown>, setting?: Checked) =>
  render(row.where, row.block, { ...row.base, ...(setting ? row.for?.[setting] : {}), ...extra });

const checks: Record<Checked, Check | undefined> = {
  async divider(row) {
    const standard = await withDefaults(row, {});
    const off = await withDefaults(row, { divider: false });
    expect(sectionClass(standard.frame), "on by default: a line under the block").toMatch(/\b_divider_/);
    expect(sectionClass(off.frame)).not.toMatch(/\b_divider_/);
  },
  async isBlue(row) {
    expect(sectionClass((await withDefaults(row, {})).frame)).not.toMatch(/\b_blue_/);
    expect(sectionClass((await withDefaults(row, { isBlue: true })).frame)).toMatch(/\b_blue_/);
  },
  async hasIcon(row) {
    expect((await withDefaults(row, {})).frame?.querySelector("h1 svg, h2 svg")).toBeNull();
    expect((await withDefaults(row, { hasIcon: true })).frame?.querySelector("h1 svg, h2 svg")).not.toBeNull();
  },
  async videos(row) {
    const standard = await withDefaults(row, {}, "videos");
    const without = await withDefaults(row, { videos: false }, "videos");
    expect(videoCards(standard.frame), "videos are in by default").toBeGreaterThan(0);
    expect(videoCards(without.frame)).toBe(0);
    expect(items(without.frame)).toBeGreaterThan(0);
  },
  async offSet(row, schema) {
    // The other name of offset: the same as offset, whatever the block's default.
    const k = (schema.properties.offset?.default ?? 0) + 2;
    const standard = await withDefaults(row, {});
    const viaOffSet = await withDefaults(row, { offSet: k });
    const viaOffset = await withDefaults(row, { offset: k });
    expect(links(viaOffSet.frame)).toEqual(links(viaOffset.frame));
    expect(links(viaOffSet.frame)).not.toEqual(links(standard.frame));
  },
  async feedSize(row, schema) {
    const documented = schema.properties.feedSize.default ?? commonSettings.definitions.feedSize.default;
    const choices: number[] | undefined = schema.properties.feedSize.enum;
    const other = choices ? choices.find((n) => n !== documented)! : 2;
    const standard = await withDefaults(row, {});
    const set = await withDefaults(row, { feedSize: other });
    expect(standard.feedSizes, "the documented default is what is asked for").toContain(documented);
    expect(set.feedSizes).toContain(other);
    if (other < documented) expect(items(set.frame)).toBeLessThan(items(standard.frame));
    else expect(items(set.frame)).toBeGreaterThan(items(standard.frame));
  },
  async galleryId(row) {
    const gallery = corpus.documents.find((d) => d.canonical_website === row.where.brand && d.type === "gallery")!;
    const standard = await withDefaults(row, {});
    const chosen = await withDefaults(row, { galleryId: gallery._id });
    expect(standard.frame?.querySelectorAll("figcaption").length, "the section's galleries, no photo captions").toBe(0);
    expect(chosen.frame?.querySelectorAll("figcaption").length, "the gallery's photos, with their captions").toBeGreaterThan(0);
    expect(chosen.frame?.querySelectorAll("li.swiper-slide").length).toBe(gallery.content_elements.filter((e: any) => e.type === "image").length);
  },
  async url(row) {
    const standard = await withDefaults(row, {});
    const set = await withDefaults(row, { url: "/foros-semana/" });
    expect(standard.frame?.querySelector("h2 a")?.getAttribute("href")).not.toBe("/foros-semana/");
    expect(set.frame?.querySelector("h2 a")?.getAttribute("href")).toBe("/foros-semana/");
  },
  async autorIds(row) {
    const [first, second] = busiestAuthors(2);
    expect((await withDefaults(row, { autorIds: undefined })).frame, "without authors the carousel is not shown").toBeNull();
    const set = await withDefaults(row, { autorIds: { "1": second, "2": first } });
    const authors = [
      ...new Set([...(set.frame?.querySelectorAll("a") ?? [])].map((a) => a.getAttribute("href")).filter((href) => href?.startsWith("/opinion/"))),
    ];
    expect(authors, "those authors, in the map's order").toEqual([`/opinion/${second}/`, `/opinion/${first}/`]);
  },
  categorias: undefined,
  async linkWhatsapp(row, schema) {
    const documented = schema.properties.linkWhatsapp.default ?? commonSettings.definitions.linkWhatsapp.default;
    const href = (frame: Element | null) => frame?.querySelector('a[href*="whatsapp.com"], a[href*="wa.me/"]')?.getAttribute("href");
    expect(href((await withDefaults(row, {})).frame), "the documented default").toBe(documented);
    expect(href((await withDefaults(row, { linkWhatsapp: "https://chat.whatsapp.com/Grupo123" })).frame)).toBe("https://chat.whatsapp.com/Grupo123");
  },
};

/** The rows: where each block shows something on the generated corpus. */
const semana = (path = "/prueba/"): Where => ({ brand: "semana", path });
const foros: Where = { brand: "forosemana", path: "/prueba/" };
const rows: Row[] = [
  { block: "story-carousel", where: semana(), base: { section: "/videos" } },
  { block: "collection-list", where: semana(), base: { collectionId: "destacados-semana-tv", title: "Semana TV" } },
  { block: "latest-stories", where: semana(), base: { title: "Últimas noticias" }, for: { videos: { feedSize: 60 } } },
  { block: "section-listing", where: semana(), base: { section: "/videos" } },
  { block: "featured-story", where: semana(), base: { section: "/videos" } },
  { block: "hero-slider", where: semana(), base: { section: "/videos" } },
  { block: "story-slider", where: semana(), base: { section: "/videos" } },
  { block: "candidates-carousel", where: semana("/elecciones/gobernaciones/") },
  { block: "related-videos", where: foros },
  { block: "forum-gallery-slider", where: foros, base: { title: "Galerías de los foros" } },
  { block: "past-forums", where: foros },
  { block: "unmissable-moments", where: foros },
  { block: "multimedia-gallery", where: foros, base: { section: "/foros-semana/momentos", title: "Multimedia" } },
  { block: "cartoons-grid", where: semana(), base: { title: "Caricaturas", offset: 0 } },
  { block: "special-list", where: semana(), base: { title: "Especiales", offset: 0 } },
  { block: "gallery-grid", where: semana(), base: { title: "Galerías", offset: 0 } },
  { block: "author-listing", where: semana(), base: { title: "Columnas", authorId: busiestAuthor() } },
  { block: "tag-listing", where: semana(), base: { tag: busiestTag() } },
  { block: "daily-archive", where: { brand: "semana", path: "/archivo/", params: busiestDay() } },
  { block: "search-results", where: { brand: "semana", path: "/buscador/", query: { query: "gobierno" } } },
  { block: "author-carousel", where: semana(), base: { autorIds: { "1": busiestAuthor() } } },
  { block: "whatsapp-community", where: semana() },
  { block: "help-centre", where: semana("/servicio-al-cliente/") },
  {
    block: "iframe-embed",
    where: semana(),
    base: { url: "https://www.youtube.com/embed/x" },
    own: {
      async url(row) {
        const src = async (url: string) => (await withDefaults(row, { url })).frame?.querySelector("iframe")?.getAttribute("src");
        expect(await src("https://www.youtube.com/embed/uno")).toBe("https://www.youtube.com/embed/uno");
        expect(await src("/informe-de-gestion/")).toBe("/informe-de-gestion/");
      },
    },
  },
  { block: "most-read", where: semana() },
  { block: "opinion-carousel", where: semana() },
  { block: "video-lead", where: semana("/semana-tv/"), base: { section: "/semana-tv" } },
  { block: "video-list", where: semana("/semana-tv/virales/"), base: { section: "/semana-tv/virales" } },
];

/** Semana's authors with the most stories with a photo, most first. */
function busiestAuthors(count: number): string[] {
  const counts = new Map<string, number>();
  for (const doc of corpus.documents as any[]) {
    if (doc.canonical_website !== "semana" || !doc.promo_items?.basic) continue;
    for (const by of doc.credits?.by ?? []) if (by.slug) counts.set(by.slug, (counts.get(by.slug) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([slug]) => slug);
}

function busiestAuthor(): string {
  return busiestAuthors(1)[0];
}

function busiestTag(): string {
  const counts = new Map<string, number>();
  for (const doc of corpus.documents as any[]) {
    if (doc.canonical_website !== "semana" || !doc.promo_items?.basic) continue;
    for (const tag of doc.taxonomy?.tags ?? []) if (tag.slug && tag.text) counts.set(tag.slug, (counts.get(tag.slug) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0][0];
}

function busiestDay(): Record<string, string> {
  const counts = new Map<string, number>();
  for (const doc of corpus.documents as any[]) {
    if (doc.canonical_website !== "semana" || !doc.display_date || !doc.promo_items?.basic) continue;
    const day = new Date(Date.parse(doc.display_date) - 5 * 3_600_000).toISOString().slice(0, 10);
    counts.set(day, (counts.get(day) ?? 0) + 1);
  }
  const [anio, mes, dia] = [...counts].sort((a, b) => b[1] - a[1])[0][0].split("-");
  return { anio, mes, dia };
}

/** Which of the checked common settings each block's schema.json takes. */
function takenSettings(): Map<string, Checked[]> {
  const taken = new Map<string, Checked[]>();
  const blocksDir = path.resolve("blocks");
  for (const type of Object.keys(schemaInput().blockSchemas)) {
    const schema = JSON.parse(fs.readFileSync(path.join(blocksDir, type, "schema.json"), "utf8"));
    const names = Object.values<any>(schema.properties ?? {})
      .map((property) => /#\/definitions\/(\w+)$/.exec(property.$ref ?? "")?.[1])
      .filter((name): name is Checked => (CHECKED as readonly string[]).includes(name ?? ""));
    if (names.length) taken.set(type, names);
  }
  return taken;
}

const schemaOf = (type: string) => JSON.parse(fs.readFileSync(path.resolve("blocks", type, "schema.json"), "utf8"));

it("has a row for every block that takes one of the common settings, and names why a setting no block takes is not taken", () => {
  const taken = takenSettings();
  expect(rows.map((row) => row.block).sort()).toEqual([...taken.keys()].sort());
  const used = new Set([...taken.values()].flat());
  for (const setting of CHECKED) {
    if (used.has(setting)) expect(NOT_TAKEN[setting], `${setting} is taken now: give it its check`).toBeUndefined();
    else expect(NOT_TAKEN[setting], `${setting}: no block takes it; say why in NOT_TAKEN`).toBeTruthy();
  }
});

it("lets every block of an HTML page take the frame settings, and the frame shows them", async () => {
  const validator = projectValidator(registry());
  const framed = schemaInput().framedBlocks!;
  expect(framed.length).toBeGreaterThan(40);
  for (const type of framed) {
    const text = JSON.stringify({
      schemaVersion: currentVersion(pageMigrations),
      id: "p",
      brand: "semana",
      route: "/p/",
      layout: "main-sidebar",
      metadata: { title: "P" },
      regions: { main: [{ type, id: "b", settings: { addClass: "solo-movil", classes: "destacado fondo-gris" } }] },
    });
    const problems = validator.check("p.json", text).problems.filter((p) => /addClass|classes/.test(p.pointer));
    expect(problems, type).toEqual([]);
  }
  for (const row of rows) {
    const { frame } = await withDefaults(row, { addClass: "solo-movil", classes: "destacado fondo-gris" });
    expect(frame?.getAttribute("class"), row.block).toBe("block solo-movil destacado fondo-gris");
  }
});

const cases = rows.flatMap((row) => (takenSettings().get(row.block) ?? []).map((setting) => [row.block, setting, row] as const));

it.each(cases)("%s: %s changes what the page shows as its description says", async (block, setting, row) => {
  const check = row.own?.[setting] ?? checks[setting];
  expect(check, `${setting} has no check`).toBeDefined();
  await check!(row, schemaOf(block));
});
