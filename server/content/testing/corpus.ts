// A small hand-made corpus for the content tests (and the benchmark's fallback when the seed
// generator is not there): Spanish documents for every brand with the cases the sources must get
// right: accents and ñ, sections with and without subsections, print editions, stories without a
// promo image, galleries, videos with YouTube ids, opinion columns, a collection, reads.
import { brandIds, type BrandId } from "../../../domain/brands";
import type { AuthorRecord, SeedCorpus } from "../corpus";

const BASE_TIME = Date.parse("2024-05-20T15:00:00Z");
const HOUR = 3600_000;

interface StoryInput {
  brand: BrandId;
  id: string;
  headline: string;
  section: string;
  sections?: string[];
  subtype?: string;
  type?: "story" | "gallery" | "video";
  hoursAgo: number;
  text?: string;
  subheadline?: string;
  image?: boolean;
  author?: { _id: string; name: string };
  tags?: string[];
  youtubeId?: string;
  extra?: Record<string, unknown>;
}

const slugify = (text: string) =>
  text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

export function testDocument(input: StoryInput): Record<string, any> {
  const date = new Date(BASE_TIME - input.hoursAgo * HOUR).toISOString();
  const type = input.type ?? "story";
  const sectionIds = [input.section, ...(input.sections ?? [])];
  const doc: Record<string, any> = {
    _id: input.id,
    type,
    subtype: input.subtype,
    version: "0.10.9",
    canonical_website: input.brand,
    canonical_url: `${input.section}/articulo/${slugify(input.headline)}/${input.id}/`,
    headlines: { basic: input.headline },
    subheadlines: { basic: input.subheadline ?? `Resumen: ${input.headline}` },
    description: { basic: input.subheadline ?? `Resumen: ${input.headline}` },
    publish_date: date,
    display_date: date,
    first_publish_date: date,
    taxonomy: {
      primary_section: { _id: input.section, name: input.section.slice(1), path: input.section },
      sections: sectionIds.map((id) => ({ _id: id, name: id.slice(1), _website: input.brand })),
      tags: (input.tags ?? []).map((slug) => ({ slug, text: slug })),
    },
    credits: { by: input.author ? [{ _id: input.author._id, name: input.author.name, type: "author" }] : [] },
    content_elements: [{ _id: `${input.id}-p1`, type: "text", content: input.text ?? `Texto de ${input.headline}.` }],
    ...input.extra,
  };
  if (input.image !== false) {
    doc.promo_items = { basic: { type: "image", url: `/images/${input.brand}/${input.id}.jpg`, caption: input.headline, width: 1200, height: 675 } };
  }
  if (input.youtubeId) {
    doc.youtube_content_id = input.youtubeId;
    doc.duration = 139_000;
  }
  return doc;
}

const vicky = { _id: "Vicky Dávila", name: "Vicky Dávila" };
const columnist = { _id: "maria-jimena-duzan", name: "María Jimena Duzán" };

/** Hand-written documents of semana that the tests name. */
const semanaDocuments: Record<string, any>[] = [
  testDocument({
    brand: "semana",
    id: "EDU001",
    headline: "Educación pública: el Gobierno anuncia reforma",
    section: "/educacion",
    hoursAgo: 1,
    text: "La reforma de la educación llegará al Congreso en junio.",
    tags: ["reforma-educativa"],
  }),
  testDocument({
    brand: "semana",
    id: "NIN001",
    headline: "Programa de nutrición llega a 20.000 niños de La Guajira",
    section: "/nacion",
    hoursAgo: 2,
    text: "Cada niño recibirá un almuerzo diario y un pingüino de peluche.",
  }),
  testDocument({
    brand: "semana",
    id: "NOIMG1",
    headline: "Última hora sin foto: sesión del Congreso",
    section: "/politica",
    hoursAgo: 0.5,
    image: false,
  }),
  testDocument({
    brand: "semana",
    id: "EDIC01",
    headline: "Edición impresa 2189",
    section: "/edicion",
    hoursAgo: 0.25,
    extra: { content_elements: [{ type: "raw_html", content: '<a href="/impresa/2189">Ver impresa</a>' }] },
  }),
  testDocument({
    brand: "semana",
    id: "GAL001",
    type: "gallery",
    headline: "Las fotos del Festival Vallenato",
    section: "/galerias",
    hoursAgo: 3,
    extra: {
      content_elements: [{ _id: "img1", type: "image", url: "/images/semana/vallenato-1.jpg", caption: "Acordeoneros en la tarima", width: 1200, height: 800 }],
    },
  }),
  testDocument({
    brand: "semana",
    id: "VID001",
    type: "video",
    headline: "Semana Noticias: resumen del día",
    section: "/semana-tv/programas/semana-noticias",
    sections: ["/semana-tv"],
    hoursAgo: 4,
    youtubeId: "yt-semana-001",
  }),
  testDocument({
    brand: "semana",
    id: "VID002",
    type: "video",
    headline: "Vicky en Semana: entrevista al ministro",
    section: "/semana-tv/programas/vicky-en-semana",
    sections: ["/semana-tv"],
    hoursAgo: 5,
    youtubeId: "yt-semana-002",
    author: vicky,
  }),
  testDocument({
    brand: "semana",
    id: "OPI001",
    headline: "La columna de Vicky: el país que queremos",
    section: "/opinion",
    subtype: "opinion",
    hoursAgo: 6,
    author: vicky,
  }),
  testDocument({
    brand: "semana",
    id: "OPI002",
    headline: "Duzán: memoria y verdad",
    section: "/opinion",
    subtype: "opinion",
    hoursAgo: 7,
    author: columnist,
  }),
  testDocument({
    brand: "semana",
    id: "ECO001",
    headline: "Empresas colombianas crecen en el primer trimestre",
    section: "/economia/empresas",
    sections: ["/economia"],
    hoursAgo: 8,
  }),
  testDocument({
    brand: "semana",
    id: "ECO002",
    headline: "Cápsula: qué es la inflación",
    section: "/economia/capsulas",
    sections: ["/economia"],
    subtype: "capsula",
    hoursAgo: 9,
  }),
];

