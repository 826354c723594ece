import fs from "node:fs";
import path from "node:path";
import { parseAnsDocument } from "../../../domain/ans";
import { slugify } from "../../../domain/slugs";
import { sectionsByBrand } from "../../../domain/sections";
import { brandIds } from "../../../domain/brands";
import { documentUrl, SEED_DOCUMENTS } from "../../documents/catalog";
import { imageNameFromUrl, sourceImage } from "../../images/catalog";
import type { NavigationNode, SeedCorpus } from "../corpus";
import { DEFAULT_NOW, FIRST_PRINT_YEAR, NEWSROOM_BYLINE_CUTOFF, generateCorpus } from "./index";
import { SECTION_PROFILES } from "./profiles";
import { Random } from "./random";
import { Composer } from "./text";
import { CLOSING_SENTENCES, COLUMN_TEMPLATES, GALLERY_TEMPLATES, SHARED_PARAGRAPHS, TOPICS } from "./topics";
import { SHARED_POOLS } from "./vocabulary";

let corpus: SeedCorpus;
let small: SeedCorpus;
const now = DEFAULT_NOW.getTime();

beforeAll(() => {
  corpus = generateCorpus();
  small = generateCorpus({ scale: 0.05 });
});

/** Every content element of a document, nested ones (quotes, galleries, lists) included. */
function allElements(doc: any): any[] {
  const out: any[] = [];
  const visit = (element: any) => {
    if (!element || typeof element !== "object") return;
    out.push(element);
    for (const child of [...(element.content_elements ?? []), ...(element.items ?? [])]) visit(child);
  };
  for (const element of doc.content_elements ?? []) visit(element);
  return out;
}

const primary = (doc: any) => doc.taxonomy.primary_section._id as string;
const texts = (doc: any) => doc.content_elements.filter((e: any) => e.type === "text");

describe("generateCorpus: determinism and size", () => {
  it("gives byte-identical output for the same seed and date, and different output for another seed", () => {
    const a = JSON.stringify(generateCorpus({ scale: 0.1, seed: 7 }));
    const b = JSON.stringify(generateCorpus({ scale: 0.1, seed: 7 }));
    const c = JSON.stringify(generateCorpus({ scale: 0.1, seed: 8 }));
    expect(a).toBe(b);
    expect(c).not.toBe(a);
    expect(JSON.stringify(generateCorpus())).toBe(JSON.stringify(corpus));
    // Three corpora and a full one: pure CPU work that takes many times longer on a busy machine.
  }, 180_000);

  it("keeps the content and moves the dates when only `now` changes", () => {
    const later = generateCorpus({ scale: 0.05, now: new Date(now + 30 * 86_400_000) });
    const headlines = (c: SeedCorpus) => c.documents.filter((d) => d.subtype !== "edicion-impresa").map((d) => d.headlines.basic);
    expect(headlines(later)).toEqual(headlines(small));
    expect(later.documents[0].publish_date > small.documents[0].publish_date).toBe(true);
  });

  // Generation time is reported by `npm run bench:content`, not asserted here.
  it("makes at least 3,000 documents at scale 1, and a small corpus with scale", () => {
    expect(corpus.documents.length).toBeGreaterThanOrEqual(3000);
    expect(small.documents.length).toBeLessThan(400);
  });

  it("rejects a scale that is not positive", () => {
    expect(() => generateCorpus({ scale: 0 })).toThrow(/scale/);
  });
});

