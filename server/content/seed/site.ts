// What the corpus holds besides documents: section records, navigation trees, curated collections
// and the read counter behind the most-read lists.
import { sectionsByBrand, type SectionInfo } from "../../../domain/sections";
import { brandIds, type BrandId } from "../../../domain/brands";
import type { CollectionRecord, NavigationNode, NavigationRecord, SectionRecord } from "../corpus";
import { SHOW_SLUGS, imageUrlFor, showIconName } from "../../images/catalog";
import type { Author } from "./authors";
import { BRAND_PROFILES, brandSections } from "./profiles";
import { Random } from "./random";

/** Navigation entries of the video channel's programmes carry a title and icons (docs/article-pages.md#other-entities, "Show entry"). */
type ShowNavigationNode = NavigationNode & { title: string };

/** Newest first; ties by id, so the order never depends on the sort algorithm. */
const byNewest = (a: any, b: any) => (a.publish_date !== b.publish_date ? (a.publish_date < b.publish_date ? 1 : -1) : a._id < b._id ? -1 : 1);

/** The nearest ancestor of a section that is itself a section of the brand. */
function parentOf(brand: BrandId, id: string): string | undefined {
  const ids = new Set(sectionsByBrand[brand].map((section) => section.id));
  let path = id;
  while (path.lastIndexOf("/") > 0) {
    path = path.slice(0, path.lastIndexOf("/"));
    if (ids.has(path)) return path;
  }
  return undefined;
}

/**
 * A section's description: the one domain/sections.ts writes for it (every Soho section has one, and
 * every section whose name does not fit a sentence), else a sentence made from its kind and name,
 * the name first: "Cultura: noticias, historias y análisis de Semana." Never "de Programas en Semana".
 */
function describe(brand: BrandId, section: SectionInfo): string {
  if (section.description) return section.description;
  const { title } = BRAND_PROFILES[brand];
  const kind = brandSections(brand).find((s) => s.id === section.id)?.profile.kind;
  switch (kind) {
    case "opinion":
      return `${section.name}: columnas y análisis de los columnistas de ${title}.`;
    case "video":
      return `${section.name}: videos, programas y entrevistas de ${title}.`;
    case "gallery":
      return `Galerías de fotos de ${title}: las mejores imágenes de la actualidad.`;
    default:
      return `${section.name}: noticias, historias y análisis de ${title}.`;
  }
}

export function sectionRecords(): SectionRecord[] {
  return brandIds.flatMap((brand) =>
    sectionsByBrand[brand].map((section) => {
      const parent = parentOf(brand, section.id);
      return {
        _id: section.id,
        brand,
        name: section.name,
        site: { site_title: `${section.name} | ${BRAND_PROFILES[brand].title}`, site_description: describe(brand, section) },
        ...(parent ? { parent } : {}),
      };
    }),
  );
}

function sectionNode(section: SectionInfo): NavigationNode {
  return { _id: section.id, display_name: section.name, url: `${section.id}/`, site: { site_title: section.name } };
}

/** "menu-principal": the brand's sections as a tree (subsections under their nearest parent section). */
function mainMenu(brand: BrandId): NavigationRecord {
  const nodes = new Map(sectionsByBrand[brand].map((section) => [section.id, sectionNode(section)]));
  const roots: NavigationNode[] = [];
  for (const section of sectionsByBrand[brand]) {
    const parent = parentOf(brand, section.id);
    const node = nodes.get(section.id)!;
    if (parent) (nodes.get(parent)!.children ??= []).push(node);
    else roots.push(node);
  }
  return { brand, id: "menu-principal", tree: { _id: "menu-principal", display_name: BRAND_PROFILES[brand].title, children: roots } };
}

function semanaSection(id: string): SectionInfo {
  const found = sectionsByBrand.semana.find((section) => section.id === id);
  if (!found) throw new Error(`Sección de Semana TV inexistente: ${id}`);
  return found;
}

function showNode(slug: string): ShowNavigationNode {
  const section = semanaSection(`/semana-tv/programas/${slug}`);
  return {
    ...sectionNode(section),
    title: section.name,
    regularIcon: imageUrlFor(showIconName(slug)),
    hoverIcon: imageUrlFor(showIconName(slug, true)),
  };
}

const CATEGORY_IDS = [
  ...sectionsByBrand.semana.filter((section) => section.id.startsWith("/semana-tv/categorias/")).map((section) => section.id),
  "/semana-tv/virales",
  "/categorias",
];

/** The video channel's trees: 'navSemanaTv' (home rows) and 'navSemanaTVCategorias' (category pages). */
function videoChannel(videoJournalists: Author[]): NavigationRecord[] {
  const categories = CATEGORY_IDS.map((id) => sectionNode(semanaSection(id)));
  const home: NavigationNode = {
    _id: "navSemanaTv",
    display_name: "Semana TV",
    children: [
      { _id: "/semana-tv", display_name: "Video destacado", url: "/semana-tv/", site: { site_title: "Lo último en Semana TV" } },
      {
        _id: "/semana-tv/periodistas",
        display_name: "Periodistas",
        url: "/semana-tv/periodistas/",
        site: { site_title: "Periodistas de Semana TV" },
        children: videoJournalists.map((author) => ({
          _id: author._id,
          display_name: author.byline,
          url: `/semana-tv/periodistas/${author.slug}/`,
          site: { site_title: author.byline },
          ...(author.image ? { regularIcon: author.image } : {}),
        })),
      },
      showNode("semana-noticias"),
      {
        ...sectionNode(semanaSection("/semana-tv/programas")),
        display_name: "Programas de opinión",
        children: SHOW_SLUGS.filter((slug) => slug !== "semana-noticias").map(showNode),
      },
      { ...sectionNode(semanaSection("/semana-tv/categorias")), children: categories },
      sectionNode(semanaSection("/semana-tv/virales")),
    ],
  };
  return [
    { brand: "semana", id: "navSemanaTv", tree: home },
    { brand: "semana", id: "navSemanaTVCategorias", tree: { _id: "navSemanaTVCategorias", display_name: "Categorías", children: categories } },
  ];
}