/** 25 stories of /nacion for paging, newest first: NAC000 (10 h ago) ... NAC024. */
export const nacionDocuments = Array.from({ length: 25 }, (_, i) =>
  testDocument({
    brand: "semana",
    id: `NAC${String(i).padStart(3, "0")}`,
    headline: `Noticia de Nación número ${i}`,
    section: "/nacion",
    hoursAgo: 10 + i,
  }),
);

/** A few documents of each other brand, so that every listing of every brand answers. */
function brandDocuments(brand: BrandId): Record<string, any>[] {
  const sectionByBrand: Record<BrandId, string> = {
    semana: "/nacion",
    fucsia: "/moda",
    soho: "/que-pasa/noticias",
    elpais: "/cali",
    semanarural: "/semanarural/agricultura",
    forosemana: "/foros-semana/foros",
  };
  const headlines = ["Tendencias de la temporada en Bogotá", "Así se vivió el año en Cali", "Campesinos del Huila apuestan por el café"];
  return headlines.map((headline, i) => testDocument({ brand, id: `${brand.toUpperCase()}${i}`, headline, section: sectionByBrand[brand], hoursAgo: 20 + i }));
}

function authors(): AuthorRecord[] {
  return [
    { _id: "Vicky Dávila", brand: "semana", byline: "Vicky Dávila", slug: "vicky-dvila", image: "/images/autores/vicky.jpg", role: "Directora" },
    { _id: "maria-jimena-duzan", brand: "semana", byline: "María Jimena Duzán", slug: "maria-jimena-duzan", role: "Columnista" },
    { _id: "redaccion-fucsia", brand: "fucsia", byline: "Redacción Fucsia", slug: "redaccion-fucsia" },
  ];
}

export interface TestCorpusOptions {
  /** Extra generated stories per brand (the benchmark uses this to reach a realistic size). */
  extraStoriesPerBrand?: number;
}

/** The test corpus; deterministic. */
export function makeTestCorpus(options: TestCorpusOptions = {}): SeedCorpus {
  const extra = options.extraStoriesPerBrand ?? 0;
  const documents = [...semanaDocuments, ...nacionDocuments, ...brandIds.filter((brand) => brand !== "semana").flatMap(brandDocuments)];
  const sectionsOf: Record<BrandId, string[]> = {
    semana: ["/nacion", "/politica", "/economia", "/deportes", "/mundo", "/educacion", "/salud", "/cultura"],
    fucsia: ["/moda", "/belleza", "/bienestar"],
    soho: ["/que-pasa/noticias", "/relatos", "/deportes"],
    elpais: ["/cali", "/valle", "/deportes"],
    semanarural: ["/semanarural/agricultura", "/semanarural/ganaderia"],
    forosemana: ["/foros-semana/foros"],
  };
  const topics = ["reforma tributaria", "paro camionero", "elecciones regionales", "clásico capitalino", "niños y educación", "energía solar"];
  for (const brand of brandIds) {
    for (let i = 0; i < extra; i++) {
      const section = sectionsOf[brand][i % sectionsOf[brand].length];
      const topic = topics[i % topics.length];
      documents.push(
        testDocument({
          brand,
          id: `${brand.toUpperCase()}-X${i}`,
          headline: `${topic[0].toUpperCase()}${topic.slice(1)}: novedades ${i}`,
          section,
          hoursAgo: 30 + i * 0.7,
          text: `Informe ${i} sobre ${topic}. `.repeat(40),
          image: i % 9 !== 0,
        }),
      );
    }
  }
  return {
    documents,
    authors: authors(),
    sections: [
      {
        _id: "/economia",
        brand: "semana",
        name: "Economía",
        site: { site_title: "Economía - Semana", site_description: "Macroeconomía, empresas y finanzas." },
      },
      { _id: "/economia/empresas", brand: "semana", name: "Empresas", parent: "/economia" },
      { _id: "/economia/capsulas", brand: "semana", name: "Cápsulas económicas", parent: "/economia" },
      { _id: "/nacion", brand: "semana", name: "Nación" },
      { _id: "/moda", brand: "fucsia", name: "Moda", site_topper: { site_logo_image: "/images/fucsia/moda.png" } },
    ],
    navigation: [
      {
        brand: "semana",
        id: "SemanaTrendyBar",
        tree: {
          _id: "SemanaTrendyBar",
          children: [
            { _id: "t1", display_name: "Elecciones", url: "/elecciones/" },
            { _id: "t2", display_name: "Reforma educativa", url: "/educacion/" },
          ],
        },
      },
      {
        brand: "semana",
        id: "navSemanaTv",
        tree: {
          _id: "navSemanaTv",
          children: [{ _id: "/semana-tv/programas/semana-noticias", site: { site_title: "Semana Noticias" } }],
        },
      },
    ],
    collections: [
      {
        _id: "COL-ULTIMAS",
        brand: "semana",
        headlines: { basic: "Lo último" },
        items: ["NIN001", "EDU001", "ECO001", "NO-SUCH-DOC", "GAL001", "VID001", "OPI001"],
      },
    ],
    reads: [
      { documentId: "EDU001", count: 900 },
      { documentId: "NIN001", count: 800 },
      { documentId: "ECO001", count: 700 },
      { documentId: "OPI001", count: 600 },
      { documentId: "GAL001", count: 500 },
      { documentId: "FUCSIA0", count: 10_000 },
    ],
  };
}