describe.each([
  ["scale 1", () => corpus],
  ["scale 0.05", () => small],
])("the corpus at %s", (_, get) => {
  it("fills every section of every brand", () => {
    const c = get();
    for (const brand of brandIds) {
      for (const section of sectionsByBrand[brand]) {
        const count = c.documents.filter((d) => d.canonical_website === brand && primary(d) === section.id).length;
        expect(count, `${brand} ${section.id}`).toBeGreaterThan(0);
      }
    }
  });

  it("has every byline case of docs/article-pages.md#byline in every brand", () => {
    const c = get();
    for (const brand of brandIds) {
      const docs = c.documents.filter((d) => d.canonical_website === brand && d.type === "story");
      const label = (what: string) => `${brand}: ${what}`;
      expect(
        docs.some((d) => d.copyright === "" && Date.parse(d.publish_date) < NEWSROOM_BYLINE_CUTOFF),
        label("empty, before 2025-01-27"),
      ).toBe(true);
      expect(
        docs.some((d) => d.copyright === "" && Date.parse(d.publish_date) >= NEWSROOM_BYLINE_CUTOFF && d.credits.by[0]?.image?.url),
        label("empty, after"),
      ).toBe(true);
      expect(
        docs.some((d) => d.copyright.includes("Redacción")),
        label("Redacción"),
      ).toBe(true);
      expect(
        docs.some((d) => /^Por: \S+ \S+/.test(d.copyright)),
        label("Por:"),
      ).toBe(true);
    }
  });

  it("uses every content element type, with the edge cases renderers must handle", () => {
    const elements = get().documents.flatMap(allElements);
    const types = new Set(elements.map((e) => e.type));
    for (const type of [
      "header",
      "text",
      "time",
      "table",
      "quote",
      "image",
      "gallery",
      "raw_html",
      "oembed_response",
      "list",
      "link_list",
      "interstitial_link",
      "divider",
      "code",
      "ad",
      "taboola",
      "connatix",
      "connatix_geo_player",
      "newsroom",
    ]) {
      expect(types, type).toContain(type);
    }
    expect(new Set(elements.filter((e) => e.type === "header").map((e) => e.level))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    const oembeds = elements.filter((e) => e.type === "oembed_response");
    expect(new Set(oembeds.map((e) => e.subtype))).toEqual(new Set(["instagram", "twitter", "youtube", "other"]));
    expect(oembeds.some((e) => e.subtype === "twitter" && e.raw_oembed.html.includes("<script"))).toBe(true);
    const raw = elements.filter((e) => e.type === "raw_html").map((e) => e.content as string);
    expect(raw.some((html) => html.includes("context_pdf") && /src="[^"]+"/.test(html))).toBe(true);
    expect(raw.some((html) => html.includes("context_pdf") && !/src=/.test(html))).toBe(true);
    // Every document a viewer shows exists: the catalogue the server serves at /documentos/.
    const served = new Set(SEED_DOCUMENTS.map(documentUrl));
    for (const html of raw.filter((h) => h.includes("context_pdf") && /src="[^"]+"/.test(h))) expect(served).toContain(/src="([^"]+)"/.exec(html)![1]);
    expect(raw.some((html) => /<iframe[^>]+src="https:\/\/www\.youtube\.com\/embed\/[\w-]{11}"/.test(html))).toBe(true);
    expect(new Set(elements.filter((e) => e.type === "list").map((e) => e.list_type))).toEqual(new Set(["ordered", "unordered"]));
    expect(elements.some((e) => e.type === "text" && /<a href="[^"]+">/.test(e.content))).toBe(true);
    expect(elements.some((e) => e.type === "text" && /<b>.+<\/b>/.test(e.content))).toBe(true);
    expect(elements.some((e) => e.type === "image" && e.credits.by[0].name === "{name}")).toBe(true);
    const table = elements.find((e) => e.type === "table");
    expect(table.header[0].content).toEqual(expect.any(String));
    expect(table.rows[0][0].content).toEqual(expect.any(String));
    const quote = elements.find((e) => e.type === "quote");
    expect(quote.content_elements[0].content).toEqual(expect.any(String));
    expect(quote.citation.content).toEqual(expect.any(String));
    for (const link of elements.filter((e) => e.type === "link_list").flatMap((e) => e.items)) {
      expect(link).toMatchObject({ type: "interstitial_link", url: expect.stringMatching(/^\/.+\/$/), content: expect.any(String) });
    }
    expect(elements.some((e) => e.type === "interstitial_link" && e.image?.caption && e.thumbImage)).toBe(true);
  });

  it("has print editions in /edicion for every year from 2000, each linking to its edition", () => {
    const c = get();
    const editions = c.documents.filter((d) => primary(d) === "/edicion");
    const years = new Set(editions.map((d) => new Date(d.display_date).getUTCFullYear()));
    for (let year = FIRST_PRINT_YEAR; year <= DEFAULT_NOW.getUTCFullYear(); year++) expect(years, String(year)).toContain(year);
    for (const edition of editions) {
      expect(edition.canonical_url).toMatch(/^\/edicion\//);
      expect(edition.content_elements.some((e: any) => e.type === "raw_html" && /<a href="https:\/\/flip\.[^"]+"/.test(e.content))).toBe(true);
    }
  });

  it("writes live-blog entries that start with the time, 'h:mm a. m.' or 'h:mm p. m.'", () => {
    const live = get().documents.filter((d) => primary(d) === "/live");
    expect(live.length).toBeGreaterThan(0);
    for (const doc of live) {
      const entries = texts(doc).slice(1);
      expect(entries.length, doc.headlines.basic).toBeGreaterThan(0);
      for (const entry of entries) expect(entry.content.slice(0, 20)).toMatch(/^(1[0-2]|[1-9]):[0-5]\d [ap]\. m\. \|/);
    }
  });
});

describe("documents", () => {
  it("all pass parseAnsDocument and carry the ANS fields the blocks read", () => {
    for (const doc of corpus.documents) {
      const { document, error } = parseAnsDocument(JSON.parse(JSON.stringify(doc)));
      expect(error, doc._id).toBeUndefined();
      expect(document).toMatchObject({ version: "0.10.12", canonical_website: expect.any(String), headlines: { basic: expect.any(String) } });
      for (const field of ["display_date", "publish_date", "first_publish_date", "created_date", "last_updated_date"]) {
        expect(Number.isNaN(Date.parse(doc[field])), `${doc._id} ${field}`).toBe(false);
      }
      expect(doc.subheadlines.basic.length).toBeGreaterThan(0);
      expect(doc.description.basic.length).toBeGreaterThan(0);
      expect(doc.taxonomy.sections[0]).toMatchObject({ _id: primary(doc), name: expect.any(String), path: primary(doc), _website: doc.canonical_website });
      expect(doc.content_restrictions.content_code).toMatch(/^[013]$/);
      expect(doc.website_url).toBe(doc.canonical_url);
    }
  });

  it("has unique ids and canonical URLs that say what the document is", () => {
    expect(new Set(corpus.documents.map((d) => d._id)).size).toBe(corpus.documents.length);
    for (const brand of brandIds) {
      const urls = corpus.documents.filter((d) => d.canonical_website === brand).map((d) => d.canonical_url);
      expect(new Set(urls).size, brand).toBe(urls.length);
    }
    for (const doc of corpus.documents) {
      const pattern =
        doc.subtype === "edicion-impresa"
          ? /^\/edicion\/[a-z0-9-]+\/\d+\/$/
          : { story: /\/articulo\//, gallery: /\/galeria\//, video: /\/multimedia\// }[doc.type as "story"];
      expect(doc.canonical_url, doc._id).toMatch(pattern!);
      expect(doc.canonical_url.startsWith(primary(doc) + "/")).toBe(true);
    }
  });

  it("spreads dates over two years, the newest within hours of now, none in the future", () => {
    const times = corpus.documents.map((d) => Date.parse(d.publish_date));
    expect(Math.max(...times)).toBeLessThanOrEqual(now);
    expect(now - Math.max(...times)).toBeLessThan(3 * 3_600_000);
    const recent = corpus.documents.filter((d) => d.subtype !== "edicion-impresa").map((d) => Date.parse(d.display_date));
    expect(now - Math.min(...recent)).toBeGreaterThan(600 * 86_400_000);
    expect(recent.filter((t) => now - t < 30 * 86_400_000).length).toBeGreaterThan(recent.length * 0.1);
    for (const doc of corpus.documents) {
      expect(doc.created_date <= doc.first_publish_date && doc.first_publish_date <= doc.publish_date, doc._id).toBe(true);
    }
  });

  it("gives most documents a promo image, but not a few", () => {
    const without = corpus.documents.filter((d) => !d.promo_items?.basic);
    expect(without.length).toBeGreaterThan(0);
    expect(without.length).toBeLessThan(corpus.documents.length * 0.05);
    const image = corpus.documents.find((d) => d.promo_items?.basic)!.promo_items.basic;
    expect(image).toMatchObject({
      url: expect.stringMatching(/^\/images\//),
      width: expect.any(Number),
      height: expect.any(Number),
      caption: expect.any(String),
      alt_text: expect.any(String),
    });
    expect(image.credits.by[0].name).toEqual(expect.any(String));
  });

  it("names only images that generateSourceImages makes", () => {
    const urls = new Set<string>();
    const collect = (value: unknown, key = ""): void => {
      if (typeof value === "string" && (key === "url" || key === "thumbImage" || key === "image" || key.endsWith("Icon")) && value.startsWith("/images/"))
        urls.add(value);
      else if (Array.isArray(value)) value.forEach((item) => collect(item));
      else if (value && typeof value === "object") for (const [k, v] of Object.entries(value)) collect(v, k);
    };
    collect(corpus.documents);
    collect(corpus.authors);
    collect(corpus.navigation);
    expect(urls.size).toBeGreaterThan(100);
    for (const url of urls) expect(sourceImage(imageNameFromUrl(url) ?? ""), url).toBeDefined();
  });

  it("puts content code '1' on /finanzas, '3' on a share of the paywalled sections and never where the paywall never applies", () => {
    const code = (c: string) => corpus.documents.filter((d) => d.content_restrictions.content_code === c);
    expect(code("1").length).toBeGreaterThan(0);
    for (const doc of code("1")) expect(primary(doc)).toMatch(/^\/finanzas/);
    expect(corpus.documents.filter((d) => primary(d) === "/finanzas").every((d) => d.content_restrictions.content_code === "1")).toBe(true);
    const paywalled = code("3");
    for (const section of ["/nacion", "/politica", "/economia"]) {
      const all = corpus.documents.filter((d) => d.canonical_website === "semana" && primary(d) === section);
      const share = all.filter((d) => d.content_restrictions.content_code === "3").length / all.length;
      expect(share, section).toBeGreaterThan(0.1);
      expect(share, section).toBeLessThan(0.6);
    }
    for (const doc of paywalled) expect(primary(doc)).not.toMatch(/^\/(semanaplay|semana-tv|hablan-las-marcas|mejor-colombia|especiales|foros-semana)/);
  });

  it("credits authors with id, name, description, photo and social links, and fills credits.affiliation", () => {
    const authorIds = new Set(corpus.authors.map((a) => `${a.brand}:${a._id}`));
    for (const doc of corpus.documents.filter((d) => d.subtype !== "edicion-impresa")) {
      expect(doc.credits.affiliation[0].name, doc._id).toEqual(expect.any(String));
      for (const credit of doc.credits.by) {
        expect(authorIds.has(`${doc.canonical_website}:${credit._id}`), `${doc._id} → ${credit._id}`).toBe(true);
        expect(credit).toMatchObject({
          name: expect.any(String),
          description: expect.any(String),
          image: { url: expect.any(String) },
          social_links: expect.any(Array),
        });
      }
    }
  });

  it("credits opinion columns to columnists in every opinion section", () => {
    const columnists = new Set(corpus.authors.filter((a) => a.role === "Columnista").map((a) => a._id));
    const opinionSections = brandIds.flatMap((brand) =>
      Object.entries(SECTION_PROFILES[brand])
        .filter(([, p]) => p.kind === "opinion")
        .map(([id]) => `${brand}:${id}`),
    );
    expect(opinionSections).toEqual(
      expect.arrayContaining([
        "semana:/opinion",
        "semana:/economia/opinion",
        "semana:/finanzas/opinion",
        "semanarural:/semanarural/opinion",
        "soho:/relatos/opinadores",
        "fucsia:/opinion-fucsia",
      ]),
    );
    for (const key of opinionSections) {
      const [brand, section] = key.split(":");
      const columns = corpus.documents.filter((d) => d.canonical_website === brand && primary(d) === section);
      expect(columns.length, key).toBeGreaterThan(0);
      for (const column of columns) {
        expect(column.subtype).toBe("columna");
        expect(columnists.has(column.credits.by[0]._id), key).toBe(true);
      }
    }
  });

  it("gives every columnist at least one column of their brand, so that their author page exists (the Columnistas carousel links to it)", () => {
    // An author without stories answers 404 (docs/opinion-and-authors.md#author-pages): Semana's
    // Columnistas carousel on /opinion/ named one ('Sergio Ospina') who had none.
    const columnists = corpus.authors.filter((a) => a.role === "Columnista");
    expect(columnists.length).toBeGreaterThan(30);
    const idle = columnists.filter(
      (author) => !corpus.documents.some((d) => d.canonical_website === author.brand && d.credits?.by?.some((by: any) => by._id === author._id)),
    );
    expect(idle.map((author) => `${author.brand} ${author._id}`)).toEqual([]);
  });

  it("stores videos with a YouTube id, an embed and the video metadata", () => {
    const videos = corpus.documents.filter((d) => d.youtube_content_id && d.additional_properties?.youtube);
    expect(videos.filter((d) => d.type === "video").length).toBeGreaterThan(100);
    for (const section of [
      "/videos",
      "/semanaplay",
      "/categorias",
      "/semana-tv/programas/el-control",
      "/semana-tv/categorias/entrevistas",
      "/foros-semana/videos",
    ]) {
      expect(
        videos.some((d) => primary(d) === section),
        section,
      ).toBe(true);
    }
    for (const video of videos) {
      const id = video.youtube_content_id;
      expect(id).toMatch(/^[\w-]{11}$/);
      expect(video.promo_items.html.content).toContain(`https://www.youtube.com/embed/${id}`);
      const yt = video.additional_properties.youtube;
      expect(yt.snippet).toMatchObject({ publishedAt: video.first_publish_date, title: video.headlines.basic, description: expect.any(String) });
      expect(yt.snippet.thumbnails.default.url).toMatch(/^\/images\//);
      expect(yt.contentDetails.duration).toMatch(/^PT(\d+H)?(\d+M)?(\d+S)?$/);
    }
    expect(videos.some((d) => d.additional_properties.youtube.url.includes("/shorts/"))).toBe(true);
  });

  it("has galleries with captioned, credited images and subtypes for related galleries", () => {
    const galleries = corpus.documents.filter((d) => d.promo_items?.gallery);
    expect(galleries.some((d) => d.type === "gallery")).toBe(true);
    expect(galleries.some((d) => d.type === "story" && primary(d) === "/galerias")).toBe(true);
    for (const gallery of galleries) {
      expect(gallery.promo_items.gallery.content_elements.length).toBeGreaterThanOrEqual(6);
      for (const image of gallery.promo_items.gallery.content_elements) {
        expect(image).toMatchObject({
          url: expect.any(String),
          width: expect.any(Number),
          height: expect.any(Number),
          caption: expect.any(String),
          subtitle: expect.any(String),
        });
        expect(image.credits.by[0].name).toEqual(expect.any(String));
        expect(image.credits.affiliation[0].name).toEqual(expect.any(String));
      }
    }
    const semanaSubtypes = new Set(galleries.filter((d) => d.canonical_website === "semana" && primary(d) === "/galerias").map((d) => d.subtype));
    expect(semanaSubtypes.size).toBeGreaterThanOrEqual(3);
    for (const subtype of semanaSubtypes) expect(Object.keys(GALLERY_TEMPLATES.subjects)).toContain(subtype);
  });

  it("has recipes with an ingredient list, ordered steps and recipe metadata", () => {
    const recipes = corpus.documents.filter((d) => primary(d) === "/recetas");
    for (const recipe of recipes) {
      const lists = recipe.content_elements.filter((e: any) => e.type === "list");
      expect(lists.map((l: any) => l.list_type)).toEqual(["unordered", "ordered"]);
      expect(recipe.additional_properties.recipe.recipeIngredient.length).toBeGreaterThan(3);
    }
  });

  it("tags elections articles with at least six tags, and leaves some tags without text", () => {
    const elections = corpus.documents.filter((d) => primary(d) === "/elecciones");
    expect(elections.every((d) => d.taxonomy.tags.filter((t: any) => t.text).length >= 6)).toBe(true);
    expect(corpus.documents.some((d) => d.taxonomy.tags.some((t: any) => t.text === ""))).toBe(true);
    for (const tag of corpus.documents.flatMap((d) => d.taxonomy.tags)) expect(tag.slug).toMatch(/^[a-z0-9-]+$/);
  });

  it("sends a few documents to another article through related_content.redirect", () => {
    const redirected = corpus.documents.filter((d) => d.related_content?.redirect);
    expect(redirected.length).toBeGreaterThanOrEqual(brandIds.length);
    for (const doc of redirected) {
      const target = doc.related_content.redirect[0].redirect_url;
      expect(corpus.documents.some((d) => d.canonical_website === doc.canonical_website && d.canonical_url === target && d._id !== doc._id)).toBe(true);
    }
  });

  it("writes real Spanish: no unfilled template slots, no placeholders", () => {
    for (const doc of corpus.documents) {
      const text = [doc.headlines.basic, doc.subheadlines.basic, ...allElements(doc).map((e) => e.content ?? "")].join("\n");
      expect(text, doc._id).not.toMatch(/\{[a-z]+\d*\}|\bundefined\b|\bNaN\b|[Ll]orem ipsum/);
      expect(doc.headlines.basic[0], doc.headlines.basic).toMatch(/[A-ZÁÉÍÓÚÑ¿¡‘“0-9]/);
    }
    const paragraphs = corpus.documents.flatMap((d) => texts(d).map((e: any) => e.content));
    expect(new Set(paragraphs).size).toBeGreaterThan(paragraphs.length * 0.5);
    expect(corpus.documents.filter((d) => d.type === "story" && texts(d).length >= 8).length).toBeGreaterThan(500);
    // Listings of a brand almost never show the same headline twice.
    const brandHeadlines = corpus.documents.map((d) => `${d.canonical_website}|${d.headlines.basic}`);
    expect(brandHeadlines.length - new Set(brandHeadlines).size).toBeLessThan(corpus.documents.length / 200);
  });
});

describe("every template fills", () => {
  it.each(Object.values(TOPICS).map((topic) => [topic.id, topic] as const))("topic %s", (_, topic) => {
    const templates = [
      ...topic.headlines,
      ...topic.subheadlines,
      ...topic.paragraphs,
      ...topic.quotes,
      ...topic.headers,
      ...topic.captions,
      ...topic.keyPoints,
      ...(topic.liveEntries ?? []),
      ...SHARED_PARAGRAPHS[topic.register],
      ...CLOSING_SENTENCES[topic.register],
      ...Object.values(COLUMN_TEMPLATES).flatMap((style) => [...style.headlines, ...style.openings, ...style.paragraphs, ...style.closings]),
    ];
    for (const template of templates) {
      const composer = new Composer(new Random(1), { ...SHARED_POOLS, ...topic.pools, medio: ["SEMANA"] });
      expect(() => composer.fill(template), template).not.toThrow();
    }
  });
});

describe("candidates (docs/carousels-and-blocks.md#candidates)", () => {
  const candidateSections = ["/elecciones/gobernaciones", "/elecciones/otras-ciudades", "/elecciones/bogota"];

  it("gives each candidates' section 10 profiles at scale 1, with photos, under /elecciones", () => {
    for (const section of candidateSections) {
      const profiles = corpus.documents.filter((d) => d.canonical_website === "semana" && primary(d) === section);
      expect(profiles, section).toHaveLength(10);
      for (const doc of profiles) {
        expect(doc.subtype).toBe("perfil-candidato");
        expect(doc.promo_items.basic.url).toMatch(/^\/images\/autor-\d+\.jpg$/);
        expect(doc.taxonomy.sections.map((s: any) => s._id)).toEqual([section, "/elecciones"]);
        expect(doc.headlines.basic).toMatch(/, aspirante a la (Gobernación|Alcaldía) de/);
      }
    }
  });

  it("adds them after every generated document (only the appended cases follow), older than the news of the day, so that no earlier document, read count or collection changed", () => {
    const first = corpus.documents.findIndex((d) => d.subtype === "perfil-candidato");
    const last = corpus.documents.map((d) => d.subtype).lastIndexOf("perfil-candidato");
    expect(corpus.documents.slice(first, last + 1).every((d) => d.subtype === "perfil-candidato")).toBe(true);
    // After them, only the appended cases (server/content/seed/appended.ts): a streams-only video and a locked gallery.
    expect(corpus.documents.slice(last + 1).map((d) => d.type)).toEqual(["video", "gallery"]);
    expect(corpus.documents.slice(0, first).some((d) => d.subtype === "edicion-impresa")).toBe(true);
    const added = new Set(corpus.documents.slice(first, last + 1).map((d) => d._id));
    expect(corpus.reads.slice(0, first).some((r) => added.has(r.documentId))).toBe(false);
    for (const collection of corpus.collections)
      expect(
        collection.items.some((id) => added.has(id)),
        collection._id,
      ).toBe(false);
    for (const doc of corpus.documents.slice(first, last + 1)) expect(now - Date.parse(doc.publish_date)).toBeGreaterThan(100 * 86_400_000);
  });
});

describe("authors, sections, navigation, collections, reads", () => {
  it("has authors with photos, descriptions, social links and slugs by the slug rule", () => {
    for (const author of corpus.authors) {
      expect(author.slug).toBe(slugify(author.byline));
      expect(author.image).toMatch(/^\/images\/autor-\d+\.jpg$/);
      expect(author.description).toEqual(expect.any(String));
    }
    const sites = (a: (typeof corpus.authors)[number]) => new Set(a.social_links?.map((l) => l.site));
    expect(corpus.authors.some((a) => ["twitter", "facebook", "linkedin", "whatsapp"].every((site) => sites(a).has(site as any)))).toBe(true);
    expect(new Set(corpus.authors.map((a) => a.role))).toEqual(new Set(["Periodista", "Columnista", "Periodista de video", "Caricaturista", "Redacción"]));
  });

  it("has a section record with title and description for every section of every brand", () => {
    for (const brand of brandIds) {
      for (const section of sectionsByBrand[brand]) {
        const record = corpus.sections.find((s) => s.brand === brand && s._id === section.id);
        expect(record?.site?.site_title, `${brand} ${section.id}`).toContain(section.name);
        expect(record?.site?.site_description).toEqual(expect.any(String));
      }
    }
    expect(corpus.sections.find((s) => s.brand === "semana" && s._id === "/economia/opinion")?.parent).toBe("/economia");
  });

  it("builds the navigation trees the video channel, the trending bar and the menus read", () => {
    const tree = (brand: string, id: string) => corpus.navigation.find((n) => n.brand === brand && n.id === id)?.tree;
    const semanaTv = tree("semana", "navSemanaTv")!;
    const flatten = (node: NavigationNode): NavigationNode[] => [node, ...(node.children ?? []).flatMap(flatten)];
    const shows = flatten(semanaTv).filter((n) => n.regularIcon && n.hoverIcon) as Array<NavigationNode & { title?: string }>;
    expect(shows.map((s) => s.url)).toEqual(
      expect.arrayContaining(["/semana-tv/programas/semana-noticias/", "/semana-tv/programas/el-control/", "/semana-tv/programas/vicky-en-semana/"]),
    );
    for (const show of shows) expect(show.title).toEqual(expect.any(String));
    expect(semanaTv.children!.some((c) => c.display_name === "Periodistas" && (c.children ?? []).length > 0)).toBe(true);

    const categories = tree("semana", "navSemanaTVCategorias")!;
    expect(categories.children!.length).toBeGreaterThanOrEqual(10);
    for (const child of categories.children!) expect(child).toMatchObject({ _id: expect.any(String), site: { site_title: expect.any(String) } });

    for (const brand of brandIds) {
      const trendy = tree(brand, "SemanaTrendyBar")!;
      expect(trendy.children!.length, brand).toBeGreaterThan(3);
      for (const child of trendy.children!)
        expect(child).toMatchObject({ display_name: expect.any(String), url: expect.stringMatching(/^\/noticias\/[a-z0-9-]+\/$/) });
      const menu = flatten(tree(brand, "menu-principal")!);
      for (const section of sectionsByBrand[brand])
        expect(
          menu.some((n) => n._id === section.id),
          `${brand} ${section.id}`,
        ).toBe(true);
    }
  });

  it("has the same collection names on every brand, each holding that brand's items", () => {
    const ids = new Map(corpus.documents.map((d) => [d._id, d]));
    expect(new Set(corpus.collections.map((c) => `${c.brand} ${c._id}`)).size).toBe(corpus.collections.length);
    for (const brand of brandIds) {
      for (const name of ["portada-principal", "lo-ultimo"]) {
        const collection = corpus.collections.find((c) => c.brand === brand && c._id === name);
        expect(collection?.items.length, `${brand} ${name}`).toBeGreaterThan(5);
      }
    }
    expect(corpus.collections.some((c) => c.brand === "semana" && c._id === "destacados-economia")).toBe(true);
    expect(corpus.collections.some((c) => c.brand === "fucsia" && c._id === "destacados-moda")).toBe(true);
    for (const collection of corpus.collections) {
      for (const item of collection.items) expect(ids.get(item)?.canonical_website, `${collection._id} → ${item}`).toBe(collection.brand);
    }
  });

  it("counts reads for every document with a long tail", () => {
    expect(corpus.reads.length).toBe(corpus.documents.length);
    const counts = corpus.reads.map((r) => r.count).sort((a, b) => b - a);
    const total = counts.reduce((sum, n) => sum + n, 0);
    const top = counts.slice(0, Math.ceil(counts.length / 20)).reduce((sum, n) => sum + n, 0);
    expect(top / total).toBeGreaterThan(0.3);
    expect(counts[0]).toBeGreaterThan(counts[Math.floor(counts.length / 2)] * 50);
  });
});

describe("appended documents", () => {
  const byId = (c: SeedCorpus) => new Map(c.documents.map((d) => [d._id, d]));

  it("end the corpus with an Arc video that has only streams, whose renditions are real files", () => {
    const video = corpus.documents.at(-2);
    expect(video).toMatchObject({ type: "video", canonical_website: "semana", taxonomy: { primary_section: { _id: "/videos" } } });
    expect(video.youtube_content_id).toBeUndefined();
    expect(video.promo_items.html).toBeUndefined();
    expect(video.streams.map((s: any) => [s.stream_type, s.width])).toEqual([
      ["mp4", 480],
      ["mp4", 1280],
      ["ts", 480],
    ]);
    for (const stream of video.streams) {
      const file = path.join("public", stream.url);
      expect(fs.existsSync(file), file).toBe(true);
      if (stream.filesize) expect(fs.statSync(file).size).toBe(stream.filesize);
    }
    expect(sourceImage(imageNameFromUrl(video.promo_items.basic.url)!)).toBeTruthy();
    expect(parseAnsDocument(video).error).toBeUndefined();
  });

  it("end it with a gallery for subscribers (content code '3' in /galerias)", () => {
    const gallery = corpus.documents.at(-1);
    expect(gallery).toMatchObject({ type: "gallery", taxonomy: { primary_section: { _id: "/galerias" } }, content_restrictions: { content_code: "3" } });
    expect(gallery.promo_items.gallery.content_elements.length).toBeGreaterThanOrEqual(6);
  });

  it("take URLs and ids after every generated document's, one each, at any scale", () => {
    for (const c of [corpus, small]) {
      const serial = (d: any) => Number(/\/(\d+)\/$/.exec(d.canonical_url)?.[1]);
      // Print editions and candidates' profiles have serials of their own ranges.
      const semana = c.documents.filter((d) => d.canonical_website === "semana" && d.subtype !== "edicion-impresa" && d.subtype !== "perfil-candidato");
      const generated = Math.max(...semana.slice(0, -2).map(serial));
      expect(semana.slice(-2).map(serial)).toEqual([generated + 1, generated + 2]);
      expect(new Set(semana.map((d) => d.canonical_url)).size).toBe(semana.length);
      expect(byId(c).size).toBe(c.documents.length);
      expect(c.reads.map((r) => r.documentId).slice(-2)).toEqual(c.documents.slice(-2).map((d) => d._id));
    }
  });
});