/** 'SemanaTrendyBar': the tags most used by the brand's newest documents. */
function trendyBar(brand: BrandId, documents: any[]): NavigationRecord {
  const counts = new Map<string, { text: string; count: number }>();
  const recent = documents
    .filter((doc) => doc.canonical_website === brand)
    .sort(byNewest)
    .slice(0, 150);
  for (const doc of recent) {
    for (const tag of doc.taxonomy?.tags ?? []) {
      if (!tag.text) continue;
      const entry = counts.get(tag.slug) ?? { text: tag.text, count: 0 };
      entry.count += 1;
      counts.set(tag.slug, entry);
    }
  }
  const top = [...counts].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0])).slice(0, 8);
  return {
    brand,
    id: "SemanaTrendyBar",
    tree: {
      _id: "SemanaTrendyBar",
      display_name: "Tendencias",
      children: top.map(([slug, { text }]) => ({ _id: slug, display_name: text, url: `/noticias/${slug}/` })),
    },
  };
}

export function navigationRecords(documents: any[], authors: Author[]): NavigationRecord[] {
  const videoJournalists = authors.filter((author) => author.brand === "semana" && author.kind === "video");
  return [...brandIds.map(mainMenu), ...videoChannel(videoJournalists), ...brandIds.map((brand) => trendyBar(brand, documents))];
}

/** Collections per brand: the home page, the latest news and a few featured sections. */
const FEATURED: Record<BrandId, string[]> = {
  semana: ["/economia", "/politica", "/nacion", "/deportes", "/tecnologia", "/opinion", "/semana-tv", "/galerias", "/especiales"],
  fucsia: ["/moda", "/belleza", "/galerias"],
  soho: ["/mujeres-soho", "/que-pasa", "/galerias"],
  elpais: ["/cali", "/deportes", "/valle", "/opinion"],
  semanarural: ["/semanarural/agricultura", "/semanarural/ganaderia"],
  forosemana: ["/foros-semana", "/foros-semana/videos"],
};

export function collectionRecords(documents: any[], reads: Map<string, number>): CollectionRecord[] {
  const out: CollectionRecord[] = [];
  for (const brand of brandIds) {
    const withImage = documents
      .filter((doc) => doc.canonical_website === brand && doc.promo_items?.basic?.url && doc.subtype !== "edicion-impresa")
      .sort(byNewest);
    const inSection = (id: string) => withImage.filter((doc) => doc.taxonomy.sections.some((section: { _id: string }) => section._id === id));
    const news = withImage.filter((doc) => doc.type === "story" && !["columna", "caricatura", "receta"].includes(doc.subtype));
    // Collections belong to their brand: every brand has its "lo-ultimo", so one page definition serves all.
    out.push({ _id: "portada-principal", brand, headlines: { basic: "Portada principal" }, items: news.slice(0, 12).map((doc) => doc._id) });
    out.push({ _id: "lo-ultimo", brand, headlines: { basic: "Lo último" }, items: withImage.slice(0, 20).map((doc) => doc._id) });
    for (const sectionId of FEATURED[brand]) {
      const candidates = inSection(sectionId).slice(0, 40);
      // The newest three, then the most read of the rest.
      const items = [...candidates.slice(0, 3), ...candidates.slice(3).sort((a, b) => (reads.get(b._id) ?? 0) - (reads.get(a._id) ?? 0))].slice(0, 8);
      const name = sectionsByBrand[brand].find((section) => section.id === sectionId)!.name;
      out.push({ _id: `destacados-${sectionId.split("/").pop()}`, brand, headlines: { basic: `Destacados de ${name}` }, items: items.map((doc) => doc._id) });
    }
  }
  return out;
}

/** Reads per document: a long tail, recent documents read most (for most-read lists). */
export function readCounts(seed: number, documents: any[], now: number): Array<{ documentId: string; count: number }> {
  const r = Random.derive(seed, "reads");
  const scored = documents.map((doc) => {
    const ageDays = (now - Date.parse(doc.publish_date)) / 86_400_000;
    return { id: doc._id, score: Math.exp(-ageDays / 20) * r.float(0.15, 1) + r.float(0, 0.02) };
  });
  scored.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  return scored.map((entry, rank) => ({ documentId: entry.id, count: Math.round((150_000 / Math.pow(rank + 1, 0.9)) * r.float(0.85, 1.15)) + r.int(0, 40) }));
}

/** Reads of the documents added to the corpus later (months old, so few), from a stream of their own. */
export function addedReads(seed: number, documents: any[]): Array<{ documentId: string; count: number }> {
  const r = Random.derive(seed, "reads:added");
  return documents.map((doc) => ({ documentId: doc._id, count: r.int(20, 400) }));
}
